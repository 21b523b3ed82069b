#!/usr/bin/env bash
# Copilot CLI preToolUse (camelCase payload): guard shell calls. toolArgs may arrive as an object or as a
# JSON string, so both are read. Deny recursive deletes, ask before pushes, allow read-only git.
set -euo pipefail
input=$(cat)
tool=$(jq -r '.toolName // ""' <<<"$input")
[[ "$tool" == "bash" ]] || exit 0
cmd=$(jq -r '.toolArgs | (if type == "string" then fromjson else . end) | .command // ""' <<<"$input")
if [[ "$cmd" =~ rm[[:space:]]+-(rf|fr) ]]; then
  jq -n --arg cmd "$cmd" \
    '{permissionDecision: "deny", permissionDecisionReason: "\($cmd) deletes recursively; list the files to remove instead."}'
elif [[ "$cmd" =~ ^git[[:space:]]+push ]]; then
  jq -n '{permissionDecision: "ask", permissionDecisionReason: "Pushing publishes your commits to the remote."}'
elif [[ "$cmd" =~ ^git[[:space:]]+(status|log|diff|show)([[:space:]]|$) ]]; then
  jq -n '{permissionDecision: "allow"}'
fi
exit 0
