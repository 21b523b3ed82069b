/**
 * Arbitraries for what a hook answers in a model-based session, as plain data
 * (easy to read in a counterexample), and the `HookRun` that gives each
 * answer: exit codes and stderr for the simple cases, JSON on stdout for the
 * rest, so the real `decide` produces the effects.
 */
import * as fc from "fast-check"
import type { HookRun } from "../../src/index.ts"
import { hookRun } from "../../src/index.ts"

/** A readable text without surrounding white space (what `decide` keeps as is). */
export const wordsArb: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom("lint", "tests", "fail", "branch", "main", "secret", "build", "push", "naïve", "✓", "x=1", "€"),
    {
      minLength: 1,
      maxLength: 4
    }
  )
  .map((words) => words.join(" "))

/** A UserPromptSubmit hook's answer. */
export type PromptHook =
  | { readonly kind: "pass" }
  | { readonly kind: "context"; readonly text: string }
  | { readonly kind: "block"; readonly reason: string }
  | { readonly kind: "error"; readonly text: string }
  | { readonly kind: "stop"; readonly reason: string }

/** A PreToolUse hook's answer. */
export type PreToolHook =
  | { readonly kind: "pass" }
  | { readonly kind: "allow" }
  | { readonly kind: "deny"; readonly reason: string }
  | { readonly kind: "ask"; readonly reason: string }
  | { readonly kind: "rewrite"; readonly command: string }
  | { readonly kind: "stop"; readonly reason: string }

/** A PostToolUse (or PostToolUseFailure) hook's answer; `replace` only after a success. */
export type PostToolHook =
  | { readonly kind: "pass" }
  | { readonly kind: "feedback"; readonly text: string }
  | { readonly kind: "replace"; readonly output: string }
  | { readonly kind: "error"; readonly text: string }

/** A Stop hook's answer. */
export type StopHook =
  | { readonly kind: "pass" }
  | { readonly kind: "block"; readonly reason: string }
  | { readonly kind: "error"; readonly text: string }
  | { readonly kind: "stop"; readonly reason: string }

export const promptHookArb: fc.Arbitrary<PromptHook> = fc.oneof(
  fc.constant({ kind: "pass" as const }),
  wordsArb.map((text) => ({ kind: "context" as const, text })),
  wordsArb.map((reason) => ({ kind: "block" as const, reason })),
  wordsArb.map((text) => ({ kind: "error" as const, text })),
  wordsArb.map((reason) => ({ kind: "stop" as const, reason }))
)

export const preToolHookArb: fc.Arbitrary<PreToolHook> = fc.oneof(
  fc.constant({ kind: "pass" as const }),
  fc.constant({ kind: "allow" as const }),
  wordsArb.map((reason) => ({ kind: "deny" as const, reason })),
  wordsArb.map((reason) => ({ kind: "ask" as const, reason })),
  wordsArb.map((command) => ({ kind: "rewrite" as const, command })),
  wordsArb.map((reason) => ({ kind: "stop" as const, reason }))
)

/** Post hooks after a failed tool (no output to replace). */
export const postFailureHookArb: fc.Arbitrary<PostToolHook> = fc.oneof(
  fc.constant({ kind: "pass" as const }),
  wordsArb.map((text) => ({ kind: "feedback" as const, text })),
  wordsArb.map((text) => ({ kind: "error" as const, text }))
)

export const postToolHookArb: fc.Arbitrary<PostToolHook> = fc.oneof(
  postFailureHookArb,
  wordsArb.map((output) => ({ kind: "replace" as const, output }))
)

export const stopHookArb: fc.Arbitrary<StopHook> = fc.oneof(
  fc.constant({ kind: "pass" as const }),
  wordsArb.map((reason) => ({ kind: "block" as const, reason })),
  wordsArb.map((text) => ({ kind: "error" as const, text })),
  wordsArb.map((reason) => ({ kind: "stop" as const, reason }))
)

/** What the tool does: succeed with an output, or fail with a message. */
export type Execution = { readonly ok: true; readonly output: string } | { readonly ok: false; readonly error: string }

// ====== Hook runs ======

const json = (value: unknown): HookRun => hookRun({ exitCode: 0, stdout: JSON.stringify(value) })
const exit2 = (stderr: string): HookRun => hookRun({ exitCode: 2, stderr })
const exit1 = (stderr: string): HookRun => hookRun({ exitCode: 1, stderr })
const quiet: HookRun = hookRun({ exitCode: 0 })
const stopping = (reason: string): HookRun => json({ continue: false, stopReason: reason })

export const promptHookRun = (hook: PromptHook): HookRun => {
  switch (hook.kind) {
    case "pass":
      return quiet
    case "context":
      return hookRun({ exitCode: 0, stdout: `${hook.text}\n` })
    case "block":
      return exit2(hook.reason)
    case "error":
      return exit1(hook.text)
    case "stop":
      return stopping(hook.reason)
  }
}

export const preToolHookRun = (hook: PreToolHook): HookRun => {
  const specific = (fields: object) => json({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } })
  switch (hook.kind) {
    case "pass":
      return quiet
    case "allow":
      return specific({ permissionDecision: "allow" })
    case "deny":
      return exit2(hook.reason)
    case "ask":
      return specific({ permissionDecision: "ask", permissionDecisionReason: hook.reason })
    case "rewrite":
      return specific({ updatedInput: { command: hook.command } })
    case "stop":
      return stopping(hook.reason)
  }
}

export const postToolHookRun = (hook: PostToolHook): HookRun => {
  switch (hook.kind) {
    case "pass":
      return quiet
    case "feedback":
      return exit2(hook.text)
    case "replace":
      return json({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: hook.output } })
    case "error":
      return exit1(hook.text)
  }
}

export const stopHookRun = (hook: StopHook): HookRun => {
  switch (hook.kind) {
    case "pass":
      return quiet
    case "block":
      return exit2(hook.reason)
    case "error":
      return exit1(hook.text)
    case "stop":
      return stopping(hook.reason)
  }
}
