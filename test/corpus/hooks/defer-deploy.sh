#!/usr/bin/env bash
# PreToolUse (Bash): deployments are left to the host (defer), never run by the agent itself.
set -euo pipefail
cmd=$(jq -r '.tool_input.command')
if [[ "$cmd" == ./deploy.sh* ]]; then
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "defer", permissionDecisionReason: "deployments wait for a human"}}'
fi
