#!/usr/bin/env bash
# Wave SessionStart: the first user message of a non-interactive run, and a title.
set -euo pipefail
jq -n '{hookSpecificOutput: {hookEventName: "SessionStart", initialUserMessage: "Summarize the open issues.", sessionTitle: "Issue triage"}}'
