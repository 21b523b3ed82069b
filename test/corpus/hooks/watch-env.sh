#!/usr/bin/env bash
# CwdChanged / FileChanged / SessionStart: load the directory's .envrc-style settings for the session and watch them.
set -euo pipefail
input=$(cat)
dir=$(jq -r '.new_cwd // .cwd' <<<"$input")
echo "export APP_ENV=development" >> "$CLAUDE_ENV_FILE"
echo "export APP_DIR='$dir'" >> "$CLAUDE_ENV_FILE"
jq -n --arg f "$dir/.env" --arg e "$(jq -r '.hook_event_name' <<<"$input")" '{hookSpecificOutput: {hookEventName: $e, watchPaths: [$f]}}'
