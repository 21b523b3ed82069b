#!/usr/bin/env bash
# cc-format plugin: tabs are not allowed in TypeScript files.
set -euo pipefail
input=$(cat)
file=$(jq -r '.tool_input.file_path' <<<"$input")
content=$(jq -r '.tool_input.content // ""' <<<"$input")
if [[ "$file" == *.ts && "$content" == *$'\t'* ]]; then
  echo "$(basename "$file"): use spaces, not tabs (cc-format at $(basename "$CLAUDE_PLUGIN_ROOT"))" >&2
  exit 2
fi
