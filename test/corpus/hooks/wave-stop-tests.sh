#!/usr/bin/env bash
# Wave Stop/SubagentStop: require the test marker unless already continuing.
set -euo pipefail
active=$(jq -r '.stop_hook_active')
[[ "$active" == "true" ]] && exit 0
if [[ ! -f "$WAVE_PROJECT_DIR/.tests-passed" ]]; then
  echo "$HOOK_EVENT: run the tests (npm test) before stopping" >&2
  exit 2
fi
