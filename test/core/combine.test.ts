/**
 * Several hooks for one event: `combine` (ARCHITECTURE section 6).
 */
import { assert, describe, it } from "@effect/vitest"
import { pipe } from "effect"
import type { HookEffect, TracedEffect } from "../../src/index.ts"
import { defaultStopLoopCap } from "../../src/core/combine.ts"
import {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  combine,
  combineTraced,
  decide,
  DeferTool,
  Diagnostic,
  hookRun,
  InjectContext,
  PromptModel,
  ShowUser,
  SetSessionTitle,
  SetWorktreePath,
  StopAgent,
  UpdateInput,
  UpdatePermissions,
  UpdateToolOutput,
  WatchPaths,
  ChainToolCall,
  ClearContext,
  SetEnv,
  ReplaceSubagentResponse
} from "../../src/index.ts"
import { assertSameEffects, ofTag } from "../helpers/given.ts"
import { classicEvents } from "../helpers/rows.ts"

const diag = Diagnostic({ code: "unknown-field", message: "$.x: unknown" })

describe("6.1 StopAgent wins", () => {
  it("keeps the first StopAgent plus every BlockTool (merged), ShowUser and Diagnostic, nothing else", () => {
    const result = combine([
      [AllowTool(), UpdateInput({ input: { a: 1 } }), InjectContext({ text: "ctx" })],
      [BlockTool({ reason: "deny 1" }), ShowUser({ level: "info", text: "info 1" })],
      [StopAgent({ reason: "first stop" }), diag],
      [StopAgent({ reason: "second stop" }), BlockTool({ reason: "deny 2" }), PromptModel({ text: "p" })],
      [
        AskPermission({ reason: "ask" }),
        ShowUser({ level: "warning", text: "warn 2" }),
        UpdateToolOutput({ output: 1 })
      ]
    ])
    assertSameEffects(result, [
      BlockTool({ reason: "deny 1\ndeny 2" }),
      ShowUser({ level: "info", text: "info 1" }),
      StopAgent({ reason: "first stop" }),
      diag,
      ShowUser({ level: "warning", text: "warn 2" })
    ])
  })

  it("drops BlockPrompt, BlockStop, BlockCompaction and InjectContext", () => {
    const result = combine([
      [BlockPrompt({ reason: "p" }), InjectContext({ text: "c" })],
      [BlockStop({ reason: "s" }), BlockCompaction({ reason: "c" })],
      [StopAgent()]
    ])
    assert.deepStrictEqual(result, [StopAgent()])
  })

  it("the first StopAgent is the first in config order", () => {
    const result = combine([[StopAgent({ reason: "a" })], [StopAgent({ reason: "b" })]])
    assert.deepStrictEqual(result, [StopAgent({ reason: "a" })])
  })
})

describe("6.2 tool permission", () => {
  it("deny absorbs: one BlockTool, reasons joined by newline, no AllowTool, AskPermission or UpdateInput", () => {
    const result = combine([
      [AllowTool(), UpdateInput({ input: { a: 1 } })],
      [BlockTool({ reason: "no rm" })],
      [AskPermission({ reason: "sure?" })],
      [BlockTool({ reason: "no network" })]
    ])
    assert.deepStrictEqual(result, [BlockTool({ reason: "no rm\nno network" })])
  })

  it("deny absorbs whatever position it has", () => {
    const lists: ReadonlyArray<ReadonlyArray<HookEffect>> = [
      [AllowTool()],
      [AskPermission()],
      [BlockTool({ reason: "x" })]
    ]
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0]
    ]) {
      assert.deepStrictEqual(combine(order.map((i) => lists[i]!)), [BlockTool({ reason: "x" })])
    }
  })

  it("ask beats allow: one AskPermission, reasons joined, no AllowTool; UpdateInput stays", () => {
    const result = combine([
      [AllowTool(), ShowUser({ level: "info", text: "ok" })],
      [AskPermission({ reason: "writes to /etc" }), UpdateInput({ input: { b: 2 } })],
      [AskPermission({ reason: "uses sudo" })],
      [AskPermission()]
    ])
    assertSameEffects(result, [
      ShowUser({ level: "info", text: "ok" }),
      AskPermission({ reason: "writes to /etc\nuses sudo" }),
      UpdateInput({ input: { b: 2 } })
    ])
  })

  it("asks without reasons merge into an AskPermission without reason", () => {
    assert.deepStrictEqual(combine([[AskPermission()], [AskPermission()]]), [AskPermission()])
  })

  it("AllowTool when hooks only allowed (once)", () => {
    assert.deepStrictEqual(combine([[AllowTool()], [AllowTool()], []]), [AllowTool()])
  })
})

