#!/usr/bin/env python3
"""Wave Setup: report what was prepared (the wave dialect reads additionalContext)."""
import json
import os
import sys

data = json.load(sys.stdin)
os.makedirs(os.path.join(os.environ["WAVE_PROJECT_DIR"], ".cache"), exist_ok=True)
json.dump({"hookSpecificOutput": {"hookEventName": "Setup", "additionalContext": f"setup ({data['trigger']}) prepared .cache"}}, sys.stdout)
