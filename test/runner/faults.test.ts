/**
 * Faults of real hook processes (ARCHITECTURE sections 2, 4, 5.2 and 7): a
 * crash, a hang, a fork bomb of sleeping children, binary and invalid UTF-8
 * output, a hook that closes stdout and keeps running, both output caps hit at
 * once, exit by signal, a script without a shebang.
 *
 * For each fault: the run is classified as the contract says, the runner
 * survives (a normal hook run right after it works), and no live process is
 * left in the hook's process group. Every hook first writes `$$` to
 * `pgid.txt`: the hook's shell leads its own group, so its pid is the pgid.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { performance } from "node:perf_hooks"
import type { HookRun } from "../../src/core/hook-run.ts"
import { parseStdout } from "../../src/core/parse.ts"
import type { HookProcessOptions } from "../../src/runner/hook-process.ts"
import { runHookProcess } from "../../src/runner/hook-process.ts"
import { liveGroupMembers, liveWithin, signalGroup } from "./process-groups.ts"
import { isBlocking } from "../../src/effects/precedence.ts"
import type { TempProject } from "../helpers/project.ts"
import {
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

const startedGroups: Array<number> = []

afterAll(() => {
  // Belt and braces: never leave a hook's group behind, even when a test failed (by pgid, never by name).
  for (const pgid of startedGroups) if (liveGroupMembers(pgid).length > 0) signalGroup(pgid, "SIGKILL")
  removeTempProjects()
})

const MiB = 1024 * 1024
const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" }
const bash = { tool_name: "Bash", tool_input: { command: "ls" } }
/** First thing every faulty hook does: record its pgid. */
const RECORD_PGID = "echo $$ > pgid.txt"
const DRAIN_GRACE_MS = 200
const KILL_GRACE_MS = 1000

const runIn = (p: TempProject, command: string, options: Partial<HookProcessOptions> = {}): Promise<HookRun> =>
  Effect.runPromise(runHookProcess({ command, cwd: p.dir, env, input: "{}", timeoutMs: 10_000, ...options }))

const readPgid = (p: TempProject): number => {
  const pgid = Number(p.read("pgid.txt").trim())
  assert.isAbove(pgid, 1, "the hook recorded its pgid")
  startedGroups.push(pgid)
  return pgid
}

const assertGroupGone = async (p: TempProject): Promise<void> => {
  const pgid = readPgid(p)
  const live = await liveWithin(pgid)
  assert.deepStrictEqual(live, [], `live processes left in the hook's process group ${pgid}: ${JSON.stringify(live)}`)
}

/** The runner survived the fault: a normal run, directly and through runHooks (in a fresh project), still works. */
const assertRunnerStillWorks = async (p: TempProject): Promise<void> => {
  const run = await runIn(p, "cat; echo ok", { input: "ping\n" })
  assert.strictEqual(run.exitCode, 0)
  assert.strictEqual(run.stdout, "ping\nok\n")
  const q = makeProject()
  q.writeSettings(
    "project",
    settings({ UserPromptSubmit: [group([hook("cat > payload.json; echo 'still working'")])] })
  )
  const result = await q.run("UserPromptSubmit", { prompt: "hi" })
  assert.deepStrictEqual(result.effects, [{ _tag: "InjectContext", text: "still working" }])
  assert.strictEqual((JSON.parse(q.read("payload.json")) as { prompt?: unknown }).prompt, "hi")
}

/** A project whose PreToolUse runs `faulty`. */
const faultProject = (faulty: Record<string, unknown>): TempProject => {
  const p = makeProject()
  p.writeSettings("project", settings({ PreToolUse: [group([faulty])] }))
  return p
}

const errorsOf = (effects: Parameters<typeof effectsOf>[0]) =>
  effectsOf(effects, "ShowUser").filter((e) => e.level === "error")

/** Milliseconds since the epoch, as written by `date +%s%3N` in a hook. */
const readStamp = (p: TempProject, file: string): number => Number(p.read(file).trim())

