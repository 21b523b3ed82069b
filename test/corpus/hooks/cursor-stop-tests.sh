#!/usr/bin/env bash
# Cursor stop: until the tests passed, send a follow-up message that starts another turn. Cursor itself
# stops the loop when loop_count reaches the hook's loop_limit.
set -euo pipefail
status=$(jq -r '.status // "completed"')
if [[ "$status" != "completed" ]]; then
  exit 0
fi
if [[ ! -f .cursor/tests-passed ]]; then
  jq -n '{followup_message: "Run npm test and fix what fails before you finish."}'
fi
exit 0
