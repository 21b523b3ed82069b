/**
 * For the `mcp_tool` reliability tests: the hand-written MCP servers of
 * test/fixtures/mcp (`raw-server.mjs` over stdio, `raw-http-server.mjs` over
 * HTTP on 127.0.0.1) as real processes, `wave-hooks run` against a temp
 * project whose user settings declare them, and the checks those tests make
 * (the pids a server logged, its process group, the CLI's own peak RSS).
 */
import { spawn } from "node:child_process"
import { existsSync, readFileSync, realpathSync } from "node:fs"
import { join } from "node:path"
import type { CliResult } from "../helpers/cli-process.ts"
import { nodeBin, repoRoot, runCli } from "../helpers/cli-process.ts"
import { runningWithin } from "../helpers/processes.ts"
import type { TempProject } from "../helpers/project.ts"
import { liveGroupMembers } from "./process-groups.ts"

/** The Node 24 binary itself (the .bin entry is a symbolic link). */
export const node24 = realpathSync(nodeBin)
export const rawServer = join(repoRoot, "test", "fixtures", "mcp", "raw-server.mjs")
export const rawHttpServer = join(repoRoot, "test", "fixtures", "mcp", "raw-http-server.mjs")
const maxRssPreload = join(repoRoot, "test", "fixtures", "mcp", "report-max-rss.mjs")

/** A stdio `mcpServers` entry for `raw-server.mjs` in `mode`, logging to `log` (its environment is filtered, so the path goes in its `env`). */
export const rawStdioEntry = (mode: string, log: string, env: Record<string, string> = {}) => ({
  command: node24,
  args: [rawServer, mode],
  env: { RAW_SERVER_LOG: log, ...env }
})

/** The pids `raw-server.mjs` logged as starting (one line `<pid> start mode=...` each). */
export const startedPids = (log: string): ReadonlyArray<number> =>
  existsSync(log)
    ? readFileSync(log, "utf8")
        .split("\n")
        .flatMap((line) => (/^(\d+) start /u.exec(line) === null ? [] : [Number(line.split(" ")[0])]))
    : []

/** The pids of the `sleep 300` grandchildren `raw-server.mjs` logged. */
export const grandchildPids = (log: string): ReadonlyArray<number> =>
  existsSync(log)
    ? readFileSync(log, "utf8")
        .split("\n")
        .flatMap((line) => {
          const m = /^\d+ grandchild (\d+)$/u.exec(line)
          return m === null ? [] : [Number(m[1])]
        })
    : []

/** Poll until the group has no live (non-zombie) member or `ms` passed; the members left. */
export const liveMembersWithin = async (pgid: number, ms: number): Promise<ReadonlyArray<{ readonly pid: number }>> => {
  const until = performance.now() + ms
  let live = liveGroupMembers(pgid)
  while (live.length > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    live = liveGroupMembers(pgid)
  }
  return live
}

/** Poll until none of these processes is running (zombies aside) or `ms` passed; those still running. */
export const livePidsWithin = runningWithin

/** SIGKILL what a failing test may have left, by id: each server's group and the server itself, and these other pids. */
export const killLeftovers = (servers: ReadonlyArray<number>, pids: ReadonlyArray<number> = []): void => {
  for (const target of [...servers.flatMap((pid) => [-pid, pid]), ...pids]) {
    try {
      process.kill(target, "SIGKILL")
    } catch {
      // gone
    }
  }
}

/** `raw-http-server.mjs` as a child process: its base URL, and `stop` (by pid). */
export const startRawHttpServer = async (
  env: Record<string, string> = {}
): Promise<{ readonly base: string; readonly stop: () => void }> => {
  const child = spawn(node24, [rawHttpServer], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"]
  })
  const port = await new Promise<number>((resolve, reject) => {
    let out = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk
      if (out.includes("\n")) resolve(Number(out.trim()))
    })
    child.once("error", reject)
    child.once("exit", (code) => reject(new Error(`raw-http-server exited (${code}) before listening`)))
  })
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, "SIGKILL")
    }
  }
}

/** The CLI's environment: the test's, HOME at the project's temp home, no managed settings, no model variables. */
export const cliEnv = (p: TempProject, extra: Record<string, string> = {}): Record<string, string | undefined> => {
  const env: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("OPENAI_") && name !== "WAVE_HOOKS_MODEL" && name !== "NODE_OPTIONS") env[name] = value
  }
  return { ...env, HOME: p.home, WAVE_HOOKS_MANAGED_SETTINGS_DIR: join(p.root, "managed"), ...extra }
}

/** What `wave-hooks run <event> --json` printed, and how long it took (ms). */
export interface TimedRun {
  readonly result: CliResult
  readonly wallMs: number
  readonly json: {
    readonly effects: ReadonlyArray<{
      readonly _tag: string
      readonly reason?: string
      readonly text?: string
      readonly level?: string
      readonly message?: string
    }>
    readonly runs: ReadonlyArray<{
      readonly command: string
      readonly exitCode: number | null
      readonly timedOut: boolean
    }>
  }
}

/** `wave-hooks run <event> --project-dir DIR --payload - --json` in the project, timed. */
export const runEvent = async (
  p: TempProject,
  event: string,
  payload: unknown,
  options: { readonly env?: Record<string, string>; readonly timeoutMs?: number } = {}
): Promise<TimedRun> => {
  const started = performance.now()
  const result = await runCli(["run", event, "--project-dir", p.dir, "--payload", "-", "--json"], {
    env: cliEnv(p, options.env),
    cwd: p.dir,
    input: JSON.stringify(payload),
    timeoutMs: options.timeoutMs ?? 30_000
  })
  const wallMs = performance.now() - started
  try {
    return { result, wallMs, json: JSON.parse(result.stdout) as TimedRun["json"] }
  } catch {
    throw new Error(
      `run printed no JSON (status ${result.status}):\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
    )
  }
}

/** `runEvent` with the CLI's own peak RSS (KiB, its children left out) read back from the preload. */
export const runEventMeasured = async (
  p: TempProject,
  event: string,
  payload: unknown,
  name: string
): Promise<TimedRun & { readonly maxRssKiB: number }> => {
  const file = join(p.root, `max-rss-${name}`)
  const run = await runEvent(p, event, payload, {
    env: { NODE_OPTIONS: `--import=${maxRssPreload}`, WAVE_TEST_MAX_RSS_FILE: file }
  })
  return { ...run, maxRssKiB: Number(readFileSync(file, "utf8")) }
}
