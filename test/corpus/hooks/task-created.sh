#!/usr/bin/env bash
# TaskCreated: every task needs a description (exit 2 rolls the task back).
set -euo pipefail
input=$(cat)
subject=$(jq -r '.task_subject' <<<"$input")
desc=$(jq -r '.task_description // ""' <<<"$input")
if [[ -z "${desc// /}" ]]; then
  echo "Task '$subject' needs a description" >&2
  exit 2
fi
