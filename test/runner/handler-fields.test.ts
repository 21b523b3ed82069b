/**
 * Handler fields at run time, with real hook processes: `if` (a guard for
 * `Bash(git commit:*)` runs only for commits), `shell` (bash by default,
 * `/bin/sh` on request or when bash is missing, `pwsh`), `args` (exec form,
 * no shell), per-event timeouts and the SessionEnd budget, the Stop-loop
 * cap from the environment, `once` per session, and background hooks
 * (`async`, `asyncRewake`) collected by the session.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { existsSync } from "node:fs"
import { hookCommandLine } from "../../src/runner/hook-command-line.ts"
import {
  canned,
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  removeTempProjects,
  settings,
  shq
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } })
const hasPwsh = (process.env["PATH"] ?? "").split(":").some((dir) => existsSync(`${dir}/pwsh`))

describe("if", () => {
  const guardProject = () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group([hook("echo ran >> guard.log; echo 'no commits on Fridays' >&2; exit 2", { if: "Bash(git commit:*)" })])
        ]
      })
    )
    return p
  }

  it("given a guard for Bash(git commit:*), when Bash runs ls, then the guard does not run and nothing blocks", async () => {
    const p = guardProject()
    const result = await p.run("PreToolUse", bash("ls -la"))
    assert.deepStrictEqual(result.runs, [])
    assert.deepStrictEqual(p.lines("guard.log"), [])
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
  })

  it("given the guard, when a commit hides after &&, then it runs and blocks", async () => {
    const p = guardProject()
    const result = await p.run("PreToolUse", bash("npm test && git commit -m wip"))
    assert.deepStrictEqual(p.lines("guard.log"), ["ran"])
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [
      { _tag: "BlockTool", reason: "no commits on Fridays" }
    ])
  })

  it("given the guard, when the Bash command cannot be parsed, then it runs (fail open) with a condition-failed-open Diagnostic", async () => {
    const p = guardProject()
    const result = await p.run("PreToolUse", bash("echo 'unclosed"))
    assert.deepStrictEqual(p.lines("guard.log"), ["ran"])
    assert.include(diagnosticCodes(result.effects), "condition-failed-open")
    const d = effectsOf(result.effects, "Diagnostic").find((e) => e.code === "condition-failed-open")!
    assert.match(
      d.message,
      /"if": "Bash\(git commit:\*\)" could not be tested .*single quote is not closed.*ran anyway/
    )
  })

  it("given a hook with an if that does not parse, then it is skipped and the run says so", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("echo ran >> guard.log", { if: "Bash(git commit" })])] })
    )
    const result = await p.run("PreToolUse", bash("git commit"))
    assert.deepStrictEqual(p.lines("guard.log"), [])
    assert.include(diagnosticCodes(result.effects), "skipped-entry")
    assert.isTrue(
      effectsOf(result.effects, "ShowUser").some((e) => /\$\.hooks\.PreToolUse\[0\]\.hooks\[0\]\.if/.test(e.text))
    )
  })
})

describe("shell and args", () => {
  it("given no shell, then the command runs in bash ([[ ]] works, $BASH_VERSION is set)", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ UserPromptSubmit: [group([hook(`[[ -n "$BASH_VERSION" ]] && echo "bash $0"`)])] })
    )
    const result = await p.run("UserPromptSubmit", { prompt: "hi" })
    assert.match(effectsOf(result.effects, "InjectContext")[0]?.text ?? "", /^bash \/.*bash$/)
  })

  it("given shell sh, then the command runs in /bin/sh", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook('echo "$0"', { shell: "sh" })])] }))
    const result = await p.run("UserPromptSubmit", { prompt: "hi" })
    assert.deepStrictEqual(
      effectsOf(result.effects, "InjectContext").map((e) => e.text),
      ["/bin/sh"]
    )
  })

  it("given bash is not on PATH, then a hook without shell runs in /bin/sh with a shell-not-found Diagnostic", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook('echo "$0"')])] }))
    const result = await p.run("UserPromptSubmit", { prompt: "hi" }, { env: { ...p.env, PATH: p.path("no-bin") } })
    assert.deepStrictEqual(
      effectsOf(result.effects, "InjectContext").map((e) => e.text),
      ["/bin/sh"]
    )
    const d = effectsOf(result.effects, "Diagnostic").find((e) => e.code === "shell-not-found")
    assert.match(d?.message ?? "", /bash is not installed .*ran in \/bin\/sh.*"shell": "sh"/)
  })

  it("given shell bash explicitly and bash not on PATH, then the hook cannot start and the run says why", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("echo hi", { shell: "bash" })])] }))
    const result = await p.run("UserPromptSubmit", { prompt: "hi" }, { env: { ...p.env, PATH: p.path("no-bin") } })
    assert.strictEqual(result.runs[0]!.run.exitCode, null)
    assert.match(result.runs[0]!.run.spawnError ?? "", /"shell": "bash" needs bash, which is not on PATH/)
    assert.isTrue(effectsOf(result.effects, "ShowUser").some((e) => e.level === "error" && /needs bash/.test(e.text)))
  })

  it.skipIf(hasPwsh)("given shell powershell without pwsh, then a clear start error, no process", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("Write-Output hi", { shell: "powershell" })])] }))
    const result = await p.run("Stop", {})
    assert.match(result.runs[0]!.run.spawnError ?? "", /needs pwsh \(PowerShell 7\), which is not on PATH/)
  })

  it("hookCommandLine: powershell runs pwsh -NoProfile -Command when pwsh is on PATH", () => {
    const p = makeProject()
    const pwsh = p.writeFile("bin/pwsh", "#!/bin/sh\n")
    assert.deepStrictEqual(hookCommandLine({ command: "Get-Date", shell: "powershell" }, p.path("bin")), {
      _tag: "Spawn",
      argv: [pwsh, "-NoProfile", "-Command", "Get-Date"]
    })
  })

  it("given args, then the program gets them literally: spaces and $HOME are not touched by a shell", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ UserPromptSubmit: [group([hook("printf", { args: ["%s|%s|%s", "a b", "$HOME", "'q'"] })])] })
    )
    const result = await p.run("UserPromptSubmit", { prompt: "hi" })
    assert.deepStrictEqual(
      effectsOf(result.effects, "InjectContext").map((e) => e.text),
      ["a b|$HOME|'q'"]
    )
  })

  it("given args with a program that does not exist, then the run reports it could not start", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("./missing-program", { args: ["x"] })])] }))
    const result = await p.run("Stop", {})
    assert.strictEqual(result.runs[0]!.run.exitCode, null)
    assert.match(result.runs[0]!.run.spawnError ?? "", /ENOENT/)
    assert.isTrue(effectsOf(result.effects, "ShowUser").some((e) => e.level === "error"))
  })
})

describe("timeouts and caps", () => {
  it("claude-code: a UserPromptSubmit hook without timeout gets 30 s, a PreToolUse hook 600 s", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings(
      "project",
      settings({ UserPromptSubmit: [group([hook("./p.sh")])], PreToolUse: [group([hook("./t.sh")])] }),
      "claude-code"
    )
    await p.run("UserPromptSubmit", { prompt: "x" }, { dialect: "claude-code" })
    await p.run("PreToolUse", bash("ls"), { dialect: "claude-code" })
    assert.deepStrictEqual(
      hooks.requests.map((r) => [r.command, r.timeoutMs]),
      [
        ["./p.sh", 30_000],
        ["./t.sh", 600_000]
      ]
    )
  })

  it("claude-code SessionEnd: the hooks share the budget of CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS; a hook that starts after it is spent times out without running", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ SessionEnd: [group([hook("echo a >> end.log; sleep 30"), hook("echo b >> end.log")])] }),
      "claude-code"
    )
    const started = Date.now()
    const result = await p.run(
      "SessionEnd",
      { reason: "other" },
      {
        dialect: "claude-code",
        env: { ...p.env, CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "400" },
        killGraceMs: 100
      }
    )
    assert.isBelow(Date.now() - started, 5000)
    assert.deepStrictEqual(
      result.runs.map((r) => r.run.timedOut),
      [true, true]
    )
    assert.deepStrictEqual(p.lines("end.log"), ["a"])
  })

  it("the Stop-loop cap comes from CLAUDE_CODE_STOP_HOOK_BLOCK_CAP; WAVE_STOP_HOOK_BLOCK_CAP wins; a bad value is reported", async () => {
    const block = JSON.stringify({ decision: "block", reason: "again" })
    const p = makeProject({ hookProcess: canned(() => ({ exitCode: 0, stdout: block })).layer })
    p.writeSettings("project", settings({ Stop: [group([hook("./stop.sh")])] }))
    const blocksUntilCap = async (env: Record<string, string>) => {
      const session = await p.session({ env: { ...p.env, ...env } })
      let blocks = 0
      while (blocks < 20 && effectsOf((await session.firePromise("Stop", {})).effects, "BlockStop").length > 0) blocks++
      return blocks
    }
    assert.strictEqual(await blocksUntilCap({ CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" }), 2)
    assert.strictEqual(await blocksUntilCap({ CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2", WAVE_STOP_HOOK_BLOCK_CAP: "3" }), 3)
    assert.strictEqual(await blocksUntilCap({}), 8)
    const bad = await p.run("Stop", {}, { env: { ...p.env, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "lots" } })
    assert.include(diagnosticCodes(bad.effects), "invalid-env-variable")
    assert.isTrue(
      effectsOf(bad.effects, "ShowUser").some((e) =>
        /CLAUDE_CODE_STOP_HOOK_BLOCK_CAP="lots" is not a whole number/.test(e.text)
      )
    )
  })
})

describe("text cap (claude-code)", () => {
  it("given a context text over 10,000 characters, then claude-code saves it to a file and gives the model its path and a 2,000-character preview; wave keeps it whole", async () => {
    const { readFileSync } = await import("node:fs")
    const long = "x".repeat(12_000)
    const p = makeProject()
    for (const dialect of ["claude-code", "wave"] as const) {
      p.writeSettings("project", settings({ UserPromptSubmit: [group([hook(`printf '%s' ${shq(long)}`)])] }), dialect)
    }
    const capped = await p.run("UserPromptSubmit", { prompt: "x" }, { dialect: "claude-code" })
    const [context] = effectsOf(capped.effects, "InjectContext")
    const m =
      /^\[hook output of 12000 characters, over the 10000-character limit, saved to (\S+); first 2000 characters:\]\n(x+)$/.exec(
        context!.text
      )
    assert.isNotNull(m, context!.text.slice(0, 200))
    assert.strictEqual(m![2]!.length, 2000)
    assert.strictEqual(readFileSync(m![1]!, "utf8"), long)
    // decide kept the full text in its context-capped Diagnostic; the runner saved it, so the Diagnostic names the file instead.
    const [note] = effectsOf(capped.effects, "Diagnostic").filter((d) => d.code === "context-capped")
    assert.include(note!.message, `saved to ${m![1]!}`)
    assert.isBelow(note!.message.length, 1_000)
    const { rmSync } = await import("node:fs")
    const { dirname } = await import("node:path")
    rmSync(dirname(m![1]!), { recursive: true, force: true })
    const whole = await p.run("UserPromptSubmit", { prompt: "x" }, { dialect: "wave" })
    assert.deepStrictEqual(
      effectsOf(whole.effects, "InjectContext").map((e) => e.text.length),
      [12_000]
    )
  })
})

describe("once", () => {
  it("given a once hook, when the session fires three times, then it ran once; a one-shot run always runs it", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        UserPromptSubmit: [group([hook("echo once >> once.log", { once: true }), hook("echo every >> every.log")])]
      })
    )
    const session = await p.session()
    for (let i = 0; i < 3; i++) await session.firePromise("UserPromptSubmit", { prompt: "x" })
    assert.deepStrictEqual(p.lines("once.log"), ["once"])
    assert.deepStrictEqual(p.lines("every.log"), ["every", "every", "every"])
    await p.run("UserPromptSubmit", { prompt: "x" })
    assert.deepStrictEqual(p.lines("once.log"), ["once", "once"])
  })

  it("given a once hook that fails, then it runs again until it succeeds", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("echo try >> once.log; [ -f ok ]", { once: true })])] }))
    const session = await p.session()
    await session.firePromise("Stop", {})
    p.writeFile("ok", "")
    await session.firePromise("Stop", {})
    await session.firePromise("Stop", {})
    assert.deepStrictEqual(p.lines("once.log"), ["try", "try"])
  })
})

describe("background hooks", () => {
  /** A hook that waits (up to 10 s) for the test to create `go`, then answers with context. */
  const waitsForGo = (text: string) =>
    `i=0; while [ ! -f go ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done; ` +
    `printf '%s' ${shq(JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: text } }))}`

  it("given an async hook, then fire does not wait for it, its output is not in the decision, and awaitAsync delivers it for the next turn", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        UserPromptSubmit: [group([hook(waitsForGo("lint: 3 warnings"), { async: true }), hook("echo sync")])]
      })
    )
    const session = await p.session()
    const result = await session.firePromise("UserPromptSubmit", { prompt: "x" })
    // The async hook cannot have finished: it waits for `go`, which does not exist yet.
    assert.deepStrictEqual(
      effectsOf(result.effects, "InjectContext").map((e) => e.text),
      ["sync"]
    )
    assert.strictEqual(result.background?.length, 1)
    assert.deepStrictEqual(await session.collectAsyncPromise(), [])
    assert.strictEqual(session.pendingAsyncCount(), 1)
    p.writeFile("go", "")
    const done = await session.awaitAsyncPromise()
    assert.deepStrictEqual(
      done.map((d) => effectsOf(d.effects, "InjectContext").map((e) => e.text)),
      [["lint: 3 warnings"]]
    )
    assert.strictEqual(session.pendingAsyncCount(), 0)
    assert.deepStrictEqual(await session.collectAsyncPromise(), [])
  })

  it("given an async PreToolUse hook that exits 2, then the tool is not blocked, and its late block is dropped with a Diagnostic", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("echo no >&2; exit 2", { async: true })])] }))
    const session = await p.session()
    const result = await session.firePromise("PreToolUse", bash("ls"))
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
    const [done] = await session.awaitAsyncPromise()
    assert.strictEqual(done!.run.exitCode, 2)
    assert.deepStrictEqual(effectsOf(done!.effects, "BlockTool"), [])
    assert.match(
      effectsOf(done!.effects, "Diagnostic").find((d) => d.code === "async-decision-ignored")?.message ?? "",
      /answered BlockTool after the event was decided/
    )
    assert.strictEqual(done!.wake, undefined)
  })

  it("given an async hook with a systemMessage, then claude-code delivers it to the model next turn, wave to the user", async () => {
    const output = JSON.stringify({ systemMessage: "lint found 3 problems" })
    const collected = async (dialect: "wave" | "claude-code") => {
      const p = makeProject()
      p.writeSettings(
        "project",
        settings({ Stop: [group([hook(`printf '%s' ${shq(output)}`, { async: true })])] }),
        dialect
      )
      const session = await p.session({ dialect })
      await session.firePromise("Stop", {})
      const [done] = await session.awaitAsyncPromise()
      return done!.effects.filter((e) => e._tag === "InjectContext" || e._tag === "ShowUser")
    }
    assert.deepStrictEqual(await collected("claude-code"), [{ _tag: "InjectContext", text: "lint found 3 problems" }])
    assert.deepStrictEqual(await collected("wave"), [
      { _tag: "ShowUser", level: "warning", text: "lint found 3 problems" }
    ])
  })

  it("given asyncRewake hooks that exit 2, then they wake the agent with stderr, or with rewakeMessage", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PostToolUse: [
          group([
            hook("echo 'tests fail' >&2; exit 2", { asyncRewake: true }),
            hook("echo ignored >&2; exit 2", { asyncRewake: true, rewakeMessage: "The build broke: run npm test" }),
            hook("exit 0", { asyncRewake: true })
          ])
        ]
      })
    )
    const session = await p.session()
    await session.firePromise("PostToolUse", { ...bash("make"), tool_response: {} })
    const done = await session.awaitAsyncPromise()
    assert.deepStrictEqual(
      done.map((d) => d.wake),
      ["tests fail", "The build broke: run npm test", undefined]
    )
    assert.deepStrictEqual(
      done.map((d) => effectsOf(d.effects, "PromptModel").map((e) => e.text)),
      [["tests fail"], ["The build broke: run npm test"], []]
    )
  })

  it("given an asyncRewake hook that overruns its timeout, then it is killed on time", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("sleep 30", { asyncRewake: true, timeout: 0.3 })])] }))
    const started = Date.now()
    const result = await p.run("Stop", {}, { killGraceMs: 100 })
    const done = await Promise.all(
      (result.background ?? []).map((b) => import("effect").then(({ Effect }) => Effect.runPromise(b.result)))
    )
    assert.isBelow(Date.now() - started, 5000)
    assert.deepStrictEqual(
      done.map((d) => d.run.timedOut),
      [true]
    )
  })
})

