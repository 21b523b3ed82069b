/**
 * Hooks inherit no file descriptors but stdin, stdout and stderr (Linux: the
 * hook lists `/proc/$$/fd`, its shell's own fds). Node opens its own fds
 * close-on-exec (`fs.openSync` included), and at start-up marks the fds it
 * inherited close-on-exec from 3 up to the first gap above 15
 * (`uv_disable_stdio_inheritance`). A higher inherited fd after a gap is not
 * marked, and no `spawn` option closes it (a `stdio` entry `"ignore"` at its
 * index leaves it open), so the CLI closes such fds at start: through the CLI
 * a hook gets exactly 0, 1, 2. In-process (`runHookProcess`, a library
 * embedder's case) the expected list is 0, 1, 2 plus what this test process
 * itself inherited that way (`inheritedOpen`, empty in a clean environment).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { spawnSync } from "node:child_process"
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { runHookProcess } from "../../src/runner/node-hook-process.ts"
import { cliBin, ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

/**
 * The fds above 2 this test process inherited without close-on-exec (such
 * as a harness's pipe at 251): every child gets them, the CLI and its hooks
 * included, whatever the runner does; in a clean environment there are none.
 */
const inheritedOpen: ReadonlyArray<number> = (() => {
  if (!existsSync("/proc/self/fdinfo")) return []
  const O_CLOEXEC = 0o2000000
  return readdirSync("/proc/self/fdinfo")
    .map(Number)
    .filter((fd) => {
      if (fd <= 2) return false
      try {
        const flags = /flags:\s*([0-7]+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, "latin1"))?.[1]
        return flags !== undefined && (parseInt(flags, 8) & O_CLOEXEC) === 0
      } catch {
        return false
      }
    })
    .sort((a, b) => a - b)
})()
const expected = [0, 1, 2, ...inheritedOpen]

/**
 * The hook's shell lists its own fds (`ls` opens its directory fd in its own process, not the shell's).
 * The `; true` keeps the shell alive: bash (the default shell) execs a lone simple command, and `$$`
 * would then be `ls` itself, with its directory fd.
 */
const LIST_FDS = "ls /proc/$$/fd; true"
const fdsOf = (listing: string): ReadonlyArray<number> =>
  listing
    .split(/\s+/)
    .filter((s) => s.length > 0)
    .map(Number)
    .sort((a, b) => a - b)

describe.runIf(existsSync("/proc/self/fd"))("file descriptors of a hook", () => {
  it("the listing itself: a shell with an extra fd of its own shows it (the check can fail)", async () => {
    const p = makeProject()
    const run = await Effect.runPromise(
      runHookProcess({ command: `exec 7</dev/null; ${LIST_FDS}`, cwd: p.dir, env: {}, input: "", timeoutMs: 10_000 })
    )
    assert.deepStrictEqual(
      fdsOf(run.stdout),
      [...expected, 7].sort((a, b) => a - b)
    )
  })

  it("runHookProcess: exactly 0, 1, 2, with an extra fd open in the engine (fs.openSync) during the run", async () => {
    const p = makeProject()
    const extra = openSync(join(p.dir, "engine-file.txt"), "w")
    try {
      const run = await Effect.runPromise(
        runHookProcess({ command: LIST_FDS, cwd: p.dir, env: {}, input: "{}", timeoutMs: 10_000 })
      )
      assert.strictEqual(run.exitCode, 0, run.stderr)
      assert.notInclude(fdsOf(run.stdout), extra)
      assert.deepStrictEqual(fdsOf(run.stdout), expected)
    } finally {
      closeSync(extra)
    }
  })

  describe("the CLI as a process", () => {
    beforeAll(ensureCliBuilt, 180_000)

    /** `wave-hooks run UserPromptSubmit` for a project whose hook writes its fds to `fds.txt`, the CLI given `extraFd` at that number. */
    const runCliWithFd = async (p: TempProject, extraFd: number): Promise<ReadonlyArray<number>> => {
      p.writeSettings("project", settings({ UserPromptSubmit: [group([hook(LIST_FDS)])] }))
      await p.trust()
      const payload = join(p.root, "payload.json")
      writeFileSync(payload, JSON.stringify({ prompt: "hi" }))
      const file = openSync(join(p.root, "inherited.txt"), "w")
      let stdout = ""
      try {
        const stdio = Array.from({ length: extraFd + 1 }, (_, i) => (i < 3 ? "pipe" : i === extraFd ? file : "ignore"))
        const result = spawnSync(
          nodeBin,
          [cliBin, "run", "UserPromptSubmit", "--project-dir", p.dir, "--payload", payload, "--json"],
          {
            cwd: p.dir,
            env: { ...p.env, HOME: p.home },
            stdio: stdio as Array<"pipe" | "ignore" | number>,
            timeout: 30_000
          }
        )
        assert.strictEqual(result.status, 0, String(result.stderr))
        stdout = String(result.stdout)
      } finally {
        closeSync(file)
      }
      const out = JSON.parse(stdout) as { effects: Array<{ _tag: string; text?: string }> }
      return fdsOf(out.effects.find((e) => e._tag === "InjectContext")?.text ?? "")
    }

    it("an fd the CLI inherited at 3 does not reach the hook", async () => {
      assert.deepStrictEqual(await runCliWithFd(makeProject(), 3), [0, 1, 2])
    }, 60_000)

    // An inherited fd above 15 after a gap is not close-on-exec in Node, and no spawn option closes it:
    // the CLI closes such descriptors at start (src/cli/inherited-fds.ts).
    it("an fd the CLI inherited at 40 does not reach the hook", async () => {
      assert.deepStrictEqual(
        await runCliWithFd(makeProject(), 40),
        [0, 1, 2],
        "the CLI closes what it inherited (this process's own inherited fds too)"
      )
    }, 60_000)
  })
})
