/**
 * `wave-hooks run`, `validate` and `list` as real processes (ARCHITECTURE
 * section 8), with HOME pointing to a temp dir so real user settings are never
 * read. Tests run concurrently: node start-up dominates.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import type { CliResult } from "../helpers/cli-process.ts"
import { cliBin, ensureCliBuilt, nodeBin, runCli } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, logLine, makeProject, printing, removeTempProjects, settings } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/** Run the CLI for a project: HOME is the project's temp home; the project is trusted first. */
const cli = async (p: TempProject, args: ReadonlyArray<string>, input?: string): Promise<CliResult> => {
  await p.trust()
  return runCli(args, { env: { ...p.env, HOME: p.home }, cwd: p.dir, ...(input === undefined ? {} : { input }) })
}

const payloadFile = (p: TempProject, payload: unknown): string => {
  const path = join(p.root, "payload.json")
  writeFileSync(path, typeof payload === "string" ? payload : JSON.stringify(payload))
  return path
}

const bash = { tool_name: "Bash", tool_input: { command: "rm -rf build" } }

describe.concurrent("wave-hooks run", () => {
  it("--json prints exactly {effects, runs} and exits 2 when a blocking effect results", async () => {
    const p = makeProject()
    const command = "echo 'rm is not allowed' >&2; exit 2"
    p.writeSettings("project", settings({ PreToolUse: [group([hook(command)], { matcher: "Bash" })] }))
    const r = await cli(p, ["run", "PreToolUse", "--project-dir", p.dir, "--payload", payloadFile(p, bash), "--json"])
    assert.strictEqual(r.status, 2, r.stderr)
    assert.isTrue(r.stdout.endsWith("\n"))
    assert.strictEqual(r.stdout.trimEnd().split("\n").length, 1, "one line of JSON")
    const out = JSON.parse(r.stdout) as { effects: Array<unknown>; runs: Array<Record<string, unknown>> }
    assert.deepStrictEqual(Object.keys(out), ["effects", "runs"])
    assert.deepStrictEqual(out.effects, [{ _tag: "BlockTool", reason: "rm is not allowed" }])
    assert.strictEqual(out.runs.length, 1)
    const run = out.runs[0]!
    assert.deepStrictEqual(Object.keys(run), ["command", "type", "exitCode", "durationMs", "timedOut", "truncated"])
    assert.strictEqual(run["command"], command)
    assert.strictEqual(run["type"], "command")
    assert.strictEqual(run["exitCode"], 2)
    assert.isNumber(run["durationMs"])
    assert.isAtLeast(run["durationMs"] as number, 0)
    assert.isBelow(run["durationMs"] as number, 20_000)
    assert.strictEqual(run["timedOut"], false)
    assert.strictEqual(run["truncated"], false)
  })

  it("--json exits 0 when nothing blocks; effects and runs in config order", async () => {
    const p = makeProject()
    const allow = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        additionalContext: "build/ is generated"
      }
    })
    p.writeSettings("user", settings({ PreToolUse: [group([hook(printing(allow))])] }))
    p.writeSettings("project", settings({ PreToolUse: [group([hook("exit 0")])] }))
    const r = await cli(p, ["run", "PreToolUse", "--project-dir", p.dir, "--payload", payloadFile(p, bash), "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as {
      effects: Array<Record<string, unknown>>
      runs: Array<Record<string, unknown>>
    }
    assert.deepStrictEqual(
      [...out.effects].sort((a, b) => String(a["_tag"]).localeCompare(String(b["_tag"]))),
      [{ _tag: "AllowTool" }, { _tag: "InjectContext", text: "build/ is generated" }]
    )
    assert.deepStrictEqual(
      out.runs.map((run) => [run["command"], run["exitCode"]]),
      [
        [printing(allow), 0],
        ["exit 0", 0]
      ]
    )
  })

  it("the effects carry no `source`", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("echo 'tests fail' >&2; exit 2")])] }))
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 2, r.stderr)
    assert.deepStrictEqual((JSON.parse(r.stdout) as { effects: unknown }).effects, [
      { _tag: "BlockStop", reason: "tests fail" }
    ])
  })

  it("reports a timed-out and a truncated run in --json", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ Notification: [group([hook("sleep 30", { timeout: 1 }), hook("head -c 2000000 /dev/zero")])] })
    )
    const r = await cli(p, [
      "run",
      "Notification",
      "--project-dir",
      p.dir,
      "--payload",
      payloadFile(p, { message: "hi" }),
      "--json"
    ])
    assert.strictEqual(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { runs: Array<Record<string, unknown>> }
    assert.deepStrictEqual(
      out.runs.map((run) => [run["exitCode"], run["timedOut"], run["truncated"]]),
      [
        [null, true, false],
        [0, false, true]
      ]
    )
  })

  it("--payload - reads the payload from stdin", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ UserPromptSubmit: [group([hook("cat > stdin.json; echo 'no secrets' >&2; exit 2")])] })
    )
    const r = await cli(
      p,
      ["run", "UserPromptSubmit", "--project-dir", p.dir, "--payload", "-", "--json"],
      JSON.stringify({ prompt: "my key is sk-123" })
    )
    assert.strictEqual(r.status, 2, r.stderr)
    assert.deepStrictEqual((JSON.parse(r.stdout) as { effects: unknown }).effects, [
      { _tag: "BlockPrompt", reason: "no secrets" }
    ])
    const seen = JSON.parse(p.read("stdin.json")) as Record<string, unknown>
    assert.strictEqual(seen["prompt"], "my key is sk-123")
    assert.strictEqual(seen["hook_event_name"], "UserPromptSubmit")
    assert.strictEqual(seen["cwd"], p.dir)
    assert.isString(seen["session_id"])
    assert.property(seen, "transcript_path")
  })

  it("without --json prints a readable summary and exits by the same rule", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("echo 'nope' >&2; exit 2")])] }))
    const r = await cli(p, ["run", "PreToolUse", "--project-dir", p.dir, "--payload", payloadFile(p, bash)])
    assert.strictEqual(r.status, 2, r.stderr)
    assert.include(r.stdout, "BlockTool")
    assert.include(r.stdout, "nope")
  })

  it("reads user settings from $HOME/.wave/settings.json of the child's environment", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-hook"))])] }))
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["user-hook"])
  })

  it("--dialect claude-code reads .claude/ settings", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("claude"))])] }), "claude-code")
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("wave"))])] }), "wave")
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--dialect", "claude-code", "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["claude"])
  })

  it("the current directory is the default project dir", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("cwd"))])] }))
    const r = await cli(p, ["run", "Stop", "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["cwd"])
  })

  it("a payload that is not JSON exits 1 with a message on stderr", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook(logLine("ran"))])] }))
    const r = await cli(p, [
      "run",
      "PreToolUse",
      "--project-dir",
      p.dir,
      "--payload",
      payloadFile(p, "{tool_name: Bash"),
      "--json"
    ])
    assert.strictEqual(r.status, 1)
    assert.match(r.stderr, /not valid JSON/)
    assert.strictEqual(r.stdout, "")
    assert.deepStrictEqual(p.lines("order.log"), [], "no hook ran")
  })

  it("a payload with wrong types still runs the hooks, each field reported (never a whole run refused for one field, issue 12)", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook(logLine("guard"))])] }))
    await cli(p, ["trust", "--yes", "--project-dir", p.dir])
    const r = await cli(p, [
      "run",
      "PreToolUse",
      "--project-dir",
      p.dir,
      "--json",
      "--payload",
      payloadFile(p, { tool_name: 5, tool_input: "ls" })
    ])
    assert.strictEqual(r.status, 0, r.stderr)
    const effects = (JSON.parse(r.stdout) as { effects: Array<{ _tag: string; code?: string; message?: string }> })
      .effects
    const invalid = effects.filter((e) => e.code === "invalid-field").map((e) => e.message ?? "")
    assert.isTrue(
      invalid.some((m) => m.includes("$.tool_name") && m.includes("PreToolUse hooks expect this field")),
      JSON.stringify(effects)
    )
    assert.isTrue(
      invalid.some((m) => m.includes("$.tool_input")),
      JSON.stringify(effects)
    )
    assert.deepStrictEqual(p.lines("order.log"), ["guard"], "the guard ran")
  })

  it("an optional payload field of an unexpected type is reported, not fatal: the hooks run and get it as sent (issue 12)", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreCompact: [group([hook(`${logLine("ran")}; echo 'keep it' >&2; exit 2`)])] })
    )
    const payload = { trigger: "auto", custom_instructions: null, context_tokens: "a lot" }
    const r = await cli(p, [
      "run",
      "PreCompact",
      "--project-dir",
      p.dir,
      "--payload",
      payloadFile(p, { ...payload, custom_instructions: 7 }),
      "--json"
    ])
    assert.strictEqual(r.status, 2, r.stderr)
    const out = JSON.parse(r.stdout) as {
      effects: Array<{ _tag: string; code?: string; message?: string; reason?: string }>
    }
    assert.deepStrictEqual(
      out.effects.map((e) => e._tag),
      ["Diagnostic", "BlockCompaction"]
    )
    assert.strictEqual(out.effects[0]!.code, "invalid-field")
    assert.include(out.effects[0]!.message, "$.custom_instructions")
    assert.deepStrictEqual(p.lines("order.log"), ["ran"])
  })

  it("no payload: empty stdin for --payload -, or a tool event without --payload, exits 1 saying how to pass one; {} stays valid", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook(logLine("ran"))])], Stop: [group([hook(logLine("stop"))])] })
    )
    const empty = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--payload", "-"], "")
    const blank = await cli(p, ["run", "PreToolUse", "--project-dir", p.dir, "--payload", "-", "--json"], "  \n")
    const absent = await cli(p, ["run", "PreToolUse", "--project-dir", p.dir])
    for (const r of [empty, blank, absent]) {
      assert.strictEqual(r.status, 1, r.stderr)
      assert.strictEqual(r.stdout, "")
      assert.include(r.stderr, "--payload FILE, or --payload - with the JSON on stdin")
    }
    assert.include(empty.stderr, "The payload in stdin is empty")
    assert.include(empty.stderr, "echo '{}' | wave-hooks run Stop --payload -")
    assert.include(absent.stderr, "PreToolUse needs a payload")
    assert.include(absent.stderr, "tool_name")
    assert.deepStrictEqual(p.lines("order.log"), [], "no hook ran")
    const ok = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--payload", "-"], "{}")
    assert.strictEqual(ok.status, 0, ok.stderr)
    const none = await cli(p, ["run", "Stop", "--project-dir", p.dir])
    assert.strictEqual(none.status, 0, none.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["stop", "stop"])
  })

  it.skipIf(spawnSync("script", ["--version"]).error !== undefined)(
    "--payload - on a terminal exits 1 at once saying how to pass a payload",
    async () => {
      const p = makeProject()
      const command = [nodeBin, cliBin, "run", "Stop", "--project-dir", p.dir, "--payload", "-"]
        .map((a) => `'${a}'`)
        .join(" ")
      const r = spawnSync("script", ["-qec", command, "/dev/null"], {
        env: { ...p.env, HOME: p.home },
        cwd: p.dir,
        encoding: "utf8",
        timeout: 20_000
      })
      assert.strictEqual(r.status, 1, r.stdout)
      assert.include(r.stdout, "--payload - reads stdin, which is a terminal")
      assert.include(r.stdout, "--payload FILE")
    }
  )

  it("a payload that is not an object exits 1", async () => {
    const p = makeProject()
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--payload", "-"], "[1, 2]")
    assert.strictEqual(r.status, 1)
    assert.match(r.stderr, /must be a JSON object/)
  })

  it("a payload file that does not exist exits 1", async () => {
    const p = makeProject()
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--payload", join(p.root, "missing.json")])
    assert.strictEqual(r.status, 1)
    assert.include(r.stderr, "missing.json")
  })

  it("a file that cannot be read is named in plain words, without internal names, on the fast paths and in the full tree", async () => {
    const p = makeProject()
    const missing = join(p.root, "missing.json")
    const env = { env: { ...p.env, HOME: p.home }, cwd: p.dir }
    const runs = await Promise.all([
      runCli(["run", "Stop", "--payload", missing], env),
      runCli(["run", "Stop", "--payload", missing, "--json", "true"], env),
      runCli(["decide", "--event", "Stop", "--stdout-file", missing], env),
      runCli(["decide", "--event", "Stop", "--stdout-file", missing, "--json", "true"], env),
      runCli(["explain", "--event", "Stop", "--stderr-file", p.root], env),
      runCli(["test", "true", "--event", "Stop", "--payload", missing, "--expect", missing], env)
    ])
    for (const r of runs) {
      assert.include([1, 2], r.status, r.stderr)
      assert.notMatch(r.stderr, /ENOENT|EISDIR|NotFound|FileSystem\.|readFile/, r.stderr)
      assert.match(r.stderr, /does not exist|is a directory/, r.stderr)
      assert.match(r.stderr, /Check the path/, r.stderr)
    }
    assert.include(runs[0]!.stderr, missing)
    assert.include(runs[4]!.stderr, p.root)
  })

  it("an unknown event exits 1 with the closest name", async () => {
    const p = makeProject()
    const r = await cli(p, ["run", "PreToolUs", "--project-dir", p.dir])
    assert.strictEqual(r.status, 1)
    assert.include(r.stderr, 'Unknown event "PreToolUs"')
    assert.include(r.stderr, 'Did you mean "PreToolUse"?')
  })

  it("an unknown flag exits 1", async () => {
    const p = makeProject()
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--no-such-flag"])
    assert.strictEqual(r.status, 1, r.stderr)
    assert.include(r.stderr, "no-such-flag")
  })

  it("a --project-dir that is not a directory exits 1", async () => {
    const p = makeProject()
    const r = await cli(p, ["run", "Stop", "--project-dir", join(p.root, "nope")])
    assert.strictEqual(r.status, 1)
    assert.include(r.stderr, "not a directory")
  })

  it("a trusted settings file with a JSON syntax error makes run exit 1 with the file, line and column on stderr; the other files' hooks run", async () => {
    const p = makeProject()
    p.writeSettings("local", settings({ Stop: [group([hook(logLine("local"))])] }))
    const file = p.writeSettings("project", `{\n  "hooks": {\n    "Stop": []\n  },\n}\n`)
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 1)
    assert.include(r.stderr, file)
    assert.include(r.stderr, "line 5, column 1")
    assert.deepStrictEqual(p.lines("order.log"), ["local"])
  })

  it("a user settings file with a JSON syntax error denies a PreToolUse (exit 2) with a reason naming the file, whatever the other hooks allow", async () => {
    const p = makeProject()
    const allow = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
    p.writeSettings("project", settings({ PreToolUse: [group([hook(allow)])] }))
    const file = p.writeSettings("user", `{"hooks": {"PreToolUse": [],}}`)
    const r = await cli(
      p,
      ["run", "PreToolUse", "--project-dir", p.dir, "--json", "--payload", "-"],
      JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf /" } })
    )
    assert.strictEqual(r.status, 2, r.stdout + r.stderr)
    assert.include(r.stderr, file)
    const effects = (
      JSON.parse(r.stdout) as { effects: ReadonlyArray<{ _tag: string; reason?: string; code?: string }> }
    ).effects
    const block = effects.find((e) => e._tag === "BlockTool")
    assert.isDefined(block)
    assert.include(block!.reason, file)
    assert.isFalse(effects.some((e) => e._tag === "AllowTool"))
    assert.isTrue(effects.some((e) => e._tag === "Diagnostic" && e.code === "unreadable-settings"))
  })

  it("a user settings file with a JSON syntax error makes run exit 1 with the file, line, column and fix on stderr", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("project"))])] }))
    const file = p.writeSettings("user", `{\n  "hooks": {\n`)
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 1)
    assert.include(r.stderr, file)
    assert.include(r.stderr, "line 3, column 1")
    assert.include(r.stderr, "fix the JSON syntax")
    const effects = (
      JSON.parse(r.stdout) as { effects: ReadonlyArray<{ _tag: string; level?: string; text?: string }> }
    ).effects
    assert.isTrue(
      effects.some((e) => e._tag === "ShowUser" && e.level === "error" && e.text!.includes(file)),
      r.stdout
    )
    assert.deepStrictEqual(p.lines("order.log"), ["project"], "the other files' hooks ran")
  })

  it("an untrusted project file that does not parse stays a warning: run exits 0 and the user's hooks run", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    const r0 = await runCli(["run", "Stop", "--project-dir", p.dir, "--json"], {
      env: { ...p.env, HOME: p.home },
      cwd: p.dir
    })
    assert.strictEqual(r0.status, 0, r0.stderr)
    const file = p.writeSettings("project", `{\n  "hooks": {\n`)
    const r = await runCli(["run", "Stop", "--project-dir", p.dir, "--json"], {
      env: { ...p.env, HOME: p.home },
      cwd: p.dir
    })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["user", "user"])
    const effects = (JSON.parse(r.stdout) as { effects: Array<Record<string, string>> }).effects
    assert.isTrue(
      effects.some(
        (e) => e["_tag"] === "Diagnostic" && e["message"]!.includes(file) && e["message"]!.includes("not valid JSON")
      )
    )
  })

  it("the text output shows a skipped settings entry once", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("", { timeout: 0 }), hook(logLine("valid"))])] }))
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir])
    assert.strictEqual(r.status, 0, r.stderr)
    const all = r.stdout + r.stderr
    assert.strictEqual(all.split("empty command").length - 1, 1, all)
    const json = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--json"])
    const effects = (JSON.parse(json.stdout) as { effects: Array<Record<string, string>> }).effects
    assert.isTrue(
      effects.some((e) => e["_tag"] === "Diagnostic" && e["code"] === "skipped-entry"),
      "--json keeps the author diagnostic"
    )
  })

  it("an invalid entry does not stop run: the valid hook runs and the skipped entry is reported", async () => {
    const p = makeProject()
    const file = p.writeSettings(
      "project",
      settings({ Stop: [group([hook("", { timeout: 0 }), hook(logLine("valid"))])] })
    )
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["valid"])
    const effects = (JSON.parse(r.stdout) as { effects: Array<Record<string, string>> }).effects
    const skipped = effects.filter((e) => e["_tag"] === "Diagnostic" && e["code"] === "skipped-entry")
    assert.isAbove(skipped.length, 0)
    assert.include(skipped[0]!["message"], file)
    assert.isTrue(
      effects.some((e) => e["_tag"] === "ShowUser" && e["level"] === "warning" && e["text"]!.includes(file))
    )
  })
})

