#!/usr/bin/env bash
# Cursor beforeSubmitPrompt: a prompt that looks like it holds a key is not submitted.
set -euo pipefail
prompt=$(jq -r '.prompt // ""')
if [[ "$prompt" =~ (sk-live-[A-Za-z0-9]+|AKIA[0-9A-Z]{16}) ]]; then
  jq -n '{continue: false, user_message: "Your prompt looks like it holds an API key; it was not sent. Remove the key and try again."}'
else
  jq -n '{continue: true}'
fi
exit 0
