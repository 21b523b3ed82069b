#!/usr/bin/env bash
# Wave SessionStart/CwdChanged/Setup: persist variables through WAVE_ENV_FILE.
set -euo pipefail
cat >/dev/null
echo "export WAVE_STAGE=${STAGE}" >> "$WAVE_ENV_FILE"
echo "export LAST_HOOK_EVENT=$HOOK_EVENT" >> "$WAVE_ENV_FILE"
