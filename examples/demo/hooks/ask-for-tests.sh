#!/bin/sh
# Stop: ask once for the tests to run before the agent stops. The first Stop is blocked
# (the reason goes to the model); once the agent went on (stop_hook_active), let it stop.
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'*) exit 0 ;;
esac
printf '%s\n' '{"decision": "block", "reason": "Run the tests (npm test) and report the result before you stop."}'
