#!/usr/bin/env bash
# PreToolUse (Edit|Write): edits under docs/ need no question.
set -euo pipefail
path=$(jq -r '.tool_input.file_path // ""')
case "$path" in
  */docs/*)
    jq -n --arg p "$path" '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: ("docs edit: " + $p)}}'
    ;;
esac
