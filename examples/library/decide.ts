// The pure decision core: what a hook's exit code and output mean, with no process and no I/O.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks.
// The root import runs anywhere, browsers included.
// Run it: node decide.ts
import { combine, decide, decideTraced, hookRun } from "wave-hooks"

// A PreToolUse hook that exited 2: the tool call is blocked and the reason goes to the model.
const blocked = decide("PreToolUse", hookRun({ exitCode: 2, stderr: "rm -rf is not allowed" }))
// => [{ _tag: "BlockTool", reason: "rm -rf is not allowed" }]

// A hook that answered with JSON on stdout: allow the call, with the input rewritten.
const rewritten = decide(
  "PreToolUse",
  hookRun({
    exitCode: 0,
    stdout: JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "npm test -- --reporter=dot" }
      }
    })
  })
)

// Several hooks ran for one event: their effects combine (a block wins over an allow).
export const merged = combine([blocked, rewritten])

// explain: each effect with the rule that produced it.
export const explained = decideTraced("PreToolUse", hookRun({ exitCode: 2, stderr: "rm -rf is not allowed" }))

console.log(JSON.stringify({ blocked, rewritten, merged }, null, 2))
for (const { effect, rule } of explained) console.log(`${effect._tag}: ${rule}`)
