/**
 * A Node consumer (with @types/node) of the Node-only subpaths: checked by
 * `npm run check:consumer`, not run.
 */
import { decide, hookRun, type HookEffect } from "wave-hooks"
import { runHooksPromise } from "wave-hooks/runner"

const effects: ReadonlyArray<HookEffect> = decide("Stop", hookRun({ exitCode: 0 }))

export const check = async (): Promise<ReadonlyArray<HookEffect>> => {
  const result = await runHooksPromise({
    event: "PreToolUse",
    projectDir: process.cwd(),
    payload: { tool_name: "Bash", tool_input: { command: "ls" } }
  })
  return [...effects, ...result.effects]
}
