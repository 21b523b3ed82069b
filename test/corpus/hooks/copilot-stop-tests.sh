#!/usr/bin/env bash
# Copilot CLI agentStop: ask for another turn until the tests passed; stop_hook_active says this turn was
# already forced by a block.
set -euo pipefail
active=$(jq -r '.stop_hook_active // false')
if [[ "$active" == "true" ]]; then
  exit 0
fi
if [[ ! -f .github/hooks/tests-passed ]]; then
  jq -n '{decision: "block", reason: "Run npm test and fix the failures before you end the turn."}'
fi
exit 0