describe.concurrent("wave-hooks validate", () => {
  it("prints FILE: JSON-PATH: problem; fix lines and exits 1 with errors", async () => {
    const p = makeProject()
    const file = p.writeSettings(
      "project",
      settings({ PreToolUs: [group([hook("x")])], Stop: [group([hook("echo ok", { timeout: 0 })])] })
    )
    const r = await cli(p, ["validate", "--project-dir", p.dir])
    assert.strictEqual(r.status, 1, r.stderr)
    const lines = r.stdout.trimEnd().split("\n")
    assert.strictEqual(lines.length, 2, r.stdout)
    assert.isTrue(lines[0]!.startsWith(`${file}: $.hooks.PreToolUs: unknown event "PreToolUs"`), lines[0])
    assert.include(lines[0]!, 'did you mean "PreToolUse"?')
    assert.isTrue(lines[1]!.startsWith(`${file}: $.hooks.Stop[0].hooks[0].timeout: `), lines[1])
    for (const line of lines) assert.match(line, /^\/\S+: \$\S*: .+; .+$/)
  })

  it("an untrusted file: the summary says its hooks are not trusted and how to trust them, exit 0", async () => {
    const p = makeProject()
    const file = p.writeSettings("project", settings({ Stop: [group([hook("echo a"), hook("echo b")])] }))
    const r = await runCli(["validate", "--project-dir", p.dir], { env: { ...p.env, HOME: p.home }, cwd: p.dir })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.strictEqual(r.stdout, "")
    assert.notInclude(r.stderr, "0 hooks valid")
    assert.include(r.stderr, "2 hooks valid (2 in 1 file not trusted: they do not run)")
    assert.include(r.stderr, `${file} is not trusted: its 2 hooks do not run`)
    assert.include(r.stderr, `wave-hooks trust --project-dir ${p.dir}`)
    await p.trust()
    const trusted = await runCli(["validate", "--project-dir", p.dir], { env: { ...p.env, HOME: p.home }, cwd: p.dir })
    assert.strictEqual(trusted.stderr.trim(), "1 settings file checked, 2 hooks valid: 0 errors, 0 warnings.")
  })

  it("--json prints the files and the diagnostics as one object; the exit status is the same", async () => {
    const p = makeProject()
    const file = p.writeSettings("project", settings({ PreToolUs: [group([hook("x")])] }))
    const r = await cli(p, ["validate", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 1, r.stderr)
    const out = JSON.parse(r.stdout) as {
      files: Array<Record<string, string>>
      diagnostics: Array<Record<string, string>>
    }
    assert.deepStrictEqual(Object.keys(out), ["files", "diagnostics"])
    assert.deepStrictEqual(out.files, [{ file, scope: "project", dialect: "wave", trust: "trusted" }])
    assert.strictEqual(out.diagnostics.length, 1)
    assert.strictEqual(out.diagnostics[0]!["severity"], "error")
    assert.strictEqual(out.diagnostics[0]!["path"], "$.hooks.PreToolUs")
    assert.include(out.diagnostics[0]!["fix"], "PreToolUse")
    assert.include(r.stderr, "1 error")
  })

  it("exits 0 with only warnings, still printing them", async () => {
    const p = makeProject()
    const file = p.writeSettings(
      "project",
      settings({ Stop: [group([hook("./missing.sh", { timeout: 5000 })], { matcher: "Bash" })] })
    )
    const r = await cli(p, ["validate", "--project-dir", p.dir])
    assert.strictEqual(r.status, 0, r.stderr)
    const lines = r.stdout.trimEnd().split("\n")
    assert.deepStrictEqual(
      lines.map((line) => line.slice(0, line.indexOf(": ", file.length + 2))),
      [
        `${file}: $.hooks.Stop[0].matcher`,
        `${file}: $.hooks.Stop[0].hooks[0].timeout`,
        `${file}: $.hooks.Stop[0].hooks[0].command`
      ]
    )
  })

  it("exits 0 and prints nothing on stdout for valid settings (or none)", async () => {
    const p = makeProject()
    const none = await cli(p, ["validate", "--project-dir", p.dir])
    assert.strictEqual(none.status, 0, none.stderr)
    assert.strictEqual(none.stdout, "")
    p.writeSettings("user", settings({ Stop: [group([hook("echo ok")])] }))
    const valid = await cli(p, ["validate", "--project-dir", p.dir])
    assert.strictEqual(valid.status, 0, valid.stderr)
    assert.strictEqual(valid.stdout, "")
  })

  it("reports a JSON syntax error as one line with line and column, exit 1", async () => {
    const p = makeProject()
    const file = p.writeSettings("user", `{\n  "hooks": {}\n  "disableAllHooks": true\n}\n`)
    const r = await cli(p, ["validate", "--project-dir", p.dir])
    assert.strictEqual(r.status, 1)
    const lines = r.stdout.trimEnd().split("\n")
    assert.strictEqual(lines.length, 1, r.stdout)
    assert.isTrue(lines[0]!.startsWith(`${file}: $: `))
    assert.include(lines[0]!, "line 3, column 3")
  })
})

describe.concurrent("wave-hooks list", () => {
  it("a settings file with errors is named on stderr: one that does not parse, and one with a bad entry", async () => {
    const p = makeProject()
    const broken = p.writeSettings("user", `{\n  "hooks": {\n`)
    const partly = p.writeSettings("project", settings({ Stop: [group([hook(""), hook("echo ok")])] }))
    const r = await cli(p, ["list", "--project-dir", p.dir])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.include(r.stdout, "echo ok")
    assert.include(r.stderr, `${broken}: not valid JSON`)
    assert.include(r.stderr, "none of its hooks are listed")
    assert.include(r.stderr, `${partly}: 1 error: the entries with errors are not listed`)
    assert.include(r.stderr, `Run wave-hooks validate --project-dir ${p.dir}`)
    const json = await cli(p, ["list", "--project-dir", p.dir, "--json"])
    assert.doesNotThrow(() => JSON.parse(json.stdout))
    assert.include(json.stderr, broken)
  })

  const setup = () => {
    const p = makeProject()
    const shared = logLine("shared")
    p.writeSettings("user", settings({ PreToolUse: [group([hook(shared)], { matcher: "Bash" })] }))
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook(shared)], { matcher: "Edit|Write" })],
        Stop: [group([hook("echo stop", { timeout: 5 })])]
      })
    )
    return p
  }

  it('shows source file, event and matcher, and "runs once" for a duplicate', async () => {
    const p = setup()
    const r = await cli(p, ["list", "--project-dir", p.dir])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.include(r.stdout, "PreToolUse  matcher Bash")
    assert.include(r.stdout, "PreToolUse  matcher Edit|Write")
    assert.include(r.stdout, "Stop  matcher *")
    assert.include(r.stdout, `from ${p.settingsPath("user")} $.hooks.PreToolUse[0].hooks[0]`)
    assert.include(r.stdout, `from ${p.settingsPath("project")} $.hooks.Stop[0].hooks[0]`)
    assert.include(r.stdout, `runs once: identical to ${p.settingsPath("user")} $.hooks.PreToolUse[0].hooks[0]`)
    assert.strictEqual(r.stdout.match(/runs once/g)?.length, 1)
  })

  it("--json lists every hook with file, event, matcher and timeouts", async () => {
    const p = setup()
    const r = await cli(p, ["list", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { disabled: boolean; hooks: Array<Record<string, unknown>> }
    assert.strictEqual(out.disabled, false)
    assert.deepStrictEqual(
      out.hooks.map((h) => [h["event"], h["matcher"], h["file"], h["timeoutSeconds"], h["duplicateOf"] !== undefined]),
      [
        ["PreToolUse", "Bash", p.settingsPath("user"), 60, false],
        ["PreToolUse", "Edit|Write", p.settingsPath("project"), 60, true],
        ["Stop", "*", p.settingsPath("project"), 5, false]
      ]
    )
  })

  it("--dialect claude-code lists .claude/ hooks with the 600 s default", async () => {
    const p = makeProject()
    p.writeSettings("local", settings({ Stop: [group([hook("echo stop")])] }), "claude-code")
    const r = await cli(p, ["list", "--project-dir", p.dir, "--dialect", "claude-code", "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { hooks: Array<Record<string, unknown>> }
    assert.deepStrictEqual(
      out.hooks.map((h) => [h["file"], h["timeoutSeconds"]]),
      [[p.settingsPath("local", "claude-code"), 600]]
    )
  })
})

describe("wave-hooks run: URL credentials in hook commands", () => {
  it("a command holding a URL with a password (with @ in it) and a query token shows neither in the text or --json output", async () => {
    const p = makeProject()
    p.writeSettings(
      "user",
      settings({ Stop: [group([hook("true # https://bot:s3cr@tP4ss@example.invalid/x?token=querysecret")])] })
    )
    for (const json of [false, true]) {
      const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, ...(json ? ["--json"] : [])])
      assert.strictEqual(r.status, 0, r.stderr)
      for (const secret of ["s3cr", "tP4ss", "querysecret"])
        assert.notInclude(r.stdout + r.stderr, secret, `--json ${json}`)
      assert.include(r.stdout, "example.invalid/x?token=***")
    }
  })

  it("a failing hook's default message names it with the URL's credentials hidden", async () => {
    const p = makeProject()
    p.writeSettings(
      "user",
      settings({ Stop: [group([hook("exit 1 # https://bot:s3cr@tP4ss@example.invalid/x?token=querysecret")])] })
    )
    const r = await cli(p, ["run", "Stop", "--project-dir", p.dir, "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    for (const secret of ["s3cr", "tP4ss", "querysecret"]) assert.notInclude(r.stdout, secret)
    assert.include(r.stdout, "exit 1 # https://***@example.invalid/x?token=***")
  })
})
