#!/usr/bin/env bash
# Gemini CLI AfterTool(read_file): a result holding a password never reaches the model.
set -euo pipefail
if jq -e '.tool_response.llmContent // "" | test("PASSWORD=")' >/dev/null; then
  echo '{"decision":"deny","reason":"the file holds a password"}'
fi
exit 0
