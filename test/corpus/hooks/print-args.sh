#!/bin/sh
# Exec form (args): prints its arguments, one a line, as additional context.
printf '%s\n' "$@" > "$(dirname "$0")/../args.log"
