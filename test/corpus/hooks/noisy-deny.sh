#!/usr/bin/env bash
# PreToolUse: a guard that logs before its verdict (a common bug: the log line should go to stderr).
set -euo pipefail
echo "checking command..."
jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not on main"}}'
