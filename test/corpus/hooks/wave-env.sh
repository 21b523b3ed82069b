#!/usr/bin/env bash
# Wave: what the engine sets for a hook.
set -euo pipefail
printf 'event=%s tool=%s team=%s\n' "$HOOK_EVENT" "$HOOK_TOOL_NAME" "${TEAM:-unset}" >> "$WAVE_PROJECT_DIR/env.log"
