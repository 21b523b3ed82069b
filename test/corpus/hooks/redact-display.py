#!/usr/bin/env python3
"""MessageDisplay: passwords never show on screen (the transcript keeps the text)."""
import json
import re
import sys

data = json.load(sys.stdin)
shown = re.sub(r"password=\S+", "password=***", data["delta"])
if shown != data["delta"]:
    json.dump({"hookSpecificOutput": {"hookEventName": "MessageDisplay", "displayContent": shown}}, sys.stdout)
