#!/usr/bin/env bash
# PermissionDenied: read-only git commands may be retried after the auto-mode denial.
set -euo pipefail
cmd=$(jq -r '.tool_input.command // ""')
if [[ "$cmd" == git\ status* || "$cmd" == git\ log* ]]; then
  echo '{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":true}}'
fi
