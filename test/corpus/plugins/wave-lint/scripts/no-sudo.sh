#!/usr/bin/env bash
# wave-lint plugin: no sudo.
set -euo pipefail
cmd=$(jq -r '.tool_input.command')
if [[ "$cmd" == sudo\ * ]]; then
  jq -n --arg r "sudo is not allowed ($(basename "$WAVE_PLUGIN_ROOT"))" '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: $r}}'
fi
