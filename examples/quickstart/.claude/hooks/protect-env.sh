#!/bin/bash
# PreToolUse guard for file writes (Claude Code's Write/Edit, an MCP filesystem server's
# write_file/edit_file/move_file): no tool may write a .env file.
if grep -qE '"(file_path|path|destination)": *"[^"]*\.env"'; then
  echo ".env files hold secrets; edit them by hand" >&2
  exit 2
fi
