#!/usr/bin/env bash
# ConfigChange: hooks must not be switched off mid-session.
set -euo pipefail
file=$(jq -r '.file_path // empty')
if [[ -n "$file" && -f "$file" ]] && jq -e '.disableAllHooks == true' "$file" >/dev/null; then
  jq -n --arg f "$file" '{decision: "block", reason: ("disableAllHooks in " + $f + " is not allowed")}'
fi
