/**
 * Real temporary projects for runner and settings tests: a temp HOME (so the
 * real user settings are never read), a project directory, settings files of
 * either dialect, hook scripts, and `runHooks` pointed at them. Hooks run as
 * real processes, or as canned runs (`canned(script)` and
 * `makeProject({ hookProcess })`) when a test is about the runner's logic.
 *
 * Everything lives under one `fs.mkdtempSync(os.tmpdir()/...)` folder per
 * project; `removeTempProjects` (call it in `afterAll`) deletes them all.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type {
  Dialect,
  EffectOf,
  HookEffect,
  HookEffectTag,
  HookEvent,
  SettingsScope,
  SettingsSnapshot
} from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import type { JsonRecord } from "../../src/core/payload.ts"
import type { RunHooksOptions, RunHooksResult } from "../../src/runner/index.ts"
import { HookSession, runHooksPromise } from "../../src/runner/session.ts"
import type { HookProcessOptions, HookProcessScript } from "../../src/runner/hook-process.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import type { Layer } from "effect"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import { loadSettings, projectSettingsToTrust } from "../../src/runner/settings-files.ts"
import { recordTrust } from "../../src/runner/trust-store.ts"

const created: Array<string> = []

/** A fresh empty folder under the OS temp dir, removed by `removeTempProjects`. */
export const tempDir = (prefix = "wave-hooks-test-"): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  created.push(dir)
  return dir
}

/** Delete every folder made by `tempDir` / `makeProject` (for `afterAll`). */
export const removeTempProjects = (): void => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true })
}

// ====== Settings builders ======

/** One hook entry: `{"type":"command","command":...}` plus extra keys. */
export const hook = (command: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: "command",
  command,
  ...extra
})

/** One matcher group. */
export const group = (
  hooks: ReadonlyArray<Record<string, unknown>>,
  extra: Record<string, unknown> = {}
): Record<string, unknown> => ({ ...extra, hooks })

/** A settings file object: `{"hooks": {...}}` plus extra top-level keys. */
export const settings = (
  hooks: Partial<Record<HookEvent | string, ReadonlyArray<Record<string, unknown>>>>,
  extra: Record<string, unknown> = {}
): Record<string, unknown> => ({ ...extra, hooks })

