#!/usr/bin/env bash
# Any event: a hook that hangs (a network call without a timeout).
sleep 5
