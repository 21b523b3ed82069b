/**
 * Merging several hooks' effects for one event into one list
 * (ARCHITECTURE section 6). Pure; only config order matters.
 *
 * @since 0.1.0
 */
import { at } from "./rule-id.ts"
import { Function as Fn } from "effect"
import type { EffectOf, HookEffect, HookEffectTag } from "../effects/hook-effect.ts"
import {
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockCompaction,
  BlockModelRequest,
  BlockPrompt,
  BlockStop,
  BlockTool,
  DeferTool,
  Diagnostic,
  RestrictTools,
  ShowUser
} from "../effects/hook-effect.ts"
import type { Keep } from "../effects/precedence.ts"
import { isAbsorbed, precedence } from "../effects/precedence.ts"
import type { TracedEffect } from "./trace.ts"

// ====== Options ======

/**
 * How to merge.
 *
 * @category models
 * @since 0.1.0
 */
export interface CombineOptions {
  /**
   * The parallel group of each list, aligned with the lists (same value: the
   * hooks ran concurrently; `undefined`: sequential). Two updates of the same
   * thing in one group produce a `conflicting-update` diagnostic.
   */
  readonly groups?: ReadonlyArray<string | number | undefined>
  /** How many consecutive times Stop was blocked before this event (Stop-loop guard). */
  readonly stopBlocks?: number
  /** At this many consecutive blocks a `BlockStop` becomes a warning; default 8. */
  readonly stopLoopCap?: number
  /**
   * WorktreeCreate as Wave runs it (the runner sets it for that event in the
   * wave dialect): the first `SetWorktreePath` stands (a later one becomes an
   * `ignored-output` Diagnostic), and while one stands each `BlockAction` (a
   * hook that failed or printed no path) becomes a `ShowUser{error}`: the
   * creation fails only when no hook gave a path. Since 0.2.0.
   */
  readonly firstWorktreePath?: boolean
  /**
   * What joins the reasons of several hooks' `BlockStop`s: a line break by default; a blank line in the
   * codex dialect, as Codex CLI joins its Stop hooks' continuation prompts. Since 0.5.0.
   */
  readonly stopReasonSeparator?: string
}

/**
 * The default Stop-loop cap.
 *
 * @category constants
 * @since 0.1.0
 */
export const defaultStopLoopCap = 8

// ====== Merging ======

type Traced = TracedEffect
type Reasoned =
  | "BlockTool"
  | "AskPermission"
  | "BlockPrompt"
  | "BlockStop"
  | "BlockCompaction"
  | "BlockAction"
  | "DeferTool"
  | "BlockModelRequest"

const reasonOf = (effect: HookEffect): string | undefined => ("reason" in effect ? effect.reason : undefined)

/** Elicitation answers, strongest first: a refusal from one hook wins over another's accept. */
const elicitationStrength = { cancel: 2, decline: 1, accept: 0 } as const

const mergeAnswers = (items: ReadonlyArray<Traced>): Traced => {
  const answers = items.map((t) => t.effect as EffectOf<"AnswerElicitation">)
  const strongest = answers.reduce((a, b) => (elicitationStrength[b.action] > elicitationStrength[a.action] ? b : a))
  // With every hook accepting, the last content stands (like an update).
  const effect =
    strongest.action === "accept"
      ? AnswerElicitation({ action: "accept", content: answers.findLast((a) => a.content !== undefined)?.content })
      : AnswerElicitation({ action: strongest.action })
  const first = items[0]!
  if (items.length === 1) return first
  const rule = at("combine.strongest-action", `AnswerElicitation from ${items.length} hooks, the strongest action`)
  return first.source === undefined ? { effect, ...rule } : { effect, ...rule, source: first.source }
}

/** Tool-selection modes, most restrictive first: a hook that forbids tool calls wins over one that requires one. */
const modeStrength = { NONE: 2, ANY: 1, AUTO: 0 } as const

/**
 * Several hooks' tool restrictions (Gemini CLI's aggregator): the most restrictive mode (`NONE` > `ANY` >
 * `AUTO`), and the union of the allow-lists that were given, sorted.
 */
const mergeToolRestrictions = (items: ReadonlyArray<Traced>): Traced => {
  const restrictions = items.map((t) => t.effect as EffectOf<"RestrictTools">)
  const mode = restrictions.reduce((a, b) => (modeStrength[b.mode] > modeStrength[a.mode] ? b : a)).mode
  const lists = restrictions.flatMap((r) => (r.allowedFunctionNames === undefined ? [] : [r.allowedFunctionNames]))
  const effect = RestrictTools({
    mode,
    allowedFunctionNames: lists.length === 0 ? undefined : [...new Set(lists.flat())].sort()
  })
  const first = items[0]!
  if (items.length === 1) return first
  const rule = at("combine.tool-restrictions", `RestrictTools from ${items.length} hooks, the strictest mode`)
  return first.source === undefined ? { effect, ...rule } : { effect, ...rule, source: first.source }
}

