#!/usr/bin/env bash
# SessionStart: plain stdout becomes context.
set -euo pipefail
notes="$CLAUDE_PROJECT_DIR/.claude/notes.md"
if [[ -f "$notes" ]]; then
  printf 'Project notes:\n%s\n' "$(cat "$notes")"
fi
