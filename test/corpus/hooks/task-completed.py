#!/usr/bin/env python3
"""TaskCompleted: a task is done only when its checklist is."""
import json
import sys

data = json.load(sys.stdin)
if "[ ]" in data.get("task_description", ""):
    print(f"Task {data['task_id']} still has open checklist items.", file=sys.stderr)
    sys.exit(2)
