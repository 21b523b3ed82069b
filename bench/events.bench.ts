/**
 * `events` (issue 24): one event in process through `HookSession.firePromise`
 * (what an embedding agent calls on every tool call), each case against a
 * floor measured in the same run:
 *
 * - `bare request`: one POST of the same body on a kept-alive `node:http`
 *   agent to a local server that answers an allow verdict: the floor of an
 *   http hook and the yardstick of an event with no matching hook;
 * - `ten bare requests at once`: ten such POSTs sent together on ten
 *   kept-alive sockets: the floor of ten http hooks in one parallel group;
 * - `event, no matching hook`: a PreToolUse for Bash when the only hook
 *   matches Write (the settings read, the plan, the decision, no run);
 * - `event, one http hook` and `event, ten http hooks in one parallel group`
 *   to the same server;
 * - `event, no matching hook, traced` and `event, one http hook, traced`: a
 *   session started with `OTEL_EXPORTER_OTLP_ENDPOINT` set to a local
 *   receiver (spans exported in batches), against the untraced rows.
 *
 * Each block measures every case's samples back to back in a rotated order
 * (drift in the machine's load weighs on all alike); a row gives the median
 * of its blocks' p50 and the median (range) of the blocks' ratios to its
 * floor. `BENCH_EVENTS_SAMPLES` (default 2000) sets the samples per case.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HookSession } from "../src/runner/session.ts"
import { formatNs, measureInRotatedBlocks, median, round2 } from "./measure.ts"

/** One row of the events benchmark. */
export interface EventsRow {
  readonly case: string
  readonly floor: string
  readonly samples: number
  readonly p50Ns: number
  readonly p90Ns: number
  /** Median over the blocks of (this case's p50 / its floor's p50), and the blocks' range. */
  readonly ratio: number
  readonly ratioRange: readonly [number, number]
}

const BLOCKS = 5

const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })
const payload = { tool_name: "Bash", tool_input: { command: "ls -la" }, session_id: "bench", cwd: "/tmp" }

