#!/bin/bash
# hooks/redact.sh
out=$(jq -r '.tool_response | if type == "string" then . else tojson end')
case "$out" in
  *SECRET_*) jq -n --arg out "$(printf '%s' "$out" | sed -E 's/SECRET_[A-Za-z0-9]+/[redacted]/g')" \
    '{hookSpecificOutput: {hookEventName: "PostToolUse", updatedToolOutput: $out}}' ;;
esac
