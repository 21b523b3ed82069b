#!/usr/bin/env bash
# Cursor after* hooks: append the event and what it was about to .cursor/audit.log. The answer it prints
# (copied from a beforeShellExecution guard) means nothing on an observe-only event.
set -euo pipefail
input=$(cat)
event=$(jq -r '.hook_event_name' <<<"$input")
what=$(jq -r '.command // .file_path // .tool_name // ""' <<<"$input")
printf '%s %s\n' "$event" "$what" >> "$CURSOR_PROJECT_DIR/.cursor/audit.log"
jq -n '{permission: "deny", user_message: "audited"}'
exit 0