describe("6.3 UpdateInput and UpdateToolOutput", () => {
  it("the last UpdateInput in config order stands (sequential runs chain)", () => {
    const result = combine([
      [UpdateInput({ input: { v: 1 } })],
      [AllowTool(), UpdateInput({ input: { v: 2 } })],
      [UpdateInput({ input: { v: 3 } })]
    ])
    assertSameEffects(result, [AllowTool(), UpdateInput({ input: { v: 3 } })])
  })

  it("the last UpdateToolOutput in config order stands", () => {
    const result = combine([[UpdateToolOutput({ output: "a" })], [UpdateToolOutput({ output: "b" })]])
    assert.deepStrictEqual(result, [UpdateToolOutput({ output: "b" })])
  })

  it("no conflicting-update Diagnostic for sequential hooks (no groups)", () => {
    const result = combine([[UpdateInput({ input: { v: 1 } })], [UpdateInput({ input: { v: 2 } })]])
    assert.lengthOf(ofTag(result, "Diagnostic"), 0)
  })

  it("two setters in the same parallel group: the last stands, with a conflicting-update Diagnostic", () => {
    const result = combine([[UpdateInput({ input: { v: 1 } })], [UpdateInput({ input: { v: 2 } })]], {
      groups: ["g", "g"]
    })
    assert.deepStrictEqual(ofTag(result, "UpdateInput"), [UpdateInput({ input: { v: 2 } })])
    const diagnostics = ofTag(result, "Diagnostic")
    assert.deepStrictEqual(
      diagnostics.map((d) => d.code),
      ["conflicting-update"]
    )
    assert.include(diagnostics[0]!.message, "UpdateInput")
  })

  it("UpdateToolOutput conflict in a parallel group", () => {
    const result = combine([[UpdateToolOutput({ output: 1 })], [], [UpdateToolOutput({ output: 2 })]], {
      groups: [0, 0, 0]
    })
    assert.deepStrictEqual(ofTag(result, "UpdateToolOutput"), [UpdateToolOutput({ output: 2 })])
    assert.deepStrictEqual(
      ofTag(result, "Diagnostic").map((d) => d.code),
      ["conflicting-update"]
    )
  })

  it("setters in different groups, or one in a group and one sequential, do not conflict", () => {
    const lists = [[UpdateInput({ input: { v: 1 } })], [UpdateInput({ input: { v: 2 } })]]
    for (const groups of [
      ["a", "b"],
      ["a", undefined],
      [undefined, undefined]
    ] as const) {
      const result = combine(lists, { groups })
      assert.lengthOf(ofTag(result, "Diagnostic"), 0, JSON.stringify(groups))
      assert.deepStrictEqual(ofTag(result, "UpdateInput"), [UpdateInput({ input: { v: 2 } })])
    }
  })

  it("only one setter in a parallel group does not conflict", () => {
    const result = combine([[UpdateInput({ input: { v: 1 } })], [AllowTool()]], { groups: ["g", "g"] })
    assert.lengthOf(ofTag(result, "Diagnostic"), 0)
  })
})

describe("6.4 prompt, stop and compaction blocks", () => {
  it("any BlockPrompt: one BlockPrompt (reasons joined), no InjectContext", () => {
    const result = combine([
      [InjectContext({ text: "ctx 1" })],
      [BlockPrompt({ reason: "secret" })],
      [InjectContext({ text: "ctx 2" }), ShowUser({ level: "warning", text: "w" })],
      [BlockPrompt({ reason: "too long" })]
    ])
    assertSameEffects(result, [BlockPrompt({ reason: "secret\ntoo long" }), ShowUser({ level: "warning", text: "w" })])
  })

  it("BlockStop merge into one, reasons joined by newline", () => {
    assert.deepStrictEqual(combine([[BlockStop({ reason: "a" })], [], [BlockStop({ reason: "b" })]]), [
      BlockStop({ reason: "a\nb" })
    ])
  })

  it("BlockCompaction merge into one, reasons joined by newline", () => {
    assert.deepStrictEqual(combine([[BlockCompaction({ reason: "a" })], [BlockCompaction({ reason: "b" })]]), [
      BlockCompaction({ reason: "a\nb" })
    ])
  })
})

