#!/usr/bin/env bash
# InstructionsLoaded: audit which memory files were loaded.
set -euo pipefail
jq -r '"\(.memory_type) \(.load_reason) \(.file_path | ltrimstr(env.CLAUDE_PROJECT_DIR + "/"))"' >> "$CLAUDE_PROJECT_DIR/instructions.log"
