#!/usr/bin/env python3
"""PermissionRequest: reading files never needs a question."""
import json
import sys

data = json.load(sys.stdin)
if data.get("tool_name") in ("Read", "Glob", "Grep"):
    json.dump({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}, sys.stdout)
