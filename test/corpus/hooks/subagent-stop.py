#!/usr/bin/env python3
"""SubagentStop: a reviewer subagent must end with a verdict."""
import json
import sys

data = json.load(sys.stdin)
if data.get("stop_hook_active"):
    sys.exit(0)
last = data.get("last_assistant_message") or ""
if "VERDICT:" not in last:
    json.dump({"decision": "block", "reason": "End your review with 'VERDICT: approve' or 'VERDICT: changes requested'."}, sys.stdout)
