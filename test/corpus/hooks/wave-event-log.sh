#!/usr/bin/env bash
# Wave: one logger for many events, keyed by HOOK_EVENT / HOOK_TOOL_NAME (set on every event).
set -euo pipefail
cat >/dev/null
echo "$HOOK_EVENT tool=${HOOK_TOOL_NAME}" >> "$WAVE_PROJECT_DIR/events.log"
