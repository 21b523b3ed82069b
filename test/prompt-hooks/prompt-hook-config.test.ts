/**
 * Settings of prompt and agent hooks (issue 13): accepted events, $ARGUMENTS,
 * the checks validation runs, the schemas.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Schema } from "effect"
import { hookEvents } from "../../src/core/events.ts"
import {
  acceptsModelHook,
  AgentHookConfig,
  agentHookEvents,
  checkModelHook,
  expandArguments,
  isModelHookEntry,
  modelHookDefaultTimeoutSeconds,
  PromptHookConfig,
  promptHookEvents
} from "../../src/settings/prompt-hook-config.ts"

describe("accepted events", () => {
  it("prompt: the decision events wave-hooks has; agent: the same but PermissionRequest", () => {
    const reference = [
      "PreToolUse",
      "PermissionRequest",
      "PermissionDenied",
      "PostToolUse",
      "PostToolUseFailure",
      "PostToolBatch",
      "UserPromptSubmit",
      "UserPromptExpansion",
      "Stop",
      "SubagentStop",
      "TaskCreated",
      "TaskCompleted",
      "TeammateIdle"
    ]
    assert.deepStrictEqual([...promptHookEvents], reference)
    assert.deepStrictEqual(
      [...agentHookEvents],
      reference.filter((e) => e !== "PermissionRequest")
    )
    for (const event of ["SessionStart", "SessionEnd", "SubagentStart", "Notification", "PreCompact"] as const) {
      assert.isFalse(acceptsModelHook("prompt", event), event)
      assert.isFalse(acceptsModelHook("agent", event), event)
    }
    assert.isTrue(acceptsModelHook("prompt", "PermissionRequest"))
    assert.isFalse(acceptsModelHook("agent", "PermissionRequest"))
  })

  it("default timeouts: prompt 30 s, agent 60 s", () => {
    assert.deepStrictEqual(modelHookDefaultTimeoutSeconds, { prompt: 30, agent: 60 })
  })
})

describe("expandArguments", () => {
  it("replaces every $ARGUMENTS, or appends the payload", () => {
    assert.strictEqual(expandArguments("a $ARGUMENTS b $ARGUMENTS", "{}"), "a {} b {}")
    assert.strictEqual(expandArguments("Is it safe?", '{"x":1}'), 'Is it safe?\n\n{"x":1}')
  })

  it("takes the payload literally ($ patterns in it are not special)", () => {
    assert.strictEqual(expandArguments("x $ARGUMENTS", '{"a":"$& $1 $$"}'), 'x {"a":"$& $1 $$"}')
  })

  it("property: the payload always appears in the prompt", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (prompt, payload) => expandArguments(prompt, payload).includes(payload))
    )
  })
})

describe("checkModelHook", () => {
  it("a well-formed prompt hook: its config, no problems", () => {
    const { config, problems } = checkModelHook(
      "prompt",
      {
        type: "prompt",
        prompt: "Safe? $ARGUMENTS",
        model: "m",
        continueOnBlock: true,
        timeout: 10,
        onFailure: "block",
        statusMessage: "Checking"
      },
      "PreToolUse"
    )
    assert.deepStrictEqual(problems, [])
    assert.deepStrictEqual(config, {
      type: "prompt",
      prompt: "Safe? $ARGUMENTS",
      model: "m",
      continueOnBlock: true,
      timeoutSeconds: 10,
      onFailure: "block",
      statusMessage: "Checking"
    })
  })

  it("a type on an event that does not accept it is an error naming the events that do", () => {
    const { config, problems } = checkModelHook("agent", { type: "agent", prompt: "x" }, "PermissionRequest")
    assert.isUndefined(config)
    assert.deepStrictEqual(problems, [
      {
        severity: "error",
        key: "type",
        problem: '"agent" hooks do not run on PermissionRequest; the hook was skipped',
        fix: 'use a "command" hook on PermissionRequest, or move this hook to one of: PreToolUse, PermissionDenied, PostToolUse, PostToolUseFailure, PostToolBatch, UserPromptSubmit, UserPromptExpansion, Stop, SubagentStop, TaskCreated, TaskCompleted, TeammateIdle'
      }
    ])
    assert.strictEqual(
      checkModelHook("prompt", { type: "prompt", prompt: "x" }, "SessionStart").problems[0]?.problem,
      '"prompt" hooks do not run on SessionStart; the hook was skipped'
    )
  })

  it("errors skip the entry: blank prompt, bad model, timeout, onFailure, continueOnBlock", () => {
    const cases: ReadonlyArray<[Record<string, unknown>, string]> = [
      [{ type: "prompt" }, "prompt"],
      [{ type: "prompt", prompt: "  " }, "prompt"],
      [{ type: "prompt", prompt: 3 }, "prompt"],
      [{ type: "prompt", prompt: "x", model: "" }, "model"],
      [{ type: "prompt", prompt: "x", timeout: 0 }, "timeout"],
      [{ type: "prompt", prompt: "x", timeout: "30" }, "timeout"],
      [{ type: "prompt", prompt: "x", onFailure: "stop" }, "onFailure"],
      [{ type: "prompt", prompt: "x", continueOnBlock: "yes" }, "continueOnBlock"]
    ]
    for (const [hook, key] of cases) {
      const { config, problems } = checkModelHook("prompt", hook, "PreToolUse")
      assert.isUndefined(config, JSON.stringify(hook))
      assert.deepStrictEqual(
        problems.filter((p) => p.severity === "error").map((p) => p.key),
        [key],
        JSON.stringify(hook)
      )
    }
  })

  it("warnings keep the entry: ms-looking timeout, command, continueOnBlock where it does nothing, unknown keys", () => {
    const warned = (
      type: "prompt" | "agent",
      hook: Record<string, unknown>,
      event: "Stop" | "PreToolUse" = "PreToolUse"
    ) => {
      const { config, problems } = checkModelHook(type, hook, event)
      assert.isDefined(config, JSON.stringify(hook))
      return problems.map((p) => `${p.severity} ${p.key}: ${p.problem}`)
    }
    assert.deepStrictEqual(warned("prompt", { type: "prompt", prompt: "x", timeout: 30000 }), [
      "warning timeout: 30000 seconds looks like milliseconds (timeouts are in seconds)"
    ])
    assert.deepStrictEqual(warned("prompt", { type: "prompt", prompt: "x", command: "ls" }), [
      'warning command: "prompt" hooks run no command; it is ignored'
    ])
    assert.deepStrictEqual(warned("prompt", { type: "prompt", prompt: "x", continueOnBlock: true }, "Stop"), [
      "warning continueOnBlock: has no effect on Stop (only PreToolUse and PostToolUse end the turn on ok:false)"
    ])
    assert.deepStrictEqual(warned("agent", { type: "agent", prompt: "x", continueOnBlock: false }), [
      'warning continueOnBlock: "agent" hooks always tell the model why and go on (as continueOnBlock: true); it is ignored'
    ])
    assert.deepStrictEqual(warned("agent", { type: "agent", prompt: "x", tools: [] }), [
      'warning tools: unknown key "tools" in an agent hook; it is ignored'
    ])
  })

  it("an agent's config never carries continueOnBlock", () => {
    assert.deepStrictEqual(
      checkModelHook("agent", { type: "agent", prompt: "x", continueOnBlock: false }, "Stop").config,
      { type: "agent", prompt: "x", onFailure: "continue" }
    )
  })
})

describe("schemas", () => {
  it("decode the documented shapes", () => {
    assert.isTrue(
      Schema.is(PromptHookConfig)({
        type: "prompt",
        prompt: "x",
        model: "m",
        continueOnBlock: false,
        timeout: 5,
        onFailure: "continue",
        statusMessage: "s"
      })
    )
    assert.isFalse(Schema.is(PromptHookConfig)({ type: "prompt", prompt: " " }))
    assert.isTrue(Schema.is(AgentHookConfig)({ type: "agent", prompt: "x" }))
    assert.isFalse(Schema.is(AgentHookConfig)({ type: "prompt", prompt: "x" }))
  })

  it("isModelHookEntry picks entries by type", () => {
    assert.isTrue(isModelHookEntry({ type: "prompt" }))
    assert.isTrue(isModelHookEntry({ type: "agent" }))
    assert.isFalse(isModelHookEntry({ type: "command" }))
    assert.isFalse(isModelHookEntry(null))
  })

  it("every event is either accepted or not (total)", () => {
    for (const event of hookEvents) assert.isBoolean(acceptsModelHook("prompt", event))
  })
})