const mergeReasons = (tag: Reasoned, items: ReadonlyArray<Traced>, separator = "\n"): Traced => {
  const reasons = items.map((t) => reasonOf(t.effect)).filter((r): r is string => r !== undefined && r.length > 0)
  const reason = reasons.join(separator)
  const effect: HookEffect =
    tag === "BlockTool"
      ? BlockTool({ reason })
      : tag === "AskPermission"
        ? AskPermission({ reason })
        : tag === "BlockPrompt"
          ? BlockPrompt({
              reason,
              suppressOriginalPrompt: items.some(
                (t) => t.effect._tag === "BlockPrompt" && t.effect.suppressOriginalPrompt === true
              )
            })
          : tag === "BlockStop"
            ? BlockStop({ reason })
            : tag === "BlockAction"
              ? BlockAction({ reason })
              : tag === "DeferTool"
                ? DeferTool({ reason })
                : tag === "BlockModelRequest"
                  ? BlockModelRequest({ reason })
                  : BlockCompaction({ reason })
  const first = items[0]!
  if (items.length === 1) return first
  const rule = at("combine.reasons-joined", `${tag} from ${items.length} hooks, reasons joined`)
  return first.source === undefined ? { effect, ...rule } : { effect, ...rule, source: first.source }
}

/**
 * `combine` over traced effects: keeps each surviving effect's rule and source.
 *
 * @category combining
 * @since 0.1.0
 */
export const combineTraced = (
  lists: ReadonlyArray<ReadonlyArray<TracedEffect>>,
  options: CombineOptions = {}
): ReadonlyArray<TracedEffect> => {
  const all: Array<{ readonly traced: Traced; readonly list: number }> = []
  lists.forEach((list, index) => {
    for (const traced of list) all.push({ traced, list: index })
  })
  if (options.firstWorktreePath === true) firstWorktreePathWins(all)
  const byTag = (tag: HookEffectTag) => all.filter((item) => item.traced.effect._tag === tag)

  // What survives (rules 1-5, read from the precedence table). Merged effects
  // sit where their first member was; "last stands" effects where the last one was.
  const present = new Set<HookEffectTag>()
  for (const item of all) present.add(item.traced.effect._tag)
  const keep = (tag: HookEffectTag): Keep | "none" => (isAbsorbed(tag, present) ? "none" : precedence[tag].keep)

  const lastIndexOf = new Map<HookEffectTag, number>()
  all.forEach((item, index) => {
    lastIndexOf.set(item.traced.effect._tag, index)
  })
  const stopBlocks = options.stopBlocks ?? 0
  const cap = options.stopLoopCap ?? defaultStopLoopCap
  // Stop's additionalContext (PromptModel) keeps the agent going like a block: the same cap applies,
  // only when the caller counts Stop blocks (the runner passes stopBlocks for Stop and SubagentStop only).
  const capStopFeedback = options.stopBlocks !== undefined && stopBlocks >= cap
  const out: Array<Traced> = []
  const placed = new Set<HookEffectTag>()
  for (let i = 0; i < all.length; i++) {
    const { traced } = all[i]!
    const tag = traced.effect._tag
    const mode = keep(tag)
    if (mode === "none") continue
    if (mode === "all") {
      if (tag === "PromptModel" && capStopFeedback)
        out.push(...stopLoopCapped(traced.effect as EffectOf<"PromptModel">, stopBlocks, cap))
      else out.push(traced)
      continue
    }
    if (mode === "last") {
      if (lastIndexOf.get(tag) !== i) continue
      out.push(...conflict(tag, all, options.groups), traced)
      continue
    }
    if (placed.has(tag)) continue
    placed.add(tag)
    if (mode === "first") {
      out.push(traced)
      continue
    }
    const members = byTag(tag).map((item) => item.traced)
    const merged =
      tag === "AnswerElicitation"
        ? mergeAnswers(members)
        : tag === "RestrictTools"
          ? mergeToolRestrictions(members)
          : mergeReasons(tag as Reasoned, members, tag === "BlockStop" ? options.stopReasonSeparator : undefined)
    if (tag === "BlockStop" && stopBlocks >= cap)
      out.push(...stopLoopCapped(merged.effect as EffectOf<"BlockStop">, stopBlocks, cap))
    else out.push(merged)
  }
  return out
}

/**
 * `firstWorktreePath`, in place: when a `SetWorktreePath` stands (no
 * `StopAgent` absorbs it), later ones become Diagnostics and `BlockAction`s
 * become error notices, each where it was.
 */
