#!/usr/bin/env bash
# Stop: do not let Claude finish until the tests were run, unless we already asked once.
set -euo pipefail
active=$(jq -r '.stop_hook_active')
if [[ "$active" == "true" ]]; then
  exit 0
fi
if [[ ! -f "$CLAUDE_PROJECT_DIR/.tests-passed" ]]; then
  echo "Run the test suite (npm test) before finishing." >&2
  exit 2
fi
