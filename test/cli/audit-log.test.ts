/**
 * The audit log (issue 15) with the built CLI as real processes: one JSON line
 * per event with the hooks that ran (source file and its SHA-256) and the
 * final effects, mode 0600, the user settings' `auditLog` (a project's is
 * ignored with a warning), whole lines under concurrent writers, writers
 * killed with SIGKILL mid-run tearing at most their own line, and no secret of
 * the allowlisted environment.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServer } from "node:http"
import { spawnSync } from "node:child_process"
import type { AddressInfo } from "node:net"
import { cliBin, ensureCliBuilt, nodeBin, repoRoot, runCli } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"
import { startProxy, tinyServer } from "../mcp-proxy/gateway-helpers.ts"
import { HookSession, runHooksPromise } from "../../src/runner/index.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-audit-"))
const home = join(tmp, "home")
const project = join(tmp, "project")
const secret = "s3cret-token-77"
mkdirSync(join(home, ".wave"), { recursive: true })
mkdirSync(join(project, ".wave"), { recursive: true })
const userSettings = join(home, ".wave", "settings.json")
const longReason = "x".repeat(3000)
const settingsText = JSON.stringify({
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: `echo "no: $API_TOKEN" >&2; exit 2`, env: ["API_TOKEN"] }]
      },
      { matcher: "Slow", hooks: [{ type: "command", command: "sleep 10" }] },
      // The security review's finding 15: the second echo of the secret starts 7 characters before the 4 KiB cut.
      {
        matcher: "Straddle",
        hooks: [
          {
            type: "command",
            env: ["API_TOKEN"],
            command: `printf 'denied; token was %s, full echo: %${4096 - 7 - 18 - 15 - 13}s%s' "$API_TOKEN" '' "$API_TOKEN" >&2; exit 2`
          }
        ]
      },
      {
        // A long answer: its line is several KiB, more than one pipe buffer.
        matcher: "Long",
        hooks: [
          {
            type: "command",
            command: `printf '%s' '${JSON.stringify({ systemMessage: longReason, hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: longReason } })}'`
          }
        ]
      }
    ],
    Stop: [{ hooks: [{ type: "command", command: "exit 0" }] }]
  }
})
writeFileSync(userSettings, settingsText)
const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home, API_TOKEN: secret }
const payloadOf = (tool: string) => JSON.stringify({ tool_name: tool, tool_input: { command: "ls" } })

beforeAll(ensureCliBuilt, 180_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const linesOf = (file: string): ReadonlyArray<Record<string, unknown>> => {
  const text = readFileSync(file, "utf8")
  assert.isTrue(text === "" || text.endsWith("\n"), "the file ends with a whole line")
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

/**
 * The lines of a log some writers of which were killed with SIGKILL: the
 * whole ones parsed, and the torn ones (Linux stops a write of more than a
 * page at a page boundary on SIGKILL), which `appendAuditLine` leaves on lines
 * of their own.
 */
const survivingLinesOf = (
  file: string
): { readonly whole: ReadonlyArray<Record<string, unknown>>; readonly torn: ReadonlyArray<string> } => {
  const whole: Array<Record<string, unknown>> = []
  const torn: Array<string> = []
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line === "") continue
    try {
      whole.push(JSON.parse(line) as Record<string, unknown>)
    } catch {
      torn.push(line)
    }
  }
  return { whole, torn }
}

