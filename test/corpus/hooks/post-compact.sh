#!/usr/bin/env bash
# PostCompact: save the summary next to the backups.
set -euo pipefail
mkdir -p "$CLAUDE_PROJECT_DIR/.claude/backups"
jq -r '"[\(.trigger)] \(.compact_summary)"' >> "$CLAUDE_PROJECT_DIR/.claude/backups/summaries.log"
