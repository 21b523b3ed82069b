#!/bin/sh
# Gemini CLI BeforeModel hook: a request marked over budget does not go out and gets a cached answer
# (decision "deny" with an llm_response); any other request is sent with temperature 0 (llm_request).
input=$(cat)
case "$input" in
  *'over budget'*)
    printf '%s\n' '{"decision":"deny","reason":"The daily token budget is spent.","hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"role":"model","parts":["(cached) The greeting is in src/hello.js."]},"finishReason":"STOP"}]}}}'
    ;;
  *)
    printf '%s\n' '{"hookSpecificOutput":{"llm_request":{"config":{"temperature":0}}}}'
    ;;
esac
exit 0
