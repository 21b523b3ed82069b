#!/usr/bin/env bash
# PostToolBatch: stop the loop when one batch ran more than two Bash commands.
set -euo pipefail
n=$(jq '[.tool_calls[] | select(.tool_name == "Bash")] | length')
if (( n > 2 )); then
  jq -n --arg n "$n" '{decision: "block", reason: ("one batch ran " + $n + " Bash commands; stopping for review")}'
fi
