#!/usr/bin/env bash
# Cursor beforeReadFile: .env files never reach the model.
set -euo pipefail
path=$(jq -r '.file_path // ""')
case "$(basename "$path")" in
  .env|.env.*)
    jq -n --arg p "$(basename "$path")" '{permission: "deny", user_message: "\($p) holds secrets and was not sent to the model."}'
    ;;
esac
exit 0
