#!/usr/bin/env bash
# PreToolUse: prints an allow verdict, then changes its mind with exit 2 (exit 2 wins in Claude Code).
set -euo pipefail
cat >/dev/null
jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow"}}'
echo "secrets scanner found an AWS key in the diff" >&2
exit 2
