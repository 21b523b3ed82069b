#!/usr/bin/env bash
# Copilot CLI preToolUse: report progress while checking, then print one decision object. Progress lines
# are whole-line {"type":"progress"} objects that Copilot strips before it parses the answer.
set -euo pipefail
input=$(cat)
echo '{"type": "progress", "message": "Checking the infrastructure policy..."}'
cmd=$(jq -r '.toolArgs | (if type == "string" then fromjson else . end) | .command // ""' <<<"$input")
echo '{"type": "progress", "message": "Routing...", "temporary": true}'
if [[ "$cmd" == terraform\ destroy* ]]; then
  jq -n '{permissionDecision: "deny", permissionDecisionReason: "terraform destroy needs a change ticket; ask the platform team."}'
else
  jq -n '{permissionDecision: "allow"}'
fi
exit 0
