#!/usr/bin/env python3
"""Stop: non-error feedback (additionalContext) with a count of background tasks."""
import json
import sys

data = json.load(sys.stdin)
tasks = len(data.get("background_tasks", []))
json.dump({"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": f"{tasks} background task(s) still running: check them before you finish."}}, sys.stdout)
