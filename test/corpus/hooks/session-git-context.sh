#!/usr/bin/env bash
# SessionStart: tell Claude where it is (plain stdout becomes context).
set -euo pipefail
source=$(jq -r '.source')
cd "$CLAUDE_PROJECT_DIR"
if branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null); then
  echo "Session $source on branch $branch"
else
  echo "Session $source; this project is not a git repository"
fi
echo "Open TODO items: $(grep -c . TODO.md 2>/dev/null || echo 0)"
