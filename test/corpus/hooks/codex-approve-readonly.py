#!/usr/bin/env python3
"""Codex CLI PermissionRequest (Bash): approve read-only git commands without the prompt, deny
piping a download into a shell. Codex reads hookSpecificOutput.decision.behavior (allow | deny)
and, on deny, the message for the model."""
import json
import re
import sys

payload = json.load(sys.stdin)
command = payload.get("tool_input", {}).get("command", "")


def answer(decision):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": decision}}))


if re.match(r"git (status|log|diff|show)\b", command):
    answer({"behavior": "allow"})
elif re.search(r"(curl|wget)[^|]*\|\s*(ba)?sh\b", command):
    answer(
        {
            "behavior": "deny",
            "message": "Piping a download into a shell is not allowed; download the script, read it, then run it.",
        }
    )
