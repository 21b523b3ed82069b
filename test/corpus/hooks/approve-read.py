#!/usr/bin/env python3
"""PermissionRequest: reads inside the project never need a prompt."""
import json
import os
import sys

data = json.load(sys.stdin)
if data.get("tool_name") != "Read":
    sys.exit(0)
path = data.get("tool_input", {}).get("file_path", "")
project = os.environ.get("CLAUDE_PROJECT_DIR") or os.environ.get("WAVE_PROJECT_DIR", "")
if path.startswith(project + os.sep):
    print(json.dumps({
        "hookSpecificOutput": {
            "hookEventName": "PermissionRequest",
            "decision": {"behavior": "allow"},
        }
    }))
else:
    print(json.dumps({
        "hookSpecificOutput": {
            "hookEventName": "PermissionRequest",
            "decision": {"behavior": "deny", "message": f"{path} is outside the project"},
        }
    }))