describe("--audit-log FILE", () => {
  it("appends one line per event: time, session, event, tool, the hooks that ran with their file's hash, the final effects; mode 0600", async () => {
    const log = join(tmp, "one.jsonl")
    const pre = await runCli(["run", "PreToolUse", "--project-dir", project, "--payload", "-", "--audit-log", log], {
      input: payloadOf("Bash"),
      env
    })
    assert.strictEqual(pre.status, 2, pre.stderr)
    const stop = await runCli(["run", "Stop", "--project-dir", project, "--audit-log", log], { env })
    assert.strictEqual(stop.status, 0, stop.stderr)
    assert.strictEqual(statSync(log).mode & 0o777, 0o600)
    const [first, second] = linesOf(log)
    assert.strictEqual(linesOf(log).length, 2)
    assert.match(String(first!["time"]), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    assert.match(String(first!["session"]), /^wave-/)
    assert.strictEqual(first!["event"], "PreToolUse")
    assert.strictEqual(first!["tool"], "Bash")
    assert.strictEqual(first!["projectDir"], project)
    assert.strictEqual(first!["blocking"], true)
    const hooks = first!["hooks"] as ReadonlyArray<Record<string, unknown>>
    assert.strictEqual(hooks.length, 1)
    assert.deepInclude(hooks[0]!, {
      source: userSettings,
      hash: createHash("sha256").update(settingsText).digest("hex"),
      path: "$.hooks.PreToolUse[0].hooks[0]",
      scope: "user",
      type: "command",
      command: `echo "no: $API_TOKEN" >&2; exit 2`,
      exitCode: 2,
      timedOut: false,
      truncated: false,
      effects: ["BlockTool"]
    })
    assert.isNumber(hooks[0]!["durationMs"])
    // The final effects as the agent gets them, with the secret the hook echoed replaced.
    assert.deepStrictEqual(first!["effects"], [{ _tag: "BlockTool", reason: "no: [redacted API_TOKEN]" }])
    assert.include(pre.stdout, secret)
    assert.notInclude(readFileSync(log, "utf8"), secret)
    assert.strictEqual(second!["event"], "Stop")
    assert.isUndefined(second!["tool"])
    assert.strictEqual(second!["blocking"], false)
  }, 30_000)
})

describe("a log that cannot be written (security review finding 3)", () => {
  it("a relative --audit-log is taken from HOME, not the project: a link the project committed at that path is not followed, and ~/.bashrc is untouched", async () => {
    const bashrc = join(home, ".bashrc")
    writeFileSync(bashrc, "# user's bashrc\n", { mode: 0o644 })
    // What a cloned repository can commit: .wave/audit.jsonl -> ../../home/.bashrc.
    symlinkSync(join("..", "..", "home", ".bashrc"), join(project, ".wave", "audit.jsonl"))
    try {
      const payload = JSON.stringify({ tool_name: "Bash", tool_input: { command: "curl x | sh #$(touch PWNED)" } })
      const ran = await runCli(["run", "PreToolUse", "--payload", "-", "--audit-log", ".wave/audit.jsonl"], {
        input: payload,
        env,
        cwd: project
      })
      assert.strictEqual(ran.status, 2, ran.stderr)
      assert.strictEqual(readFileSync(bashrc, "utf8"), "# user's bashrc\n")
      const lines = linesOf(join(home, ".wave", "audit.jsonl"))
      assert.strictEqual(lines.length, 1)
      assert.strictEqual(lines[0]!["blocking"], true)
      assert.notInclude(ran.stdout, "audit log")
    } finally {
      rmSync(join(project, ".wave", "audit.jsonl"), { force: true })
      rmSync(join(home, ".wave", "audit.jsonl"), { force: true })
    }
  }, 30_000)

  it("an absolute path inside the project whose folder is a link out of it (.wave -> ~/.bashrc.d) is refused; a link that stays inside is followed", async () => {
    const sourced = join(tmp, "bashrc.d")
    mkdirSync(sourced, { recursive: true })
    symlinkSync(sourced, join(project, "logs-out"))
    mkdirSync(join(project, "real-logs"), { recursive: true })
    symlinkSync("real-logs", join(project, "logs-in"))
    try {
      const out = await runCli(
        [
          "run",
          "PreToolUse",
          "--project-dir",
          project,
          "--payload",
          "-",
          "--audit-log",
          join(project, "logs-out", "audit.jsonl")
        ],
        {
          input: payloadOf("Bash"),
          env
        }
      )
      assert.strictEqual(out.status, 2, out.stderr)
      assert.include(out.stdout, "BlockTool: no: ")
      assert.match(
        out.stdout,
        /ShowUser: warning: The audit log .*logs-out\/audit\.jsonl was not written: it is inside the project .* a symbolic link out of it/
      )
      assert.isFalse(existsSync(join(sourced, "audit.jsonl")))
      const inside = await runCli(
        [
          "run",
          "PreToolUse",
          "--project-dir",
          project,
          "--payload",
          "-",
          "--audit-log",
          join(project, "logs-in", "audit.jsonl")
        ],
        {
          input: payloadOf("Bash"),
          env
        }
      )
      assert.strictEqual(inside.status, 2, inside.stderr)
      assert.notInclude(inside.stdout, "The audit log")
      assert.strictEqual(linesOf(join(project, "real-logs", "audit.jsonl")).length, 1)
    } finally {
      for (const name of ["logs-out", "logs-in", "real-logs"])
        rmSync(join(project, name), { recursive: true, force: true })
    }
  }, 30_000)

  /** The targets a log must not be written to, each made fresh; `check` runs after the CLI, `done` cleans up. */
  const badTargets: ReadonlyArray<{
    readonly name: string
    readonly why: RegExp
    readonly make: (dir: string) => { readonly path: string; readonly check?: () => void; readonly done?: () => void }
  }> = [
    {
      name: "a symbolic link to a file of the user's",
      why: /symbolic link/,
      make: (dir) => {
        const target = join(dir, "bashrc")
        writeFileSync(target, "# keep\n", { mode: 0o644 })
        symlinkSync(target, join(dir, "audit.jsonl"))
        return {
          path: join(dir, "audit.jsonl"),
          check: () => assert.strictEqual(readFileSync(target, "utf8"), "# keep\n")
        }
      }
    },
    {
      name: "a dangling symbolic link (a file the log would create elsewhere)",
      why: /symbolic link/,
      make: (dir) => {
        symlinkSync(join(dir, "elsewhere.jsonl"), join(dir, "audit.jsonl"))
        return { path: join(dir, "audit.jsonl"), check: () => assert.isFalse(existsSync(join(dir, "elsewhere.jsonl"))) }
      }
    },
    {
      name: "a FIFO nobody reads",
      why: /FIFO/,
      make: (dir) => {
        const fifo = join(dir, "audit.jsonl")
        const made = spawnSync("mkfifo", [fifo])
        assert.strictEqual(made.status, 0, String(made.stderr))
        return { path: fifo }
      }
    },
    {
      name: "a FIFO with a reader",
      why: /FIFO/,
      make: (dir) => {
        const fifo = join(dir, "audit.jsonl")
        const made = spawnSync("mkfifo", [fifo])
        assert.strictEqual(made.status, 0, String(made.stderr))
        const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
        return {
          path: fifo,
          check: () => {
            const buffer = Buffer.alloc(65536)
            let read = 0
            try {
              read = process.getBuiltinModule("node:fs").readSync(reader, buffer)
            } catch (error) {
              assert.strictEqual((error as NodeJS.ErrnoException).code, "EAGAIN")
            }
            assert.strictEqual(read, 0, "nothing was written into the pipe")
          },
          done: () => closeSync(reader)
        }
      }
    },
    {
      name: "a directory",
      why: /directory/,
      make: (dir) => (mkdirSync(join(dir, "audit.jsonl")), { path: join(dir, "audit.jsonl") })
    },
    { name: "a device (/dev/null)", why: /it is a device, not a regular file/, make: () => ({ path: "/dev/null" }) },
    {
      name: process.getuid?.() === 0 ? "a file of another user" : "a read-only file",
      why: process.getuid?.() === 0 ? /another user/ : /cannot be written/,
      make: (dir) => {
        const file = join(dir, "audit.jsonl")
        writeFileSync(file, "", { mode: 0o600 })
        if (process.getuid?.() === 0) chownSync(file, 65534, 65534)
        else chmodSync(file, 0o400)
        return { path: file, check: () => assert.strictEqual(readFileSync(file, "utf8"), "") }
      }
    },
    {
      name: "a path in a folder that does not exist",
      why: /folder does not exist/,
      make: (dir) => ({ path: join(dir, "missing", "audit.jsonl") })
    }
  ]

  for (const target of badTargets) {
    it(`${target.name}: run still blocks (exit 2, the block printed), warns once, writes nothing there, and does not hang`, async () => {
      const dir = mkdtempSync(join(tmp, "bad-"))
      const made = target.make(dir)
      try {
        const started = Date.now()
        // A run takes well under a second; the FIFO hung forever before the fix. 20 s is only a generous bound.
        const ran = await runCli(
          ["run", "PreToolUse", "--project-dir", project, "--payload", "-", "--audit-log", made.path],
          {
            input: payloadOf("Bash"),
            env,
            timeoutMs: 20_000
          }
        )
        assert.isBelow(Date.now() - started, 20_000)
        assert.strictEqual(ran.status, 2, ran.stdout + ran.stderr)
        assert.include(ran.stdout, "BlockTool: no: ")
        const warnings = ran.stdout.split("\n").filter((l) => l.includes("ShowUser: warning: The audit log"))
        assert.strictEqual(warnings.length, 1, ran.stdout)
        assert.include(warnings[0]!, made.path)
        assert.match(warnings[0]!, target.why)
        assert.include(warnings[0]!, "The decision of this event stands")
        made.check?.()
      } finally {
        made.done?.()
        rmSync(dir, { recursive: true, force: true })
      }
    }, 30_000)
  }

  it("--json: the warning is one ShowUser effect after the block; the decision is the same as without a log", async () => {
    const dir = mkdtempSync(join(tmp, "bad-json-"))
    symlinkSync(join(dir, "x"), join(dir, "audit.jsonl"))
    try {
      const args = ["run", "PreToolUse", "--project-dir", project, "--payload", "-", "--json"]
      const plain = await runCli(args, { input: payloadOf("Bash"), env })
      const logged = await runCli([...args, "--audit-log", join(dir, "audit.jsonl")], { input: payloadOf("Bash"), env })
      assert.strictEqual(logged.status, 2, logged.stderr)
      const effects = (
        JSON.parse(logged.stdout) as { effects: ReadonlyArray<{ _tag: string; level?: string; text?: string }> }
      ).effects
      const without = (JSON.parse(plain.stdout) as { effects: ReadonlyArray<unknown> }).effects
      assert.deepStrictEqual(effects.slice(0, -1), without)
      assert.strictEqual(effects.at(-1)!._tag, "ShowUser")
      assert.strictEqual(effects.at(-1)!.level, "warning")
      assert.match(effects.at(-1)!.text!, /^The audit log .* was not written: it is a symbolic link/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})

describe("a log that cannot be written, in the library hosts (runHooksPromise, HookSession: what serve and mcp-proxy run on)", () => {
  it("each event still blocks and carries one warning; a FIFO never holds an event", async () => {
    const dir = mkdtempSync(join(tmp, "lib-"))
    const fifo = join(dir, "audit.jsonl")
    assert.strictEqual(spawnSync("mkfifo", [fifo]).status, 0)
    try {
      const payload = { tool_name: "Bash", tool_input: { command: "ls" } }
      const once = await runHooksPromise({
        event: "PreToolUse",
        payload,
        projectDir: project,
        homeDir: home,
        env,
        auditLog: fifo
      })
      const session = await HookSession.startPromise({ projectDir: project, homeDir: home, env, auditLog: fifo })
      try {
        const fired = [
          once,
          await session.firePromise("PreToolUse", payload),
          await session.firePromise("PreToolUse", payload)
        ]
        for (const result of fired) {
          assert.deepStrictEqual(
            result.effects.filter((e) => e._tag === "BlockTool"),
            [{ _tag: "BlockTool", reason: `no: ${secret}` }]
          )
          const warnings = result.effects.filter((e) => e._tag === "ShowUser" && e.text.startsWith("The audit log"))
          assert.strictEqual(warnings.length, 1)
          assert.match((warnings[0] as { text: string }).text, /FIFO/)
          assert.strictEqual(result.traced.at(-1)!.id, "run.audit-log")
        }
      } finally {
        await session.closePromise()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})

describe("a secret across the 4 KiB cut (security review finding 15)", () => {
  it("is replaced whole before the text is cut: no part of it is written", async () => {
    assert.strictEqual(secret.length, 15)
    const log = join(tmp, "straddle.jsonl")
    const ran = await runCli(["run", "PreToolUse", "--project-dir", project, "--payload", "-", "--audit-log", log], {
      input: payloadOf("Straddle"),
      env
    })
    assert.strictEqual(ran.status, 2, ran.stderr)
    const text = readFileSync(log, "utf8")
    for (let i = 0; i + 6 <= secret.length; i++) assert.notInclude(text, secret.slice(i, i + 6))
    const [line] = linesOf(log)
    // Redacted first (the text grows by 10 characters), then cut: the cut falls in the second "[redacted API_TOKEN]".
    assert.match(
      (line!["effects"] as ReadonlyArray<{ reason: string }>)[0]!.reason,
      /^denied; token was \[redacted API_TOKEN\], full echo: +\[r\.\.\. \[18 characters cut\]$/
    )
  }, 30_000)
})

describe("the auditLog setting", () => {
  it("counts in the user's settings; a project's auditLog is ignored with a warning and cannot redirect the log", async () => {
    const userLog = join(home, "user-audit.jsonl")
    const projectLog = join(project, "project-audit.jsonl")
    writeFileSync(userSettings, JSON.stringify({ ...JSON.parse(settingsText), auditLog: "~/user-audit.jsonl" }))
    writeFileSync(
      join(project, ".wave", "settings.json"),
      JSON.stringify({ auditLog: projectLog, hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } })
    )
    try {
      // Trusted, so its hooks run: still its auditLog does not count.
      const trusted = await runCli(["trust", "--project-dir", project, "--yes"], { env })
      assert.strictEqual(trusted.status, 0, trusted.stderr)
      const ran = await runCli(["run", "Stop", "--project-dir", project, "--json"], { env })
      assert.strictEqual(ran.status, 0, ran.stderr)
      assert.strictEqual((JSON.parse(ran.stdout) as { runs: ReadonlyArray<unknown> }).runs.length, 2)
      assert.isFalse(existsSync(projectLog))
      const lines = linesOf(userLog)
      assert.strictEqual(lines.length, 1)
      assert.strictEqual((lines[0]!["hooks"] as ReadonlyArray<unknown>).length, 2)
      assert.strictEqual(statSync(userLog).mode & 0o777, 0o600)
      const validated = await runCli(["validate", "--project-dir", project], { env })
      assert.include(
        validated.stdout,
        `${join(project, ".wave", "settings.json")}: $.auditLog: warning: auditLog counts only in the user's settings`
      )
    } finally {
      writeFileSync(userSettings, settingsText)
      rmSync(join(project, ".wave", "settings.json"), { force: true })
    }
  }, 30_000)
})

/** Start `wave-hooks run PreToolUse` on `tool` appending to `log`; resolves with its exit status or signal. */
const writer = (log: string, tool: string) => {
  const child = spawn(
    nodeBin,
    [cliBin, "run", "PreToolUse", "--project-dir", project, "--payload", "-", "--audit-log", log],
    {
      cwd: project,
      env,
      stdio: ["pipe", "ignore", "ignore"]
    }
  )
  child.stdin.end(payloadOf(tool))
  const done = new Promise<{ readonly status: number | null; readonly signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (status, signal) => resolve({ status, signal }))
  )
  return { child, done }
}

describe("concurrent writers", () => {
  it("several processes appending at once leave only whole lines, one per event", async () => {
    const log = join(tmp, "concurrent.jsonl")
    const rounds = 2
    const perRound = 8
    for (let round = 0; round < rounds; round++) {
      const all = Array.from({ length: perRound }, (_, i) => writer(log, i % 2 === 0 ? "Long" : "Bash"))
      const ended = await Promise.all(all.map((w) => w.done))
      for (const e of ended) assert.strictEqual(e.status, 2)
    }
    const lines = linesOf(log)
    assert.strictEqual(lines.length, rounds * perRound)
    const long = lines.filter((l) => l["tool"] === "Long")
    assert.strictEqual(long.length, (rounds * perRound) / 2)
    // Each long line is bigger than a pipe buffer, and whole.
    for (const raw of readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => l.includes('"tool":"Long"')))
      assert.isAbove(raw.length, 4096)
    assert.strictEqual(statSync(log).mode & 0o777, 0o600)
  }, 40_000)

  it("writers killed with SIGKILL mid-run, among others writing: every finished writer's line is whole; a killed one leaves at most one torn line", async () => {
    const log = join(tmp, "killed.jsonl")
    // Slow writers are killed while their hook runs; the others finish and append meanwhile.
    const slow = Array.from({ length: 3 }, () => writer(log, "Slow"))
    const fast = Array.from({ length: 6 }, (_, i) => writer(log, i % 2 === 0 ? "Long" : "Bash"))
    // Also kill fast writers at staggered moments: some before, some while, some after they append.
    const killedFast = fast.filter((_, i) => i % 3 === 0)
    killedFast.forEach((w, i) => {
      setTimeout(() => w.child.kill("SIGKILL"), 150 + 120 * i)
    })
    const fastEnded = await Promise.all(fast.map((w) => w.done))
    await new Promise((r) => setTimeout(r, 300))
    for (const w of slow) w.child.kill("SIGKILL")
    const slowEnded = await Promise.all(slow.map((w) => w.done))
    for (const e of slowEnded) assert.strictEqual(e.signal, "SIGKILL")
    const { whole: lines, torn } = survivingLinesOf(log)
    // The finished writers each wrote their line whole; a killed one wrote a whole line, none, or a torn one.
    const finished = fastEnded.filter((e) => e.signal === null).length
    assert.isAtLeast(lines.length, finished)
    assert.isAtMost(lines.length + torn.length, fast.length)
    assert.isAtMost(torn.length, killedFast.length)
    for (const t of torn) assert.isTrue(t.startsWith('{"time":"'), t.slice(0, 80))
    assert.isFalse(lines.some((l) => l["tool"] === "Slow"))
    for (const l of lines) assert.include(["Long", "Bash"], l["tool"])
  }, 40_000)
})

describe("appendAuditLine under load", () => {
  it("processes appending hundreds of 8 KiB lines at once, one killed with SIGKILL mid-stream: the others' lines all whole and in order, the killed one's whole up to at most one torn line", async () => {
    const log = join(tmp, "load.jsonl")
    const script = join(tmp, "append-many.ts")
    // Each process appends `count` lines of ~8 KiB through the real appendAuditLine.
    writeFileSync(
      script,
      `import { Effect } from ${JSON.stringify(join(repoRoot, "node_modules", "effect", "dist", "index.js"))}\n` +
        `import { appendAuditLine } from ${JSON.stringify(join(repoRoot, "src", "runner", "audit-log.ts"))}\n` +
        `import { writeFileSync } from "node:fs"\n` +
        `const [file, id, count, marker] = process.argv.slice(2)\n` +
        `for (let seq = 0; seq < Number(count); seq++) {\n` +
        `  Effect.runSync(appendAuditLine(file, { time: new Date().toISOString(), session: id + ":" + seq, event: "Stop", projectDir: "/p", hooks: [], effects: [{ _tag: "ShowUser", level: "info", text: id.repeat(8000) }], blocking: false }))\n` +
        `  if (seq === 20 && marker !== undefined) writeFileSync(marker, "")\n` +
        `}\n`
    )
    const count = 300
    const marker = join(tmp, "d-wrote-20-lines")
    const procs = ["a", "b", "c", "d"].map((id) => {
      // d writes until it is killed (after its 21st line).
      const args = id === "d" ? [script, log, id, "1000000", marker] : [script, log, id, String(count)]
      const child = spawn(nodeBin, args, { cwd: repoRoot, stdio: ["ignore", "ignore", "pipe"] })
      let stderr = ""
      child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c))
      return {
        id,
        child,
        done: new Promise<{ status: number | null; signal: string | null; stderr: string }>((resolve) =>
          child.on("close", (status, signal) => resolve({ status, signal, stderr }))
        )
      }
    })
    // Kill one once it has written some lines.
    const victim = procs[3]!
    const started = Date.now()
    while (Date.now() - started < 20_000 && !existsSync(marker)) await new Promise((r) => setTimeout(r, 5))
    victim.child.kill("SIGKILL")
    assert.isTrue(existsSync(marker))
    const ended = await Promise.all(procs.map((p) => p.done))
    for (const e of ended.slice(0, 3)) assert.strictEqual(e.status, 0, e.stderr)
    assert.strictEqual(ended[3]!.signal, "SIGKILL")
    const { whole: lines, torn } = survivingLinesOf(log)
    // Killed in the middle of a write, d may leave one torn line; the line after it starts on a line of its own.
    assert.isAtMost(torn.length, 1)
    for (const t of torn) assert.isTrue(t.startsWith('{"time":"'), t.slice(0, 80))
    const seqs = new Map<string, Array<number>>()
    for (const line of lines) {
      const [id, seq] = String(line["session"]).split(":")
      seqs.set(id!, [...(seqs.get(id!) ?? []), Number(seq)])
      // The line's text is its writer's letter only: nothing of another line inside it.
      assert.strictEqual((line["effects"] as ReadonlyArray<{ text: string }>)[0]!.text, id!.repeat(8000))
    }
    for (const id of ["a", "b", "c"])
      assert.deepStrictEqual(
        seqs.get(id),
        Array.from({ length: count }, (_, i) => i)
      )
    const killed = seqs.get("d") ?? []
    assert.isAtLeast(killed.length, 21)
    assert.deepStrictEqual(
      killed,
      Array.from({ length: killed.length }, (_, i) => i)
    )
  }, 40_000)
})

describe("mcp-proxy --audit-log, with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("a line per event the proxy fires (SessionStart, PreToolUse, SessionEnd), and their spans exported", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("echo 'no echoing here' >&2; exit 2")], { matcher: "mcp__tiny__echo" })] })
    )
    const log = join(p.root, "proxy-audit.jsonl")
    const bodies: Array<string> = []
    const receiver = createServer((req, res) => {
      let body = ""
      req
        .setEncoding("utf8")
        .on("data", (c: string) => (body += c))
        .on("end", () => {
          bodies.push(body)
          res.end("{}")
        })
    })
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
    try {
      const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
      const proxy = await startProxy(p, ["--audit-log", log, "--", nodeBin, tinyServer], {
        env: { TINY_LOG: join(p.root, "calls.log"), OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }
      })
      const result = await proxy.client.callTool({ name: "echo", arguments: { text: "hi" } })
      assert.strictEqual(result.isError, true)
      await proxy.close()
      const lines = linesOf(log)
      assert.deepStrictEqual(
        lines.map((l) => l["event"]),
        ["SessionStart", "PreToolUse", "SessionEnd"]
      )
      assert.strictEqual(lines[1]!["tool"], "mcp__tiny__echo")
      assert.strictEqual(lines[1]!["blocking"], true)
      assert.strictEqual(new Set(lines.map((l) => l["session"])).size, 1)
      assert.strictEqual(statSync(log).mode & 0o777, 0o600)
      // The session the proxy started is closed with it, which flushes its spans.
      const names = bodies.flatMap((b) =>
        (
          JSON.parse(b) as {
            resourceSpans: ReadonlyArray<{ scopeSpans: ReadonlyArray<{ spans: ReadonlyArray<{ name: string }> }> }>
          }
        ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((x) => x.name)))
      )
      for (const name of ["wave-hooks SessionStart", "wave-hooks PreToolUse", "wave-hooks SessionEnd", "hook command"])
        assert.include(names, name)
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
      removeTempProjects()
    }
  }, 40_000)
})

