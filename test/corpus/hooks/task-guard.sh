#!/usr/bin/env bash
# TaskCreated: every task names its ticket (ABC-123); else the task is rolled back.
set -euo pipefail
subject=$(jq -r '.task_subject')
if ! [[ "$subject" =~ [A-Z]+-[0-9]+ ]]; then
  echo "Task \"$subject\" names no ticket (e.g. ABC-123)." >&2
  exit 2
fi
