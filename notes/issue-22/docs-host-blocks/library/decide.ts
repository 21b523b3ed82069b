import { combine, decide, hookRun } from "wave-hooks"

const effects = decide("PreToolUse", hookRun({ exitCode: 2, stderr: "rm -rf is not allowed" }))
// => [{ _tag: "BlockTool", reason: "rm -rf is not allowed" }]
const merged = combine([effects, decide("PreToolUse", hookRun({ exitCode: 0 }))])
