/**
 * The capability table decides which effects each host carries out: for every
 * host that says "not applicable", the effects it says it of are exactly the
 * complement of its row, one effect of every tag driven through the host's own
 * message code (the AI SDK interpreter's user messages, the OpenAI Agents tool
 * messages, the memory conversation).
 */
import { assert, describe, it } from "@effect/vitest"
import type { EffectOf, HookEffect, HookEffectTag } from "../../src/effects/hook-effect.ts"
import {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockModelRequest,
  BlockTool,
  ChainToolCall,
  ClearContext,
  DeferTool,
  Diagnostic,
  hookEffectTags,
  InjectContext,
  PromptModel,
  ReplaceDisplay,
  ReplacePrompt,
  ReplaceSubagentResponse,
  RestrictTools,
  SendUserMessage,
  SetEnv,
  SetSessionTitle,
  SetWorktreePath,
  ShowUser,
  StopAgent,
  SyntheticModelResponse,
  UpdateInput,
  UpdateModelRequest,
  UpdateModelResponse,
  UpdatePermissions,
  UpdateToolOutput,
  WatchPaths
} from "../../src/effects/hook-effect.ts"
import type { HostKind } from "../../src/effects/host-capabilities.ts"
import {
  carriesOut,
  hostCapabilities,
  notApplicableTags,
  notApplicableText
} from "../../src/effects/host-capabilities.ts"
import { userMessagesOf } from "../../src/interpreters/ai-sdk/user-message.ts"
import { userMessagesOf as openAiToolMessagesOf } from "../../src/hosts/openai-agents/tool-actions.ts"
import { applyToConversation } from "../../src/interpreters/memory/memory-interpreter.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { resolveEffects } from "../../src/interpreters/resolution.ts"

/** One effect of every tag (a new tag fails to compile here until it has a sample). */
const sample: { readonly [T in HookEffectTag]: EffectOf<T> } = {
  StopAgent: StopAgent({ reason: "enough" }),
  BlockTool: BlockTool({ reason: "no" }),
  BlockAction: BlockAction({ reason: "frozen" }),
  DeferTool: DeferTool({ reason: "later" }),
  AskPermission: AskPermission({ reason: "sure?" }),
  AllowTool: AllowTool(),
  UpdatePermissions: UpdatePermissions({ updates: [{ type: "addRules" }] }),
  UpdateInput: UpdateInput({ input: { a: 1 } }),
  BlockPrompt: BlockPrompt({ reason: "no prompt" }),
  BlockStop: BlockStop({ reason: "go on" }),
  BlockCompaction: BlockCompaction({ reason: "not now" }),
  UpdateToolOutput: UpdateToolOutput({ output: "out" }),
  SetWorktreePath: SetWorktreePath({ path: "/wt/x" }),
  AnswerElicitation: AnswerElicitation({ action: "accept", content: { token: "x" } }),
  AllowRetry: AllowRetry(),
  ReplaceDisplay: ReplaceDisplay({ text: "[redacted]" }),
  SetSessionTitle: SetSessionTitle({ title: "Fix CI" }),
  SendUserMessage: SendUserMessage({ text: "Read the README" }),
  WatchPaths: WatchPaths({ paths: [".env"] }),
  ChainToolCall: ChainToolCall({ name: "read_file", args: { path: "out.txt" } }),
  ClearContext: ClearContext(),
  SetEnv: SetEnv({ variables: { TEAM: "infra" } }),
  ReplaceSubagentResponse: ReplaceSubagentResponse({ text: "summary" }),
  ReplacePrompt: ReplacePrompt({ text: "fix the test (skills expanded)" }),
  BlockModelRequest: BlockModelRequest({ reason: "no model calls now" }),
  UpdateModelRequest: UpdateModelRequest({ request: { model: "small" } }),
  SyntheticModelResponse: SyntheticModelResponse({ response: { candidates: [] } }),
  UpdateModelResponse: UpdateModelResponse({ response: { candidates: [] } }),
  RestrictTools: RestrictTools({ mode: "NONE" }),
  InjectContext: InjectContext({ text: "ctx" }),
  PromptModel: PromptModel({ text: "look" }),
  ShowUser: ShowUser({ level: "info", text: "hi" }),
  Diagnostic: Diagnostic({ code: "unknown-field", message: "x" })
}

const tool = { name: "Bash", id: "t1", input: { command: "ls" } }

/** The tags whose one effect, alone, makes the host say "not applicable". */
const saidNotApplicable = (says: (effect: HookEffect) => boolean): ReadonlyArray<HookEffectTag> =>
  hookEffectTags.filter((tag) => says(sample[tag]))

const drivers: ReadonlyArray<readonly [HostKind, (effect: HookEffect) => boolean]> = [
  [
    "ai-sdk",
    (effect) =>
      userMessagesOf(
        { event: "PreToolUse", effects: [effect], tool },
        resolveEffects([effect], "allow"),
        "the AI SDK host"
      ).some((m) => m.text === notApplicableText(effect._tag, "the AI SDK host"))
  ],
  [
    "openai-agents-tool",
    (effect) =>
      openAiToolMessagesOf("PreToolUse", "Bash", [effect]).some(
        (m) => m.text === notApplicableText(effect._tag, "a tool call of the OpenAI Agents host")
      )
  ],
  [
    "memory",
    (effect) => {
      const conversation = new Conversation()
      conversation.addUserMessage("hi")
      applyToConversation(conversation, { event: "PreToolUse", effects: [effect], tool }, { answer: "allow" })
      return conversation.messages.some((m) =>
        m.blocks.some(
          (b) =>
            b.type === "warn" &&
            b.text.includes(`${effect._tag} `) &&
            b.text.includes("not applicable to the memory interpreter")
        )
      )
    }
  ]
]

describe("the host capability table", () => {
  for (const [host, says] of drivers) {
    it(`${host}: the effects it says are not applicable are exactly the complement of its row`, () => {
      const expected = notApplicableTags(host)
      assert.isAbove(expected.length, 0)
      assert.deepStrictEqual(saidNotApplicable(says), expected)
      for (const tag of hookEffectTags) assert.strictEqual(carriesOut(host, sample[tag]), !expected.includes(tag))
    })
  }

  it("terminal and web carry out every effect; every row names only known tags, each once", () => {
    assert.deepStrictEqual(notApplicableTags("terminal"), [])
    assert.deepStrictEqual(notApplicableTags("web"), [])
    for (const row of Object.values(hostCapabilities)) {
      assert.strictEqual(new Set(row).size, row.length)
      for (const tag of row) assert.include(hookEffectTags, tag)
    }
  })
})
