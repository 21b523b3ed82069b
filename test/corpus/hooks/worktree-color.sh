#!/usr/bin/env bash
# WorktreeCreate: a colourful script; the path line has ANSI colour codes.
set -euo pipefail
name=$(jq -r '.name')
dir="$CLAUDE_PROJECT_DIR/../wt-$name"
mkdir -p "$dir"
printf '\033[32m✔\033[0m created %s\n' "$name"
printf '\033[1m%s\033[0m\n' "$dir"
