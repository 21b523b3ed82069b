#!/bin/sh
# PreToolUse for Deploy: stop everything while deploys are frozen (continue: false).
cat > /dev/null
printf '%s\n' '{"continue": false, "stopReason": "Deploys are frozen until Monday; the session was stopped."}'
