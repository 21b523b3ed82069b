#!/usr/bin/env bash
# Codex CLI PreToolUse (Bash): refuse recursive deletes. Exit 2 with the reason on stderr
# (Codex blocks only when stderr holds text).
set -euo pipefail
cmd=$(jq -r '.tool_input.command // ""')
if [[ "$cmd" =~ rm[[:space:]]+-(rf|fr) ]]; then
  echo "Blocked: '$cmd' deletes recursively; list the files to remove instead." >&2
  exit 2
fi
exit 0
