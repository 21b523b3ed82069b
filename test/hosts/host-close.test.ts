/**
 * A host adapter ends the session it started (issue 13's MCP servers, issue
 * 15's spans) with `close()`: `AiSdkHooks`, `OpenAIAgentsHooks`, the LangChain
 * middleware (`waveHooksMiddleware`, `makeWaveHooksMiddleware`) and the MCP
 * proxy (`createHookedProxy`, whose `close()` also ends its server). A
 * session the app gave is left to the app. Real MCP server processes (the
 * fixture), checked by pid.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { AiSdkHooks } from "../../src/hosts/ai-sdk/index.ts"
import { OpenAIAgentsHooks } from "../../src/hosts/openai-agents/index.ts"
import type { WaveHooksMiddleware } from "../../src/hosts/langchain/index.ts"
import { makeWaveHooksMiddleware, waveHooksMiddleware } from "../../src/hosts/langchain/index.ts"
import { HumanMessage } from "@langchain/core/messages"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { createHookedProxy } from "../../src/hosts/mcp/index.ts"
import { NodeFileSystem } from "@effect/platform-node"
import { Effect } from "effect"
import { HookSession } from "../../src/runner/session.ts"
import { effectsOf, pidServerProject, removeTempProjects } from "../helpers/project.ts"
import { exists, goneWithin } from "../helpers/processes.ts"

const pids: Array<number> = []

afterAll(() => {
  for (const pid of pids) if (exists(pid)) process.kill(pid, "SIGKILL")
  removeTempProjects()
})

/** A connected upstream `Client` of an in-memory MCP server with no tools. */
const upstreamClient = async (): Promise<Client> => {
  const server = new Server({ name: "upstream", version: "1.0.0" }, { capabilities: {} })
  const client = new Client({ name: "app", version: "1.0.0" })
  const [a, b] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(a), client.connect(b)])
  return client
}

const pidIn = (texts: ReadonlyArray<string>): number => {
  const pid = Number(texts[0]?.trim())
  assert.isTrue(Number.isInteger(pid) && pid > 0, JSON.stringify(texts))
  pids.push(pid)
  return pid
}

/** The pid the fixture told a LangChain middleware's UserPromptSubmit hook (its context joins the prompt as a message). */
const langChainPid = async (middleware: WaveHooksMiddleware): Promise<number> => {
  const hook = middleware.beforeAgent
  assert.isTrue(hook !== undefined && typeof hook === "object" && "hook" in hook)
  const update = await (hook as { hook: (state: unknown, runtime: unknown) => Promise<unknown> }).hook(
    { messages: [new HumanMessage({ content: "hi", id: "m1" })] },
    {}
  )
  const messages = (update as { messages?: ReadonlyArray<HumanMessage> } | undefined)?.messages ?? []
  const pid = Number(/\b(\d+)\b/.exec(messages.map((m) => m.text).join("\n"))?.[1])
  return pidIn([String(pid)])
}

/** Closing waits for the servers, so this is a bound, not a sleep. */
const gone = (pid: number): Promise<boolean> => goneWithin(pid, 10_000)

describe("close() of a host adapter", () => {
  it("AiSdkHooks: the MCP servers of the session it started end on close()", async () => {
    const p = pidServerProject()
    const hooks = new AiSdkHooks({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const fired = await hooks.fire("UserPromptSubmit", { prompt: "hi" })
    const pid = pidIn(effectsOf(fired.hooks.effects, "InjectContext").map((e) => e.text))
    assert.isTrue(exists(pid))
    await hooks.close()
    assert.isTrue(await gone(pid))
  })

  it("OpenAIAgentsHooks: the same", async () => {
    const p = pidServerProject()
    const hooks = new OpenAIAgentsHooks({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const effects = await hooks.fire("UserPromptSubmit", { prompt: "hi" })
    const pid = pidIn(effectsOf(effects, "InjectContext").map((e) => e.text))
    await hooks.close()
    assert.isTrue(await gone(pid))
  })

  it("a session the app gave is the app's to close", async () => {
    const p = pidServerProject()
    const session = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      trustPolicy: "all"
    })
    const hooks = new AiSdkHooks({ hookSession: session })
    const fired = await hooks.fire("UserPromptSubmit", { prompt: "hi" })
    const pid = pidIn(effectsOf(fired.hooks.effects, "InjectContext").map((e) => e.text))
    await hooks.close()
    assert.isTrue(exists(pid), "close() of the adapter left the app's session alone")
    await session.closePromise()
    assert.isTrue(await gone(pid))
  })

  it("the LangChain middleware: the same, and a given session is the app's", async () => {
    const p = pidServerProject()
    const middleware = waveHooksMiddleware({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const pid = await langChainPid(middleware)
    assert.isTrue(exists(pid))
    await middleware.close()
    assert.isTrue(await gone(pid))

    const session = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      trustPolicy: "all"
    })
    const given = waveHooksMiddleware({ hookSession: session })
    const givenPid = await langChainPid(given)
    await given.close()
    assert.isTrue(exists(givenPid), "close() of the middleware left the app's session alone")
    await session.closePromise()
    assert.isTrue(await gone(givenPid))
  })

  it("makeWaveHooksMiddleware: the session it started in the Effect context ends on close()", async () => {
    const p = pidServerProject()
    const middleware = await Effect.runPromise(
      makeWaveHooksMiddleware({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" }).pipe(
        Effect.provide(NodeFileSystem.layer)
      )
    )
    const pid = await langChainPid(middleware)
    await middleware.close()
    assert.isTrue(await gone(pid))
  })

  it("the MCP proxy: close() ends its server and the session it started; a given session is the app's", async () => {
    const p = pidServerProject("SessionStart")
    const options = { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" as const }
    const proxy = await createHookedProxy({ upstream: await upstreamClient(), serverName: "up", hooks: options })
    const client = new Client({ name: "agent", version: "1.0.0" })
    const [a, b] = InMemoryTransport.createLinkedPair()
    await Promise.all([proxy.server.connect(a), client.connect(b)])
    const pid = pidIn([/\b(\d+)\s*$/.exec(proxy.instructions ?? "")?.[1] ?? ""])
    assert.isTrue(exists(pid))
    let clientClosed = false
    client.onclose = () => (clientClosed = true)
    await proxy.close()
    assert.isTrue(clientClosed, "the hooked server's connection was closed")
    assert.isTrue(await gone(pid))

    const session = await HookSession.startPromise(options)
    const given = await createHookedProxy({
      upstream: await upstreamClient(),
      serverName: "up",
      hooks: { hookSession: session }
    })
    const givenPid = pidIn([/\b(\d+)\s*$/.exec(given.instructions ?? "")?.[1] ?? ""])
    // Never connected: close() still ends it (SessionEnd, `ended`).
    await given.close()
    assert.isTrue(exists(givenPid), "close() of the proxy left the app's session alone")
    await session.closePromise()
    assert.isTrue(await gone(givenPid))
  })
})
