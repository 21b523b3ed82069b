#!/usr/bin/env bash
# PreToolUse: logs before its JSON verdict (a common mistake).
set -euo pipefail
cat >/dev/null
echo "checking command..."
jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not on Fridays"}}'
