#!/usr/bin/env bash
# Codex CLI UserPromptSubmit: do not send a prompt that looks like it holds a secret.
# Exit 2 blocks the prompt with stderr as the reason.
set -euo pipefail
if jq -e '.prompt | test("password|secret|api[_-]?key"; "i")' >/dev/null; then
  echo "The prompt looks like it holds a secret; it was not sent. Remove it and try again." >&2
  exit 2
fi
exit 0
