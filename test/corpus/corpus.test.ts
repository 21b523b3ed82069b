/**
 * The corpus (test/corpus/cases.ts): each case's hooks run as real processes
 * through the built CLI, `wave-hooks run <Event> --json`, in a fresh project
 * that the user trusted (`wave-hooks trust --yes`) and a fresh HOME, and must
 * do what Claude Code (or Wave) does with them.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import type { CorpusCase } from "./cases.ts"
import { corpus } from "./cases.ts"

const hooksDir = fileURLToPath(new URL("./hooks/", import.meta.url))
const made: Array<string> = []

const copyScript = (name: string, to: string): void => {
  mkdirSync(to, { recursive: true })
  copyFileSync(join(hooksDir, name), join(to, name))
  chmodSync(join(to, name), 0o755)
}

/** Lay out a case's project, HOME and plugin; returns the directories. */
const layOut = (c: CorpusCase) => {
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-corpus-"))
  made.push(root)
  const project = join(root, "project")
  const home = join(root, "home")
  mkdirSync(project, { recursive: true })
  mkdirSync(home, { recursive: true })
  const settingsDir = join(project, c.dialect === "claude-code" ? ".claude" : ".wave")
  if (Object.keys(c.settings).length > 0 || c.hooks.length > 0) {
    mkdirSync(settingsDir, { recursive: true })
    writeFileSync(join(settingsDir, "settings.json"), JSON.stringify(c.settings, null, 2))
  }
  for (const name of c.hooks) copyScript(name, join(settingsDir, "hooks"))
  for (const [path, content] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(join(project, path)), { recursive: true })
    writeFileSync(join(project, path), content)
  }
  let pluginDir: string | undefined
  if (c.plugin !== undefined) {
    pluginDir = join(root, "plugins", c.plugin.name)
    mkdirSync(join(pluginDir, "hooks"), { recursive: true })
    writeFileSync(join(pluginDir, "hooks", "hooks.json"), JSON.stringify(c.plugin.hooks, null, 2))
    for (const name of c.plugin.scripts) copyScript(name, join(pluginDir, "scripts"))
  }
  writeFileSync(join(root, "payload.json"), JSON.stringify(c.payload))
  return { root, project, home, pluginDir, payload: join(root, "payload.json"), hasSettings: existsSync(join(settingsDir, "settings.json")) }
}

const matchesText = (expected: unknown, actual: unknown): boolean => {
  if (expected !== null && typeof expected === "object" && "$includes" in (expected as object)) {
    return typeof actual === "string" && actual.includes((expected as { $includes: string }).$includes)
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matchesText(e, actual[i]))
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false
    const e = expected as Record<string, unknown>
    const a = actual as Record<string, unknown>
    const keys = new Set([...Object.keys(e), ...Object.keys(a)])
    return [...keys].every((k) => matchesText(e[k], a[k]))
  }
  return Object.is(expected, actual)
}

/** Whether `actual` is `expected` as a multiset, each expected effect matched once. */
const sameMultiset = (expected: ReadonlyArray<unknown>, actual: ReadonlyArray<unknown>): boolean => {
  if (expected.length !== actual.length) return false
  const left = [...actual]
  for (const e of expected) {
    const i = left.findIndex((a) => matchesText(e, a))
    if (i === -1) return false
    left.splice(i, 1)
  }
  return true
}

interface RunJson {
  readonly effects: ReadonlyArray<{ readonly _tag: string; readonly code?: string }>
  readonly runs: ReadonlyArray<unknown>
  readonly env?: Record<string, string>
  readonly async?: ReadonlyArray<unknown>
}

const describeFailure = (c: CorpusCase, result: CliResult, what: string): string =>
  `${c.name}\n  about: ${c.about}\n  ${what}\n  expected: ${JSON.stringify(c.expect)}\n  stdout: ${result.stdout.slice(0, 4000)}\n  stderr: ${result.stderr.slice(0, 2000)}`

beforeAll(() => ensureCliBuilt(), 120_000)
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

describe("corpus: real-style hooks through wave-hooks run --json", () => {
  it("covers every one of the 33 events in the claude-code dialect", async () => {
    const { hookEvents } = await import("../../src/core/events.ts")
    const covered = new Set(corpus.filter((c) => c.dialect === "claude-code").map((c) => c.event))
    assert.deepStrictEqual(hookEvents.filter((e) => !covered.has(e)), [])
  })

  for (const c of corpus) {
    it.concurrent(`[${c.dialect}] ${c.name}`, async () => {
      const dirs = layOut(c)
      const env = { PATH: process.env["PATH"], HOME: dirs.home }
      if (dirs.hasSettings) {
        const trust = await runCli(["trust", "--yes", "--project-dir", dirs.project], { env, cwd: dirs.project })
        assert.strictEqual(trust.status, 0, `trust failed: ${trust.stdout}${trust.stderr}`)
      }
      const args = ["run", c.event, "--project-dir", dirs.project, "--payload", dirs.payload, "--dialect", c.dialect, "--json"]
      if (dirs.pluginDir !== undefined) args.push("--plugin-dir", dirs.pluginDir)
      const result = await runCli(args, { env, cwd: dirs.project, timeoutMs: 30_000 })
      assert.strictEqual(result.status, c.expect.exitCode, describeFailure(c, result, `exit code ${result.status}`))
      const json = JSON.parse(result.stdout) as RunJson
      const effects = json.effects.filter((e) => e._tag !== "Diagnostic")
      assert.isTrue(sameMultiset(c.expect.effects, effects), describeFailure(c, result, "effects differ"))
      if (c.expect.diagnostics !== undefined) {
        const codes = [...new Set(json.effects.filter((e) => e._tag === "Diagnostic").map((e) => e.code))].sort()
        assert.deepStrictEqual(codes, [...c.expect.diagnostics].sort(), describeFailure(c, result, "diagnostic codes differ"))
      }
      if (c.expect.runs !== undefined) assert.strictEqual(json.runs.length, c.expect.runs, describeFailure(c, result, "runs differ"))
      assert.deepStrictEqual(json.env, c.expect.env, describeFailure(c, result, "env differs"))
      assert.strictEqual(json.async?.length, c.expect.async, describeFailure(c, result, "async differs"))
      for (const [path, content] of Object.entries(c.expect.files ?? {})) {
        const file = join(dirs.project, path)
        if (content === null) assert.isFalse(existsSync(file), `${c.name}: ${path} should be gone`)
        else assert.strictEqual(existsSync(file) ? readFileSync(file, "utf8") : undefined, content, `${c.name}: ${path}`)
      }
      if (c.expect.never !== undefined) assert.notInclude(result.stdout + result.stderr, c.expect.never)
    }, 60_000)
  }
})
