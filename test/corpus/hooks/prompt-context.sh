#!/usr/bin/env bash
# UserPromptSubmit: add the current ticket to Claude's context (jq pretty-prints).
set -euo pipefail
prompt=$(jq -r '.prompt')
ticket=$(cat "$CLAUDE_PROJECT_DIR/.ticket" 2>/dev/null || echo "none")
if [[ "$prompt" == *deploy* ]]; then
  echo "Deploys go through CI; do not run deploy scripts by hand." >&2
  exit 2
fi
jq -n --arg ctx "Current ticket: $ticket" \
  '{hookSpecificOutput: {hookEventName: "UserPromptSubmit", additionalContext: $ctx}}'