/** A local keep-alive server answering every POST with an allow verdict once the body is read. */
const startVerdictServer = async (): Promise<{ readonly url: string; readonly close: () => void }> => {
  const server = http.createServer((req, res) => {
    req.resume()
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(allow))
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pre`,
    close: () => {
      server.closeAllConnections()
      server.close()
    }
  }
}

/** One POST of `body` on `agent`, resolved with the answer's text. */
const bareRequest = (url: string, agent: http.Agent, body: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (c: string) => (text += c))
        res.on("end", () => resolve(text))
        res.on("error", reject)
      }
    )
    req.on("error", reject)
    req.end(body)
  })

/** A session over user settings in a fresh HOME holding `hooks`, with `env` added to its environment. */
const sessionWith = async (
  root: string,
  name: string,
  hooks: unknown,
  extraEnv: Record<string, string> = {}
): Promise<HookSession> => {
  const home = join(root, name)
  mkdirSync(join(home, ".wave"), { recursive: true })
  mkdirSync(join(home, "project"), { recursive: true })
  writeFileSync(join(home, ".wave", "settings.json"), JSON.stringify({ hooks }))
  return HookSession.startPromise({
    projectDir: join(home, "project"),
    homeDir: home,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home, ...extraEnv }
  })
}

/** The events section: events in process against a bare keep-alive request. */
export const benchEvents = async (): Promise<ReadonlyArray<EventsRow>> => {
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-bench-events-"))
  const verdict = await startVerdictServer()
  // The OTLP receiver: takes every export and answers 200, as a collector does.
  const receiver = http.createServer((req, res) => {
    req.resume()
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"))
  })
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r))
  const otlp = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}` }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
  const body = JSON.stringify({ hook_event_name: "PreToolUse", ...payload })
  const hookOf = { type: "http", url: verdict.url }
  const idleHooks = { PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "true" }] }] }
  const oneHttp = { PreToolUse: [{ matcher: "Bash", hooks: [hookOf] }] }
  // Ten different URLs: identical hooks run once (they are deduplicated, as Claude Code does).
  const tenHttp = {
    PreToolUse: [
      {
        matcher: "Bash",
        parallel: true,
        hooks: Array.from({ length: 10 }, (_, i) => ({ ...hookOf, url: `${verdict.url}?hook=${i}` }))
      }
    ]
  }
  const sessions = {
    idle: await sessionWith(root, "idle", idleHooks),
    one: await sessionWith(root, "one", oneHttp),
    ten: await sessionWith(root, "ten", tenHttp),
    idleTraced: await sessionWith(root, "idle-traced", idleHooks, otlp),
    oneTraced: await sessionWith(root, "one-traced", oneHttp, otlp)
  }
  const fire = (session: HookSession, runs: number) => async () => {
    const result = await session.firePromise("PreToolUse", payload)
    if (result.runs.length !== runs || result.effects.some((e) => e._tag === "BlockTool" || e._tag === "ShowUser"))
      throw new Error(`unexpected ${result.runs.length} runs (wanted ${runs}): ${JSON.stringify(result.effects)}`)
  }
  // name, what it runs, the floor it is divided by (a case that is a floor names itself).
  const cases: ReadonlyArray<readonly [string, () => Promise<void>, string]> = [
    [
      "bare request (node:http keep-alive)",
      () => bareRequest(verdict.url, agent, body).then(() => undefined),
      "bare request (node:http keep-alive)"
    ],
    [
      "ten bare requests at once",
      () => Promise.all(Array.from({ length: 10 }, () => bareRequest(verdict.url, agent, body))).then(() => undefined),
      "ten bare requests at once"
    ],
    ["event, no matching hook", fire(sessions.idle, 0), "bare request (node:http keep-alive)"],
    ["event, one http hook", fire(sessions.one, 1), "bare request (node:http keep-alive)"],
    ["event, ten http hooks in one parallel group", fire(sessions.ten, 10), "ten bare requests at once"],
    ["event, no matching hook, traced", fire(sessions.idleTraced, 0), "event, no matching hook"],
    ["event, one http hook, traced", fire(sessions.oneTraced, 1), "event, one http hook"]
  ]
  try {
    const samples = Number(process.env["BENCH_EVENTS_SAMPLES"] ?? 2000)
    const perBlock = Math.max(10, Math.round(samples / BLOCKS))
    const blocks = await measureInRotatedBlocks(
      cases.map(([, op]) => op),
      { blocks: BLOCKS, perBlock, firstWarmup: 300, warmup: 20 }
    )
    const indexOf = (name: string) => cases.findIndex(([n]) => n === name)
    const rows: Array<EventsRow> = cases.map(([name, , floor], c) => {
      const f = indexOf(floor)
      const ratios = blocks.map((block) => block[c]!.p50NsPerOp / block[f]!.p50NsPerOp)
      return {
        case: name,
        floor,
        samples: perBlock * BLOCKS,
        p50Ns: Math.round(median(blocks.map((block) => block[c]!.p50NsPerOp))),
        p90Ns: Math.round(median(blocks.map((block) => block[c]!.p90NsPerOp))),
        ratio: round2(median(ratios)),
        ratioRange: [round2(Math.min(...ratios)), round2(Math.max(...ratios))]
      }
    })
    console.log(
      `\nevents: one PreToolUse through HookSession.firePromise, in process; ${BLOCKS} blocks of ${perBlock} samples per case`
    )
    console.log(
      "case                                          p50          p90      x floor (median of blocks, range)  floor"
    )
    for (const r of rows) {
      const ratio =
        r.floor === r.case
          ? "floor"
          : `${r.ratio.toFixed(2)}x (${r.ratioRange[0].toFixed(2)}-${r.ratioRange[1].toFixed(2)})`
      console.log(
        `${r.case.padEnd(44)} ${formatNs(r.p50Ns).padStart(10)}   ${formatNs(r.p90Ns).padStart(10)}   ${ratio.padEnd(26)} ${r.floor === r.case ? "" : r.floor}`
      )
    }
    const added = (traced: string, untraced: string) =>
      blocks.map((block) => block[indexOf(traced)]!.p50NsPerOp - block[indexOf(untraced)]!.p50NsPerOp)
    for (const [traced, untraced] of [
      ["event, no matching hook, traced", "event, no matching hook"],
      ["event, one http hook, traced", "event, one http hook"]
    ] as const) {
      const extra = added(traced, untraced)
      console.log(
        `tracing adds ${formatNs(median(extra))} to "${untraced}" (blocks ${formatNs(Math.min(...extra))} to ${formatNs(Math.max(...extra))})`
      )
    }
    return rows
  } finally {
    for (const session of Object.values(sessions)) await session.closePromise()
    agent.destroy()
    verdict.close()
    receiver.closeAllConnections()
    receiver.close()
    rmSync(root, { recursive: true, force: true })
  }
}