describe("6.5 messages are all kept in config order", () => {
  it("InjectContext, PromptModel, ShowUser and Diagnostic keep config order", () => {
    const lists: ReadonlyArray<ReadonlyArray<HookEffect>> = [
      [InjectContext({ text: "c1" }), ShowUser({ level: "info", text: "u1" })],
      [PromptModel({ text: "p1" }), diag],
      [InjectContext({ text: "c2" }), PromptModel({ text: "p2" }), ShowUser({ level: "error", text: "u2" })]
    ]
    assert.deepStrictEqual(combine(lists), lists.flat())
  })

  it("duplicate messages from two hooks are both kept", () => {
    const m = ShowUser({ level: "warning", text: "same" })
    assert.deepStrictEqual(combine([[m], [m]]), [m, m])
  })
})

describe("6.6 Stop-loop guard", () => {
  const lists = [[BlockStop({ reason: "tests fail" })], [ShowUser({ level: "info", text: "i" })]]

  it("below the cap the BlockStop survives", () => {
    for (const stopBlocks of [0, 1, defaultStopLoopCap - 1]) {
      assertSameEffects(combine(lists, { stopBlocks }), [
        BlockStop({ reason: "tests fail" }),
        ShowUser({ level: "info", text: "i" })
      ])
    }
  })

  it("the default cap is 8", () => {
    assert.strictEqual(defaultStopLoopCap, 8)
  })

  it("at the default cap the BlockStop becomes a ShowUser warning and a stop-loop-cap Diagnostic", () => {
    for (const stopBlocks of [8, 9, 100]) {
      const result = combine(lists, { stopBlocks })
      assert.lengthOf(ofTag(result, "BlockStop"), 0)
      assert.deepStrictEqual(
        ofTag(result, "Diagnostic").map((d) => d.code),
        ["stop-loop-cap"]
      )
      const warnings = ofTag(result, "ShowUser").filter((s) => s.level === "warning")
      assert.lengthOf(warnings, 1)
      assert.include(warnings[0]!.text, "tests fail")
      assert.deepStrictEqual(
        ofTag(result, "ShowUser").filter((s) => s.level === "info"),
        [ShowUser({ level: "info", text: "i" })]
      )
    }
  })

  it("a custom cap", () => {
    assert.deepStrictEqual(ofTag(combine(lists, { stopBlocks: 2, stopLoopCap: 3 }), "BlockStop"), [
      BlockStop({ reason: "tests fail" })
    ])
    const capped = combine(lists, { stopBlocks: 3, stopLoopCap: 3 })
    assert.lengthOf(ofTag(capped, "BlockStop"), 0)
    assert.deepStrictEqual(
      ofTag(capped, "Diagnostic").map((d) => d.code),
      ["stop-loop-cap"]
    )
    assert.include(ofTag(capped, "Diagnostic")[0]!.message, "3")
  })

  it("the cap does not touch other blocks", () => {
    assert.deepStrictEqual(combine([[BlockTool({ reason: "x" })]], { stopBlocks: 50 }), [BlockTool({ reason: "x" })])
  })
})

