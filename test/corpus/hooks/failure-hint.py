#!/usr/bin/env python3
"""PostToolUseFailure: a hint next to the tool error."""
import json
import sys

data = json.load(sys.stdin)
if "ENOENT" in data["error"]:
    json.dump({"hookSpecificOutput": {"hookEventName": "PostToolUseFailure",
                                      "additionalContext": "The file does not exist: list the directory first."}}, sys.stdout)