const firstWorktreePathWins = (all: Array<{ readonly traced: Traced; readonly list: number }>): void => {
  const first = all.find((item) => item.traced.effect._tag === "SetWorktreePath")
  // Only the BlockActions this rule turns into notices are set aside: a StopAgent still absorbs the path.
  const absorbers: ReadonlySet<HookEffectTag> = new Set(
    precedence.SetWorktreePath.absorbedBy.filter((tag) => tag !== "BlockAction")
  )
  if (first === undefined || all.some((item) => absorbers.has(item.traced.effect._tag))) return
  const path = (first.traced.effect as EffectOf<"SetWorktreePath">).path
  all.forEach((item, index) => {
    const { effect } = item.traced
    const rule = at("combine.worktree-path", "WorktreeCreate (wave): the first hook's path stands")
    const replaced: HookEffect | undefined =
      effect._tag === "SetWorktreePath" && item !== first
        ? Diagnostic({
            code: "ignored-output",
            message:
              `A later WorktreeCreate hook's worktree path ${JSON.stringify(effect.path)} was not used: ` +
              `an earlier hook gave ${JSON.stringify(path)}, and the first successful hook's path counts (wave dialect).`
          })
        : effect._tag === "BlockAction"
          ? ShowUser({
              level: "error",
              text: `${effect.reason} (another WorktreeCreate hook gave the worktree path ${JSON.stringify(path)}, so the creation went on)`
            })
          : undefined
    if (replaced === undefined) return
    const traced: Traced =
      item.traced.source === undefined
        ? { effect: replaced, ...rule }
        : { effect: replaced, ...rule, source: item.traced.source }
    all[index] = { traced, list: item.list }
  })
}

/** A `conflicting-update` diagnostic when two hooks of one parallel group set `tag`. */
const conflict = (
  tag: HookEffectTag,
  all: ReadonlyArray<{ readonly traced: Traced; readonly list: number }>,
  groups: ReadonlyArray<string | number | undefined> | undefined
): ReadonlyArray<Traced> => {
  if (groups === undefined) return []
  const setters = new Map<string | number, Set<number>>()
  for (const item of all) {
    const group = groups[item.list]
    if (item.traced.effect._tag !== tag || group === undefined) continue
    const lists = setters.get(group) ?? new Set<number>()
    lists.add(item.list)
    setters.set(group, lists)
  }
  const conflicting = [...setters.values()].filter((lists) => lists.size > 1)
  return conflicting.map((lists) => ({
    effect: Diagnostic({
      code: "conflicting-update",
      message:
        `${lists.size} hooks of one parallel group (hooks ${[...lists].map((i) => i + 1).join(", ")} in config order) set ${tag}; ` +
        `the last in config order was used. Run them sequentially so each sees the other's update.`
    }),
    ...at("combine.conflicting-update", "conflicting update in a parallel group")
  }))
}

const stopLoopCapped = (
  block: EffectOf<"BlockStop"> | EffectOf<"PromptModel">,
  stopBlocks: number,
  cap: number
): ReadonlyArray<Traced> => {
  const what = block._tag === "BlockStop" ? "this block was" : "this feedback (additionalContext) was"
  const text = block._tag === "BlockStop" ? block.reason : block.text
  return [
    {
      effect: Diagnostic({
        code: "stop-loop-cap",
        message: `Stop was blocked ${stopBlocks} times in a row (cap ${cap}); ${what} turned into a warning and the agent stops.`
      }),
      ...at("combine.stop-loop-cap", "Stop-loop cap")
    },
    {
      effect: ShowUser({
        level: "warning",
        text:
          `Stop hooks kept the agent going ${stopBlocks} times in a row; stopping anyway (cap ${cap}).` +
          (text.length > 0 ? ` Last ${block._tag === "BlockStop" ? "reason" : "feedback"}: ${text}` : "")
      }),
      ...at("combine.stop-loop-cap", "Stop-loop cap")
    }
  ]
}

/**
 * Merge the effect lists of several hooks for one event, given in config order.
 *
 * **When to use**
 *
 * After running every matching hook and calling `decide` on each run: the
 * result is what the agent carries out.
 *
 * **Details**
 *
 * 1. `StopAgent` wins: the first one, plus `BlockTool`, `ShowUser` and
 * `Diagnostic`. 2. Deny absorbs: any `BlockTool` gives one (reasons joined by
 * newline) and drops `AllowTool`, `AskPermission`, `UpdateInput`; else any
 * `AskPermission` gives one and drops `AllowTool`. 3. The last `UpdateInput` /
 * `UpdateToolOutput` stands. 4. `BlockPrompt` drops `InjectContext`; blocks of
 * one kind merge. 5. Messages are all kept in order. 6. At the Stop-loop cap a
 * `BlockStop` becomes a warning.
 *
 * **Example** (Deny absorbs allow)
 *
 * ```ts
 * combine([[AllowTool()], [BlockTool({ reason: "no" })]])
 * // => [{ _tag: "BlockTool", reason: "no" }]
 * pipe([[AllowTool()]], combine({ stopBlocks: 0 })) // data-last
 * ```
 *
 * @category combining
 * @since 0.1.0
 */
export const combine: {
  (options?: CombineOptions): (lists: ReadonlyArray<ReadonlyArray<HookEffect>>) => ReadonlyArray<HookEffect>
  (lists: ReadonlyArray<ReadonlyArray<HookEffect>>, options?: CombineOptions): ReadonlyArray<HookEffect>
} = Fn.dual(
  (args) => Array.isArray(args[0]),
  (lists: ReadonlyArray<ReadonlyArray<HookEffect>>, options?: CombineOptions): ReadonlyArray<HookEffect> =>
    combineTraced(
      lists.map((list) => list.map((effect) => ({ effect, ...at("combine.reasons-joined", "") }))),
      options
    ).map((t) => t.effect)
)
