#!/usr/bin/env bash
# PreToolUse(Bash): bash-only syntax (arrays, [[ ]], =~) to deny dangerous commands.
set -euo pipefail
cmd=$(jq -r '.tool_input.command')
declare -a forbidden=("git push --force" "git reset --hard" "chmod -R 777")
for pattern in "${forbidden[@]}"; do
  if [[ "$cmd" == *"$pattern"* ]]; then
    jq -n --arg r "'$pattern' is forbidden here" '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: $r}}'
    exit 0
  fi
done
