#!/usr/bin/env bash
# SubagentStart(Explore): give explorers the repository map.
set -euo pipefail
agent=$(jq -r '.agent_type')
cat <<JSON
{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": "You are a $agent agent. Source is in src/, tests in test/."}}
JSON
