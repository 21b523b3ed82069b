#!/usr/bin/env bash
# Setup (--init): prepare the repository once.
set -euo pipefail
trigger=$(jq -r '.trigger')
mkdir -p "$CLAUDE_PROJECT_DIR/.cache"
echo "$trigger" > "$CLAUDE_PROJECT_DIR/.cache/setup-done"
jq -n --arg t "$trigger" '{hookSpecificOutput: {hookEventName: "Setup", additionalContext: ("setup ran: " + $t)}}'
