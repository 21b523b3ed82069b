#!/usr/bin/env bash
# SessionStart: persist variables for the session's Bash commands.
set -euo pipefail
cat >/dev/null
{
  echo "export FOO=bar"
  echo "export NODE_ENV=development"
} >> "$CLAUDE_ENV_FILE"
