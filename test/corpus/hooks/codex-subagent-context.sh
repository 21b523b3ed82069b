#!/usr/bin/env bash
# Codex CLI SubagentStart: plain stdout is context for the subagent.
set -euo pipefail
agent=$(jq -r '.agent_type')
echo "You are the $agent agent: do not edit files; sources are in src/, tests in test/."
