#!/usr/bin/env bash
# Gemini CLI AfterAgent: ask for another turn until the tests pass (.tests-passed in the project).
set -euo pipefail
if [[ ! -f "$GEMINI_PROJECT_DIR/.tests-passed" ]]; then
  echo '{"decision":"deny","reason":"Tests still fail: run npm test and fix them"}'
fi
exit 0
