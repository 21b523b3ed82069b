#!/bin/bash
# hooks/redact.sh (PostToolUse, Bash): the model never sees an output holding a SECRET_ token.
case "$(cat)" in
  *SECRET_*) echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"[withheld: the output held a secret]"}}' ;;
esac
exit 0