describe("6.4a the effects of issue 12", () => {
  it("deny > defer > ask > allow: a BlockTool absorbs DeferTool; DeferTool absorbs ask, allow, updates and permission updates", () => {
    assert.deepStrictEqual(combine([[DeferTool({ reason: "later" })], [BlockTool({ reason: "no" })]]), [
      BlockTool({ reason: "no" })
    ])
    assert.deepStrictEqual(
      combine([
        [AllowTool(), UpdateInput({ input: { a: 1 } }), UpdatePermissions({ updates: [1] })],
        [AskPermission({ reason: "q" })],
        [DeferTool({ reason: "later" })]
      ]),
      [DeferTool({ reason: "later" })]
    )
  })

  it("several DeferTools merge into one, reasons joined", () => {
    assert.deepStrictEqual(combine([[DeferTool({ reason: "a" })], [DeferTool()], [DeferTool({ reason: "b" })]]), [
      DeferTool({ reason: "a\nb" })
    ])
  })

  it("BlockAction absorbs ask, allow (PreModelSwitch deny > ask > allow) and a worktree path; several merge", () => {
    assert.deepStrictEqual(
      combine([
        [AllowTool()],
        [AskPermission()],
        [BlockAction({ reason: "x" })],
        [SetWorktreePath({ path: "/w" }), BlockAction({ reason: "y" })]
      ]),
      [BlockAction({ reason: "x\ny" })]
    )
  })

  describe("firstWorktreePath (WorktreeCreate in the wave dialect, issue 21)", () => {
    const failed = BlockAction({ reason: "no space left" })
    const notice = ShowUser({
      level: "error",
      text: 'no space left (another WorktreeCreate hook gave the worktree path "/a", so the creation went on)'
    })

    it("the first path stands; a later one is an ignored-output Diagnostic; a failure is an error notice where it was", () => {
      const combined = combine([[failed], [SetWorktreePath({ path: "/a" })], [SetWorktreePath({ path: "/b" })]], {
        firstWorktreePath: true
      })
      assert.deepStrictEqual(
        combined.map((e) => e._tag),
        ["ShowUser", "SetWorktreePath", "Diagnostic"]
      )
      assert.deepStrictEqual(combined.slice(0, 2), [notice, SetWorktreePath({ path: "/a" })])
      assert.include((combined[2] as { message: string }).message, '"/b"')
    })

    it("without a path, the failures still block, reasons joined", () => {
      assert.deepStrictEqual(
        combine([[failed], [BlockAction({ reason: "printed no path" })]], { firstWorktreePath: true }),
        [BlockAction({ reason: "no space left\nprinted no path" })]
      )
    })

    it("a StopAgent still absorbs the path and keeps nothing else of it", () => {
      assert.deepStrictEqual(
        combine([[SetWorktreePath({ path: "/a" })], [StopAgent({ reason: "halt" })], [failed]], {
          firstWorktreePath: true
        }),
        [StopAgent({ reason: "halt" })]
      )
    })

    it("without the option the last path stands and a failure absorbs it (Claude Code)", () => {
      assert.deepStrictEqual(combine([[SetWorktreePath({ path: "/a" })], [SetWorktreePath({ path: "/b" })]]), [
        SetWorktreePath({ path: "/b" })
      ])
      assert.deepStrictEqual(combine([[failed], [SetWorktreePath({ path: "/a" })]]), [failed])
    })

    it("is idempotent and two-staged", () => {
      const lists = [
        [failed],
        [SetWorktreePath({ path: "/a" })],
        [SetWorktreePath({ path: "/b" }), BlockAction({ reason: "x" })]
      ]
      const once = combine(lists, { firstWorktreePath: true })
      assert.deepStrictEqual(combine([once], { firstWorktreePath: true }), once)
      const staged = combine(
        [combine(lists.slice(0, 1), { firstWorktreePath: true }), combine(lists.slice(1), { firstWorktreePath: true })],
        {
          firstWorktreePath: true
        }
      )
      assert.deepStrictEqual(
        staged.map((e) => e._tag),
        once.map((e) => e._tag)
      )
    })
  })

  it("AnswerElicitation: the strongest action wins (cancel > decline > accept); all accepting, the last content", () => {
    assert.deepStrictEqual(
      combine([
        [AnswerElicitation({ action: "accept", content: { a: 1 } })],
        [AnswerElicitation({ action: "decline" })]
      ]),
      [AnswerElicitation({ action: "decline" })]
    )
    assert.deepStrictEqual(
      combine([[AnswerElicitation({ action: "decline" })], [AnswerElicitation({ action: "cancel" })]]),
      [AnswerElicitation({ action: "cancel" })]
    )
    assert.deepStrictEqual(
      combine([
        [AnswerElicitation({ action: "accept", content: { a: 1 } })],
        [AnswerElicitation({ action: "accept", content: { b: 2 } })],
        [AnswerElicitation({ action: "accept" })]
      ]),
      [AnswerElicitation({ action: "accept", content: { b: 2 } })]
    )
  })

  it("BlockPrompt keeps suppressOriginalPrompt when any hook set it", () => {
    assert.deepStrictEqual(
      combine([[BlockPrompt({ reason: "a" })], [BlockPrompt({ reason: "b", suppressOriginalPrompt: true })]]),
      [BlockPrompt({ reason: "a\nb", suppressOriginalPrompt: true })]
    )
  })

  it("the last session title stands; watch paths and permission updates are all kept; AllowRetry once", () => {
    assert.deepStrictEqual(
      combine([
        [SetSessionTitle({ title: "one" }), WatchPaths({ paths: ["a"] }), AllowRetry()],
        [SetSessionTitle({ title: "two" }), WatchPaths({ paths: ["b"] }), AllowRetry()]
      ]),
      [WatchPaths({ paths: ["a"] }), AllowRetry(), SetSessionTitle({ title: "two" }), WatchPaths({ paths: ["b"] })]
    )
  })

  it("StopAgent absorbs every new effect", () => {
    assert.deepStrictEqual(
      combine([
        [
          DeferTool(),
          BlockAction({ reason: "r" }),
          SetSessionTitle({ title: "t" }),
          AnswerElicitation({ action: "accept" })
        ],
        [StopAgent()]
      ]),
      [StopAgent()]
    )
  })

  it("the agents' effects: the last chained call stands, the first clear, every SetEnv is kept in order", () => {
    assert.deepStrictEqual(
      combine([
        [ChainToolCall({ name: "lint", args: {} }), ClearContext(), SetEnv({ variables: { A: "1", B: "1" } })],
        [ChainToolCall({ name: "test", args: { x: 1 } }), ClearContext(), SetEnv({ variables: { A: "2" } })]
      ]),
      [
        ClearContext(),
        SetEnv({ variables: { A: "1", B: "1" } }),
        ChainToolCall({ name: "test", args: { x: 1 } }),
        SetEnv({ variables: { A: "2" } })
      ]
    )
  })

  it("a block of the subagent's stop, from any hook, wins over a replaced answer; else the last answer stands", () => {
    assert.deepStrictEqual(
      combine([[ReplaceSubagentResponse({ text: "short" })], [BlockStop({ reason: "cite sources" })]]),
      [BlockStop({ reason: "cite sources" })]
    )
    assert.deepStrictEqual(
      combine([[ReplaceSubagentResponse({ text: "one" })], [ReplaceSubagentResponse({ text: "two" })]]),
      [ReplaceSubagentResponse({ text: "two" })]
    )
  })

  it("StopAgent absorbs the agents' effects too", () => {
    assert.deepStrictEqual(
      combine([
        [ChainToolCall({ name: "lint", args: {} }), ClearContext(), SetEnv({ variables: { A: "1" } })],
        [ReplaceSubagentResponse({ text: "x" }), StopAgent()]
      ]),
      [StopAgent()]
    )
  })

  it("Stop-loop cap: at the cap Stop's feedback (PromptModel) becomes the warning too, only when stopBlocks is passed", () => {
    const feedback = [[PromptModel({ text: "run lint" })]]
    const capped = combine(feedback, { stopBlocks: 8 })
    assert.lengthOf(ofTag(capped, "PromptModel"), 0)
    assert.deepStrictEqual(
      ofTag(capped, "Diagnostic").map((d) => d.code),
      ["stop-loop-cap"]
    )
    assert.include(ofTag(capped, "ShowUser")[0]!.text, "run lint")
    assert.deepStrictEqual(combine(feedback, { stopBlocks: 7 }), [PromptModel({ text: "run lint" })])
    assert.deepStrictEqual(combine(feedback), [PromptModel({ text: "run lint" })])
  })
})

