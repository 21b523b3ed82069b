#!/usr/bin/env bash
# PreToolUse (Bash): refuse recursive deletes. Exit 2 blocks; stderr is the reason Claude reads.
set -euo pipefail
input=$(cat)
cmd=$(jq -r '.tool_input.command // empty' <<<"$input")
if [[ "$cmd" =~ rm[[:space:]]+-(rf|fr) ]]; then
  echo "Blocked: '$cmd' deletes recursively. Move files to ./trash instead." >&2
  exit 2
fi
exit 0
