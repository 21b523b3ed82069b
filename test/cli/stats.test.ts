/**
 * `wave-hooks stats FILE [--json]` (issue 15) on an audit log the built CLI
 * wrote: events by name, denies per hook, the slowest hooks, the timeouts;
 * lines that are not audit lines are counted and skipped; a missing file is
 * exit 1.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { summarizeAudit } from "../../src/cli/stats-command.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-stats-"))
const home = join(tmp, "home")
const project = join(tmp, "project")
mkdirSync(join(home, ".wave"), { recursive: true })
mkdirSync(project, { recursive: true })
const settings = join(home, ".wave", "settings.json")
writeFileSync(
  settings,
  JSON.stringify({
    hooks: {
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: "echo no >&2; exit 2" }] },
        { matcher: "Slow", hooks: [{ type: "command", command: "sleep 3", timeout: 1 }] },
        { hooks: [{ type: "command", command: "sleep 0.2" }] }
      ],
      Stop: [{ hooks: [{ type: "command", command: "exit 0" }] }]
    }
  })
)
const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home }
const log = join(tmp, "audit.jsonl")

beforeAll(async () => {
  ensureCliBuilt()
  const fire = (event: string, tool?: string) =>
    runCli(
      ["run", event, "--project-dir", project, "--audit-log", log, ...(tool === undefined ? [] : ["--payload", "-"])],
      {
        env,
        ...(tool === undefined ? {} : { input: JSON.stringify({ tool_name: tool, tool_input: {} }) })
      }
    )
  // 3 Bash denies, 1 Slow timeout, 2 Stops; the "sleep 0.2" hook runs on every PreToolUse.
  await Promise.all([
    fire("PreToolUse", "Bash"),
    fire("PreToolUse", "Bash"),
    fire("PreToolUse", "Bash"),
    fire("PreToolUse", "Slow"),
    fire("Stop"),
    fire("Stop")
  ])
}, 180_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe("wave-hooks stats", () => {
  it("--json: events by name, denies per hook, slowest hooks, timeouts", async () => {
    const ran = await runCli(["stats", log, "--json"], { env })
    assert.strictEqual(ran.status, 0, ran.stderr)
    const stats = JSON.parse(ran.stdout) as ReturnType<typeof summarizeAudit>
    assert.strictEqual(stats.events, 6)
    assert.strictEqual(stats.invalidLines, 0)
    assert.deepStrictEqual(stats.byEvent, { PreToolUse: 4, Stop: 2 })
    assert.strictEqual(stats.blocked, 3)
    assert.deepStrictEqual(
      stats.denies.map((h) => [h.command, h.denies, h.runs]),
      [["echo no >&2; exit 2", 3, 3]]
    )
    assert.strictEqual(stats.denies[0]!.source, settings)
    assert.strictEqual(stats.denies[0]!.path, "$.hooks.PreToolUse[0].hooks[0]")
    assert.deepStrictEqual(
      stats.timeouts.map((h) => [h.command, h.timeouts, h.runs]),
      [["sleep 3", 1, 1]]
    )
    // Slowest first by the longest run: the timed-out hook (about 1 s). The others' order depends on the
    // machine's load (a loaded machine can take over 200 ms to start `echo`), so sleep 0.2 is found by name.
    assert.strictEqual(stats.slowest[0]!.command, "sleep 3")
    assert.isAtLeast(stats.slowest[0]!.maxMs, 900)
    for (let i = 1; i < stats.slowest.length; i++) assert.isAtMost(stats.slowest[i]!.maxMs, stats.slowest[i - 1]!.maxMs)
    const sleeper = stats.slowest.find((h) => h.command === "sleep 0.2")!
    assert.strictEqual(sleeper.runs, 4)
    assert.isAtLeast(sleeper.meanMs, 150)
    assert.isAtLeast(sleeper.p95Ms, sleeper.meanMs - 1)
    assert.strictEqual(stats.hooks.length, 4)
    assert.isTrue(stats.first! <= stats.last!)
  }, 30_000)

  it("the text summary names each section; a line that is not an audit line is counted and skipped", async () => {
    const copy = join(tmp, "with-garbage.jsonl")
    const { readFileSync } = await import("node:fs")
    writeFileSync(copy, readFileSync(log, "utf8"))
    appendFileSync(copy, 'not json\n{"event": "Stop"}\n{"time":"2026-01-01T00:00:00.000Z","session":"s","event":"Sto')
    const ran = await runCli(["stats", copy], { env })
    assert.strictEqual(ran.status, 0, ran.stderr)
    const [head, events] = ran.stdout.split("\n")
    assert.match(
      head!,
      /^.*with-garbage\.jsonl: 6 events from \S+ to \S+, 3 blocked; 3 lines not an audit line \(skipped\)$/
    )
    assert.strictEqual(events, "Events: PreToolUse 4, Stop 2")
    assert.match(
      ran.stdout,
      /Denies per hook:\n\s+3 of 3 runs {2}echo no >&2; exit 2 {2}\(command, .*settings\.json \$\.hooks\.PreToolUse\[0\]\.hooks\[0\]\)/
    )
    assert.match(
      ran.stdout,
      /Slowest hooks \(longest run, p95, mean\):\n\s+\d+ ms {2}p95 \d+ ms, mean [\d.]+ ms, 1 run {2}sleep 3/
    )
    assert.match(ran.stdout, /Timeouts:\n\s+1 of 1 run {2}sleep 3/)
  }, 30_000)

  it("an empty log says so; a missing file is exit 1 naming it", async () => {
    const empty = join(tmp, "empty.jsonl")
    writeFileSync(empty, "")
    const ran = await runCli(["stats", empty], { env })
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.include(ran.stdout, "0 events, 0 blocked")
    assert.include(ran.stdout, "Denies per hook: none")
    const missing = await runCli(["stats", join(tmp, "nope.jsonl")], { env })
    assert.strictEqual(missing.status, 1)
    assert.include(missing.stderr, `Could not read the audit log ${join(tmp, "nope.jsonl")}`)
    assert.notInclude(missing.stderr, "home directory")
  }, 30_000)

  it("a relative FILE that is missing: the message says a relative --audit-log is written under the home directory", async () => {
    const missing = await runCli(["stats", ".wave/audit.jsonl"], { env, cwd: project })
    assert.strictEqual(missing.status, 1)
    assert.include(
      missing.stderr,
      "A relative --audit-log (or auditLog) is written under your home directory: try ~/.wave/audit.jsonl."
    )
  }, 30_000)
})
