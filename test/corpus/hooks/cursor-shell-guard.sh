#!/usr/bin/env bash
# Cursor beforeShellExecution: the command text is `.command`. Deny recursive deletes (a message for
# the user and one for the agent), ask before force pushes, allow read-only git, say nothing otherwise.
set -euo pipefail
cmd=$(jq -r '.command // ""')
if [[ "$cmd" =~ rm[[:space:]]+-(rf|fr) ]]; then
  jq -n --arg cmd "$cmd" '{
    permission: "deny",
    user_message: "Blocked a recursive delete: \($cmd)",
    agent_message: "Recursive deletes are not allowed in this repository; delete the files one by one."
  }'
elif [[ "$cmd" == *"git push --force"* || "$cmd" == *"git push -f"* ]]; then
  jq -n '{permission: "ask", user_message: "This force push rewrites shared history. Run it?"}'
elif [[ "$cmd" =~ ^git[[:space:]]+(status|log|diff|show)([[:space:]]|$) ]]; then
  jq -n '{permission: "allow"}'
fi
exit 0
