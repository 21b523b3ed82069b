/**
 * Issue 21, "A Claude Code project works with no flag" (ARCHITECTURE section
 * 7, "Which settings files a run reads"): without `--dialect`, `.claude/`
 * settings are read next to `.wave/` ones, each file in the dialect it was
 * written for; `list`, `validate`, `trust` and `run` agree on the files (one
 * function, `settingsLocations`, gives them); `--dialect` stays an override.
 * The CLI runs as a real process with a temp HOME.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, logLine, makeProject, removeTempProjects, settings } from "../helpers/project.ts"
import { trustStorePath } from "../../src/runner/trust-store.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const cli = (p: TempProject, args: ReadonlyArray<string>, input?: string): Promise<CliResult> =>
  runCli(args, {
    env: { ...p.env, HOME: p.home },
    cwd: p.dir,
    timeoutMs: 60_000,
    ...(input === undefined ? {} : { input })
  })

const rmRf = JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf /" } })

/** A guard that blocks any Bash call whose input mentions rm -rf (exit 2, as Claude Code hooks do). */
const guard = "if grep -q 'rm -rf'; then echo 'rm -rf is blocked' >&2; exit 2; fi"

interface ListJson {
  readonly dialect: string
  readonly hooks: ReadonlyArray<{
    readonly file: string
    readonly dialect: string
    readonly timeoutSeconds: number
    readonly event: string
  }>
}
interface ValidateJson {
  readonly files: ReadonlyArray<{
    readonly file: string
    readonly scope: string
    readonly dialect?: string
    readonly trust?: string
  }>
}

describe("a Claude Code project, no --dialect", () => {
  it("validate finds .claude/settings.json, list shows its hook, trust records it, and run blocks rm -rf", async () => {
    const p = makeProject()
    const file = p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook(guard)], { matcher: "Bash" })] }),
      "claude-code"
    )

    const validate = await cli(p, ["validate", "--json"])
    assert.strictEqual(validate.status, 0, validate.stderr)
    const validated = JSON.parse(validate.stdout) as ValidateJson
    assert.deepStrictEqual(
      validated.files.map((f) => [f.file, f.dialect]),
      [[file, "claude-code"]]
    )
    const validateText = await cli(p, ["validate"])
    assert.match(validateText.stderr, /1 settings file checked \(claude-code\)/)
    assert.notMatch(validateText.stderr, /no settings files found/)

    const list = await cli(p, ["list", "--json"])
    assert.strictEqual(list.status, 0, list.stderr)
    const listed = JSON.parse(list.stdout) as ListJson
    assert.strictEqual(listed.dialect, "claude-code", "only Claude Code files: the run is claude-code")
    assert.deepStrictEqual(
      listed.hooks.map((h) => [h.file, h.dialect, h.timeoutSeconds]),
      [[file, "claude-code", 600]]
    )

    // Not trusted yet: the hook does not run, and run says why (no silent allow).
    const untrusted = await cli(p, ["run", "PreToolUse", "--payload", "-"], rmRf)
    assert.notStrictEqual(untrusted.status, 2)
    assert.include(untrusted.stdout, `${file} is not trusted`)
    assert.include(untrusted.stdout, "wave-hooks trust")

    const trust = await cli(p, ["trust", "--yes"])
    assert.strictEqual(trust.status, 0, trust.stderr)
    assert.include(trust.stdout, file)
    const store = JSON.parse(readFileSync(trustStorePath(p.home), "utf8")) as { files: Record<string, unknown> }
    assert.deepStrictEqual(Object.keys(store.files), [file])

    const run = await cli(p, ["run", "PreToolUse", "--payload", "-"], rmRf)
    assert.strictEqual(run.status, 2, run.stderr)
    assert.include(run.stdout, "BlockTool: rm -rf is blocked")
  }, 180_000)

  it("~/.claude/settings.json is read without a flag (a user file needs no trust)", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ PreToolUse: [group([hook(guard)], { matcher: "Bash" })] }), "claude-code")
    const run = await cli(p, ["run", "PreToolUse", "--payload", "-"], rmRf)
    assert.strictEqual(run.status, 2, run.stderr)
    assert.include(run.stdout, "BlockTool: rm -rf is blocked")
  }, 60_000)

  it("a broken ~/.claude/settings.json denies tool calls without a flag (the unreadable-settings rule)", async () => {
    const p = makeProject()
    p.writeSettings("user", "{ not json", "claude-code")
    const run = await cli(
      p,
      ["run", "PreToolUse", "--payload", "-", "--json"],
      JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } })
    )
    assert.strictEqual(run.status, 2, run.stderr)
    const out = JSON.parse(run.stdout) as { effects: ReadonlyArray<{ _tag: string }> }
    assert.include(
      out.effects.map((e) => e._tag),
      "BlockTool"
    )
    assert.include(run.stderr, p.settingsPath("user", "claude-code"))
  }, 60_000)
})

