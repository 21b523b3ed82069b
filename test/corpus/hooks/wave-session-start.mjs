#!/usr/bin/env node
// Wave SessionStart: context plus the first user message of a non-interactive run.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

let raw = ""
for await (const chunk of process.stdin) raw += chunk
const { source } = JSON.parse(raw)
const plan = join(process.env.WAVE_PROJECT_DIR, "PLAN.md")
const output = {
  hookSpecificOutput: {
    hookEventName: "SessionStart",
    additionalContext: `Session ${source}; event ${process.env.HOOK_EVENT}`,
    ...(existsSync(plan) ? { initialUserMessage: `Continue with: ${readFileSync(plan, "utf8").trim()}` } : {})
  }
}
console.log(JSON.stringify(output))
