#!/usr/bin/env bash
# WorktreeCreate: make the worktree ourselves (not git) and print its path as the last line.
set -euo pipefail
name=$(jq -r '.name')
dir="$CLAUDE_PROJECT_DIR/.worktrees/$name"
echo "creating $name..."
mkdir -p "$dir"
printf '\033[32m%s\033[0m\n' "$dir"
