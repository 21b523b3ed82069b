#!/usr/bin/env bash
# SessionEnd: remove the session's scratch files.
set -euo pipefail
rm -f "${CLAUDE_PROJECT_DIR:-$WAVE_PROJECT_DIR}"/.scratch-*
echo "cleaned" >> "${CLAUDE_PROJECT_DIR:-$WAVE_PROJECT_DIR}/events.log"
