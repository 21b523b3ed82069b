#!/bin/bash
# hooks/redact.sh: the model never sees a token
output=$(jq -r '.tool_response')
case "$output" in
  *SECRET_*) jq -n --arg out "$(printf '%s' "$output" | sed -E 's/SECRET_[A-Za-z0-9]+/[redacted]/g')" \
    '{hookSpecificOutput: {hookEventName: "PostToolUse", updatedToolOutput: $out}}' ;;
esac
