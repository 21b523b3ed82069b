#!/usr/bin/env bash
# SessionStart: the canonical CLAUDE_ENV_FILE example, under set -u (fails if the variable is unset).
set -euo pipefail
echo 'export FOO=bar' >> "$CLAUDE_ENV_FILE"
echo 'export GREETING="hello world"' >> "$CLAUDE_ENV_FILE"
