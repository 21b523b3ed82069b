#!/usr/bin/env bash
# DirectoryAdded: remember extra roots for the indexer.
set -euo pipefail
jq -r '.directory' >> "$CLAUDE_PROJECT_DIR/.claude/extra-roots"
