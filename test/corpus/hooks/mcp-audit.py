#!/usr/bin/env python3
"""PreToolUse (mcp__github__.*): writes to GitHub need a question."""
import json
import sys

data = json.load(sys.stdin)
if data["tool_name"].startswith("mcp__github__create"):
    json.dump({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                      "permissionDecisionReason": "creates something on GitHub"}}, sys.stdout)
