/**
 * Handler fields through the CLI and the terminal: `wave-hooks run` with an
 * `if` guard and with background hooks (with `--wait-async`: waited for,
 * reported under `async`, never in the exit status), `validate` on a Claude Code file configuring an
 * event this version does not run, and `statusMessage` on the spinner and the
 * web page (escaped).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { statusTextOf, spinnerObserver } from "../../src/cli/spinner.ts"
import { Feed } from "../../src/interpreters/web/feed.ts"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const cli = async (p: TempProject, args: ReadonlyArray<string>): Promise<CliResult> => {
  await p.trust()
  return runCli(args, { env: { ...p.env, HOME: p.home }, cwd: p.dir })
}

const payloadFile = (p: TempProject, payload: unknown): string => {
  const path = join(p.root, "payload.json")
  writeFileSync(path, JSON.stringify(payload))
  return path
}

describe("wave-hooks run", () => {
  it("given a Bash(git commit:*) guard, when the command is ls, then exit 0 and no run; when a commit, exit 2", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("echo no >&2; exit 2", { if: "Bash(git commit:*)" })])] })
    )
    const ls = await cli(p, [
      "run",
      "PreToolUse",
      "--payload",
      payloadFile(p, { tool_name: "Bash", tool_input: { command: "ls" } }),
      "--json"
    ])
    assert.strictEqual(ls.status, 0, ls.stderr)
    assert.deepStrictEqual(JSON.parse(ls.stdout), { effects: [], runs: [] })
    const commit = await cli(p, [
      "run",
      "PreToolUse",
      "--payload",
      payloadFile(p, { tool_name: "Bash", tool_input: { command: "git commit -m x" } }),
      "--json"
    ])
    assert.strictEqual(commit.status, 2, commit.stderr)
  })

  it("given an async hook that exits 2 and a sync one, with --wait-async, then exit 0, and the JSON lists the async run and its effects apart", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook("echo late >&2; exit 2", { async: true }), hook("true")])]
      })
    )
    const result = await cli(p, [
      "run",
      "PreToolUse",
      "--payload",
      payloadFile(p, { tool_name: "Bash", tool_input: { command: "ls" } }),
      "--json",
      "--wait-async"
    ])
    assert.strictEqual(result.status, 0, result.stderr)
    const out = JSON.parse(result.stdout) as {
      effects: Array<{ _tag: string }>
      runs: Array<{ command: string }>
      async: Array<{ command: string; exitCode: number | null; effects: Array<{ _tag: string; code?: string }> }>
    }
    assert.deepStrictEqual(out.effects, [])
    assert.deepStrictEqual(
      out.runs.map((r) => r.command),
      ["true"]
    )
    assert.deepStrictEqual(
      out.async.map((a) => [a.command, a.exitCode]),
      [["echo late >&2; exit 2", 2]]
    )
    assert.isTrue(out.async[0]!.effects.some((e) => e._tag === "Diagnostic" && e.code === "async-decision-ignored"))
  })

  it("given an asyncRewake hook that exits 2, with --wait-async, then the text output shows it wakes the agent", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook("echo 'tests fail' >&2; exit 2", { asyncRewake: true })])] })
    )
    const result = await cli(p, ["run", "Stop", "--wait-async"])
    assert.strictEqual(result.status, 0, result.stderr)
    assert.match(result.stdout, /Background hooks \(not part of the decision.*\): 1/)
    assert.match(result.stdout, /exit 2, \d+ ms, wakes the agent/)
    assert.match(result.stdout, /\[model\] PromptModel: tests fail/)
  })
})

describe("wave-hooks test", () => {
  it("runs the hook command in bash, as run does", async () => {
    const p = makeProject()
    const expect = join(p.root, "expect.json")
    writeFileSync(expect, JSON.stringify([{ _tag: "BlockStop", reason: "in bash" }]))
    const result = await cli(p, [
      "test",
      `[[ -n "$BASH_VERSION" ]] && { echo 'in bash' >&2; exit 2; }`,
      "--event",
      "Stop",
      "--payload",
      payloadFile(p, {}),
      "--expect",
      expect
    ])
    assert.strictEqual(result.status, 0, result.stdout + result.stderr)
    assert.match(result.stdout, /^ok: Stop: the hook exited 2/)
  })
})

describe("wave-hooks validate", () => {
  it("given a file with an event this version does not know, then one warning names it, validate exits 0, and a Stop run does not mention it", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ BackgroundJobQueued: [group([hook("./init.sh")])], Stop: [group([hook("true")])] }),
      "claude-code"
    )
    const result = await cli(p, ["validate", "--dialect", "claude-code"])
    assert.strictEqual(result.status, 0, result.stdout + result.stderr)
    const lines = result.stdout.split("\n").filter((l) => l.includes("BackgroundJobQueued"))
    assert.strictEqual(lines.length, 1, result.stdout)
    assert.match(lines[0]!, /\$\.hooks\.BackgroundJobQueued: warning: unknown event "BackgroundJobQueued"/)
    const run = await cli(p, ["run", "Stop", "--dialect", "claude-code"])
    assert.notInclude(run.stdout + run.stderr, "BackgroundJobQueued")
  })
})

describe("wave-hooks list", () => {
  it("shows if, async, once, shell and args, and lists the same command with other args as a different run", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group([
            hook("node", { args: ["a.js", "x y"], if: "Bash(git commit:*)", once: true }),
            hook("node", { args: ["b.js"], asyncRewake: true, shell: "bash" })
          ])
        ]
      })
    )
    const result = await cli(p, ["list"])
    assert.strictEqual(result.status, 0, result.stderr)
    assert.include(result.stdout, `if Bash(git commit:*), once, args ["a.js","x y"]`)
    assert.include(result.stdout, `asyncRewake, shell bash, args ["b.js"]`)
    assert.notInclude(result.stdout, "runs once: identical")
    const json = JSON.parse((await cli(p, ["list", "--json"])).stdout) as { hooks: Array<Record<string, unknown>> }
    assert.deepInclude(json.hooks[0], { if: "Bash(git commit:*)", once: true, args: ["a.js", "x y"] })
  })
})

describe("statusMessage", () => {
  it("replaces the spinner's default text, with control characters escaped", async () => {
    const written: Array<string> = []
    let firstWrite: () => void = () => {}
    const wrote = new Promise<void>((resolve) => (firstWrite = resolve))
    const stream = Object.assign(Object.create(process.stderr) as NodeJS.WriteStream, {
      isTTY: true,
      columns: 80,
      write: (text: string) => {
        written.push(text)
        firstWrite()
        return true
      }
    })
    const observer = spinnerObserver(stream, 0)!
    const h = {
      event: "Stop",
      command: "./slow.sh",
      statusMessage: "Running tests\u001b[31m",
      path: "$.hooks.Stop[0].hooks[0]",
      file: "f"
    } as never
    observer.started?.(h)
    await wrote
    observer.finished?.(h, {} as never, [])
    assert.include(written[0]!, "Running tests\\x1b[31m")
    assert.notInclude(written[0]!, "./slow.sh")
    assert.notInclude(written[0]!.slice(4), "\u001b[31m")
  })

  it("without a statusMessage the spinner says which hook runs", () => {
    assert.strictEqual(statusTextOf({ event: "Stop", command: "./slow.sh" }), "Stop hook: ./slow.sh")
    assert.strictEqual(
      statusTextOf({ event: "Stop", command: "./slow.sh", statusMessage: "  " }),
      "Stop hook: ./slow.sh"
    )
  })

  it("is the web card's status while the hook runs, escaped", () => {
    const feed = new Feed()
    const card = feed.cardFor("Stop")
    feed.runStarted(card, "./slow.sh", "Linting\u0007")
    const run = feed.history().find((c) => c.id === card)!.runs[0]!
    assert.strictEqual(run.status.includes("\u0007"), false)
    assert.match(run.status, /^Linting/)
    feed.runStarted(card, "./other.sh")
    assert.strictEqual(feed.history().find((c) => c.id === card)!.runs[1]!.status, "running")
  })
})
