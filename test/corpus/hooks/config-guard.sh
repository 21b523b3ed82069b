#!/usr/bin/env bash
# ConfigChange: project settings may not change in the middle of a session.
set -euo pipefail
source=$(jq -r '.source')
if [[ "$source" == "project_settings" ]]; then
  jq -n '{decision: "block", reason: "project settings are frozen during a session"}'
fi
