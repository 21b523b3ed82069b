#!/usr/bin/env bash
# Cursor, any event: record which top-level keys the payload has (sorted, comma separated).
set -euo pipefail
jq -r 'keys | join(",")' > "$CURSOR_PROJECT_DIR/.cursor/payload-keys.txt"
exit 0
