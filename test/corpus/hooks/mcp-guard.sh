#!/usr/bin/env bash
# PreToolUse(mcp__github__.*): ask before anything that writes to GitHub.
set -euo pipefail
tool=$(jq -r '.tool_name')
case "$tool" in
  mcp__github__create_*|mcp__github__merge_*|mcp__github__delete_*)
    echo "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"ask\",\"permissionDecisionReason\":\"$tool writes to GitHub\"}}"
    ;;
esac