describe("combine: call styles and laws", () => {
  const lists: ReadonlyArray<ReadonlyArray<HookEffect>> = [[AllowTool()], [BlockTool({ reason: "no" })]]

  it("data-first: combine(lists) and combine(lists, options)", () => {
    assert.deepStrictEqual(combine(lists), [BlockTool({ reason: "no" })])
    assert.deepStrictEqual(
      combine([[BlockStop({ reason: "r" })]], { stopBlocks: 8 })
        .map((e) => e._tag)
        .sort(),
      ["Diagnostic", "ShowUser"]
    )
  })

  it("data-last: combine(options)(lists), combine()(lists) and pipe", () => {
    assert.deepStrictEqual(combine({})(lists), [BlockTool({ reason: "no" })])
    assert.deepStrictEqual(combine()(lists), [BlockTool({ reason: "no" })])
    assert.deepStrictEqual(pipe(lists, combine({ stopBlocks: 0 })), [BlockTool({ reason: "no" })])
    assert.deepStrictEqual(
      pipe([[BlockStop({ reason: "r" })]], combine({ stopBlocks: 8 }))
        .map((e) => e._tag)
        .sort(),
      ["Diagnostic", "ShowUser"]
    )
  })

  it("no lists or empty lists give no effects", () => {
    assert.deepStrictEqual(combine([]), [])
    assert.deepStrictEqual(combine([[], []]), [])
  })

  it("combine([decide(...)]) equals that decide result as a multiset", () => {
    const stdouts = [
      "",
      "plain text",
      '{"continue": false, "systemMessage": "m"}',
      '{"decision": "block", "reason": "r", "hookSpecificOutput": {"additionalContext": "c", "permissionDecision": "ask", "permissionDecisionReason": "q", "updatedInput": {"a": 1}, "updatedMCPToolOutput": 1, "updatedToolOutput": 2, "decision": {"behavior": "deny", "message": "m", "interrupt": true}}}',
      '{"hookSpecificOutput": {"permissionDecision": "allow", "permissionDecisionReason": "ok", "updatedInput": {}}}',
      "{oops"
    ]
    for (const event of classicEvents) {
      for (const stdout of stdouts) {
        for (const exitCode of [0, 1, 2, null]) {
          const effects = decide(event, hookRun({ exitCode, stdout, stderr: "e", truncated: true }))
          assertSameEffects(combine([effects]), effects, `${event} ${exitCode} ${stdout}`)
        }
      }
    }
  })

  it("the permission outcome does not depend on the order parallel hooks finish in (only config order matters)", () => {
    const lists: ReadonlyArray<ReadonlyArray<HookEffect>> = [
      [AllowTool()],
      [AskPermission({ reason: "a" })],
      [AllowTool()]
    ]
    assert.deepStrictEqual(combine(lists, { groups: [1, 1, 1] }), [AskPermission({ reason: "a" })])
  })
})

