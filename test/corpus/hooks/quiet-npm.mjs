#!/usr/bin/env node
// PreToolUse(Bash): run npm quietly by rewriting the command (updatedInput).
let raw = ""
for await (const chunk of process.stdin) raw += chunk
const { tool_input: input } = JSON.parse(raw)
if (
  typeof input.command === "string" &&
  /^npm (test|run)\b/.test(input.command) &&
  !input.command.includes("--silent")
) {
  const output = {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      permissionDecisionReason: "npm output is long; running it with --silent",
      updatedInput: { ...input, command: `${input.command} --silent` }
    }
  }
  process.stdout.write(JSON.stringify(output, null, 2) + "\n")
}
