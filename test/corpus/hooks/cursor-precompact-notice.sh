#!/usr/bin/env bash
# Cursor preCompact: tell the user how much is compacted. preCompact cannot block; only user_message counts.
set -euo pipefail
input=$(cat)
pct=$(jq -r '.context_usage_percent' <<<"$input")
n=$(jq -r '.messages_to_compact' <<<"$input")
jq -n --arg pct "$pct" --arg n "$n" \
  '{user_message: "Context is \($pct)% full; compacting \($n) messages. The plan stays in .cursor/plan.md."}'
exit 0
