#!/usr/bin/env bash
# SubagentStop: a subagent whose last message reports no verification goes on.
set -euo pipefail
msg=$(jq -r '.last_assistant_message // ""')
if ! grep -q 'verified' <<<"$msg"; then
  echo "Verify your change (run the tests) before you finish." >&2
  exit 2
fi