describe("faults: crash", () => {
  const crash = `${RECORD_PGID}; ulimit -c 0; kill -SEGV $$`

  it("a segfault: exitCode null, signal SIGSEGV, a ShowUser error naming SIGSEGV; nothing blocks", async () => {
    const p = faultProject(hook(crash))
    const result = await p.run("PreToolUse", bash)
    const { run } = result.runs[0]!
    assert.strictEqual(run.exitCode, null)
    assert.strictEqual(run.signal, "SIGSEGV")
    assert.isFalse(run.timedOut)
    const errors = errorsOf(result.effects)
    assert.strictEqual(errors.length, 1, JSON.stringify(result.effects))
    assert.include(errors[0]!.text, "SIGSEGV")
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
    assert.isFalse(isBlocking(result.effects))
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })

  it("a segfault with onFailure block: BlockTool naming SIGSEGV", async () => {
    const p = faultProject(hook(crash, { onFailure: "block" }))
    const result = await p.run("PreToolUse", bash)
    assert.strictEqual(result.runs[0]!.run.signal, "SIGSEGV")
    const blocks = effectsOf(result.effects, "BlockTool")
    assert.strictEqual(blocks.length, 1, JSON.stringify(result.effects))
    assert.include(blocks[0]!.reason, "SIGSEGV")
    assert.isTrue(isBlocking(result.effects))
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })
})

describe("faults: hang", () => {
  it("`sleep 60` with a 1 s timeout: timedOut, settles within timeout + 1 s grace + 1 s", async () => {
    const p = faultProject(hook(`${RECORD_PGID}; sleep 60`, { timeout: 1 }))
    const started = performance.now()
    const result = await p.run("PreToolUse", bash)
    const elapsed = performance.now() - started
    const { run } = result.runs[0]!
    assert.isTrue(run.timedOut)
    assert.strictEqual(run.exitCode, null)
    assert.isAtLeast(elapsed, 950, `settled before the timeout (${elapsed.toFixed(0)} ms)`)
    // The slack is for a loaded machine; waiting for the hook would take 60 s.
    assert.isAtMost(elapsed, 1000 + KILL_GRACE_MS + 8000, `settled after ${elapsed.toFixed(0)} ms`)
    const errors = errorsOf(result.effects)
    assert.strictEqual(errors.length, 1)
    assert.match(errors[0]!.text, /timed out/)
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })
})

describe("faults: 50 sleeping children", () => {
  /** Forks 50 `sleep 60` (pids to kids.txt), prints, stamps its exit time and exits 0. */
  const forker = (child: string) =>
    `${RECORD_PGID}; for i in $(seq 50); do ${child} & echo $! >> kids.txt; done; echo started; date +%s%3N > exited.txt`

  const kids = (p: TempProject): ReadonlyArray<number> => p.lines("kids.txt").map(Number)

  it("children holding stdout: the run settles within drain grace + kill grace of the hook's exit, and all 50 are killed", async () => {
    const p = makeProject()
    const started = performance.now()
    const run = await runIn(p, forker("sleep 60"))
    const settledAt = Date.now()
    const elapsed = performance.now() - started
    const afterExit = settledAt - readStamp(p, "exited.txt")
    assert.strictEqual(run.exitCode, 0)
    assert.isFalse(run.timedOut)
    assert.strictEqual(run.signal, undefined)
    assert.strictEqual(run.stdout, "started\n")
    assert.strictEqual(kids(p).length, 50)
    // The slack is for a loaded machine; waiting for the children would take 60 s.
    assert.isAtMost(afterExit, DRAIN_GRACE_MS + KILL_GRACE_MS + 8000, `settled ${afterExit} ms after the hook exited`)
    assert.isBelow(elapsed, 20_000, `the whole run took ${elapsed.toFixed(0)} ms`)
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })

  it("children that ignore SIGTERM and hold stdout: SIGKILLed after the grace, all 50 gone", async () => {
    const p = makeProject()
    const run = await runIn(p, forker(`(trap '' TERM; exec sleep 60)`))
    const afterExit = Date.now() - readStamp(p, "exited.txt")
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(run.stdout, "started\n")
    assert.strictEqual(kids(p).length, 50)
    assert.isAtLeast(
      afterExit,
      DRAIN_GRACE_MS + KILL_GRACE_MS - 50,
      `settled ${afterExit} ms after exit, before SIGKILL was due`
    )
    assert.isAtMost(afterExit, DRAIN_GRACE_MS + KILL_GRACE_MS + 8000, `settled ${afterExit} ms after the hook exited`)
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })

  it("children with output to /dev/null do not delay the run, and are killed with the hook's group right after it exits", async () => {
    // Documented behaviour (hook-process.ts): what a hook leaves in its process group when it
    // exits gets SIGTERM (SIGKILL after the grace) without delaying the run; a process meant
    // to outlive its hook must start a session of its own (setsid).
    const p = makeProject()
    const run = await runIn(p, forker("sleep 60 >/dev/null 2>&1"))
    const afterExit = Date.now() - readStamp(p, "exited.txt")
    const pgid = readPgid(p)
    assert.strictEqual(run.exitCode, 0)
    assert.isFalse(run.timedOut)
    assert.strictEqual(run.stdout, "started\n")
    assert.isBelow(
      afterExit,
      DRAIN_GRACE_MS + 300,
      `settled ${afterExit} ms after exit: it should not wait for the drain grace`
    )
    assert.strictEqual(kids(p).length, 50)
    assert.deepStrictEqual(await liveWithin(pgid), [], "the 50 background children were killed with the group")
    await assertRunnerStillWorks(p)
  })
})

