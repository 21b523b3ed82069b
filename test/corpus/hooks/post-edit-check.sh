#!/usr/bin/env bash
# PostToolUse(Write|Edit): flag leftover debug output in the written file.
set -euo pipefail
input=$(cat)
file=$(jq -r '.tool_input.file_path' <<<"$input")
content=$(jq -r '.tool_input.content // ""' <<<"$input")
if grep -q 'console\.log' <<<"$content"; then
  jq -n --arg reason "$(basename "$file") still contains console.log; remove the debug output" \
    '{decision: "block", reason: $reason}'
fi