describe("both .wave/ and .claude/ files", () => {
  /** Every scope of both dialects, each with a Stop hook logging its name; HOME's and the project's. */
  const everyFile = (p: TempProject) => {
    for (const scope of ["user", "project", "local"] as const) {
      for (const dialect of ["wave", "claude-code"] as const) {
        p.writeSettings(
          scope,
          settings({ Stop: [group([hook(logLine(`${dialect}-${scope}`, join(p.dir, "order.log")))])] }),
          dialect
        )
      }
    }
  }

  it("list, validate, trust and run agree: user, project, local, .wave/ then .claude/ in each", async () => {
    const p = makeProject()
    everyFile(p)
    const order = [
      p.settingsPath("user", "wave"),
      p.settingsPath("user", "claude-code"),
      p.settingsPath("project", "wave"),
      p.settingsPath("project", "claude-code"),
      p.settingsPath("local", "wave"),
      p.settingsPath("local", "claude-code")
    ]
    const trust = await cli(p, ["trust", "--yes"])
    assert.strictEqual(trust.status, 0, trust.stderr)
    const store = JSON.parse(readFileSync(trustStorePath(p.home), "utf8")) as { files: Record<string, unknown> }
    assert.deepStrictEqual(
      Object.keys(store.files),
      order.slice(2),
      "trust records the project and local files of both dialects"
    )

    const validate = JSON.parse((await cli(p, ["validate", "--json"])).stdout) as ValidateJson
    assert.deepStrictEqual(
      validate.files.map((f) => f.file),
      order
    )
    assert.deepStrictEqual(
      validate.files.map((f) => f.dialect),
      ["wave", "claude-code", "wave", "claude-code", "wave", "claude-code"]
    )
    const validateText = await cli(p, ["validate"])
    assert.match(validateText.stderr, /6 settings files checked \(3 wave, 3 claude-code\)/)

    const list = await cli(p, ["list", "--json"])
    const listed = JSON.parse(list.stdout) as ListJson
    assert.strictEqual(listed.dialect, "wave", "both dialects' files: the run is wave")
    assert.deepStrictEqual(
      listed.hooks.map((h) => h.file),
      order
    )
    const listText = await cli(p, ["list"])
    assert.match(listText.stdout, /Settings: \.wave\/ settings in wave, \.claude\/ settings in claude-code/)
    assert.include(
      listText.stdout,
      `from ${p.settingsPath("project", "claude-code")} $.hooks.Stop[0].hooks[0] (project, claude-code)`
    )

    const run = await cli(p, ["run", "Stop"])
    assert.strictEqual(run.status, 0, run.stderr)
    assert.deepStrictEqual(p.lines("order.log"), [
      "wave-user",
      "claude-code-user",
      "wave-project",
      "claude-code-project",
      "wave-local",
      "claude-code-local"
    ])
  }, 240_000)

  it("each hook is decided in its own file's dialect: matcher anchoring and default timeout", async () => {
    const p = makeProject()
    // "Ba." matches "Bash" unanchored (Claude Code) but not anchored (Wave).
    for (const dialect of ["wave", "claude-code"] as const) {
      p.writeSettings(
        "project",
        settings({ PreToolUse: [group([hook(logLine(dialect))], { matcher: "Ba." })] }),
        dialect
      )
    }
    await p.trust()
    const listed = JSON.parse((await cli(p, ["list", "--json"])).stdout) as ListJson
    assert.deepStrictEqual(
      listed.hooks.map((h) => [h.dialect, h.timeoutSeconds]),
      [
        ["wave", 60],
        ["claude-code", 600]
      ]
    )
    const run = await cli(
      p,
      ["run", "PreToolUse", "--payload", "-"],
      JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } })
    )
    assert.strictEqual(run.status, 0, run.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["claude-code"])
  }, 120_000)

  it("--dialect stays an override: only that dialect's files are listed, validated and run", async () => {
    const p = makeProject()
    everyFile(p)
    await p.trust()
    for (const [dialect, prefix] of [
      ["wave", "wave"],
      ["claude-code", "claude-code"]
    ] as const) {
      writeFileSync(join(p.dir, "order.log"), "")
      const validate = JSON.parse((await cli(p, ["validate", "--json", "--dialect", dialect])).stdout) as ValidateJson
      assert.deepStrictEqual(
        validate.files.map((f) => f.dialect),
        [dialect, dialect, dialect]
      )
      const listed = JSON.parse((await cli(p, ["list", "--json", "--dialect", dialect])).stdout) as ListJson
      assert.strictEqual(listed.dialect, dialect)
      assert.strictEqual(listed.hooks.length, 3)
      const run = await cli(p, ["run", "Stop", "--dialect", dialect])
      assert.strictEqual(run.status, 0, run.stderr)
      assert.deepStrictEqual(p.lines("order.log"), [`${prefix}-user`, `${prefix}-project`, `${prefix}-local`])
    }
  }, 240_000)
})

describe("list when a file cannot be read", () => {
  it('does not say "No hooks configured" when a settings file could not be read', async () => {
    const p = makeProject()
    p.writeSettings("project", "{ not json", "claude-code")
    const list = await cli(p, ["list"])
    assert.notInclude(list.stdout, "No hooks configured")
    assert.include(list.stdout, "No hooks listed: 1 settings file could not be read")
    assert.include(list.stderr, p.settingsPath("project", "claude-code"))
  }, 60_000)
})
