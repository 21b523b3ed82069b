#!/usr/bin/env bash
# Cursor subagentStart: shell subagents may not start on the release branch.
set -euo pipefail
input=$(cat)
kind=$(jq -r '.subagent_type // ""' <<<"$input")
branch=$(jq -r '.git_branch // ""' <<<"$input")
if [[ "$kind" == "shell" && "$branch" == release/* ]]; then
  jq -n --arg b "$branch" '{permission: "deny", user_message: "No shell subagents on \($b)."}'
fi
exit 0
