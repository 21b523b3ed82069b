#!/usr/bin/env bash
# TeammateIdle: keep the teammate working while the queue has work.
set -euo pipefail
if [[ -s "$CLAUDE_PROJECT_DIR/queue.txt" ]]; then
  echo "Take the next item from queue.txt: $(head -n 1 "$CLAUDE_PROJECT_DIR/queue.txt")" >&2
  exit 2
fi
