#!/usr/bin/env bash
# WorktreeRemove: refuse while the worktree has uncommitted work.
set -euo pipefail
path=$(jq -r '.worktree_path')
if [[ -e "$path/.dirty" ]]; then
  echo "$(basename "$path") has uncommitted changes; not removing it" >&2
  exit 1
fi
rm -rf -- "$path"
