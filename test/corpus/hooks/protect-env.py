#!/usr/bin/env python3
"""PreToolUse(Edit|Write): never let the agent touch .env files (JSON deny)."""
import json
import os
import sys

data = json.load(sys.stdin)
path = data.get("tool_input", {}).get("file_path", "")
name = os.path.basename(path)
if name == ".env" or name.startswith(".env."):
    json.dump({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": f"{name} holds secrets; edit .env.example instead",
        }
    }, sys.stdout)
sys.exit(0)
