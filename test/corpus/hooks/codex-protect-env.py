#!/usr/bin/env python3
"""Codex CLI PreToolUse, matcher "Edit": an apply_patch call must not touch .env files.

Codex sends apply_patch as {"command": "<the patch>"}; the files follow "*** Add File: ",
"*** Update File: " or "*** Delete File: ". A matcher "Edit" (or "Write") matches apply_patch.
"""
import json
import re
import sys

payload = json.load(sys.stdin)
patch = payload.get("tool_input", {}).get("command", "")
touched = re.findall(r"^\*\*\* (?:Add|Update|Delete) File: (.+)$", patch, re.MULTILINE)
secrets = [p for p in touched if p.rsplit("/", 1)[-1].startswith(".env") and not p.endswith(".example")]
if secrets:
    print(
        json.dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "deny",
                    "permissionDecisionReason": f"{secrets[0]} holds secrets; edit .env.example instead",
                }
            }
        )
    )
