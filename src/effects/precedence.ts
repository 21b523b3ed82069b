/**
 * Which effect wins over which (ARCHITECTURE section 6), as one ordered table
 * next to the `HookEffect` union. `combine`, `resolveEffects`, the
 * interpreters' `needsAnswer` and the runner's exit status all read it; none
 * of them restates the rule.
 *
 * @since 0.1.0
 */
import type { HookEffect, HookEffectTag } from "./hook-effect.ts"

// ====== Models ======

/**
 * How `combine` keeps the effects of one tag that were not absorbed:
 * `all` of them in config order, the `first`, the `last` (sequential hooks
 * chain, so the last update stands), or one `merge`d effect whose reasons are
 * joined by newline.
 *
 * @category models
 * @since 0.1.0
 */
export type Keep = "all" | "first" | "last" | "merge"

/**
 * The precedence of one effect tag.
 *
 * @category models
 * @since 0.1.0
 */
export interface TagPrecedence {
  /**
   * Any effect of these tags in the same (combined) list drops every effect
   * of this tag. Only tags ranked before this one in {@link precedence}
   * appear here, so the relation has no cycles, and it is transitively
   * closed (a tag that absorbs an absorber is listed too).
   */
  readonly absorbedBy: ReadonlyArray<HookEffectTag>
  /** How the surviving effects of this tag are kept. */
  readonly keep: Keep
  /** It blocks the agent's current action (`wave-hooks run` exits 2). */
  readonly blocks: boolean
  /** The tool-permission verdict it carries, if any (`defer` since 0.2.0). */
  readonly permission?: "deny" | "defer" | "ask" | "allow"
  /** It needs the user's answer before the agent goes on. */
  readonly needsAnswer?: true
}

// ====== The table ======

/**
 * The precedence table, strongest tag first (key order is the rank).
 *
 * **Details**
 *
 * Section 6 of ARCHITECTURE, rule by rule: `StopAgent` absorbs everything
 * but `BlockTool`, `ShowUser` and `Diagnostic` (rule 1); `BlockTool` absorbs
 * `DeferTool`, `AskPermission`, `AllowTool`, `UpdatePermissions` and
 * `UpdateInput`, `DeferTool` absorbs the same but itself (deny > defer > ask
 * > allow), and `AskPermission` absorbs `AllowTool` (rule 2); the last update
 * stands (rule 3); `BlockPrompt` absorbs `InjectContext`, `BlockAction`
 * absorbs `AskPermission`, `AllowTool` and `SetWorktreePath`, and blocks of
 * one kind merge (rule 4, 4a); messages are all kept (rule 5).
 *
 * **Example** (Reading the table)
 *
 * ```ts
 * precedence.AllowTool.absorbedBy // => ["StopAgent", "BlockTool", "BlockAction", "DeferTool", "AskPermission"]
 * precedence.BlockStop.blocks     // => true
 * ```
 *
 * @category constants
 * @since 0.1.0
 */
export const precedence: { readonly [T in HookEffectTag]: TagPrecedence } = {
  StopAgent: { absorbedBy: [], keep: "first", blocks: true },
  BlockTool: { absorbedBy: [], keep: "merge", blocks: true, permission: "deny" },
  BlockAction: { absorbedBy: ["StopAgent"], keep: "merge", blocks: true },
  BlockModelRequest: { absorbedBy: ["StopAgent"], keep: "merge", blocks: true },
  UpdateModelRequest: { absorbedBy: ["StopAgent", "BlockModelRequest"], keep: "last", blocks: false },
  UpdateModelResponse: { absorbedBy: ["StopAgent", "BlockModelRequest"], keep: "last", blocks: false },
  SyntheticModelResponse: { absorbedBy: ["StopAgent"], keep: "last", blocks: false },
  RestrictTools: { absorbedBy: ["StopAgent"], keep: "merge", blocks: false },
  DeferTool: { absorbedBy: ["StopAgent", "BlockTool"], keep: "merge", blocks: true, permission: "defer" },
  AskPermission: {
    absorbedBy: ["StopAgent", "BlockTool", "BlockAction", "DeferTool"],
    keep: "merge",
    blocks: false,
    permission: "ask",
    needsAnswer: true
  },
  AllowTool: {
    absorbedBy: ["StopAgent", "BlockTool", "BlockAction", "DeferTool", "AskPermission"],
    keep: "first",
    blocks: false,
    permission: "allow"
  },
  UpdatePermissions: {
    absorbedBy: ["StopAgent", "BlockTool", "BlockAction", "DeferTool", "AskPermission"],
    keep: "all",
    blocks: false
  },
  UpdateInput: { absorbedBy: ["StopAgent", "BlockTool", "DeferTool"], keep: "last", blocks: false },
  BlockPrompt: { absorbedBy: ["StopAgent"], keep: "merge", blocks: true },
  BlockStop: { absorbedBy: ["StopAgent"], keep: "merge", blocks: true },
  BlockCompaction: { absorbedBy: ["StopAgent"], keep: "merge", blocks: true },
  UpdateToolOutput: { absorbedBy: ["StopAgent"], keep: "last", blocks: false },
  ReplaceSubagentResponse: { absorbedBy: ["StopAgent", "BlockStop"], keep: "last", blocks: false },
  ChainToolCall: { absorbedBy: ["StopAgent"], keep: "last", blocks: false },
  ReplacePrompt: { absorbedBy: ["StopAgent", "BlockPrompt"], keep: "last", blocks: false },
  SetWorktreePath: { absorbedBy: ["StopAgent", "BlockAction"], keep: "last", blocks: false },
  AnswerElicitation: { absorbedBy: ["StopAgent"], keep: "merge", blocks: false },
  AllowRetry: { absorbedBy: ["StopAgent"], keep: "first", blocks: false },
  ReplaceDisplay: { absorbedBy: ["StopAgent"], keep: "last", blocks: false },
  SetSessionTitle: { absorbedBy: ["StopAgent"], keep: "last", blocks: false },
  SendUserMessage: { absorbedBy: ["StopAgent"], keep: "all", blocks: false },
  WatchPaths: { absorbedBy: ["StopAgent"], keep: "all", blocks: false },
  SetEnv: { absorbedBy: ["StopAgent"], keep: "all", blocks: false },
  ClearContext: { absorbedBy: ["StopAgent"], keep: "first", blocks: false },
  InjectContext: { absorbedBy: ["StopAgent", "BlockPrompt"], keep: "all", blocks: false },
  PromptModel: { absorbedBy: ["StopAgent"], keep: "all", blocks: false },
  ShowUser: { absorbedBy: [], keep: "all", blocks: false },
  Diagnostic: { absorbedBy: [], keep: "all", blocks: false }
}

