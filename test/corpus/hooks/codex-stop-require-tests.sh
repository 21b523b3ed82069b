#!/usr/bin/env bash
# Codex CLI Stop: ask for another turn until the tests passed. Stop needs JSON (plain text is an
# invalid answer there); stop_hook_active is true on the turn this hook asked for.
set -euo pipefail
active=$(jq -r '.stop_hook_active')
if [[ "$active" == "true" ]]; then
  exit 0
fi
if [[ ! -f .codex/tests-passed ]]; then
  jq -n '{decision: "block", reason: "Run the test suite (npm test) and fix what fails before you finish."}'
fi
exit 0
