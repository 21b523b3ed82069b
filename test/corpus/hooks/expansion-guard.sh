#!/usr/bin/env bash
# UserPromptExpansion: /deploy is not for agents.
set -euo pipefail
name=$(jq -r '.command_name')
if [[ "$name" == "deploy" ]]; then
  jq -n '{decision: "block", reason: "/deploy runs only from the release pipeline", hookSpecificOutput: {hookEventName: "UserPromptExpansion", suppressOriginalPrompt: true}}'
fi
