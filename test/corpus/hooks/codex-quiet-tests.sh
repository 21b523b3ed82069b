#!/usr/bin/env bash
# Codex CLI PreToolUse (Bash): run the test suite quietly. Codex applies updatedInput only with
# permissionDecision "allow", and a shell call's input is just {"command": ...}.
set -euo pipefail
cmd=$(jq -r '.tool_input.command // ""')
if [[ "$cmd" == "npm test" ]]; then
  jq -n --arg command "npm test -- --silent" \
    '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: {command: $command}}}'
fi
exit 0
