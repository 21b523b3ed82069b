#!/usr/bin/env bash
# Stop: do not stop before the tests passed, unless this Stop already comes from a block.
set -euo pipefail
input=$(cat)
if [[ "$(jq -r '.stop_hook_active' <<<"$input")" == "true" ]]; then exit 0; fi
if [[ ! -f "${CLAUDE_PROJECT_DIR:-$WAVE_PROJECT_DIR}/.tests-passed" ]]; then
  cat <<'JSON'
{
  "decision": "block",
  "reason": "The tests have not passed yet: run npm test and fix what fails."
}
JSON
fi
