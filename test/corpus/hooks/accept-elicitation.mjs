#!/usr/bin/env node
// ElicitationResult: fill in the team's default region when the user left it empty.
let raw = ""
for await (const chunk of process.stdin) raw += chunk
const input = JSON.parse(raw)
if (input.action === "accept" && !input.content?.region) {
  console.log(JSON.stringify({
    hookSpecificOutput: { hookEventName: "ElicitationResult", action: "accept", content: { ...input.content, region: "eu-west-1" } }
  }))
}
