#!/usr/bin/env bash
# PostModelSwitch: tell the new model what it is (plain stdout becomes context).
set -euo pipefail
input=$(cat)
echo "Model changed from $(jq -r '.from_model' <<<"$input") to $(jq -r '.to_model' <<<"$input") ($(jq -r '.source' <<<"$input"))."
