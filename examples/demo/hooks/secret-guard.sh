#!/bin/sh
# UserPromptSubmit: refuse prompts that contain a password (exit 2: the prompt is erased,
# stderr is shown to the user only).
input=$(cat)
case "$input" in
  *password=*|*PASSWORD=*)
    echo "Your prompt contains a password; it was not sent. Use a secret store instead." >&2
    exit 2 ;;
esac
exit 0
