#!/usr/bin/env bash
# Codex CLI PreToolUse (Bash): no force pushes. Codex's JSON deny needs hookEventName and a
# non-empty permissionDecisionReason.
set -euo pipefail
cmd=$(jq -r '.tool_input.command // ""')
if [[ "$cmd" == *"git push"* && "$cmd" =~ (^|[[:space:]])(--force|-f)([[:space:]]|$) ]]; then
  jq -n --arg reason "Force pushes rewrite shared history; push a new commit, or use --force-with-lease on your own branch." \
    '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: $reason}}'
fi
exit 0
