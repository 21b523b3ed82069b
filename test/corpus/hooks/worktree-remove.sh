#!/usr/bin/env bash
# WorktreeRemove: refuse while the worktree has uncommitted work (any nonzero exit fails the removal).
set -euo pipefail
path=$(jq -r '.worktree_path')
if [[ -f "$path/WIP" ]]; then
  echo "$path has uncommitted work (WIP); not removed." >&2
  exit 1
fi
rm -rf "$path"
