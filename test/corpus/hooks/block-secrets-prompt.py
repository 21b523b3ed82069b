#!/usr/bin/env python3
"""UserPromptSubmit: a prompt that pastes an API key is blocked (exit 2; the user sees stderr)."""
import json
import re
import sys

prompt = json.load(sys.stdin)["prompt"]
if re.search(r"sk-[A-Za-z0-9]{20,}", prompt):
    print("Your prompt contains what looks like an API key; it was not sent.", file=sys.stderr)
    sys.exit(2)
