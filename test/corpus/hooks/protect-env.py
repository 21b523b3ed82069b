#!/usr/bin/env python3
"""PreToolUse (Edit|Write): never touch .env files; answers with a JSON deny."""
import json
import os
import sys

data = json.load(sys.stdin)
path = data.get("tool_input", {}).get("file_path", "")
if os.path.basename(path).startswith(".env"):
    json.dump({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": f"{os.path.basename(path)} holds secrets; edit .env.example instead.",
        }
    }, sys.stdout)
sys.exit(0)
