#!/usr/bin/env python3
"""PermissionRequest: allow npm test and remember it for the session."""
import json
import sys

data = json.load(sys.stdin)
command = data.get("tool_input", {}).get("command", "")
if command.startswith("npm test"):
    out = {"behavior": "allow", "updatedPermissions": [
        {"type": "addRules", "rules": [{"toolName": "Bash", "ruleContent": "npm test:*"}], "behavior": "allow", "destination": "session"}
    ]}
elif command.startswith("curl"):
    out = {"behavior": "deny", "message": "network access is disabled in this sandbox", "interrupt": True}
else:
    sys.exit(0)
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": out}}))