describe("serve --audit-log, with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("each POST /run writes its line and exports the event's spans while the server runs", async () => {
    const log = join(tmp, "serve-audit.jsonl")
    const bodies: Array<string> = []
    const receiver = createServer((req, res) => {
      let body = ""
      req
        .setEncoding("utf8")
        .on("data", (c: string) => (body += c))
        .on("end", () => {
          bodies.push(body)
          res.end("{}")
        })
    })
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    const child = spawn(nodeBin, [cliBin, "serve", "--project-dir", project, "--audit-log", log], {
      env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      stdio: ["ignore", "pipe", "pipe"]
    })
    try {
      const started = await new Promise<{ readonly port: string; readonly token: string }>((resolve, reject) => {
        let out = ""
        let err = ""
        const timer = setTimeout(
          () => reject(new Error(`serve printed no URL in 20 s.\nstdout: ${out}\nstderr: ${err}`)),
          20_000
        )
        child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()))
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString()
          const match = /open http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)/.exec(out)
          if (match !== null) {
            clearTimeout(timer)
            resolve({ port: match[1]!, token: match[2]! })
          }
        })
        child.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${err}`)))
      })
      const response = await fetch(`http://127.0.0.1:${started.port}/run`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${started.token}` },
        body: JSON.stringify({ event: "Stop", payload: {} })
      })
      assert.strictEqual(response.status, 200, await response.clone().text())
      await response.json()
      const lines = linesOf(log)
      assert.deepStrictEqual(
        lines.map((l) => l["event"]),
        ["Stop"]
      )
      assert.strictEqual(statSync(log).mode & 0o777, 0o600)
      // The spans of a served event are exported by the batch exporter while serve runs: wait for them by polling the receiver.
      const until = Date.now() + 15_000
      const names = (): ReadonlyArray<string> =>
        bodies.flatMap((b) =>
          (
            JSON.parse(b) as {
              resourceSpans: ReadonlyArray<{ scopeSpans: ReadonlyArray<{ spans: ReadonlyArray<{ name: string }> }> }>
            }
          ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((x) => x.name)))
        )
      while (!names().includes("wave-hooks Stop") && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100))
      assert.include(names(), "wave-hooks Stop")
      assert.include(names(), "wave-hooks decision")
    } finally {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, "SIGTERM")
      await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())))
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  }, 40_000)
})
