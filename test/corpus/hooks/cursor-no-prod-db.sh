#!/usr/bin/env bash
# Cursor beforeShellExecution: never touch the production database. Exit 2 blocks, as permission
# "deny" does ("matches Claude Code behavior"); the reason goes to stderr.
set -euo pipefail
cmd=$(jq -r '.command // ""')
if [[ "$cmd" == *"prod-db"* || "$cmd" == *'$PROD_DATABASE_URL'* ]]; then
  echo "The production database is off limits; use the staging copy (make db-staging)." >&2
  exit 2
fi
exit 0