describe("faults: binary and invalid UTF-8 output", () => {
  it("printf '\\377\\376\\000abc': decoded with U+FFFD, classified Plain; UserPromptSubmit injects it, PreToolUse ignores it", async () => {
    const p = makeProject()
    const command = `${RECORD_PGID}; printf '\\377\\376\\000abc'`
    p.writeSettings(
      "project",
      settings({ UserPromptSubmit: [group([hook(command)])], PreToolUse: [group([hook(command)])] })
    )
    const expected = "\uFFFD\uFFFD\u0000abc"
    const run = await runIn(p, command)
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(run.stdout, expected)
    assert.deepStrictEqual(parseStdout(run.stdout, "wave"), { _tag: "Plain", text: expected })
    const prompt = await p.run("UserPromptSubmit", { prompt: "hi" })
    assert.deepStrictEqual(prompt.effects, [{ _tag: "InjectContext", text: expected }])
    const tool = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(tool.effects, [])
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })

  it("the same bytes after a '{' are Malformed in the wave dialect (never injected), Plain in claude-code", async () => {
    const p = makeProject()
    const command = `${RECORD_PGID}; printf '{\\377\\376\\000abc'`
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook(command)])] }))
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook(command)])] }), "claude-code")
    const wave = await p.run("UserPromptSubmit", { prompt: "hi" })
    assert.strictEqual(wave.runs[0]!.run.stdout, "{\uFFFD\uFFFD\u0000abc")
    assert.deepStrictEqual(diagnosticCodes(wave.effects), ["malformed-json"])
    assert.deepStrictEqual(effectsOf(wave.effects, "InjectContext"), [])
    assert.match(effectsOf(wave.effects, "ShowUser")[0]?.text ?? "", /malformed JSON/)
    const claude = await p.run("UserPromptSubmit", { prompt: "hi" }, { dialect: "claude-code" })
    assert.deepStrictEqual(claude.effects, [{ _tag: "InjectContext", text: "{\uFFFD\uFFFD\u0000abc" }])
    await assertGroupGone(p)
  })

  it("4 KiB from /dev/urandom: no crash, stdout is the bytes decoded as UTF-8 with U+FFFD, classified as parseStdout says", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ UserPromptSubmit: [group([hook(`${RECORD_PGID}; head -c 4096 /dev/urandom | tee bytes.bin`)])] })
    )
    const result = await p.run("UserPromptSubmit", { prompt: "hi" })
    const { run } = result.runs[0]!
    const bytes = readFileSync(p.path("bytes.bin"))
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(bytes.byteLength, 4096)
    assert.isTrue(run.stdout === bytes.toString("utf8"), "stdout is the hook's bytes decoded with replacement")
    assert.include(run.stdout, "\uFFFD")
    const parsed = parseStdout(run.stdout, "wave")
    if (parsed._tag === "Plain") {
      assert.deepStrictEqual(
        result.effects,
        parsed.text.length > 0 ? [{ _tag: "InjectContext", text: parsed.text }] : []
      )
    } else {
      assert.strictEqual(parsed._tag, "Malformed", "random bytes are never valid JSON")
      assert.deepStrictEqual(diagnosticCodes(result.effects), ["malformed-json"])
      assert.deepStrictEqual(effectsOf(result.effects, "InjectContext"), [])
    }
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })

  it("4 KiB from /dev/urandom after a '{': Malformed, a warning and a Diagnostic, nothing reaches the model", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        UserPromptSubmit: [group([hook(`${RECORD_PGID}; { printf '{'; head -c 4096 /dev/urandom; } | tee bytes.bin`)])]
      })
    )
    const result = await p.run("UserPromptSubmit", { prompt: "hi" })
    const { run } = result.runs[0]!
    assert.strictEqual(run.exitCode, 0)
    assert.isTrue(run.stdout === readFileSync(p.path("bytes.bin")).toString("utf8"))
    assert.strictEqual(parseStdout(run.stdout, "wave")._tag, "Malformed")
    assert.deepStrictEqual(diagnosticCodes(result.effects), ["malformed-json"])
    assert.deepStrictEqual(effectsOf(result.effects, "InjectContext"), [])
    assert.deepStrictEqual(
      effectsOf(result.effects, "ShowUser").map((e) => e.level),
      ["warning"]
    )
    await assertGroupGone(p)
  })
})

