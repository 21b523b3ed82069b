#!/usr/bin/env bash
# Copilot CLI preToolUse: run the test suite quietly. modifiedArgs replaces the tool's arguments.
set -euo pipefail
input=$(cat)
args=$(jq -c '.toolArgs | if type == "string" then fromjson else . end' <<<"$input")
if [[ "$(jq -r '.command // ""' <<<"$args")" == "npm test" ]]; then
  jq -n --argjson a "$args" '{modifiedArgs: ($a + {command: "npm test -- --silent"})}'
fi
exit 0
