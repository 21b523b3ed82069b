#!/usr/bin/env bash
# Elicitation: servers outside the allowlist may not ask the user for anything (exit 2 declines).
set -euo pipefail
server=$(jq -r '.mcp_server_name')
case "$server" in
  github|filesystem) exit 0 ;;
  *) echo "elicitation from $server refused by policy" >&2; exit 2 ;;
esac
