#!/usr/bin/env bash
# PreToolUse(Bash): refuse recursive force deletes. Exit-code style.
set -euo pipefail
cmd=$(jq -r '.tool_input.command // ""')
if [[ "$cmd" =~ rm[[:space:]]+-(rf|fr|[a-zA-Z]*r[a-zA-Z]*f) ]]; then
  echo "Blocked: '$cmd' deletes recursively. Remove the files one by one or ask the user." >&2
  exit 2
fi
exit 0
