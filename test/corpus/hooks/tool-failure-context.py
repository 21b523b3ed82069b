#!/usr/bin/env python3
"""PostToolUseFailure(Bash): explain a common failure to Claude."""
import json
import sys

data = json.load(sys.stdin)
error = data.get("error", "")
if "ECONNREFUSED" in error:
    print(json.dumps({
        "hookSpecificOutput": {
            "hookEventName": "PostToolUseFailure",
            "additionalContext": "The dev database is not running; start it with `docker compose up -d db`.",
        }
    }))
