#!/usr/bin/env bash
# Gemini CLI BeforeTool(write_file): .env files are read-only. JSON answer on stdout, exit 0.
set -euo pipefail
p=$(jq -r '.tool_input.file_path // ""')
case "$p" in
  *.env) echo '{"decision":"deny","reason":".env files are read-only"}' ;;
esac
exit 0