describe("faults: stdout closed early", () => {
  it("`exec 1>&-; sleep 2; exit 0` with timeout 5: exit 0 after about 2 s, empty stdout", async () => {
    const p = makeProject()
    const started = performance.now()
    const run = await runIn(p, `${RECORD_PGID}; exec 1>&-; sleep 2; exit 0`, { timeoutMs: 5000 })
    const elapsed = performance.now() - started
    assert.strictEqual(run.exitCode, 0)
    assert.isFalse(run.timedOut)
    assert.strictEqual(run.stdout, "")
    assert.strictEqual(run.stderr, "")
    assert.isAtLeast(elapsed, 1950, `settled after ${elapsed.toFixed(0)} ms: before the hook exited`)
    // Not timed out (5 s) is the upper bound: the run settled when the hook exited.
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })
})

describe("faults: both output caps at once", () => {
  it("3 MiB on each of stdout and stderr, cap 1 MiB: both cut at 1 MiB and both reported", async () => {
    const p = faultProject(
      hook(
        `${RECORD_PGID}; (head -c 3145728 /dev/zero | tr '\\0' b >&2) & head -c 3145728 /dev/zero | tr '\\0' a; wait`
      )
    )
    const result = await p.run("PreToolUse", bash, { outputCapBytes: MiB })
    const { run } = result.runs[0]!
    assert.strictEqual(run.exitCode, 0)
    assert.isTrue(run.stdout === "a".repeat(MiB), `stdout kept ${run.stdout.length} chars`)
    assert.isTrue(run.stderr === "b".repeat(MiB), `stderr kept ${run.stderr.length} chars`)
    assert.isTrue(run.truncated)
    assert.deepStrictEqual(run.truncatedStreams, [
      { stream: "stdout", limitBytes: MiB },
      { stream: "stderr", limitBytes: MiB }
    ])
    assert.deepStrictEqual(diagnosticCodes(result.effects), ["output-truncated"])
    const warnings = effectsOf(result.effects, "ShowUser").filter((e) => e.level === "warning")
    assert.strictEqual(warnings.length, 1)
    assert.include(warnings[0]!.text, "stdout at 1 MiB and stderr at 1 MiB")
    await assertGroupGone(p)
    await assertRunnerStillWorks(p)
  })
})

describe("faults: exit by signal", () => {
  for (const signal of ["TERM", "KILL"] as const) {
    it(`kill -${signal} $$ with a background child holding stdout: signal SIG${signal}, and the child is killed with the group`, async () => {
      const p = makeProject()
      const run = await runIn(p, `${RECORD_PGID}; sleep 60 & kill -${signal} $$`)
      assert.strictEqual(run.exitCode, null)
      assert.strictEqual(run.signal, `SIG${signal}`)
      assert.isFalse(run.timedOut)
      await assertGroupGone(p)
      await assertRunnerStillWorks(p)
    })
  }
})

describe("faults: script without a shebang", () => {
  it("an executable file holding `echo hi` runs with /bin/sh semantics: exit 0, stdout hi", async () => {
    const p = makeProject()
    p.writeFile("hooks/no-shebang", `${RECORD_PGID}\necho hi\n`, 0o755)
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("./hooks/no-shebang")])] }))
    const result = await p.run("UserPromptSubmit", { prompt: "hi" })
    const { run } = result.runs[0]!
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(run.stdout, "hi\n")
    assert.strictEqual(run.stderr, "")
    assert.deepStrictEqual(result.effects, [{ _tag: "InjectContext", text: "hi" }])
    await assertGroupGone(p)
  })
})
