#!/usr/bin/env bash
# PreCompact: note each compaction (custom_instructions is null on automatic ones).
set -euo pipefail
jq -r '"\(.trigger) \(.custom_instructions // "none")"' >> "${CLAUDE_PROJECT_DIR:-$WAVE_PROJECT_DIR}/compact.log"
