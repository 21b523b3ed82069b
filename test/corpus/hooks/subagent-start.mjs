#!/usr/bin/env node
// SubagentStart: give every reviewer subagent the style guide's rules.
let raw = ""
for await (const chunk of process.stdin) raw += chunk
const input = JSON.parse(raw)
if (input.agent_type === "reviewer") {
  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "Review against STYLE.md." } }))
}
