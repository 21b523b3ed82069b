#!/usr/bin/env bash
# WorktreeCreate: make the worktree ourselves (not git) and print its path last.
set -euo pipefail
name=$(jq -r '.name')
dir="$CLAUDE_PROJECT_DIR/.worktrees/$name"
echo "creating worktree $name"
mkdir -p "$dir"
echo "copied project files"
echo ""
echo "$dir"
