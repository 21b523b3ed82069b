#!/usr/bin/env bash
# Cursor sessionStart: tell the agent the team conventions kept in .cursor/conventions.md.
set -euo pipefail
file="$CURSOR_PROJECT_DIR/.cursor/conventions.md"
if [[ -f "$file" ]]; then
  jq -n --rawfile c "$file" '{additional_context: ("Team conventions:\n" + ($c | rtrimstr("\n")))}'
fi
exit 0
