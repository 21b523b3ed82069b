#!/usr/bin/env bash
# UserPromptExpansion: /deploy is not for agents.
set -euo pipefail
input=$(cat)
name=$(jq -r '.command_name' <<<"$input")
if [[ "$name" == "deploy" ]]; then
  echo "/$name is disabled in this repository; use the release pipeline" >&2
  exit 2
fi
