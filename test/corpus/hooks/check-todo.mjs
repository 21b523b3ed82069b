#!/usr/bin/env node
// PostToolUse (Write): flag new TODOs back to Claude (decision "block" keeps the write, tells Claude).
let raw = ""
for await (const chunk of process.stdin) raw += chunk
const input = JSON.parse(raw)
const content = input.tool_input?.content ?? ""
const todos = content.split("\n").filter((line) => line.includes("TODO")).length
if (todos > 0) {
  console.log(JSON.stringify({ decision: "block", reason: `${input.tool_input.file_path} has ${todos} TODO(s): resolve them or open an issue.` }))
}
