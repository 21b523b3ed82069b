/**
 * `mcp-proxy --listen` releases its sessions: when the client sends DELETE,
 * and when it leaves without a word and stays away past
 * `--session-idle-timeout`. Each released session runs SessionEnd, and the
 * proxy's memory and child processes go back to where they were. Real
 * processes: the proxy (or the gateway in this process, where the heap can
 * be measured after a forced collection), the tiny upstream, shell hooks;
 * raw HTTP on 127.0.0.1.
 *
 * `SESSION_CHURN` sets how many sessions the churn tests open after their
 * warm-up (default 200 in `npm test`; notes/i20-gateway.md records a run with 10,000).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { startGateway } from "../../src/hosts/mcp/gateway.ts"
import { ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import type { ListeningProxy } from "./gateway-helpers.ts"
import {
  childrenOf,
  eventually,
  initializeBody,
  mcpHeaders,
  rawRequest,
  rssKiB,
  startListening,
  tempDirOf,
  tinyServer
} from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const churn = Number(process.env["SESSION_CHURN"] ?? 200)

const countOf = (file: string, word: string): number =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l === word).length
    : 0

/** A project whose SessionStart and SessionEnd hooks each append a line to the returned log. */
const sessionLogging = () => {
  const p = makeProject()
  const log = join(p.root, "sessions.log")
  p.writeSettings(
    "project",
    settings({
      SessionStart: [group([hook(`echo start >> ${shq(log)}`)])],
      SessionEnd: [group([hook(`echo end >> ${shq(log)}`)])]
    })
  )
  return { p, log }
}

/** What the churn needs of a listening gateway. */
type Listening = Pick<ListeningProxy, "url" | "token">

