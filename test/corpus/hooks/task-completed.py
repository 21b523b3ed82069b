#!/usr/bin/env python3
"""TaskCompleted: a task about tests is done only when the test report exists."""
import json
import os
import sys

data = json.load(sys.stdin)
project = os.environ.get("CLAUDE_PROJECT_DIR") or os.environ["WAVE_PROJECT_DIR"]
if "test" in data.get("task_subject", "").lower() and not os.path.exists(os.path.join(project, "test-report.xml")):
    print(f"'{data['task_subject']}' is not done: no test-report.xml", file=sys.stderr)
    sys.exit(2)
