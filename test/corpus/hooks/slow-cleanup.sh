#!/usr/bin/env bash
# SessionEnd: uploads the transcript; slow on a bad network.
set -euo pipefail
cat >/dev/null
sleep 4
echo "uploaded" >> "$CLAUDE_PROJECT_DIR/upload.log"
