#!/usr/bin/env bash
# Codex CLI PostToolUse (apply_patch): the patch already applied; exit 2 sends stderr to the model
# as feedback.
set -euo pipefail
patch=$(jq -r '.tool_input.command // ""')
if grep -q '^+.*console\.log' <<<"$patch"; then
  echo "The patch adds console.log to src/app.ts; remove the debug output before you go on." >&2
  exit 2
fi
exit 0
