#!/usr/bin/env bash
# A user hook in ~/.cursor/hooks/: Cursor runs user hooks from ~/.cursor/, so the log path is relative
# to it. Records the working directory and the project variables.
set -euo pipefail
cmd=$(jq -r '.command // ""')
{
  echo "cwd=$PWD"
  echo "CURSOR_PROJECT_DIR=${CURSOR_PROJECT_DIR:-unset}"
  echo "CLAUDE_PROJECT_DIR=${CLAUDE_PROJECT_DIR:-unset}"
  echo "command=$cmd"
} > shell-audit.log
exit 0