describe("combineTraced keeps rules and sources", () => {
  const traced = (effect: HookEffect, rule: string, hook: string, index: number): TracedEffect => ({
    effect,
    id: "json.block",
    rule,
    source: { hook, index }
  })

  it("unmerged effects keep their rule and source", () => {
    const a = traced(InjectContext({ text: "c" }), "5.1 PostToolUse additionalContext", "ctx.sh", 0)
    const b = traced(ShowUser({ level: "warning", text: "w" }), "5.1 systemMessage", "warn.sh", 1)
    assert.deepStrictEqual(combineTraced([[a], [b]]), [a, b])
  })

  it("a merged BlockTool joins the reasons and keeps the first member's source", () => {
    const result = combineTraced([
      [traced(AllowTool(), "5.1 PreToolUse permissionDecision=allow", "allow.sh", 0)],
      [traced(BlockTool({ reason: "a" }), "5.2 PreToolUse exit 2", "a.sh", 1)],
      [traced(BlockTool({ reason: "b" }), "5.1 PreToolUse permissionDecision=deny", "b.sh", 2)]
    ])
    assert.strictEqual(result.length, 1)
    assert.deepStrictEqual(result[0]!.effect, BlockTool({ reason: "a\nb" }))
    assert.deepStrictEqual(result[0]!.source, { hook: "a.sh", index: 1 })
    assert.strictEqual(result[0]!.id, "combine.reasons-joined")
  })

  it("a single block keeps its own rule and source", () => {
    const only = traced(BlockStop({ reason: "r" }), "5.1 Stop decision=block", "s.sh", 0)
    assert.deepStrictEqual(combineTraced([[only]]), [only])
  })

  it("the stop-loop cap and conflicting updates are traced to the combine rules", () => {
    const capped = combineTraced([[traced(BlockStop({ reason: "r" }), "5.2 Stop exit 2", "s.sh", 0)]], {
      stopBlocks: 8
    })
    assert.deepStrictEqual(capped.map((t) => t.effect._tag).sort(), ["Diagnostic", "ShowUser"])
    for (const t of capped) assert.strictEqual(t.id, "combine.stop-loop-cap")
    const conflict = combineTraced(
      [
        [traced(UpdateInput({ input: {} }), "r1", "a.sh", 0)],
        [traced(UpdateInput({ input: { x: 1 } }), "r2", "b.sh", 1)]
      ],
      { groups: ["p", "p"] }
    )
    const d = conflict.find((t) => t.effect._tag === "Diagnostic")!
    assert.strictEqual(d.id, "combine.conflicting-update")
    const kept = conflict.find((t) => t.effect._tag === "UpdateInput")!
    assert.deepStrictEqual(kept.source, { hook: "b.sh", index: 1 })
    assert.strictEqual(kept.rule, "r2")
  })
})
