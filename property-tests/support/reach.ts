/**
 * Case classes for generator reach: which of the cases the laws are about a
 * generated `decide` result or `combine` input falls in. Used by
 * `generators.reach.test.ts` with `fc.statistics` and fixed-seed counts.
 */
import type { HookEffect, HookEffectTag, HookRun } from "../../src/index.ts"
import { markerOf, textSources } from "../arbitraries/marked-runs.ts"
import { answerTextOf, jsonAnswerOf } from "./text-decides-table.ts"

/** The tags in a list of effects. */
const tags = (effects: ReadonlyArray<HookEffect>): ReadonlySet<HookEffectTag> =>
  new Set(effects.map((effect) => effect._tag))

/** How many effects of `tag` a list holds. */
const count = (effects: ReadonlyArray<HookEffect>, tag: HookEffectTag): number =>
  effects.filter((effect) => effect._tag === tag).length

/** The classes of one `decide` result: one per decisive tag it holds, and PermissionRequest's interrupt. */
export const decideClasses = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> => {
  const present = tags(effects)
  const classes: Array<string> = []
  for (const tag of [
    "AllowTool",
    "AskPermission",
    "BlockTool",
    "UpdateInput",
    "UpdateToolOutput",
    "StopAgent",
    "BlockPrompt",
    "BlockStop",
    "BlockCompaction"
  ] as const) {
    if (present.has(tag)) classes.push(tag)
  }
  if (present.has("BlockTool") && present.has("StopAgent")) classes.push("interrupt (BlockTool + StopAgent)")
  if (classes.length === 0) classes.push("messages or nothing")
  return classes
}

/**
 * The classes of one `decide` result in a dialect of Codex CLI's vocabulary: the effects Codex's answers and exit
 * codes give, an answer its strict wire refused (a ShowUser error with invalid-field Diagnostics), a failed run (any
 * other ShowUser error: exit 2 without a reason or where it cannot block, plain stdout on Stop, another exit code).
 */
export const codexClasses = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> => {
  const present = tags(effects)
  const classes: Array<string> = (
    [
      "AllowTool",
      "BlockTool",
      "UpdateInput",
      "StopAgent",
      "BlockPrompt",
      "BlockStop",
      "InjectContext",
      "PromptModel"
    ] as const
  )
    .filter((tag) => present.has(tag))
    .map((tag) => String(tag))
  const error = effects.some((e) => e._tag === "ShowUser" && e.level === "error")
  const invalid = effects.some((e) => e._tag === "Diagnostic" && e.code === "invalid-field")
  if (error && invalid) classes.push("refused answer")
  else if (error) classes.push("failed run")
  return classes.length === 0 ? ["none of them"] : classes
}

/** The tags issue 12 added that `decide` produces (ARCHITECTURE 5.4). */
export const issue12Tags: ReadonlyArray<HookEffectTag> = [
  "BlockAction",
  "DeferTool",
  "AllowRetry",
  "UpdatePermissions",
  "ReplaceDisplay",
  "AnswerElicitation",
  "SetWorktreePath",
  "SetSessionTitle",
  "SendUserMessage",
  "WatchPaths"
]

/** The classes of one `decide` result for the issue-12 effects: one per new tag it holds. */
export const issue12Classes = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> => {
  const present = tags(effects)
  const classes = issue12Tags.filter((tag) => present.has(tag)).map((tag) => String(tag))
  if (present.has("PromptModel") && effects.every((e) => e._tag !== "BlockStop"))
    classes.push("PromptModel without a block")
  if (present.has("BlockAction") && present.has("AskPermission")) classes.push("BlockAction with AskPermission")
  return classes.length === 0 ? ["none of them"] : classes
}