/** Open a session as a client does (initialize, then notifications/initialized); its id. */
const openSession = async (server: Listening): Promise<string> => {
  const reply = await rawRequest(server.url, { headers: mcpHeaders(server.token), body: initializeBody("churn") })
  assert.strictEqual(reply.status, 200, reply.body)
  const id = String(reply.headers["mcp-session-id"])
  const initialized = await rawRequest(server.url, {
    headers: { ...mcpHeaders(server.token), "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })
  })
  assert.strictEqual(initialized.status, 202, initialized.body)
  return id
}

const deleteSession = async (server: Listening, id: string): Promise<void> => {
  const reply = await rawRequest(server.url, {
    method: "DELETE",
    headers: { authorization: `Bearer ${server.token}`, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" }
  })
  assert.strictEqual(reply.status, 200, reply.body)
}

/** Open `count` sessions, 10 at a time; every other one is DELETEd, the rest abandoned. */
const openAndLeave = async (server: Listening, count: number): Promise<void> => {
  let next = 0
  const worker = async () => {
    while (next < count) {
      const n = next++
      const id = await openSession(server)
      if (n % 2 === 0) await deleteSession(server, id)
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker))
}

describe("mcp-proxy --listen: sessions are released", () => {
  it(`given ${churn} sessions a client deletes or abandons, when they end or stay idle past --session-idle-timeout, then SessionEnd runs for each, their ids are gone, and memory and child processes return to where they started`, async () => {
    const { p, log } = sessionLogging()
    // A capped heap makes V8 collect instead of growing to its own working size (RSS then measures what is kept),
    // and a leak of sessions would end the proxy out of memory.
    // 5 s idle: a loaded machine can take over a second between a session's initialize and its next request.
    const server = await startListening(p, ["--session-idle-timeout", "5"], {
      env: { NODE_OPTIONS: "--max-old-space-size=96" }
    })
    try {
      const upstream = childrenOf(server.pid)
      assert.strictEqual(upstream.length, 1, "the upstream is the only child")

      // Warm-up: the first sessions grow the heap to its working size.
      const warmUp = 200
      await openAndLeave(server, warmUp)
      await eventually(() => countOf(log, "end") === warmUp, "the warm-up's sessions to be released", 120_000)
      const before = rssKiB(server.pid)

      await openAndLeave(server, churn)
      const total = warmUp + churn
      await eventually(
        () => countOf(log, "end") === total,
        `all ${total} sessions to be released`,
        120_000 + churn * 100
      )
      assert.strictEqual(countOf(log, "start"), total)
      await new Promise((r) => setTimeout(r, 2000))
      const after = rssKiB(server.pid)
      // Unreleased sessions cost about 176 KiB each (the report: 1000 took RSS from 105 to 281 MB); the heap test below
      // measures after a collection.
      assert.isBelow((after - before) / 1024, 40, `RSS went from ${before} to ${after} KiB over ${churn} sessions`)
      assert.deepStrictEqual(childrenOf(server.pid), upstream, "no hook process is left, and the upstream is the same")

      // A released session is gone: its id gets 404, which tells a client to start a new one.
      const id = await openSession(server)
      await deleteSession(server, id)
      const gone = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token), "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })
      })
      assert.strictEqual(gone.status, 404)
      assert.include(gone.body, "Session not found")
    } finally {
      await server.stop()
    }
  }, 600_000)

  it(`given the gateway in this process, when ${churn} sessions are opened and left, then after a collection its heap is where it was`, async () => {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as () => void
    const root = tempDirOf()
    const home = join(root, "home")
    mkdirSync(join(home, ".wave"), { recursive: true })
    mkdirSync(join(root, "project"))
    const log = join(root, "sessions.log")
    writeFileSync(
      join(home, ".wave/settings.json"),
      JSON.stringify(
        settings({
          SessionStart: [group([hook(`echo start >> ${shq(log)}`)])],
          SessionEnd: [group([hook(`echo end >> ${shq(log)}`)])]
        })
      )
    )
    const gateway = await startGateway({
      upstream: { command: nodeBin, args: [tinyServer] },
      listen: { host: "127.0.0.1", port: 0, sessionIdleMs: 3000 },
      hooks: { projectDir: join(root, "project"), homeDir: home },
      log: () => {}
    })
    const server = { url: gateway.url!, token: gateway.token }
    const heapAfterCollecting = async () => {
      for (let i = 0; i < 3; i++) {
        gc()
        await new Promise((r) => setTimeout(r, 100))
      }
      return process.memoryUsage().heapUsed
    }
    try {
      await openAndLeave(server, 100)
      await eventually(
        () => gateway.sessionCount() === 0 && countOf(log, "end") === 100,
        "the warm-up's sessions to be released",
        120_000
      )
      const before = await heapAfterCollecting()
      await openAndLeave(server, churn)
      await eventually(
        () => gateway.sessionCount() === 0 && countOf(log, "end") === 100 + churn,
        "every session to be released",
        120_000 + churn * 100
      )
      const after = await heapAfterCollecting()
      assert.isBelow(
        (after - before) / (1024 * 1024),
        8,
        `the heap went from ${before} to ${after} bytes over ${churn} sessions`
      )
    } finally {
      await gateway.shutdown()
    }
  }, 600_000)

  it("given a client holding its event stream open, when it stays past the idle timeout, then its session lives on; once the stream closes, it is released", async () => {
    const { p, log } = sessionLogging()
    // 3 s idle: time for a loaded machine between opening the session and opening its stream.
    const server = await startListening(p, ["--session-idle-timeout", "3"])
    try {
      const id = await openSession(server)
      const controller = new AbortController()
      const stream = await fetch(server.url, {
        headers: {
          authorization: `Bearer ${server.token}`,
          accept: "text/event-stream",
          "mcp-session-id": id,
          "mcp-protocol-version": "2025-06-18"
        },
        signal: controller.signal
      })
      assert.strictEqual(stream.status, 200)
      // Well past the idle timeout.
      await new Promise((r) => setTimeout(r, 7000))
      assert.strictEqual(countOf(log, "end"), 0, "a listening client's session is not idle")
      controller.abort()
      await eventually(() => countOf(log, "end") === 1, "the session to be released once its stream closed", 15_000)
    } finally {
      await server.stop()
    }
  })

  it("given an initialize the transport would refuse (no text/event-stream in Accept, another Content-Type), when it comes, then no hook runs and no session is kept", async () => {
    const { p, log } = sessionLogging()
    const server = await startListening(p)
    try {
      const noStream = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token), accept: "application/json" },
        body: initializeBody()
      })
      assert.strictEqual(noStream.status, 406)
      const text = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token), "content-type": "text/plain" },
        body: initializeBody()
      })
      assert.strictEqual(text.status, 415)
      const batch = await rawRequest(server.url, { headers: mcpHeaders(server.token), body: `[${initializeBody()}]` })
      assert.strictEqual(batch.status, 400)
      assert.strictEqual(countOf(log, "start"), 0, "no SessionStart for a refused initialize")
    } finally {
      await server.stop()
    }
    assert.strictEqual(countOf(log, "end"), 0)
  })
})
