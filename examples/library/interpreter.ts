// Carrying out effects with an interpreter: the in-memory one (it writes to a Conversation), in its
// Promise form and its Effect form; the terminal and web interpreters have the same two forms.
// The Resolution says what the agent does: run the tool or not, and what the model is told.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks effect.
// Run it: node interpreter.ts
import { Effect, Layer } from "effect"
import { decide, hookRun, Interpreter, Permission, type EffectsRequest } from "wave-hooks"
import { Conversation, memoryInterpreter, memoryInterpreterPromise } from "wave-hooks/memory"

// A PreToolUse hook asked before a push.
const ask = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "ask",
    permissionDecisionReason: "pushing needs your OK"
  }
})
export const request: EffectsRequest = {
  event: "PreToolUse",
  effects: decide("PreToolUse", hookRun({ exitCode: 0, stdout: ask })),
  tool: { id: "call-1", name: "Bash", input: { command: "git push" } }
}

// Promise: the handler answers the question ("allow" | "deny", or a Promise of one).
export const withPromises = async () => {
  const conversation = new Conversation()
  const memory = memoryInterpreterPromise(conversation, {
    ask: ({ reason }) => (reason === "pushing needs your OK" ? "deny" : "allow")
  })
  try {
    return await memory.carryOut(request) // { permission: "deny", denyReason: "The user denied this tool call.", ... }
  } finally {
    await memory.dispose()
  }
}

// Effect: the interpreter is a Layer needing a Permission service.
export const withEffect = async () => {
  const conversation = new Conversation()
  return Effect.runPromise(
    Effect.flatMap(Interpreter, (interpreter) => interpreter.carryOut(request)).pipe(
      Effect.provide(memoryInterpreter(conversation).pipe(Layer.provide(Permission.always("allow"))))
    )
  )
}

if (import.meta.main) {
  console.log(JSON.stringify(await withPromises(), null, 2))
  console.log(JSON.stringify(await withEffect(), null, 2))
}
