#!/usr/bin/env python3
"""PermissionDenied: read-only tools may be retried after an auto-mode denial."""
import json
import sys

data = json.load(sys.stdin)
if data["tool_name"] in ("Read", "Grep"):
    json.dump({"hookSpecificOutput": {"hookEventName": "PermissionDenied", "retry": True}}, sys.stdout)
