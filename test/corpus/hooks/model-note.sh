#!/usr/bin/env bash
# PostModelSwitch: plain stdout is context on the next request.
set -euo pipefail
jq -r '"Model is now \(.to_model) (was \(.from_model)); keep answers short."'
