#!/usr/bin/env bash
# PreCompact: keep a copy of the transcript before it is compacted.
set -euo pipefail
input=$(cat)
trigger=$(jq -r '.trigger' <<<"$input")
custom=$(jq -r '.custom_instructions // "none"' <<<"$input")
session=$(jq -r '.session_id' <<<"$input")
mkdir -p "$CLAUDE_PROJECT_DIR/.claude/backups"
echo "$session trigger=$trigger instructions=$custom" >> "$CLAUDE_PROJECT_DIR/.claude/backups/compact.log"
