#!/usr/bin/env bash
# Setup: prepare the checkout; variables for the session go to the env file.
set -euo pipefail
mkdir -p "$CLAUDE_PROJECT_DIR/.cache"
echo 'export NODE_ENV=development' >> "$CLAUDE_ENV_FILE"
echo "setup done"
