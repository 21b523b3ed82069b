#!/usr/bin/env bash
# Copilot CLI postToolUse: redact GitHub tokens from what the model reads of a tool result.
set -euo pipefail
input=$(cat)
text=$(jq -r '.toolResult.textResultForLlm // ""' <<<"$input")
if [[ "$text" =~ gh[po]_[A-Za-z0-9]+ ]]; then
  redacted=$(sed -E 's/gh([po])_[A-Za-z0-9]+/gh\1_[REDACTED]/g' <<<"$text")
  jq -n --arg t "$redacted" '{modifiedResult: {resultType: "success", textResultForLlm: $t}}'
fi
exit 0
