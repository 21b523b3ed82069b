/**
 * The Promise forms of the interpreters, used as a caller without Effect
 * would: `interpreterPromise` over any layer (questions to a plain `ask`,
 * the layer built once and released by `dispose`), and the memory, AI SDK,
 * web (a real local server, answered over HTTP) and terminal conveniences.
 */
import type { ModelMessage } from "ai"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { EffectsRequest, PermissionRequest, Resolution, ToolCall } from "../../src/index.ts"
import {
  AskPermission,
  DisposedError,
  InjectContext,
  Interpreter,
  interpreterPromise,
  makeInterpreter,
  Permission,
  ShowUser
} from "../../src/index.ts"
import { couldNotAskReason, userDeniedReason } from "../../src/interpreters/resolution.ts"
import { aiSdkInterpreterPromise } from "../../src/interpreters/ai-sdk/ai-sdk-interpreter.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreterPromise } from "../../src/interpreters/memory/memory-interpreter.ts"
import { terminalInterpreterPromise } from "../../src/interpreters/terminal/terminal-interpreter.ts"
import { webInterpreterPromise } from "../../src/interpreters/web/web-interpreter.ts"
import { startWebServer, tokenHeader } from "../../src/interpreters/web/web-server.ts"

const tool: ToolCall = { id: "toolu_7", name: "Write", input: { file_path: "notes.txt" } }
const asking: EffectsRequest = { event: "PreToolUse", effects: [AskPermission({ reason: "writes a file" })], tool }

/** An interpreter that records what it rendered, for checking the layer plumbing. */
const recording = () => {
  const rendered: Array<{ readonly event: string; readonly resolution: Resolution }> = []
  const layer = makeInterpreter("recording", (request, resolution) =>
    Effect.sync(() => void rendered.push({ event: request.event, resolution }))
  )
  return { rendered, layer }
}

