#!/bin/bash
# PreToolUse guard: the event arrives as JSON on stdin. Exit 2 blocks the tool call,
# and what this prints on stderr is the reason the model reads.
if grep -q 'rm -rf'; then
  echo "rm -rf is not allowed in this project" >&2
  exit 2
fi
