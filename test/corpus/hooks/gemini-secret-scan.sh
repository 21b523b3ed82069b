#!/usr/bin/env bash
# Gemini CLI BeforeAgent: do not send a prompt that looks like it holds a secret.
set -euo pipefail
if jq -e '.prompt | test("password|secret|api[_-]?key"; "i")' >/dev/null; then
  echo '{"decision":"deny","reason":"The prompt looks like it holds a secret; not sent"}'
fi
exit 0
