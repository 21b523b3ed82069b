#!/usr/bin/env python3
"""PostToolUse(Bash): hide tokens from the output Claude sees."""
import json
import re
import sys

data = json.load(sys.stdin)
response = data.get("tool_response", {})
stdout = response.get("stdout", "")
redacted = re.sub(r"ghp_[A-Za-z0-9]{8,}", "ghp_[REDACTED]", stdout)
if redacted != stdout:
    json.dump({
        "hookSpecificOutput": {
            "hookEventName": "PostToolUse",
            "updatedToolOutput": {**response, "stdout": redacted},
        }
    }, sys.stdout)