/**
 * Every effect tag in rank order, strongest first.
 *
 * @category constants
 * @since 0.1.0
 */
export const precedenceOrder: ReadonlyArray<HookEffectTag> = Object.keys(precedence) as Array<HookEffectTag>

/**
 * Tags that block the agent's current action; `wave-hooks run` exits 2 when
 * one is in the combined effects.
 *
 * @category constants
 * @since 0.1.0
 */
export const blockingTags: ReadonlyArray<HookEffectTag> = precedenceOrder.filter((tag) => precedence[tag].blocks)

/**
 * The tags that carry a tool-permission verdict, strongest first
 * (`BlockTool`, `DeferTool`, `AskPermission`, `AllowTool`).
 *
 * @category constants
 * @since 0.1.0
 */
export const permissionTags: ReadonlyArray<HookEffectTag> = precedenceOrder.filter(
  (tag) => precedence[tag].permission !== undefined
)

// ====== Derived rules ======

/**
 * Whether an effect of tag `tag` is absorbed when effects of `present` tags
 * are in the same list.
 *
 * **Example** (Stop wins over ask)
 *
 * ```ts
 * isAbsorbed("AskPermission", new Set(["StopAgent"])) // => true
 * isAbsorbed("BlockTool", new Set(["StopAgent"]))     // => false
 * ```
 *
 * @category precedence
 * @since 0.1.0
 */
export const isAbsorbed = (tag: HookEffectTag, present: ReadonlySet<HookEffectTag>): boolean => {
  for (const by of precedence[tag].absorbedBy) if (present.has(by)) return true
  return false
}

/**
 * Whether `winner` absorbs `loser` (an effect of `loser` is dropped next to one of `winner`).
 *
 * @category precedence
 * @since 0.1.0
 */
export const absorbs = (winner: HookEffectTag, loser: HookEffectTag): boolean =>
  precedence[loser].absorbedBy.includes(winner)

/**
 * The set of tags in a list of effects.
 *
 * @category precedence
 * @since 0.1.0
 */
export const tagsIn = (effects: ReadonlyArray<HookEffect>): ReadonlySet<HookEffectTag> => {
  const tags = new Set<HookEffectTag>()
  for (const effect of effects) tags.add(effect._tag)
  return tags
}

/**
 * The effects no other effect of the list absorbs, in their order (rule
 * 1, 2 and 4 of section 6; merging and "last stands" are `combine`'s).
 *
 * **Example** (Stop drops an allow)
 *
 * ```ts
 * survivors([AllowTool(), StopAgent(), ShowUser({ level: "info", text: "bye" })])
 * // => [StopAgent(), ShowUser({ level: "info", text: "bye" })]
 * ```
 *
 * @category precedence
 * @since 0.1.0
 */
export const survivors = <E extends HookEffect>(effects: ReadonlyArray<E>): ReadonlyArray<E> => {
  const present = tagsIn(effects)
  return effects.filter((effect) => !isAbsorbed(effect._tag, present))
}

/**
 * The strongest tool-permission tag among `present`, if any: deny beats
 * defer beats ask beats allow.
 *
 * @category precedence
 * @since 0.1.0
 */
export const strongestPermission = (present: ReadonlySet<HookEffectTag>): HookEffectTag | undefined =>
  permissionTags.find((tag) => present.has(tag))

/**
 * Whether an effect blocks the agent's current action.
 *
 * @category precedence
 * @since 0.1.0
 */
export const isBlockingEffect = (effect: HookEffect): boolean => precedence[effect._tag].blocks

/**
 * Whether combined effects block (`wave-hooks run` exits 2, ARCHITECTURE section 8).
 *
 * **Example** (A deny blocks, an allow does not)
 *
 * ```ts
 * isBlocking([BlockTool({ reason: "no" })]) // => true
 * isBlocking([AllowTool()])                 // => false
 * ```
 *
 * @category precedence
 * @since 0.1.0
 */
export const isBlocking = (effects: ReadonlyArray<HookEffect>): boolean => effects.some(isBlockingEffect)

/**
 * Whether the effects need the user's answer: an effect that asks (an
 * `AskPermission`) that nothing in the list absorbs (a `BlockTool` or
 * `StopAgent` already decided).
 *
 * **Example** (Stop decides without asking)
 *
 * ```ts
 * needsAnswer([AskPermission({ reason: "writes /etc" })])             // => true
 * needsAnswer([AskPermission({ reason: "writes /etc" }), StopAgent()]) // => false
 * ```
 *
 * @category precedence
 * @since 0.1.0
 */
export const needsAnswer = (effects: ReadonlyArray<HookEffect>): boolean => {
  const present = tagsIn(effects)
  return effects.some((effect) => precedence[effect._tag].needsAnswer === true && !isAbsorbed(effect._tag, present))
}
