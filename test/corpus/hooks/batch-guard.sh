#!/usr/bin/env bash
# PostToolBatch: stop when a batch touched both migrations and seed data.
set -euo pipefail
input=$(cat)
files=$(jq -r '[.tool_calls[] | .tool_input.file_path // empty] | join(" ")' <<<"$input")
if [[ "$files" == *migrations/* && "$files" == *seeds/* ]]; then
  jq -n '{decision: "block", reason: "migrations and seeds changed in one batch; review before continuing"}'
fi
