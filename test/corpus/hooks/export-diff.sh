#!/usr/bin/env bash
# SessionStart: the documented "diff export -p" pattern for persisting what a setup step exports.
set -euo pipefail
cat >/dev/null
ENV_BEFORE=$(export -p | sort)
export NODE_OPTIONS="--max-old-space-size=4096"
export JAVA_HOME="/usr/lib/jvm/java-21 (default)"
if [ -n "${CLAUDE_ENV_FILE:-}" ]; then
  ENV_AFTER=$(export -p | sort)
  comm -13 <(echo "$ENV_BEFORE") <(echo "$ENV_AFTER") >> "$CLAUDE_ENV_FILE"
fi
