#!/usr/bin/env bash
# PostToolUse: background audit log (async: true).
set -euo pipefail
jq -c '{tool: .tool_name, id: .tool_use_id}' >> "$CLAUDE_PROJECT_DIR/audit.jsonl"