describe("interpreterPromise", () => {
  it("asks the plain ask function with the question, and its answer decides", async () => {
    const { rendered, layer } = recording()
    const questions: Array<PermissionRequest> = []
    const interpreter = interpreterPromise(layer, {
      ask: async (question) => {
        questions.push(question)
        return question.tool?.name === "Write" ? "allow" : "deny"
      }
    })
    const allowed = await interpreter.carryOut(asking)
    const denied = await interpreter.carryOut({ ...asking, tool: { ...tool, name: "Bash" } })
    await interpreter.dispose()
    assert.deepStrictEqual(questions, [
      { event: "PreToolUse", tool, reason: "writes a file" },
      { event: "PreToolUse", tool: { ...tool, name: "Bash" }, reason: "writes a file" }
    ])
    assert.strictEqual(allowed.permission, "allow")
    assert.deepStrictEqual(allowed.asked, { reason: "writes a file", answer: "allow" })
    assert.strictEqual(denied.permission, "deny")
    assert.deepStrictEqual(
      rendered.map((r) => r.resolution.permission),
      ["allow", "deny"]
    )
  })

  it("denies when no ask is given, and when ask throws or rejects", async () => {
    const { layer } = recording()
    const answers: Array<string> = []
    for (const permission of [
      undefined,
      {
        ask: (): "allow" => {
          throw new Error("dialog crashed")
        }
      },
      { ask: () => Promise.reject(new Error("no window")) }
    ]) {
      const interpreter = interpreterPromise(layer, permission)
      answers.push((await interpreter.carryOut(asking)).permission)
      await interpreter.dispose()
    }
    assert.deepStrictEqual(answers, ["deny", "deny", "deny"])
  })

  it("a throwing or rejecting ask is reported as 'could not ask: <error>', not as the user's refusal (issue 21)", async () => {
    const { layer, rendered } = recording()
    for (const [permission, error] of [
      [
        {
          ask: (): "allow" => {
            throw new Error("dialog crashed")
          }
        },
        "dialog crashed"
      ],
      [{ ask: () => Promise.reject(new Error("no window")) }, "no window"],
      [{ ask: () => Promise.reject("a bare string") }, "a bare string"]
    ] as const) {
      for (const askTimeoutMs of [undefined, 60_000]) {
        const interpreter = interpreterPromise(layer, permission, askTimeoutMs === undefined ? {} : { askTimeoutMs })
        const resolution = await interpreter.carryOut(asking)
        await interpreter.dispose()
        assert.strictEqual(resolution.permission, "deny")
        assert.strictEqual(resolution.denyReason, couldNotAskReason(error))
        assert.include(resolution.denyReason, `could not ask: ${error}`)
        assert.notStrictEqual(resolution.denyReason, userDeniedReason())
        assert.deepStrictEqual(resolution.asked, { reason: "writes a file", answer: "deny", couldNotAsk: error })
      }
    }
    assert.strictEqual(rendered.length, 6)
  })

  it("the memory conversation and the AI SDK's user messages say 'could not ask: <error>' for a throwing ask", async () => {
    const conversation = new Conversation()
    conversation.addToolCall(tool.id, tool.name, tool.input)
    const memory = memoryInterpreterPromise(conversation, { ask: () => Promise.reject(new Error("no window")) })
    await memory.carryOut(asking)
    await memory.dispose()
    const block = conversation.toolBlock(tool.id)
    assert.strictEqual(block?.status, "denied")
    assert.strictEqual(block?.result, couldNotAskReason("no window"))
    const text = JSON.stringify(conversation.messages)
    assert.include(text, "could not ask: no window; denied")
    assert.notInclude(text, "by the user")
    const messages: Array<{ readonly level: string; readonly text: string }> = []
    const aiSdk = aiSdkInterpreterPromise(
      { onUserMessage: (m) => void messages.push(m) },
      { ask: () => Promise.reject(new Error("no window")) }
    )
    const resolution = await aiSdk.carryOut(asking)
    await aiSdk.dispose()
    assert.strictEqual(resolution.denyReason, couldNotAskReason("no window"))
    assert.deepStrictEqual(
      messages.map((m) => [m.level, m.text]),
      [["warning", "Permission asked for Write: writes a file (could not ask: no window; denied)"]]
    )
  })

  it("does not ask when nothing needs an answer", async () => {
    let asked = 0
    const interpreter = interpreterPromise(recording().layer, { ask: async () => (asked++, "allow" as const) })
    const resolution = await interpreter.carryOut({
      event: "SessionStart",
      effects: [InjectContext({ text: "branch: main" })]
    })
    await interpreter.dispose()
    assert.strictEqual(asked, 0)
    assert.deepStrictEqual(resolution.context, ["branch: main"])
  })

  it("builds the layer once, on first use, and releases it on dispose; later calls reject with DisposedError", async () => {
    const log: Array<string> = []
    const layer = Layer.effect(
      Interpreter,
      Effect.acquireRelease(
        Effect.sync(() => {
          log.push("built")
          return Interpreter.of({
            name: "counted",
            carryOut: () => Effect.sync(() => (log.push("carried out"), resolutionOf()))
          })
        }),
        () => Effect.sync(() => void log.push("released"))
      )
    )
    const interpreter = interpreterPromise(layer)
    assert.deepStrictEqual(log, [], "nothing is built before the first call")
    await interpreter.carryOut(asking)
    await interpreter.carryOut(asking)
    assert.deepStrictEqual(log, ["built", "carried out", "carried out"])
    await interpreter.dispose()
    await interpreter.dispose()
    assert.deepStrictEqual(log, ["built", "carried out", "carried out", "released"])
    const error = await interpreter.carryOut(asking).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(error, DisposedError)
    assert.strictEqual((error as DisposedError)._tag, "DisposedError")
    assert.include((error as DisposedError).message, "carryOut(PreToolUse) was called after dispose()")
  })

  it("a layer that does not build rejects carryOut with its error", async () => {
    class Broken extends Error {}
    const interpreter = interpreterPromise(Layer.effect(Interpreter, Effect.die(new Broken("no display"))))
    const error = await interpreter.carryOut(asking).then(
      () => undefined,
      (e: unknown) => e
    )
    await interpreter.dispose()
    assert.instanceOf(error, Broken)
  })

  it("a layer with its own Permission keeps it and ignores ask", async () => {
    const layer = makeInterpreter("own", () => Effect.void).pipe(Layer.provide(Permission.always("allow")))
    const interpreter = interpreterPromise(layer, { ask: () => "deny" })
    const resolution = await interpreter.carryOut(asking)
    await interpreter.dispose()
    assert.strictEqual(resolution.permission, "allow")
  })
})

/** A resolution with nothing in it (for a hand-written interpreter). */
const resolutionOf = (): Resolution => ({
  permission: "default",
  context: [],
  feedback: [],
  userMessages: [],
  diagnostics: []
})

