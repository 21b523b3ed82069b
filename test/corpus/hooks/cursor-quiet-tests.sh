#!/usr/bin/env bash
# Cursor preToolUse (matcher Shell): run the test suite quietly. updated_input replaces the tool input.
set -euo pipefail
input=$(cat)
cmd=$(jq -r '.tool_input.command // ""' <<<"$input")
if [[ "$cmd" == "npm test" ]]; then
  jq '{permission: "allow", updated_input: (.tool_input + {command: "npm test -- --silent"})}' <<<"$input"
fi
exit 0
