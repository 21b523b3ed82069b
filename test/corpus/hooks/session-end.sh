#!/usr/bin/env bash
# SessionEnd: clean up the session's scratch files.
set -euo pipefail
input=$(cat)
session=$(jq -r '.session_id' <<<"$input")
reason=$(jq -r '.reason' <<<"$input")
rm -rf "$CLAUDE_PROJECT_DIR/.scratch/$session"
echo "ended $session ($reason)" >> "$CLAUDE_PROJECT_DIR/sessions.log"
