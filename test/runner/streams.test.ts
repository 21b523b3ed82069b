/**
 * Output caps and stdin handling (ARCHITECTURE sections 5.2 and 7): stdout and
 * stderr are each capped (default 1 MiB) with `truncated: true`; a hook that
 * does not read its stdin, or exits early, is not an error; a large payload
 * reaches a hook that reads it, whole.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { defaultOutputCapBytes, runHookProcess } from "../../src/runner/hook-process.ts"
import {
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const MiB = 1024 * 1024

/** A full garbage collection (exposes V8's gc to this test file only). */
const forceGc: () => void = (() => {
  setFlagsFromString("--expose-gc")
  return runInNewContext("gc") as () => void
})()
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } })
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The heap and ArrayBuffer bytes still reachable: the least of several
 * readings, each after a full GC. V8 frees ArrayBuffer memory in a concurrent
 * sweep after the GC, so one reading right after `gc()` can still count
 * unreachable pipe buffers (more so under CPU load); garbage goes away in a
 * later reading, reachable memory never does.
 */
const retained = async (): Promise<number> => {
  let least = Number.POSITIVE_INFINITY
  for (let i = 0; i < 8; i++) {
    forceGc()
    const usage = process.memoryUsage()
    least = Math.min(least, usage.heapUsed + usage.arrayBuffers)
    await sleep(25)
  }
  return least
}

describe("output caps", () => {
  it("50 MiB on stdout is cut at the default 1 MiB cap, reported as truncated, with the hook never blocked", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("head -c 52428800 /dev/zero")])] }))
    const result = await p.run("PreToolUse", bash("ls"))
    const { run } = result.runs[0]!
    assert.strictEqual(defaultOutputCapBytes, MiB)
    assert.strictEqual(run.exitCode, 0, "the hook was not blocked on a full pipe")
    assert.strictEqual(Buffer.byteLength(run.stdout), MiB, "the first 1 MiB is kept")
    assert.isTrue(run.truncated)
    assert.deepStrictEqual(run.truncatedStreams, [{ stream: "stdout", limitBytes: MiB }])
    assert.include(diagnosticCodes(result.effects), "output-truncated")
    const warnings = effectsOf(result.effects, "ShowUser").filter((e) => e.level === "warning")
    assert.strictEqual(warnings.length, 1)
    assert.match(warnings[0]!.text, /stdout/)
    assert.match(warnings[0]!.text, /1 MiB/)
  })

  it("memory does not grow with the stream: while a hook that wrote 200 MiB still runs, what is held is about the cap", async () => {
    // Not a peak RSS: how much garbage is alive at a moment depends on GC timing (and on CPU
    // load). What must hold is that the engine keeps no more than the cap of what it read, so
    // this measures what is still reachable (`retained`: after forced GCs) once the hook has
    // written everything (it touches `written` after its last byte went into the pipe, of which
    // at most the pipe buffer can be unread) and before it exits (then it sleeps).
    const p = makeProject()
    const env = { PATH: process.env["PATH"] ?? "/bin" }
    const command = "head -c 209715200 /dev/zero; touch written; sleep 3"
    const before = await retained()
    const running = Effect.runPromise(runHookProcess({ command, cwd: p.dir, env, input: "", timeoutMs: 60_000 }))
    while (!p.exists("written")) await sleep(20)
    const during = await retained()
    const run = await running
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(run.stdout.length, MiB)
    assert.isBelow(
      during - before,
      16 * MiB,
      `${((during - before) / MiB).toFixed(1)} MiB held after a hook wrote 200 MiB`
    )
  })

  it("memory kept after a 50 MiB stream is about the cap, not the stream (measured after forced GCs)", async () => {
    const p = makeProject()
    const command = "head -c 52428800 /dev/zero"
    const env = { PATH: process.env["PATH"] ?? "/bin" }
    const before = await retained()
    const run = await Effect.runPromise(runHookProcess({ command, cwd: p.dir, env, input: "", timeoutMs: 20_000 }))
    const after = await retained()
    assert.strictEqual(run.stdout.length, MiB)
    // The run itself (holding 1 MiB of stdout as a string, 2 bytes a char at worst) is still referenced here.
    assert.isBelow(after - before, 8 * MiB, `${((after - before) / MiB).toFixed(1)} MiB still held after the run`)
  })

  it("a custom cap (outputCapBytes) is respected for stdout and stderr", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PostToolUse: [group([hook("head -c 100000 /dev/zero | tr '\\0' a; head -c 5000 /dev/zero | tr '\\0' b >&2")])]
      })
    )
    const result = await p.run("PostToolUse", { ...bash("ls"), tool_response: "ok" }, { outputCapBytes: 4096 })
    const { run } = result.runs[0]!
    assert.strictEqual(run.stdout, "a".repeat(4096))
    assert.strictEqual(run.stderr, "b".repeat(4096))
    assert.isTrue(run.truncated)
    assert.deepStrictEqual(run.truncatedStreams, [
      { stream: "stdout", limitBytes: 4096 },
      { stream: "stderr", limitBytes: 4096 }
    ])
    assert.include(diagnosticCodes(result.effects), "output-truncated")
    const warning = effectsOf(result.effects, "ShowUser").find((e) => e.level === "warning")
    assert.isDefined(warning)
    assert.match(warning!.text, /4 KiB/)
  })

  it("output exactly at the cap is not truncated", async () => {
    const p = makeProject()
    const run = await Effect.runPromise(
      runHookProcess({
        command: "head -c 4096 /dev/zero | tr '\\0' a",
        cwd: p.dir,
        env: { PATH: process.env["PATH"] ?? "/bin" },
        input: "",
        timeoutMs: 10_000,
        outputCapBytes: 4096
      })
    )
    assert.strictEqual(run.stdout.length, 4096)
    assert.strictEqual(run.truncated, undefined)
    assert.strictEqual(run.truncatedStreams, undefined)
  })

  describe("a multi-byte character at the cap", () => {
    const runWithCap = (p: ReturnType<typeof makeProject>, text: string, cap: number) => {
      p.writeFile("out.txt", text, 0o644)
      return Effect.runPromise(
        runHookProcess({
          command: "cat out.txt; cat out.txt >&2",
          cwd: p.dir,
          env: { PATH: process.env["PATH"] ?? "/bin" },
          input: "",
          timeoutMs: 10_000,
          outputCapBytes: cap
        })
      )
    }
    // "é" is 2 bytes, "€" 3, "😀" 4 in UTF-8; each case puts the cap inside the character.
    for (const [char, cut] of [
      ["é", 1],
      ["€", 1],
      ["€", 2],
      ["😀", 1],
      ["😀", 2],
      ["😀", 3]
    ] as const) {
      it(`${char} cut after ${cut} of its ${Buffer.byteLength(char)} bytes is left out, not turned into U+FFFD`, async () => {
        const p = makeProject()
        const before = "x".repeat(10)
        const run = await runWithCap(p, `${before}${char}after`, before.length + cut)
        assert.strictEqual(run.stdout, before)
        assert.strictEqual(run.stderr, before)
        assert.notInclude(run.stdout, "\uFFFD")
        assert.isTrue(run.truncated)
        assert.deepStrictEqual(run.truncatedStreams, [
          { stream: "stdout", limitBytes: before.length + cut },
          { stream: "stderr", limitBytes: before.length + cut }
        ])
      })
    }

    it("a character that ends exactly at the cap is kept", async () => {
      const p = makeProject()
      const run = await runWithCap(p, "xx😀after", 2 + 4)
      assert.strictEqual(run.stdout, "xx😀")
      assert.isTrue(run.truncated)
    })

    it("invalid bytes before the cap are still replaced (only a character cut by the cap is left out)", async () => {
      const p = makeProject()
      p.writeFile("hook.sh", "#!/bin/sh\nprintf 'ab\\377cdefgh'\n")
      const run = await Effect.runPromise(
        runHookProcess({
          command: "./hook.sh",
          cwd: p.dir,
          env: { PATH: process.env["PATH"] ?? "/bin" },
          input: "",
          timeoutMs: 10_000,
          outputCapBytes: 4
        })
      )
      assert.strictEqual(run.stdout, "ab\uFFFDc")
    })
  })

  it("the decision is made on the kept part: a blocking exit 2 with huge stderr still blocks", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook("echo 'not allowed' >&2; head -c 3000000 /dev/zero | tr '\\0' x >&2; exit 2")])]
      })
    )
    const result = await p.run("PreToolUse", bash("rm -rf /"))
    const blocks = effectsOf(result.effects, "BlockTool")
    assert.strictEqual(blocks.length, 1)
    assert.isTrue(blocks[0]!.reason.startsWith("not allowed"))
    assert.isAtMost(blocks[0]!.reason.length, MiB)
    assert.include(diagnosticCodes(result.effects), "output-truncated")
  })
})

