#!/usr/bin/env bash
# PreModelSwitch: the expensive model is off limits for this repository.
set -euo pipefail
to=$(jq -r '.to_model')
if [[ "$to" == *opus* ]]; then
  jq -n --arg m "$to" '{hookSpecificOutput: {hookEventName: "PreModelSwitch", permissionDecision: "deny", permissionDecisionReason: ("switching to " + $m + " needs approval from the team lead")}}'
fi