describe("statusMessage", () => {
  it("given a statusMessage, then the observer's started hook carries it", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("true", { statusMessage: "Running the tests..." })])] }))
    const seen: Array<string | undefined> = []
    await p.run("Stop", {}, { observer: { started: (h) => seen.push(h.statusMessage) } })
    assert.deepStrictEqual(seen, ["Running the tests..."])
  })
})

describe("a background hook when the engine exits", () => {
  it("given a hook still running when the engine's process exits, then its process group is killed, not orphaned", async () => {
    const { spawnSync } = await import("node:child_process")
    const { join } = await import("node:path")
    const { liveWithin } = await import("./process-groups.ts")
    const { nodeBin, repoRoot } = await import("../helpers/cli-process.ts")
    const p = makeProject()
    const script = p.writeFile(
      "engine.ts",
      [
        `import { Effect } from ${JSON.stringify(join(repoRoot, "node_modules/effect/dist/index.js"))}`,
        `import { existsSync, readFileSync } from "node:fs"`,
        `import { runHookProcess } from ${JSON.stringify(join(repoRoot, "src/runner/node-hook-process.ts"))}`,
        `Effect.runFork(runHookProcess({ command: "echo $$ > pid.txt; exec sleep 30", cwd: process.cwd(), env: { PATH: process.env.PATH ?? "" }, input: "", timeoutMs: 60_000 }))`,
        // Exit as soon as the hook wrote its pid (the hook is then certainly running).
        `const wait = setInterval(() => { if (existsSync("pid.txt") && readFileSync("pid.txt", "utf8").endsWith("\\n")) { clearInterval(wait); process.exit(0) } }, 5)`
      ].join("\n")
    )
    const result = spawnSync(nodeBin, [script], { cwd: p.dir, encoding: "utf8", timeout: 20_000 })
    assert.strictEqual(result.status, 0, result.stderr)
    const pid = Number(p.read("pid.txt").trim())
    assert.isAbove(pid, 0)
    assert.deepStrictEqual(await liveWithin(pid, 2000), [])
  })
})