describe("memoryInterpreterPromise", () => {
  it("carries effects out on the conversation, asking the handler", async () => {
    const conversation = new Conversation()
    conversation.addUserMessage("write my notes")
    conversation.addToolCall(tool.id, tool.name, tool.input)
    const denying = memoryInterpreterPromise(conversation, { ask: () => "deny" })
    const resolution = await denying.carryOut(asking)
    await denying.carryOut({ event: "PostToolUse", effects: [InjectContext({ text: "notes are in git" })] })
    await denying.dispose()
    assert.strictEqual(resolution.permission, "deny")
    assert.strictEqual(conversation.toolBlock(tool.id)?.status, "denied")
    assert.include(conversation.userView().join("\n"), "Permission asked: writes a file (denied by the user)")
    assert.include(JSON.stringify(conversation.toModelMessages()), "notes are in git")
  })
})

describe("aiSdkInterpreterPromise", () => {
  it("puts model-visible effects in the messages and user-visible ones in onUserMessage", async () => {
    const messages: Array<ModelMessage> = [{ role: "user", content: "start" }]
    const user: Array<string> = []
    const interpreter = aiSdkInterpreterPromise({ messages, onUserMessage: (m) => user.push(`${m.level}: ${m.text}`) })
    const resolution = await interpreter.carryOut({
      event: "SessionStart",
      effects: [InjectContext({ text: "branch: main" }), ShowUser({ level: "warning", text: "formatter is slow" })]
    })
    assert.deepStrictEqual(resolution.context, ["branch: main"])
    assert.deepStrictEqual(messages.slice(1), [{ role: "user", content: [{ type: "text", text: "branch: main" }] }])
    assert.include(user, "warning: formatter is slow")
    assert.notInclude(JSON.stringify(messages), "formatter is slow")
    const denied = await interpreter.carryOut(asking)
    await interpreter.dispose()
    assert.strictEqual(denied.permission, "deny", "no handler: deny")
    assert.deepStrictEqual(messages.at(-1), {
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: tool.id,
          toolName: tool.name,
          output: { type: "text", value: userDeniedReason() }
        }
      ]
    })
  })
})

describe("webInterpreterPromise", () => {
  it("asks on the page of a real server; an answer over HTTP resolves carryOut", async () => {
    const server = await startWebServer()
    const web = webInterpreterPromise(server)
    try {
      const pending = web.carryOut(asking)
      const deadline = Date.now() + 5_000
      while (server.feed.pendingQuestions().length === 0) {
        if (Date.now() > deadline) assert.fail("the question never reached the page")
        await new Promise((r) => setTimeout(r, 10))
      }
      const [id] = server.feed.pendingQuestions()
      const answered = await fetch(`http://127.0.0.1:${server.port}/answer`, {
        method: "POST",
        headers: { [tokenHeader]: server.token },
        body: JSON.stringify({ id, answer: "allow" })
      })
      assert.strictEqual(answered.status, 200)
      const resolution = await pending
      assert.strictEqual(resolution.permission, "allow")
      assert.strictEqual(server.feed.history()[0]?.question?.outcome, "You allowed it.")
    } finally {
      await web.dispose()
      await server.close()
    }
    // dispose released the interpreter, not the server's history.
    assert.strictEqual(server.feed.history().length, 1)
  })

  it("denies with the timeout answer when nobody answers", async () => {
    const server = await startWebServer()
    const web = webInterpreterPromise(server, { timeoutMs: 30 })
    try {
      assert.strictEqual((await web.carryOut(asking)).permission, "deny")
      assert.strictEqual(server.feed.history()[0]?.question?.by, "timeout")
    } finally {
      await web.dispose()
      await server.close()
    }
  })
})

describe("terminalInterpreterPromise", () => {
  it("without a terminal, writes the effects and answers nonInteractiveAnswer", async () => {
    const lines: Array<string> = []
    const terminal = terminalInterpreterPromise({
      interactive: false,
      nonInteractiveAnswer: "allow",
      color: false,
      write: (t) => void lines.push(t)
    })
    const resolution = await terminal.carryOut(asking)
    await terminal.dispose()
    assert.strictEqual(resolution.permission, "allow")
    const text = lines.join("")
    assert.include(
      text,
      'No terminal to ask "Allow Write {"file_path":"notes.txt"}? Reason: writes a file"; answered allow.'
    )
    assert.include(text, "writes a file")
  })
})
