#!/usr/bin/env bash
# PreToolUse(Bash): deploys are decided by the CI host, not by the model.
set -euo pipefail
cmd=$(jq -r '.tool_input.command')
case "$cmd" in
  *"./deploy.sh"*)
    cat <<JSON
{
  "hookSpecificOutput": {
    "hookEventName": "PreToolUse",
    "permissionDecision": "defer",
    "permissionDecisionReason": "deploys wait for the release manager"
  }
}
JSON
    ;;
esac
