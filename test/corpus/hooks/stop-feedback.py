#!/usr/bin/env python3
"""Stop: non-error feedback (additionalContext) when the last message mentions TODO."""
import json
import sys

data = json.load(sys.stdin)
if data.get("stop_hook_active"):
    sys.exit(0)
msg = data.get("last_assistant_message") or ""
if "TODO" in msg:
    json.dump({
        "hookSpecificOutput": {
            "hookEventName": "Stop",
            "additionalContext": "You left a TODO in your answer; resolve it or explain why it stays.",
        }
    }, sys.stdout, indent=2)
