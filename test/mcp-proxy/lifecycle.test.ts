/**
 * The gateway's process hygiene and interaction, as real processes: asks
 * through elicitation (yes / no), without it (deny, saying why), `--ask
 * deny`; cancellation of a running hook and of an upstream call; the client
 * going away ends the proxy and the upstream's whole process group; an
 * upstream crash ends the proxy with its exit code and last words; hooks'
 * stdout never reaches the MCP channel.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { join } from "node:path"
import { ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import { alive, eventually, fileHas, pidIn, startProxy, textsOf, tinyServer } from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const tiny = ["--", nodeBin, tinyServer]
const json = (value: unknown) => `printf '%s\\n' ${shq(JSON.stringify(value))}`
const askHook = json({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "ask",
    permissionDecisionReason: "echo needs your OK"
  }
})

const askingProject = () => {
  const p = makeProject()
  p.writeSettings("project", settings({ PreToolUse: [group([hook(askHook)], { matcher: "mcp__tiny__echo" })] }))
  return { p, log: join(p.root, "calls.log") }
}

describe.concurrent("asks", () => {
  for (const [answer, runs] of [
    [{ action: "accept", content: { allow: true } }, true],
    [{ action: "decline" }, false],
    [{ action: "accept", content: { allow: false } }, false]
  ] as const) {
    it(`given an ask and a client with elicitation answering ${JSON.stringify(answer)}, when echo is called, then it ${runs ? "runs" : "is denied and never reaches the upstream"}`, async () => {
      const { p, log } = askingProject()
      const asked: Array<string> = []
      const proxy = await startProxy(p, tiny, {
        capabilities: { elicitation: {} },
        env: { TINY_LOG: log },
        setup: (client) =>
          client.setRequestHandler(ElicitRequestSchema, async (request) => {
            asked.push(request.params.message)
            return answer
          })
      })
      try {
        const result = await proxy.client.callTool({ name: "echo", arguments: { text: "hi" } })
        if (runs) assert.deepStrictEqual(textsOf(result), ["hi"])
        else {
          assert.strictEqual(result.isError, true)
          assert.deepStrictEqual(textsOf(result), ["The user denied this tool call."])
        }
      } finally {
        await proxy.close()
      }
      assert.strictEqual(asked.length, 1)
      assert.match(asked[0]!, /^echo needs your OK\n\nTool: mcp__tiny__echo\nArguments: \{"text":"hi"\}$/)
      assert.strictEqual(p.lines("../calls.log").length, runs ? 1 : 0)
    })
  }

  it("given an ask and a client without elicitation, when echo is called, then it is denied with a message that says why", async () => {
    const { p, log } = askingProject()
    const proxy = await startProxy(p, tiny, { env: { TINY_LOG: log } })
    try {
      const result = await proxy.client.callTool({ name: "echo", arguments: { text: "hi" } })
      assert.strictEqual(result.isError, true)
      assert.match(textsOf(result)[0]!, /does not support elicitation, so the call was denied.*--ask web/)
    } finally {
      await proxy.close()
    }
    assert.deepStrictEqual(p.lines("../calls.log"), [])
  })

  it("given an ask, a client without elicitation and --ask web, when echo is called, then the question waits on the serve page and the click decides", async () => {
    const { p, log } = askingProject()
    const proxy = await startProxy(p, ["--ask", "web", ...tiny], { env: { TINY_LOG: log } })
    try {
      await eventually(() => /questions are asked at \S+/.test(proxy.stderr()), "the page's address on stderr")
      const page = new URL(/questions are asked at (\S+)/.exec(proxy.stderr())![1]!)
      // The token rides after # (never sent to a server); the page's script sends it as a header.
      const token = new URLSearchParams(page.hash.slice(1)).get("token")!
      // Follow the page's event stream until the question shows up, then answer it as the page's button does.
      const events = await fetch(new URL("/events", page), { headers: { authorization: `Bearer ${token}` } })
      const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader()
      const call = proxy.client.callTool({ name: "echo", arguments: { text: "via web" } })
      let seen = ""
      let question: { id: string; reason?: string } | undefined
      while (question === undefined) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`the event stream ended: ${seen}`)
        seen += value
        for (const match of seen.matchAll(/^data: (.*)$/gm)) {
          const card = JSON.parse(match[1]!) as { question?: { id: string; state: string; reason?: string } }
          if (card.question?.state === "pending") question = card.question
        }
      }
      assert.strictEqual(question.reason, "echo needs your OK")
      const answered = await fetch(new URL("/answer", page), {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ id: question.id, answer: "allow" })
      })
      assert.strictEqual(answered.status, 200, await answered.text())
      await reader.cancel()
      assert.deepStrictEqual(textsOf(await call), ["via web"])
    } finally {
      await proxy.close()
    }
    assert.strictEqual(p.lines("../calls.log").length, 1)
  })

  it("given an ask and --ask deny, when a client with elicitation calls echo, then it is not asked and the call is denied", async () => {
    const { p, log } = askingProject()
    let asked = 0
    const proxy = await startProxy(p, ["--ask", "deny", ...tiny], {
      capabilities: { elicitation: {} },
      env: { TINY_LOG: log },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, async () => {
          asked++
          return { action: "accept", content: { allow: true } }
        })
    })
    try {
      const result = await proxy.client.callTool({ name: "echo", arguments: { text: "hi" } })
      assert.strictEqual(result.isError, true)
      assert.match(textsOf(result)[0]!, /asks are turned off/)
    } finally {
      await proxy.close()
    }
    assert.strictEqual(asked, 0)
  })
})

describe.concurrent("cancellation", () => {
  it("given a PreToolUse hook still running, when the client cancels the call, then the hook's process is killed and the upstream is never called", async () => {
    const p = makeProject()
    const hookPid = join(p.root, "hook.pid")
    const log = join(p.root, "calls.log")
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook(`echo $$ > ${shq(hookPid)}; exec sleep 30`)], { matcher: "mcp__tiny__echo" })]
      })
    )
    const proxy = await startProxy(p, tiny, { env: { TINY_LOG: log } })
    try {
      const abort = new AbortController()
      const call = proxy.client
        .callTool({ name: "echo", arguments: { text: "hi" } }, undefined, { signal: abort.signal })
        .then(
          () => "answered",
          () => "rejected"
        )
      await eventually(() => fileHas(hookPid, "\n")(), "the hook to start")
      const pid = pidIn(hookPid)
      abort.abort()
      assert.strictEqual(await call, "rejected")
      await eventually(() => !alive(pid), "the hook's process to end")
      // The proxy still serves: the next call (no hook matches secret) runs.
      assert.deepStrictEqual(textsOf(await proxy.client.callTool({ name: "secret", arguments: {} })), [
        "token=SECRET_123"
      ])
    } finally {
      await proxy.close()
    }
    assert.deepStrictEqual(
      p.lines("../calls.log").map((l) => JSON.parse(l).name),
      ["secret"]
    )
  })

  it("given an upstream call in progress, when the client cancels it, then the upstream is told (its request's signal aborts)", async () => {
    const p = makeProject()
    const slow = join(p.root, "slow.txt")
    const proxy = await startProxy(p, tiny, { env: { TINY_SLOW_FILE: slow } })
    try {
      const abort = new AbortController()
      const call = proxy.client
        .callTool({ name: "slow", arguments: {} }, undefined, { signal: abort.signal })
        .catch(() => "rejected")
      await eventually(fileHas(slow, "started"), "the slow call to start")
      abort.abort()
      assert.strictEqual(await call, "rejected")
      await eventually(fileHas(slow, "cancelled"), "the upstream to see the cancellation")
    } finally {
      await proxy.close()
    }
  })
})

describe.concurrent("lifecycle", () => {
  it("given a running proxy, when the client closes stdin, then the proxy exits 0 by itself and the upstream's process group is gone", async () => {
    const p = makeProject()
    const upstreamPid = join(p.root, "upstream.pid")
    const proxy = await startProxy(p, tiny, { env: { TINY_PID_FILE: upstreamPid } })
    await proxy.client.ping()
    const pid = pidIn(upstreamPid)
    assert.isTrue(alive(pid))
    const exit = await proxy.close()
    assert.deepStrictEqual({ code: exit.code, signal: exit.signal }, { code: 0, signal: null }, proxy.stderr())
    await eventually(() => !alive(pid), "the upstream to end", 3000)
    assert.isFalse(alive(proxy.pid))
  })

  it("given a running proxy, when it gets SIGTERM, then it ends the upstream's process group and exits", async () => {
    const p = makeProject()
    const upstreamPid = join(p.root, "upstream.pid")
    const proxy = await startProxy(p, tiny, { env: { TINY_PID_FILE: upstreamPid } })
    await proxy.client.ping()
    const pid = pidIn(upstreamPid)
    process.kill(proxy.pid, "SIGTERM")
    const exit = await proxy.exited
    assert.isTrue(exit.code !== null || exit.signal !== null)
    await eventually(() => !alive(pid), "the upstream to end", 3000)
    await proxy.client.close()
  })

  it("given a hook still running, when the client goes away, then the proxy exits 0 and the hook's process is gone", async () => {
    const p = makeProject()
    const hookPid = join(p.root, "hook.pid")
    p.writeSettings("project", settings({ PreToolUse: [group([hook(`echo $$ > ${shq(hookPid)}; exec sleep 30`)])] }))
    const proxy = await startProxy(p, tiny)
    void proxy.client.callTool({ name: "echo", arguments: { text: "hi" } }).catch(() => {})
    await eventually(fileHas(hookPid, "\n"), "the hook to start")
    const pid = pidIn(hookPid)
    const exit = await proxy.close()
    assert.deepStrictEqual({ code: exit.code, signal: exit.signal }, { code: 0, signal: null }, proxy.stderr())
    await eventually(() => !alive(pid), "the hook's process to end", 3000)
  })

  it("given an upstream that ignores the end of stdin and SIGTERM and has a child, when the client goes away, then the whole group is killed", async () => {
    const p = makeProject()
    const pids = join(p.root, "pids.txt")
    // A shell that ignores TERM (and so do its children), starts a child, runs the server and then goes on
    // after the server ends: only SIGKILL to the whole group ends the shell and its child.
    const stubborn = `trap '' TERM; sleep 60 & echo "$$ $!" > ${shq(pids)}; ${shq(nodeBin)} ${shq(tinyServer)}; sleep 60`
    const proxy = await startProxy(p, ["--", "/bin/sh", "-c", stubborn])
    await proxy.client.ping()
    const [shell, sleeper] = (await import("node:fs")).readFileSync(pids, "utf8").trim().split(" ").map(Number)
    assert.isTrue(alive(sleeper!))
    const exit = await proxy.close()
    assert.strictEqual(exit.code, 0, proxy.stderr())
    await eventually(() => !alive(shell!), "the upstream shell to end", 3000)
    await eventually(() => !alive(sleeper!), "the upstream's child to end", 3000)
  })

  it("given a running proxy, when the upstream crashes, then the proxy says so with its exit code and last words and exits 1", async () => {
    const p = makeProject()
    const proxy = await startProxy(p, tiny)
    void proxy.client.callTool({ name: "crash", arguments: {} }).catch(() => {})
    const exit = await proxy.exited
    assert.strictEqual(exit.code, 1)
    assert.match(
      proxy.stderr(),
      /wave-hooks mcp-proxy: the upstream MCP server \(.*tiny-server\.mjs\) exited with code 3; its last words on stderr: tiny-server: giving up; the proxy stops\./
    )
    await proxy.client.close()
  })

  it("given an upstream command that does not exist, when the proxy starts, then it says which and exits 1", async () => {
    const p = makeProject()
    await p.trust()
    const { runCli } = await import("../helpers/cli-process.ts")
    const r = await runCli(["mcp-proxy", "--project-dir", p.dir, "--", "/nonexistent/server"], {
      env: { ...p.env, HOME: p.home }
    })
    assert.strictEqual(r.status, 1)
    assert.strictEqual(r.stdout, "")
    assert.match(r.stderr, /could not .*\/nonexistent\/server/)
  })

  it("given neither --url nor a command, when the proxy starts, then a usage error says what to give", async () => {
    const p = makeProject()
    const { runCli } = await import("../helpers/cli-process.ts")
    const r = await runCli(["mcp-proxy", "--project-dir", p.dir], { env: { ...p.env, HOME: p.home } })
    assert.strictEqual(r.status, 2)
    assert.match(r.stderr, /Give the upstream MCP server after the flags: COMMAND \[ARGS...\]/)
  })

  it("given hooks that print to stdout (SessionStart, PreToolUse noise, a background hook), when tools are called, then only MCP reaches the client", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [group([hook("echo context line; echo more context")])],
        PreToolUse: [group([hook("echo not json at all; echo '{broken'"), hook("echo async noise", { async: true })])],
        PostToolUse: [group([hook("echo plain post output")])]
      })
    )
    const errors: Array<Error> = []
    const proxy = await startProxy(p, tiny)
    proxy.client.onerror = (error) => errors.push(error)
    try {
      for (let i = 0; i < 3; i++) {
        assert.deepStrictEqual(textsOf(await proxy.client.callTool({ name: "echo", arguments: { text: `hi ${i}` } })), [
          `hi ${i}`
        ])
      }
    } finally {
      await proxy.close()
    }
    assert.deepStrictEqual(errors, [])
  })
})