describe("stdin", () => {
  const big = "x".repeat(5 * MiB)

  it("a hook that never reads a 5 MiB payload and exits 0 gives exit 0, no crash (EPIPE ignored)", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("exit 0"), hook("head -c 10 > /dev/null; exit 0")])] })
    )
    const result = await p.run("PreToolUse", bash(big))
    assert.deepStrictEqual(
      result.runs.map((r) => r.run.exitCode),
      [0, 0]
    )
    assert.deepStrictEqual(
      result.runs.map((r) => r.run.spawnError),
      [undefined, undefined]
    )
    assert.deepStrictEqual(result.effects, [])
  })

  it("runHookProcess: `cat` echoes a 5 MiB input back whole (back-pressure)", async () => {
    const p = makeProject()
    const input = JSON.stringify({ tool_input: { command: big } })
    const started = performance.now()
    const run = await Effect.runPromise(
      runHookProcess({
        command: "cat",
        cwd: p.dir,
        env: { PATH: process.env["PATH"] ?? "/bin" },
        input,
        timeoutMs: 20_000,
        outputCapBytes: 8 * MiB
      })
    )
    assert.strictEqual(run.exitCode, 0)
    assert.isFalse(run.timedOut)
    assert.strictEqual(run.stdout.length, input.length)
    assert.isTrue(run.stdout === input, "the echoed payload differs from the input")
    assert.isBelow(performance.now() - started, 15_000)
  })

  it("runHooks: a hook that saves a 5 MiB payload gets all of it", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("sleep 0.2; cat > got.json")])] }))
    const result = await p.run("PreToolUse", bash(big))
    assert.strictEqual(result.runs[0]!.run.exitCode, 0)
    const got = JSON.parse(p.read("got.json")) as { tool_input: { command: string } }
    assert.strictEqual(got.tool_input.command.length, big.length)
  })
})
