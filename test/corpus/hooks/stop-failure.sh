#!/usr/bin/env bash
# StopFailure: record API errors; Claude Code ignores what this prints.
set -euo pipefail
input=$(cat)
err=$(jq -r '.error' <<<"$input")
echo "$(jq -r '.session_id' <<<"$input") $err" >> "$CLAUDE_PROJECT_DIR/api-errors.log"
echo "{\"systemMessage\": \"API error: $err\"}"