/** Shell-quote one word for `/bin/sh`. */
export const shq = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`

/** A shell command that appends `word` as a line to `file` (relative to the project dir, the hook's cwd). */
export const logLine = (word: string, file = "order.log"): string => `echo ${shq(word)} >> ${shq(file)}`

// ====== Canned hook runs ======

/** A `HookProcess.layerTest` and what it was asked to run. */
export interface CannedHooks {
  readonly layer: Layer.Layer<HookProcess>
  /** Every request, in the order the runs started. */
  readonly requests: ReadonlyArray<HookProcessOptions>
  /** The commands run, in order. */
  commands(): ReadonlyArray<string>
  /** The stdin payloads (parsed) of every run, or of the runs of one command, in order. */
  payloads(command?: string): ReadonlyArray<Record<string, unknown>>
}

/** Canned hook runs: `script` answers (default: every hook exits 0 silently), requests are recorded. */
export const canned = (script: HookProcessScript = () => ({ exitCode: 0 })): CannedHooks => {
  const requests: Array<HookProcessOptions> = []
  return {
    layer: HookProcess.layerTest(script, requests),
    requests,
    commands: () => requests.map((r) => r.command),
    payloads: (command) =>
      requests
        .filter((r) => command === undefined || r.command === command)
        .map((r) => JSON.parse(r.input) as Record<string, unknown>)
  }
}

// ====== Projects ======

export interface TempProject {
  /** The folder holding `home/` and `project/`. */
  readonly root: string
  /** The temp HOME: user settings live in `home/.wave/settings.json`. */
  readonly home: string
  /** The project directory. */
  readonly dir: string
  /** `process.env` with HOME set to the temp home. */
  readonly env: { readonly [name: string]: string | undefined }
  /** Where the settings file of a scope lives. */
  settingsPath(scope: SettingsScope, dialect?: Dialect): string
  /** Write a settings file (an object is written as JSON, a string as is); returns its path. */
  writeSettings(scope: SettingsScope, content: unknown, dialect?: Dialect): string
  /** Write a file under the project dir (mode 0755 by default); returns its absolute path. */
  writeFile(relative: string, content: string, mode?: number): string
  /** Absolute path of a file under the project dir. */
  path(relative: string): string
  exists(relative: string): boolean
  read(relative: string): string
  /** The non-empty lines of a project file ([] when it does not exist). */
  lines(relative: string): ReadonlyArray<string>
  /**
   * Record every project and local settings file (both dialects) as trusted in
   * the temp HOME's trust store, as `wave-hooks trust --yes` does.
   */
  trust(): Promise<void>
  /** `runHooksPromise` for this project (temp HOME, env with that HOME); trusts the project first. */
  run(
    event: HookEvent,
    payload: JsonRecord,
    options?: Partial<RunHooksOptions> & { readonly hookProcess?: Layer.Layer<HookProcess> }
  ): Promise<RunHooksResult>
  /** `loadSettings` for this project; trusts the project first. Default wave; "auto" reads both dialects' files. */
  load(dialect?: Dialect | "auto"): Promise<SettingsSnapshot>
  /** `HookSession.startPromise` for this project; trusts the project first. */
  session(options?: {
    readonly dialect?: Dialect
    readonly stopLoopCap?: number
    readonly env?: { readonly [name: string]: string | undefined }
  }): Promise<HookSession>
}

/**
 * A new project with an empty temp HOME. With `hookProcess` (e.g.
 * `canned(script).layer`), `run` and `session` answer hooks with it instead of
 * starting processes.
 */
export const makeProject = (options: { readonly hookProcess?: Layer.Layer<HookProcess> } = {}): TempProject => {
  const hookProcess = options.hookProcess === undefined ? {} : { hookProcess: options.hookProcess }
  const root = tempDir()
  const home = join(root, "home")
  const dir = join(root, "project")
  mkdirSync(home, { recursive: true })
  mkdirSync(dir, { recursive: true })
  const env = { ...process.env, HOME: home }
  const settingsPath = (scope: SettingsScope, dialect: Dialect = "wave"): string => {
    // The dialect's first file of that scope (Gemini CLI: .gemini/settings.json; Codex CLI: .codex/hooks.json).
    const row = dialectRules[dialect].settingsFiles.find((r) => r.scope === scope)
    if (row === undefined) throw new Error(`the ${dialect} dialect has no ${scope} settings file`)
    return join(scope === "user" ? home : dir, row.path)
  }
  const write = (path: string, content: string, mode?: number): string => {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, content)
    if (mode !== undefined) chmodSync(path, mode)
    return path
  }
  /** Trust the project as `wave-hooks trust --yes` does: settings hashes and the states of the project scripts their hooks name. */
  const trust = (): Promise<void> =>
    Effect.runPromise(
      projectSettingsToTrust(dir, home).pipe(
        Effect.flatMap((found) =>
          recordTrust(
            home,
            found.flatMap((f) => (f.trusted === undefined ? [] : [f.trusted]))
          )
        ),
        Effect.asVoid,
        Effect.orDie,
        Effect.provide(NodeServices.layer)
      )
    )
  return {
    root,
    home,
    dir,
    env,
    trust,
    settingsPath,
    writeSettings: (scope, content, dialect = "wave") =>
      write(settingsPath(scope, dialect), typeof content === "string" ? content : JSON.stringify(content, null, 2)),
    writeFile: (relative, content, mode = 0o755) => write(join(dir, relative), content, mode),
    path: (relative) => join(dir, relative),
    exists: (relative) => existsSync(join(dir, relative)),
    read: (relative) => readFileSync(join(dir, relative), "utf8"),
    lines: (relative) =>
      existsSync(join(dir, relative))
        ? readFileSync(join(dir, relative), "utf8")
            .split("\n")
            .filter((line) => line.length > 0)
        : [],
    run: async (event, payload, options = {}) => {
      await trust()
      return runHooksPromise({ event, payload, projectDir: dir, homeDir: home, env, ...hookProcess, ...options })
    },
    load: async (dialect = "wave") => {
      await trust()
      const sources = { projectDir: dir, homeDir: home, ...(dialect === "auto" ? {} : { dialect }) }
      return Effect.runPromise(loadSettings(sources).pipe(Effect.provide(NodeServices.layer)))
    },
    session: async (options = {}) => {
      await trust()
      return HookSession.startPromise({ projectDir: dir, homeDir: home, env, ...hookProcess, ...options })
    }
  }
}

// ====== Effects ======

/** The effects with a given tag. */
export const effectsOf = <T extends HookEffectTag>(
  effects: ReadonlyArray<HookEffect>,
  tag: T
): ReadonlyArray<EffectOf<T>> => effects.filter((e): e is EffectOf<T> => e._tag === tag)

/** The codes of the Diagnostic effects, in order. */
export const diagnosticCodes = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effectsOf(effects, "Diagnostic").map((d) => d.code)

/** A PreToolUse hook output that replaces the tool input. */
export const updatedInputOutput = (input: unknown): string =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: input } })

/** A command printing `text` on stdout (safe for any text). */
export const printing = (text: string): string => `printf '%s\\n' ${shq(text)}`

/** The MCP fixture server hooks call in tests (tools `pid`, verdicts, ...): test/fixtures/mcp/verdict-server.ts. */
export const verdictServer = fileURLToPath(new URL("../fixtures/mcp/verdict-server.ts", import.meta.url))

/** A project whose `event` hook asks the fixture MCP server for its pid (the answer becomes context). */
export const pidServerProject = (event = "UserPromptSubmit"): TempProject => {
  const p = makeProject()
  p.writeSettings("project", {
    mcpServers: { fixture: { command: process.execPath, args: [verdictServer] } },
    hooks: { [event]: [{ hooks: [{ type: "mcp_tool", server: "fixture", tool: "pid" }] }] }
  })
  return p
}

/**
 * A PreToolUse guard as people write them (bash, reads stdin, logs each run to pre.log): denies `rm -rf`,
 * asks for `git push`, rewrites `npm test`; `extraCases` adds `case` arms.
 */
export const guardScript = (extraCases = ""): string => `#!/bin/bash
input=$(cat)
echo pre >> pre.log
case "$input" in
  *"rm -rf"*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}' ;;
  *"git push"*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushes to the remote"}}' ;;
  *"npm test"*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"npm test -- --run"}}}' ;;
${extraCases}esac
`
