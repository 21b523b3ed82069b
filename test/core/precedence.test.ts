/**
 * The effect tags (read from the union) against ARCHITECTURE section 3, and
 * the precedence table (`src/effects/precedence.ts`) against section 6,
 * written out by hand, with the shape rules the table promises: every tag
 * once, absorbers ranked before what they absorb, transitively closed.
 */
import { assert, describe, it } from "@effect/vitest"
import type { HookEffectTag } from "../../src/index.ts"
import { permissionTags } from "../../src/effects/precedence.ts"
import { absorbs, blockingTags, needsAnswer, strongestPermission, survivors } from "../../src/effects/precedence.ts"
import {
  AllowTool,
  AskPermission,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  hookEffectTags,
  InjectContext,
  isBlocking,
  precedence,
  precedenceOrder,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"

/** Section 6 as pairs (winner, loser), written out by hand from the rules. */
const sectionSixAbsorptions: ReadonlyArray<readonly [HookEffectTag, HookEffectTag]> = [
  // Rule 1: StopAgent keeps only BlockTool, ShowUser and Diagnostic.
  ["StopAgent", "AllowTool"],
  ["StopAgent", "AskPermission"],
  ["StopAgent", "UpdateInput"],
  ["StopAgent", "UpdateToolOutput"],
  ["StopAgent", "InjectContext"],
  ["StopAgent", "PromptModel"],
  ["StopAgent", "BlockPrompt"],
  ["StopAgent", "BlockStop"],
  ["StopAgent", "BlockCompaction"],
  // Rule 2: deny absorbs allow, ask and updated input; ask absorbs allow.
  ["BlockTool", "AllowTool"],
  ["BlockTool", "AskPermission"],
  ["BlockTool", "UpdateInput"],
  ["AskPermission", "AllowTool"],
  // Rule 4: a blocked prompt drops its context.
  ["BlockPrompt", "InjectContext"],
  // Issue 12, rule 1 for the new tags: StopAgent keeps none of them.
  ["StopAgent", "BlockAction"],
  ["StopAgent", "DeferTool"],
  ["StopAgent", "AllowRetry"],
  ["StopAgent", "UpdatePermissions"],
  ["StopAgent", "ReplaceDisplay"],
  ["StopAgent", "AnswerElicitation"],
  ["StopAgent", "SetWorktreePath"],
  ["StopAgent", "SetSessionTitle"],
  ["StopAgent", "SendUserMessage"],
  ["StopAgent", "WatchPaths"],
  ["StopAgent", "ChainToolCall"],
  ["StopAgent", "ClearContext"],
  ["StopAgent", "SetEnv"],
  ["StopAgent", "ReplaceSubagentResponse"],
  ["BlockStop", "ReplaceSubagentResponse"],
  ["StopAgent", "ReplacePrompt"],
  ["BlockPrompt", "ReplacePrompt"],
  ["StopAgent", "BlockModelRequest"],
  ["StopAgent", "UpdateModelRequest"],
  ["StopAgent", "UpdateModelResponse"],
  ["StopAgent", "SyntheticModelResponse"],
  ["StopAgent", "RestrictTools"],
  ["BlockModelRequest", "UpdateModelRequest"],
  ["BlockModelRequest", "UpdateModelResponse"],
  // Rule 4a: deny > defer > ask > allow; a deferred call drops its updated input.
  ["BlockTool", "DeferTool"],
  ["BlockTool", "UpdatePermissions"],
  ["DeferTool", "AskPermission"],
  ["DeferTool", "AllowTool"],
  ["DeferTool", "UpdateInput"],
  ["DeferTool", "UpdatePermissions"],
  // Permission updates go with an allow: a question drops them.
  ["AskPermission", "UpdatePermissions"],
  // Rule 4: a blocked action (PreModelSwitch deny > ask > allow; a failed worktree creation) drops what it refuses.
  ["BlockAction", "AskPermission"],
  ["BlockAction", "AllowTool"],
  ["BlockAction", "UpdatePermissions"],
  ["BlockAction", "SetWorktreePath"]
]

describe("effect tags", () => {
  it("should list the union's tags in the order of ARCHITECTURE section 3", () => {
    assert.deepStrictEqual(hookEffectTags, [
      "AllowTool",
      "AskPermission",
      "BlockTool",
      "UpdateInput",
      "UpdateToolOutput",
      "InjectContext",
      "PromptModel",
      "BlockPrompt",
      "BlockStop",
      "BlockCompaction",
      "BlockAction",
      "DeferTool",
      "AllowRetry",
      "UpdatePermissions",
      "ReplaceDisplay",
      "AnswerElicitation",
      "SetWorktreePath",
      "SetSessionTitle",
      "SendUserMessage",
      "WatchPaths",
      "ChainToolCall",
      "ClearContext",
      "SetEnv",
      "ReplaceSubagentResponse",
      "ReplacePrompt",
      "BlockModelRequest",
      "UpdateModelRequest",
      "SyntheticModelResponse",
      "UpdateModelResponse",
      "RestrictTools",
      "StopAgent",
      "ShowUser",
      "Diagnostic"
    ])
  })
})

describe("precedence table", () => {
  it("should list every effect tag exactly once", () => {
    assert.deepStrictEqual([...precedenceOrder].sort(), [...hookEffectTags].sort())
  })

  it("should hold exactly the absorptions of ARCHITECTURE section 6", () => {
    const fromTable = precedenceOrder.flatMap((loser) =>
      precedenceOrder.filter((winner) => absorbs(winner, loser)).map((winner) => `${winner}>${loser}`)
    )
    assert.deepStrictEqual(
      fromTable.sort(),
      sectionSixAbsorptions.map(([winner, loser]) => `${winner}>${loser}`).sort()
    )
  })

  it("should rank every absorber before what it absorbs", () => {
    for (const loser of precedenceOrder) {
      for (const winner of precedence[loser].absorbedBy) {
        assert.isBelow(precedenceOrder.indexOf(winner), precedenceOrder.indexOf(loser), `${winner} absorbs ${loser}`)
      }
    }
  })

  it("should be transitively closed (what absorbs an absorber absorbs too)", () => {
    for (const loser of precedenceOrder) {
      for (const middle of precedence[loser].absorbedBy) {
        for (const winner of precedence[middle].absorbedBy)
          assert.isTrue(absorbs(winner, loser), `${winner} > ${middle} > ${loser}`)
      }
    }
  })

  it("should call the six blocks, DeferTool and StopAgent blocking, and nothing else", () => {
    assert.deepStrictEqual([...blockingTags].sort(), [
      "BlockAction",
      "BlockCompaction",
      "BlockModelRequest",
      "BlockPrompt",
      "BlockStop",
      "BlockTool",
      "DeferTool",
      "StopAgent"
    ])
  })

  it("should rank the permission verdicts deny, defer, ask, allow", () => {
    assert.deepStrictEqual(permissionTags, ["BlockTool", "DeferTool", "AskPermission", "AllowTool"])
    assert.strictEqual(strongestPermission(new Set(["AllowTool", "DeferTool", "AskPermission"])), "DeferTool")
    assert.strictEqual(strongestPermission(new Set(["AllowTool", "AskPermission"])), "AskPermission")
    assert.strictEqual(strongestPermission(new Set(["ShowUser"])), undefined)
  })
})

describe("derived rules", () => {
  it("should drop what StopAgent absorbs and keep the rest, in order", () => {
    const show = ShowUser({ level: "info", text: "bye" })
    const block = BlockTool({ reason: "no" })
    assert.deepStrictEqual(
      survivors([
        AllowTool(),
        show,
        AskPermission({ reason: "r" }),
        StopAgent(),
        UpdateInput({ input: {} }),
        block,
        PromptModel({ text: "p" })
      ]),
      [show, StopAgent(), block]
    )
  })

  it("should drop InjectContext next to BlockPrompt but keep it next to BlockStop", () => {
    const context = InjectContext({ text: "ctx" })
    assert.deepStrictEqual(survivors([context, BlockPrompt({ reason: "r" })]), [BlockPrompt({ reason: "r" })])
    assert.deepStrictEqual(survivors([context, BlockStop({ reason: "r" })]), [context, BlockStop({ reason: "r" })])
  })

  it("should need an answer only for an AskPermission that neither StopAgent nor BlockTool decided", () => {
    const ask = AskPermission({ reason: "writes /etc" })
    assert.isTrue(needsAnswer([ask]))
    assert.isTrue(needsAnswer([AllowTool(), ask, UpdateInput({ input: {} })]))
    assert.isFalse(needsAnswer([ask, StopAgent()]))
    assert.isFalse(needsAnswer([BlockTool({ reason: "no" }), ask]))
    assert.isFalse(needsAnswer([AllowTool()]))
  })

  it("should call a list blocking when it holds a block or StopAgent", () => {
    for (const effect of [
      BlockTool({ reason: "r" }),
      BlockPrompt({ reason: "r" }),
      BlockStop({ reason: "r" }),
      BlockCompaction({ reason: "r" }),
      StopAgent()
    ]) {
      assert.isTrue(isBlocking([AllowTool(), effect]), effect._tag)
    }
    assert.isFalse(
      isBlocking([
        AllowTool(),
        AskPermission(),
        UpdateInput({ input: {} }),
        UpdateToolOutput({ output: 1 }),
        PromptModel({ text: "p" })
      ])
    )
  })
})
