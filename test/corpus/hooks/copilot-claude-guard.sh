#!/usr/bin/env bash
# A Claude Code guard reused under Copilot's PascalCase PreToolUse: it reads the snake_case payload and
# Claude's tool names (Bash), and blocks with exit 2 and a reason on stderr.
set -euo pipefail
input=$(cat)
[[ "$(jq -r '.tool_name // ""' <<<"$input")" == "Bash" ]] || exit 0
cmd=$(jq -r '.tool_input.command // ""' <<<"$input")
if [[ "$cmd" == *"chmod -R 777"* ]]; then
  echo "Blocked: chmod -R 777 makes every file world-writable." >&2
  exit 2
fi
exit 0
