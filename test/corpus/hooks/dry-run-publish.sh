#!/usr/bin/env bash
# PreToolUse (Bash): npm publish always runs with --dry-run (updatedInput replaces the whole input).
set -euo pipefail
input=$(cat)
cmd=$(jq -r '.tool_input.command' <<<"$input")
if [[ "$cmd" == "npm publish"* && "$cmd" != *"--dry-run"* ]]; then
  jq -n --arg c "$cmd --dry-run" '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: {command: $c}}}'
fi
