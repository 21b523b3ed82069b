#!/usr/bin/env bash
# Any event: append "<event> <detail>" to .claude/events.log; no answer.
set -euo pipefail
input=$(cat)
event=$(jq -r '.hook_event_name' <<<"$input")
detail=$(jq -r '.message // .reason // .error // .load_reason // .directory // .compact_summary // .source // "-"' <<<"$input")
echo "$event $detail" >> "${CLAUDE_PROJECT_DIR:-$WAVE_PROJECT_DIR}/events.log"
