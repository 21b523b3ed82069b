#!/usr/bin/env bash
# TeammateIdle: keep the teammate busy while the queue has work.
set -euo pipefail
name=$(jq -r '.teammate_name')
queue="$CLAUDE_PROJECT_DIR/.queue"
if [[ -s "$queue" ]]; then
  echo "$name: $(wc -l < "$queue" | tr -d ' ') items are still queued; take the next one" >&2
  exit 2
fi
