#!/usr/bin/env bash
# Copilot CLI preToolUse: append the tool name to the audit log the hook entry's env names, in the folder
# the entry's cwd names.
set -euo pipefail
tool=$(jq -r '.toolName // .tool_name')
echo "$(basename "$PWD") $tool" >> "$AUDIT_LOG"
exit 0
