#!/usr/bin/env bash
# FileChanged(.envrc): reload the variables and keep watching the file.
set -euo pipefail
input=$(cat)
file=$(jq -r '.file_path' <<<"$input")
event=$(jq -r '.event' <<<"$input")
if [[ "$event" != "unlink" ]]; then
  while IFS= read -r line; do
    [[ "$line" =~ ^export\ [A-Z_]+= ]] && printf '%s\n' "$line" >> "$CLAUDE_ENV_FILE"
  done < "$file"
fi
printf '{"hookSpecificOutput":{"hookEventName":"FileChanged","watchPaths":["%s"]}}\n' "$file"
