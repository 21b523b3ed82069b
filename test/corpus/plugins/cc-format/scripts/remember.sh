#!/usr/bin/env bash
# cc-format plugin: remember formatted files in the plugin's data folder.
set -euo pipefail
jq -r '.tool_input.file_path | split("/") | last' >> "$CLAUDE_PLUGIN_DATA/formatted.txt"