/** The classes of one `combine` input: the precedence interactions the laws are about. */
export const combineClasses = (lists: ReadonlyArray<ReadonlyArray<HookEffect>>): ReadonlyArray<string> => {
  const all = lists.flat()
  const present = tags(all)
  const permission = present.has("AllowTool") || present.has("AskPermission") || present.has("UpdateInput")
  const classes: Array<string> = []
  if (present.has("StopAgent") && permission) classes.push("StopAgent with a permission effect")
  if (
    present.has("StopAgent") &&
    !present.has("BlockTool") &&
    (present.has("AskPermission") || present.has("AllowTool"))
  ) {
    classes.push("StopAgent with allow or ask, no BlockTool")
  }
  if (present.has("BlockTool") && permission) classes.push("BlockTool with allow, ask or update")
  if (present.has("AskPermission") && present.has("AllowTool") && !present.has("BlockTool"))
    classes.push("ask with allow, no BlockTool")
  if (count(all, "UpdateInput") >= 2) classes.push("two or more UpdateInput")
  if (count(all, "BlockTool") + count(all, "AskPermission") >= 2) classes.push("reasons to join")
  if (present.has("BlockPrompt") && present.has("InjectContext")) classes.push("BlockPrompt with InjectContext")
  if (present.has("DeferTool") && (permission || present.has("BlockTool")))
    classes.push("DeferTool with another verdict or update")
  if (
    present.has("BlockAction") &&
    (present.has("AskPermission") || present.has("AllowTool") || present.has("SetWorktreePath"))
  ) {
    classes.push("BlockAction with ask, allow or a worktree path")
  }
  if (count(all, "AnswerElicitation") >= 2) classes.push("two or more AnswerElicitation")
  if (count(all, "InjectContext") + count(all, "PromptModel") + count(all, "ShowUser") >= 2)
    classes.push("two or more messages")
  if (classes.length === 0) classes.push("no precedence interaction")
  return classes
}

/** The effects a dialect whose text decides (Gemini CLI) gives, each a class of one `decide` result. */
export const textDecidesTags: ReadonlyArray<HookEffectTag> = [
  "BlockTool",
  "AskPermission",
  "UpdateInput",
  "UpdateToolOutput",
  "StopAgent",
  "BlockPrompt",
  "BlockStop",
  "InjectContext"
]

/**
 * The classes of one `decide` result in a text-decides dialect: its Gemini effects, a text shown (info) or as a
 * warning (`Warning: ...`), the "failed" notice, a Claude Code field or a decision discarded.
 */
export const textDecidesClasses = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> => {
  const present = tags(effects)
  const classes: Array<string> = textDecidesTags.filter((tag) => present.has(tag)).map((tag) => String(tag))
  for (const effect of effects) {
    if (effect._tag === "ShowUser" && effect.level === "info") classes.push("text shown")
    if (effect._tag === "ShowUser" && effect.text.startsWith("Warning: ")) classes.push("text as a warning")
    if (effect._tag === "ShowUser" && effect.text.startsWith("Hook(s) [")) classes.push("failed notice")
    if (effect._tag === "Diagnostic" && effect.code === "discarded-field") classes.push("discarded-field")
  }
  return classes.length === 0 ? ["none of them"] : [...new Set(classes)]
}

/** The classes of a run in a text-decides dialect: where its answer is, whether it is JSON, which exit code. */
export const textRunClasses = (run: HookRun): ReadonlyArray<string> => {
  const text = answerTextOf(run)
  const where = run.stdout.trim().length > 0 ? "stdout" : "stderr"
  const code = run.exitCode
  const exit = code === null ? "no exit" : code === 0 || code === 1 || code === 2 ? `exit ${code}` : "another exit code"
  const kind =
    text.length === 0 ? "no answer" : jsonAnswerOf(text) !== undefined ? `JSON on ${where}` : `text on ${where}`
  return [
    kind,
    exit,
    ...(text.trimStart().startsWith("{") && jsonAnswerOf(text) === undefined ? ["JSON-like text"] : [])
  ]
}

/** Which readers the markers of a run reached through `effects` (see `routing.laws.test.ts`). */
export const markerReachClasses = (
  effects: ReadonlyArray<HookEffect>,
  readerOf: (effect: HookEffect) => string,
  textOf: (effect: HookEffect) => string | undefined
): ReadonlyArray<string> => {
  const classes = new Set<string>()
  for (const effect of effects) {
    const reader = readerOf(effect)
    if (reader !== "user" && reader !== "model") continue
    const text = textOf(effect) ?? ""
    for (const source of textSources) if (text.includes(markerOf(source))) classes.add(`${source} to the ${reader}`)
  }
  return classes.size === 0 ? ["no marker shown"] : [...classes]
}
