#!/usr/bin/env bash
# Wave PreCompact: refuse manual compaction while a migration is in progress.
set -euo pipefail
trigger=$(jq -r '.trigger')
if [[ "$trigger" == "manual" && -f "$WAVE_PROJECT_DIR/.migrating" ]]; then
  jq -n '{decision: "block", reason: "a migration is in progress; compact after it finishes"}'
fi
