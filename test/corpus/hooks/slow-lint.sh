#!/usr/bin/env bash
# PostToolUse: a lint that hangs (network drive); its timeout is 1 s.
set -euo pipefail
cat >/dev/null
sleep 5
echo '{"decision":"block","reason":"lint failed"}'
