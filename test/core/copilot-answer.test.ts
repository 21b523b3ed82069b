/**
 * Copilot's answer vocabulary and its reading of stdout (ARCHITECTURE 5.3.4; GitHub's hooks reference as
 * /work/shared/research/agent-dialects.md sections 5.3 and 5.4 record it).
 */
import { assert, describe, it } from "@effect/vitest"
import { copilotStdout, translateCopilotAnswer } from "../../src/core/copilot-answer.ts"
import type { AgentEvent } from "../../src/core/dialect-events.ts"
import type { HookEvent } from "../../src/index.ts"
import { ReplacePrompt, ReplaceSubagentResponse } from "../../src/index.ts"

const row = (name: string, event: HookEvent): AgentEvent => ({
  name,
  event,
  matcherField: "toolName",
  matcherKind: "pattern"
})

describe("translateCopilotAnswer", () => {
  it("reads preToolUse's top-level decision, reason and modifiedArgs", () => {
    assert.deepStrictEqual(
      translateCopilotAnswer(row("preToolUse", "PreToolUse"), {
        permissionDecision: "deny",
        permissionDecisionReason: "no rm -rf",
        modifiedArgs: { command: "ls" }
      }),
      {
        json: {
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "no rm -rf",
            updatedInput: { command: "ls" }
          }
        },
        diagnostics: []
      }
    )
  })

  it("reads postToolUse's modifiedResult as the text the model reads, and its context", () => {
    assert.deepStrictEqual(
      translateCopilotAnswer(row("postToolUse", "PostToolUse"), {
        modifiedResult: { resultType: "success", textResultForLlm: "[redacted]" },
        additionalContext: "lint failed"
      }).json,
      {
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          updatedToolOutput: "[redacted]",
          additionalContext: "lint failed"
        }
      }
    )
    const bad = translateCopilotAnswer(row("postToolUse", "PostToolUse"), { modifiedResult: "text" })
    assert.deepStrictEqual(bad.json, {})
    assert.deepStrictEqual(
      bad.diagnostics.map((d) => d.code),
      ["invalid-field"]
    )
  })

  it("reads permissionRequest's behavior, message and interrupt as the decision", () => {
    assert.deepStrictEqual(
      translateCopilotAnswer(row("permissionRequest", "PermissionRequest"), {
        behavior: "deny",
        message: "no",
        interrupt: true
      }).json,
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "no", interrupt: true }
        }
      }
    )
  })

  it("reads agentStop's block with its reason; allow asks for nothing", () => {
    assert.deepStrictEqual(
      translateCopilotAnswer(row("agentStop", "Stop"), { decision: "block", reason: "run the tests" }).json,
      {
        decision: "block",
        reason: "run the tests"
      }
    )
    assert.deepStrictEqual(translateCopilotAnswer(row("agentStop", "Stop"), { decision: "allow", reason: "done" }), {
      json: {},
      diagnostics: []
    })
  })

  it("discards what Copilot does not read, naming each field and why", () => {
    const prompt = translateCopilotAnswer(row("userPromptSubmitted", "UserPromptSubmit"), {
      modifiedPrompt: "x",
      note: 1
    })
    assert.deepStrictEqual(prompt.json, {})
    assert.deepStrictEqual(
      prompt.diagnostics.map((d) => d.message.split(":")[0]),
      ["$.modifiedPrompt", "$.note"]
    )
    assert.include(prompt.diagnostics[1]?.message, "cannot block or change a prompt")
    const stop = translateCopilotAnswer(row("agentStop", "Stop"), { modifiedResponse: "shorter" })
    assert.include(stop.diagnostics[0]?.message, "agentStop answers have no such field")
    const claude = translateCopilotAnswer(row("preToolUse", "PreToolUse"), {
      hookSpecificOutput: { permissionDecision: "deny" }
    })
    assert.deepStrictEqual(claude.json, {})
    assert.strictEqual(claude.diagnostics[0]?.code, "discarded-field")
  })
})

describe("translateCopilotAnswer: subagentStop's modifiedResponse", () => {
  it("is what the parent agent reads as the subagent's answer", () => {
    const answer = translateCopilotAnswer(row("subagentStop", "SubagentStop"), { modifiedResponse: "shorter" })
    assert.deepStrictEqual(answer.effects, [ReplaceSubagentResponse({ text: "shorter" })])
    assert.deepStrictEqual(answer.diagnostics, [])
  })

  it("loses to a block in the same answer, which is reported", () => {
    const answer = translateCopilotAnswer(row("subagentStop", "SubagentStop"), {
      decision: "block",
      reason: "cite sources",
      modifiedResponse: "shorter"
    })
    assert.deepStrictEqual(answer.effects, undefined)
    assert.deepStrictEqual(answer.json, { decision: "block", reason: "cite sources" })
    assert.include(answer.diagnostics[0]?.message, "$.modifiedResponse: a block wins over it")
  })

  it("reports a value that is not a string at its path", () => {
    const answer = translateCopilotAnswer(row("subagentStop", "SubagentStop"), { modifiedResponse: { text: "x" } })
    assert.deepStrictEqual(answer.effects, undefined)
    assert.strictEqual(answer.diagnostics[0]?.code, "invalid-field")
    assert.include(answer.diagnostics[0]?.message, "$.modifiedResponse: expected a string")
  })
})

describe("copilotStdout", () => {
  it("removes progress lines, then reads the rest as one JSON object", () => {
    assert.deepStrictEqual(
      copilotStdout('{"type":"progress","message":"checking"}\n  {"type":"progress"}\n{"permissionDecision":"deny"}\n'),
      { _tag: "Json", value: { permissionDecision: "deny" }, text: '{"permissionDecision":"deny"}', progressLines: 2 }
    )
  })

  it("reads two objects, a log line before the JSON, or plain text as no output", () => {
    for (const stdout of ['{"a":1}\n{"b":2}', 'checking...\n{"permissionDecision":"deny"}', "all good", "[1,2]"])
      assert.strictEqual(copilotStdout(stdout)._tag, "NoOutput", stdout)
    assert.deepStrictEqual(copilotStdout("  \n"), { _tag: "NoOutput", text: "", progressLines: 0 })
  })

  it("keeps a JSON object whose type is not progress as the answer", () => {
    assert.deepStrictEqual(copilotStdout('{"type":"result","permissionDecision":"allow"}'), {
      _tag: "Json",
      value: { type: "result", permissionDecision: "allow" },
      text: '{"type":"result","permissionDecision":"allow"}',
      progressLines: 0
    })
  })
})

describe("translateCopilotAnswer: userPromptTransformed", () => {
  it("gives modifiedTransformedPrompt to the model (ReplacePrompt)", () => {
    const answer = translateCopilotAnswer(row("userPromptTransformed", "PromptTransformed"), {
      modifiedTransformedPrompt: "fix it\n\nFollow docs/auth.md."
    })
    assert.deepStrictEqual(answer.effects, [ReplacePrompt({ text: "fix it\n\nFollow docs/auth.md." })])
    assert.deepStrictEqual(answer.diagnostics, [])
  })

  it("reports a value that is not a string, and fields Copilot does not read there", () => {
    const answer = translateCopilotAnswer(row("userPromptTransformed", "PromptTransformed"), {
      modifiedTransformedPrompt: 3,
      permissionDecision: "deny"
    })
    assert.deepStrictEqual(answer.effects, undefined)
    assert.deepStrictEqual(
      answer.diagnostics.map((d) => d.code),
      ["invalid-field", "discarded-field"]
    )
  })
})
