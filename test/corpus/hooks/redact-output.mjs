#!/usr/bin/env node
// PostToolUse (Bash): Claude sees the output with API keys redacted.
let raw = ""
for await (const chunk of process.stdin) raw += chunk
const input = JSON.parse(raw)
const out = input.tool_response?.stdout ?? ""
const redacted = out.replace(/sk-[A-Za-z0-9]{8,}/g, "sk-***")
if (redacted !== out) {
  process.stdout.write(JSON.stringify({
    hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { ...input.tool_response, stdout: redacted } }
  }))
}
