#!/usr/bin/env bash
# Elicitation: never let an MCP server ask for credentials (exit 2 declines).
set -euo pipefail
input=$(cat)
message=$(jq -r '.message' <<<"$input")
server=$(jq -r '.mcp_server_name' <<<"$input")
if grep -qiE 'password|token|api key' <<<"$message"; then
  echo "declined a credential request from $server" >&2
  exit 2
fi
