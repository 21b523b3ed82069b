#!/usr/bin/env bash
# CwdChanged: direnv-style: export the new directory's .envrc values and watch it.
set -euo pipefail
input=$(cat)
new=$(jq -r '.new_cwd' <<<"$input")
if [[ -f "$new/.envrc" ]]; then
  grep -E '^export [A-Z_]+=' "$new/.envrc" >> "$CLAUDE_ENV_FILE"
fi
jq -n --arg p "$new/.envrc" '{hookSpecificOutput: {hookEventName: "CwdChanged", watchPaths: [$p]}}'
