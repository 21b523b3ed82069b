#!/bin/sh
# PreToolUse guard for Bash: deny recursive deletes (exit 2, stderr goes to the model),
# explicitly allow read-only listings (JSON permissionDecision "allow"), stay silent otherwise.
input=$(cat)
case "$input" in
  *'rm -rf'*|*'rm -fr'*)
    echo "rm -rf is not allowed in this project; delete generated files with npm run clean." >&2
    exit 2 ;;
  *'"command":"ls '*)
    printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"read-only listing"}}'
    exit 0 ;;
esac
exit 0
