#!/usr/bin/env bash
# Cursor postToolUse (matcher Write): remind the agent of leftover debug output in the written file.
set -euo pipefail
input=$(cat)
path=$(jq -r '.tool_input.file_path // ""' <<<"$input")
content=$(jq -r '.tool_input.contents // .tool_input.content // ""' <<<"$input")
if grep -q 'console\.log' <<<"$content"; then
  jq -n --arg p "${path#"$CURSOR_PROJECT_DIR"/}" \
    '{additional_context: "\($p) still calls console.log; remove the debug output before you finish."}'
fi
exit 0
