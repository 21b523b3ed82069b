#!/bin/bash
# hooks/guard.sh: deny rm -rf, rewrite `npm test`, ask before git push
input=$(cat)
case "$input" in
  *"rm -rf"*) echo "rm -rf is not allowed in this project" >&2; exit 2 ;;
  *'"npm test"'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"npm test -- --reporter=dot"}}}' ;;
  *"git push"*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing needs your OK"}}' ;;
esac
