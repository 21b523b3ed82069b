/**
 * `agentLoopPromise`, used as plain TypeScript would: a temp project with
 * real hook scripts (run as processes), tools as async functions, questions
 * answered by a plain `ask`, a step cancelled with an AbortSignal, another
 * interpreter (the terminal one) given as a layer, and `dispose`.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { PermissionRequest } from "../../src/index.ts"
import { DisposedError } from "../../src/index.ts"
import { agentLoopPromise } from "../../src/hosts/agent-loop/agent-loop-promise.ts"
import { terminalInterpreter } from "../../src/interpreters/terminal/terminal-interpreter.ts"
import { canned, group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

const guard = `#!/bin/sh
input=$(cat)
case "$input" in
  *"rm -rf"*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf here"}}' ;;
  *'"Write"'*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"writes a file"}}' ;;
esac
`

/** A trusted project: prompts get context, `rm -rf` is denied, Write asks, Stop is blocked once (a marker file remembers). */
const project = async () => {
  const p = makeProject()
  p.writeFile(".wave/hooks/context.sh", "#!/bin/sh\ncat > /dev/null\necho 'branch: main'\n")
  p.writeFile(".wave/hooks/guard.sh", guard)
  p.writeFile(
    ".wave/hooks/stop.sh",
    `#!/bin/sh\ncat > /dev/null\nif [ ! -f stopped-once ]; then touch stopped-once; echo 'run the tests first' >&2; exit 2; fi\n`
  )
  p.writeSettings(
    "project",
    settings({
      UserPromptSubmit: [group([hook("./.wave/hooks/context.sh")])],
      PreToolUse: [group([hook("./.wave/hooks/guard.sh")])],
      Stop: [group([hook("./.wave/hooks/stop.sh")])]
    })
  )
  await p.trust()
  return p
}

