#!/usr/bin/env bash
# PreToolUse(Bash) with if: "Bash(git commit:*)": commits need a passing lint.
set -euo pipefail
if [[ ! -f "$CLAUDE_PROJECT_DIR/.lint-ok" ]]; then
  echo "Run npm run lint before committing." >&2
  exit 2
fi
