#!/usr/bin/env bash
# PreToolUse, with "if": "Bash(git commit:*)": a commit needs the tests to have passed.
set -euo pipefail
if [[ ! -f "$CLAUDE_PROJECT_DIR/.tests-passed" ]]; then
  echo "commit refused: the tests have not passed" >&2
  exit 2
fi