describe("agentLoopPromise", () => {
  it("runs a whole turn with real hooks: context, a denied call, an asked call, a failing tool, a blocked stop", async () => {
    const p = await project()
    const questions: Array<PermissionRequest> = []
    const loop = agentLoopPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      permission: {
        ask: async (question) => (questions.push(question), question.tool?.name === "Write" ? "allow" : "deny")
      }
    })
    try {
      const prompt = await loop.prompt("tidy up")
      assert.isTrue(prompt.accepted)
      assert.deepStrictEqual(prompt.resolution.context, ["branch: main"])

      const executed: Array<unknown> = []
      const denied = await loop.useTool("Bash", { command: "rm -rf build" }, async (input) => void executed.push(input))
      assert.isFalse(denied.ran)
      assert.strictEqual(denied.resultForModel, "no rm -rf here")

      const written = await loop.useTool(
        "Write",
        { file_path: "a.txt" },
        async (input) => (executed.push(input), "wrote a.txt")
      )
      assert.isTrue(written.ran)
      assert.strictEqual(written.resultForModel, "wrote a.txt")
      assert.deepStrictEqual(
        questions.map((q) => [q.tool?.name, q.reason]),
        [["Write", "writes a file"]]
      )

      const failed = await loop.useTool("Bash", { command: "make" }, () => {
        throw new Error("make: no rule")
      })
      assert.isTrue(failed.ran)
      assert.strictEqual(failed.resultForModel, "make: no rule")
      assert.deepStrictEqual(executed, [{ file_path: "a.txt" }])

      const first = await loop.stop()
      assert.isFalse(first.stops)
      assert.strictEqual(first.continueWith, "run the tests first")
      const second = await loop.stop()
      assert.isTrue(second.stops)

      const blocks = loop.conversation.messages.flatMap((m) => m.blocks)
      assert.deepStrictEqual(
        blocks.flatMap((b) => (b.type === "tool" ? [[b.id, b.status, b.result]] : [])),
        [
          ["toolu_001", "denied", "no rm -rf here"],
          ["toolu_002", "done", "wrote a.txt"],
          ["toolu_003", "failed", "make: no rule"]
        ]
      )
      assert.strictEqual((await loop.session()).consecutiveStopBlocks(), 0)
    } finally {
      await loop.dispose()
    }
  }, 30_000)

  it("a prompt cancelled with an AbortSignal while its hook runs rejects and leaves no message", async () => {
    const p = makeProject()
    p.writeFile(".wave/hooks/slow.sh", "#!/bin/sh\ncat > /dev/null\ntouch started\nsleep 30\n")
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("./.wave/hooks/slow.sh")])] }))
    await p.trust()
    const loop = agentLoopPromise({ projectDir: p.dir, homeDir: p.home, env: p.env })
    try {
      const abort = new AbortController()
      const began = Date.now()
      const prompt = loop.prompt("never mind", { signal: abort.signal }).then(
        () => "resolved",
        () => "rejected"
      )
      while (!p.exists("started")) {
        if (Date.now() - began > 10_000) assert.fail("the hook never started")
        await new Promise((r) => setTimeout(r, 20))
      }
      assert.strictEqual(loop.conversation.messages.length, 1, "the prompt is in while its hook runs")
      abort.abort()
      assert.strictEqual(await prompt, "rejected")
      assert.isBelow(Date.now() - began, 10_000, "the hook was not waited for")
      assert.deepStrictEqual(loop.conversation.messages, [])
    } finally {
      await loop.dispose()
    }
  }, 30_000)

  it("takes another interpreter as a layer (the terminal one, with Node's services provided)", async () => {
    const p = await project()
    const lines: Array<string> = []
    const loop = agentLoopPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      interpreter: terminalInterpreter({
        interactive: false,
        nonInteractiveAnswer: "allow",
        color: false,
        write: (t) => void lines.push(t)
      })
    })
    try {
      const written = await loop.useTool("Write", { file_path: "b.txt" }, () => "ok")
      assert.isTrue(written.ran, "the terminal's own non-interactive answer (allow) was used")
      assert.include(lines.join(""), "answered allow")
      // The terminal interpreter does not record into the conversation; the loop still records the call.
      assert.deepStrictEqual(
        loop.conversation.messages.flatMap((m) => m.blocks.map((b) => b.type)),
        ["tool"]
      )
    } finally {
      await loop.dispose()
    }
  }, 30_000)

  it("rejects steps after dispose with DisposedError, naming the step", async () => {
    const p = await project()
    const loop = agentLoopPromise({ projectDir: p.dir, homeDir: p.home, env: p.env })
    await loop.dispose()
    await loop.dispose()
    const error = await loop.prompt("late").then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(error, DisposedError)
    assert.include((error as DisposedError).message, "prompt was called after dispose()")
    assert.deepStrictEqual(loop.conversation.messages, [])
  })

  it("runs canned hooks when given hookProcess (HookProcess.layerTest), starting no process", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("./not-a-real-script")])] }))
    await p.trust()
    const hooks = canned({ "./not-a-real-script": { exitCode: 2, stderr: "prompts are closed today" } })
    const loop = agentLoopPromise({ projectDir: p.dir, homeDir: p.home, env: p.env, hookProcess: hooks.layer })
    try {
      const outcome = await loop.prompt("deploy")
      assert.isFalse(outcome.accepted)
      assert.strictEqual(outcome.resolution.promptBlocked, "prompts are closed today")
      assert.deepStrictEqual(hooks.commands(), ["./not-a-real-script"])
      assert.deepStrictEqual(hooks.payloads()[0]?.["prompt"], "deploy")
      // The blocked prompt is erased; the user sees why.
      assert.deepStrictEqual(loop.conversation.userView(), ["prompts are closed today"])
    } finally {
      await loop.dispose()
    }
  })

  it("uses a given hookSession (one settings snapshot shared with other hosts)", async () => {
    const p = await project()
    const hookSession = await p.session()
    const loop = agentLoopPromise({ hookSession })
    try {
      assert.strictEqual(await loop.session(), hookSession)
      const outcome = await loop.prompt("hello")
      assert.deepStrictEqual(outcome.resolution.context, ["branch: main"])
    } finally {
      await loop.dispose()
    }
  }, 30_000)
})
