#!/usr/bin/env node
// MessageDisplay: hide internal hostnames on screen (the model keeps the original).
let raw = ""
for await (const chunk of process.stdin) raw += chunk
const input = JSON.parse(raw)
const shown = input.delta.replace(/[a-z0-9-]+\.corp\.internal/g, "<internal host>")
if (shown !== input.delta) {
  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: shown } }))
}
