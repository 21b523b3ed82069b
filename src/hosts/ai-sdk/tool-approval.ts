/**
 * The bridge to AI SDK 7's native tool approval: `toolApproval`
 * runs a call's PreToolUse hooks when the AI SDK asks whether the call may
 * run, answers with the SDK's own statuses (a deny becomes `denied` with its
 * reason, an ask a `user-approval` the UI shows as a `tool-approval-request`),
 * and hands the hooks' result to the hooked tool's `execute`, which applies
 * the updated input and runs PostToolUse without firing PreToolUse again.
 *
 * @since 0.2.0
 */
import type { ToolApprovalStatus, ToolSet, TypedToolCall } from "ai"
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { AiSdkHookOptions, FiredEvent } from "./ai-sdk-hooks.ts"
import { adapterOf, type AiSdkHooks } from "./ai-sdk-hooks.ts"

// ====== The decision, as data ======

/**
 * The AI SDK approval status a PreToolUse's combined effects stand for:
 * `StopAgent` or `BlockTool` -> `denied` with the reason; `AskPermission` or
 * `DeferTool` -> `user-approval` (the reason is shown to the approver);
 * `AllowTool` -> `approved`; anything else -> `not-applicable` (the call runs
 * as it would without hooks). The precedence is the one table's: a deny
 * absorbs an ask, an ask an allow.
 *
 * @example
 * ```ts
 * import { AskPermission, BlockTool } from "wave-hooks"
 * approvalStatusOf([BlockTool({ reason: "no rm -rf" })]) // => { type: "denied", reason: "no rm -rf" }
 * approvalStatusOf([AskPermission({ reason: "pushes to main" })]) // => { type: "user-approval", reason: "pushes to main" }
 * approvalStatusOf([]) // => "not-applicable"
 * ```
 *
 * @category approval
 * @since 0.2.0
 */
export const approvalStatusOf = (effects: ReadonlyArray<HookEffect>): ToolApprovalStatus => {
  const withReason = <T extends "denied" | "user-approval">(type: T, reason: string | undefined) =>
    reason === undefined || reason === "" ? { type } : { type, reason }
  for (const e of effects)
    if (e._tag === "StopAgent") return withReason("denied", e.reason ?? "A hook stopped the agent.")
  for (const e of effects) if (e._tag === "BlockTool") return withReason("denied", e.reason)
  for (const e of effects)
    if (e._tag === "AskPermission" || e._tag === "DeferTool") return withReason("user-approval", e.reason)
  for (const e of effects) if (e._tag === "AllowTool") return "approved"
  return "not-applicable"
}

// ====== Results handed to execute ======

/** How many answered calls an adapter keeps for their `execute`. */
const maxRecordedCalls = 1000

/** PreToolUse results of calls `toolApproval` answered, by adapter and `toolCallId`, until the tool runs. */
const approvedCalls = new WeakMap<AiSdkHooks, Map<string, FiredEvent>>()

/**
 * The PreToolUse result `toolApproval` recorded for a call, removed from the
 * record; `undefined` when `toolApproval` did not see the call (then the
 * hooked tool fires PreToolUse itself).
 *
 * @category approval
 * @since 0.2.0
 */
export const takeApprovedPreToolUse = (hooks: AiSdkHooks, toolCallId: string): FiredEvent | undefined => {
  const calls = approvedCalls.get(hooks)
  const fired = calls?.get(toolCallId)
  calls?.delete(toolCallId)
  return fired
}

// ====== toolApproval ======

/**
 * A function to pass as `generateText` / `streamText` / `ToolLoopAgent`'s
 * `toolApproval`, so the hooks decide through the AI SDK's own approval flow.
 *
 * **When to use**
 *
 * With tools wrapped by `withHooks` (give both the same `AiSdkHooks`, or the
 * same options object) in an app whose UI answers approvals natively:
 * `useChat` shows a `tool-approval-request` and answers it with
 * `addToolApprovalResponse`, instead of a `permission` handler that blocks
 * inside the tool's `execute`.
 *
 * **Details**
 *
 * For each tool call the AI SDK asks about, PreToolUse runs once
 * (`tool_name` = the tool's key, `tool_input` = its input, `tool_use_id` =
 * the `toolCallId`): see `approvalStatusOf` for the answer. User messages
 * and diagnostics go to `onUserMessage` / `onDiagnostic` as with
 * `withHooks`; a `StopAgent` also calls `onStopAgent`. The result is kept
 * for the call's `execute` (the call's updated input applies there, then
 * PostToolUse runs); an ask answered in the UI is not asked again, and no
 * PermissionRequest fires for it. When the app sends the user's answer back,
 * the AI SDK asks once more (it re-checks approved calls): the hooks run
 * again, and a deny then still wins.
 *
 * **Example** (Native approvals)
 *
 * ```ts
 * const hooks = new AiSdkHooks({ projectDir: process.cwd() })
 * const result = streamText({ model, tools: withHooks({ Bash: bash }, hooks), toolApproval: toolApproval(hooks), messages })
 * // an ask reaches useChat as a tool-approval-request; addToolApprovalResponse answers it
 * ```
 *
 * @category approval
 * @since 0.2.0
 */
export const toolApproval = (
  options: AiSdkHookOptions | AiSdkHooks
): ((call: { readonly toolCall: TypedToolCall<ToolSet> }) => Promise<ToolApprovalStatus>) => {
  const hooks = adapterOf(options)
  return async ({ toolCall }) => {
    const id = toolCall.toolCallId
    const input = toolCall.input
    let decided: ReadonlyArray<HookEffect> = []
    const fired = await hooks.fire(
      "PreToolUse",
      { tool_name: toolCall.toolName, tool_input: input, tool_use_id: id },
      {
        tool: {
          id,
          name: toolCall.toolName,
          input: input !== null && typeof input === "object" ? (input as Record<string, unknown>) : { input }
        },
        // The AI SDK asks the user: the interpreter must not ask (nor deny) in its place.
        effects: (effects) => {
          decided = effects
          return effects.filter((e) => e._tag !== "AskPermission" && e._tag !== "DeferTool")
        }
      }
    )
    const status = approvalStatusOf(decided)
    const type = typeof status === "object" ? status.type : status
    if (type !== "denied") {
      const calls = approvedCalls.get(hooks) ?? new Map<string, FiredEvent>()
      approvedCalls.set(hooks, calls)
      calls.set(id, fired)
      // A call the user refused never runs: keep the record bounded (the oldest go first).
      while (calls.size > maxRecordedCalls) calls.delete(calls.keys().next().value!)
    }
    return status
  }
}
