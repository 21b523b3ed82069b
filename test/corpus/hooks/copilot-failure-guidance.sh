#!/usr/bin/env bash
# Copilot CLI postToolUseFailure: on a dependency conflict, give the agent recovery guidance. For this event
# exit 2 means "append my stdout to the failure the agent sees".
set -euo pipefail
err=$(jq -r '.error // ""')
if [[ "$err" == *ERESOLVE* ]]; then
  echo "This repository pins React 18; install with npm install --legacy-peer-deps instead of upgrading React."
  exit 2
fi
exit 0
