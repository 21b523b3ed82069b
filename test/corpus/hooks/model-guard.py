#!/usr/bin/env python3
"""PreModelSwitch: no switch to an opus model while the prompt cache is warm (it would be rewritten)."""
import json
import sys

data = json.load(sys.stdin)
if "opus" in data["to_model"] and data.get("prompt_cache_warm"):
    json.dump({"hookSpecificOutput": {"hookEventName": "PreModelSwitch", "permissionDecision": "deny",
                                      "permissionDecisionReason": f"switching to {data['to_model']} now would rewrite a warm cache"}}, sys.stdout)
