#!/usr/bin/env node
// Notification: append every notification to a log file (Node, reads stdin).
import { appendFileSync } from "node:fs"
import { join } from "node:path"

let raw = ""
for await (const chunk of process.stdin) raw += chunk
const input = JSON.parse(raw)
const dir = process.env.CLAUDE_PROJECT_DIR ?? process.env.WAVE_PROJECT_DIR ?? "."
appendFileSync(join(dir, "notifications.log"), `${input.notification_type}: ${input.message}\n`)
