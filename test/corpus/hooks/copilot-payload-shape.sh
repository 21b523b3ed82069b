#!/usr/bin/env bash
# Copilot CLI, any tool event: record the shape of the payload (its keys, the tool name, the type of the
# arguments and of the timestamp) in the file the hook entry's env names.
set -euo pipefail
jq -r '[(keys | join(",")), (.toolName // .tool_name), ((.toolArgs // .tool_input) | type), (.timestamp | type)] | join(" ")' \
  >> "$SHAPE_LOG"
exit 0
