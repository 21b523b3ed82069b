#!/usr/bin/env bash
# UserPromptSubmit: remind about the test command when the prompt mentions a commit.
set -euo pipefail
prompt=$(jq -r '.prompt')
if grep -qi 'commit' <<<"$prompt"; then
  jq -n '{hookSpecificOutput: {hookEventName: "UserPromptSubmit", additionalContext: "Run npm test before committing."}}'
fi
