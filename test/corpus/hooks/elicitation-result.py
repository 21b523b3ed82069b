#!/usr/bin/env python3
"""ElicitationResult: fill in the default branch when the user accepted without one."""
import json
import sys

data = json.load(sys.stdin)
if data.get("action") == "accept":
    content = dict(data.get("content") or {})
    content.setdefault("branch", "main")
    json.dump({
        "hookSpecificOutput": {
            "hookEventName": "ElicitationResult",
            "action": "accept",
            "content": content,
        }
    }, sys.stdout)
