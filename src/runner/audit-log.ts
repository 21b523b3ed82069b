/**
 * The audit log (ARCHITECTURE section 8.2): one JSON line per event, appended
 * whole with a single `write(2)` on a file opened `O_APPEND` (mode 0600 when
 * created), so concurrent writers never interleave and a writer killed
 * mid-run never leaves half a line. A line holds labels and tags, never an
 * environment value: values of allowlisted variables that a hook echoed into
 * an effect are replaced by `[redacted NAME]`.
 *
 * @since 0.2.0
 */
import { Console, Effect, Schema } from "effect"
import { closeSync, constants, openSync, writeSync } from "node:fs"
import { isAbsolute, join, resolve } from "node:path"
import type { JsonRecord } from "../core/payload.ts"
import { isBlocking } from "../effects/precedence.ts"
import { hookTypeOf } from "../settings/hook-handler.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import type { RunHooksResult } from "./run-hooks.ts"
import { redactDeep, redactSecrets } from "./telemetry.ts"

// ====== The line ======

/**
 * One hook that ran, in an audit line.
 *
 * @category schemas
 * @since 0.2.0
 */
export const AuditHook = Schema.Struct({
  /** The settings file (or plugin `hooks.json`) the hook is written in. */
  source: Schema.String,
  /** SHA-256 of that file's content when it was read: which version of the settings ran. */
  hash: Schema.optionalKey(Schema.String),
  /** JSON path of the hook in its file. */
  path: Schema.String,
  scope: Schema.String,
  /** `command`, `http`, `mcp_tool`, `prompt` or `agent`. */
  type: Schema.String,
  /** The command, or the label of another type (`POST <url>`, credentials redacted); secrets replaced. */
  command: Schema.String,
  exitCode: Schema.NullOr(Schema.Number),
  durationMs: Schema.Number,
  timedOut: Schema.Boolean,
  truncated: Schema.Boolean,
  /** The tags of the effects its answer gave (before `combine`). */
  effects: Schema.Array(Schema.String)
})

/**
 * One audit line: `{time, session, event, tool?, projectDir, hooks: [...],
 * effects: [...], blocking, background?}`; `effects` are the final
 * (combined) effects as the agent gets them, strings over 4 KiB cut and
 * secrets replaced.
 *
 * @category schemas
 * @since 0.2.0
 */
export const AuditLine = Schema.Struct({
  /** ISO 8601, UTC. */
  time: Schema.String,
  session: Schema.String,
  event: Schema.String,
  /** The payload's `tool_name`, on tool events. */
  tool: Schema.optionalKey(Schema.String),
  projectDir: Schema.String,
  hooks: Schema.Array(AuditHook),
  effects: Schema.Array(Schema.Unknown),
  /** Whether a blocking effect resulted (the exit status 2 of `run`). */
  blocking: Schema.Boolean,
  /** Commands (labels) of the `async` hooks the event started; their outcome is not in the line. */
  background: Schema.optionalKey(Schema.Array(Schema.String))
})

/**
 * An audit line.
 *
 * @category models
 * @since 0.2.0
 */
export type AuditLine = typeof AuditLine.Type

const maxText = 4096

const cutStrings = (value: unknown): unknown => {
  if (typeof value === "string") return value.length <= maxText ? value : `${value.slice(0, maxText)}... [${value.length - maxText} characters cut]`
  if (Array.isArray(value)) return value.map(cutStrings)
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutStrings(v)]))
  return value
}

/**
 * The audit line of an event's result.
 *
 * @category audit
 * @since 0.2.0
 */
export const auditLineOf = (input: {
  readonly result: RunHooksResult
  readonly snapshot: SettingsSnapshot
  readonly session: string
  readonly payload: JsonRecord
  readonly projectDir: string
  readonly secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>
  readonly time?: Date
}): AuditLine => {
  const { result, secrets, snapshot } = input
  const hashOf = new Map(snapshot.files.map((f) => [f.file, f.sha256]))
  const tool = input.payload["tool_name"]
  return {
    time: (input.time ?? new Date()).toISOString(),
    session: redactSecrets(input.session, secrets),
    event: result.event,
    ...(typeof tool === "string" ? { tool: redactSecrets(tool, secrets) } : {}),
    projectDir: input.projectDir,
    hooks: result.runs.map(({ effects, hook, run }) => {
      const hash = hashOf.get(hook.file)
      return {
        source: hook.file,
        ...(hash === undefined ? {} : { hash }),
        path: hook.path,
        scope: hook.scope,
        type: hookTypeOf(hook),
        command: redactSecrets(cutStrings(hook.command) as string, secrets),
        exitCode: run.exitCode,
        durationMs: run.durationMs,
        timedOut: run.timedOut,
        truncated: run.truncated === true,
        effects: effects.map((t) => t.effect._tag)
      }
    }),
    effects: redactDeep(cutStrings(result.effects), secrets) as ReadonlyArray<unknown>,
    blocking: isBlocking(result.effects),
    ...(result.background === undefined || result.background.length === 0
      ? {}
      : { background: result.background.map((b) => redactSecrets(b.hook.command, secrets)) })
  }
}

// ====== Where, and appending ======

/**
 * The audit log file of a run: `explicit` (`--audit-log`, `RunHooksOptions.auditLog`),
 * else the `auditLog` of the managed or user settings (`~/` and relative
 * paths from `homeDir`), else none.
 *
 * @category audit
 * @since 0.2.0
 */
export const auditLogPathOf = (explicit: string | undefined, snapshot: SettingsSnapshot, homeDir: string): string | undefined => {
  if (explicit !== undefined && explicit !== "") return resolve(explicit)
  const configured = snapshot.auditLog
  if (configured === undefined || configured === "") return undefined
  if (configured === "~") return homeDir
  if (configured.startsWith("~/")) return join(homeDir, configured.slice(2))
  return isAbsolute(configured) ? configured : join(homeDir, configured)
}

/**
 * Append `line` as one JSON line to `file` with a single `write(2)` on a
 * descriptor opened `O_WRONLY | O_APPEND | O_CREAT` (mode 0600 when created;
 * an existing file keeps its mode). A failure to write is said on stderr and
 * does not fail the run.
 *
 * @category audit
 * @since 0.2.0
 */
export const appendAuditLine = (file: string, line: AuditLine): Effect.Effect<void> =>
  Effect.suspend(() => {
    const bytes = Buffer.from(JSON.stringify(line) + "\n", "utf8")
    let fd: number | undefined
    try {
      fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600)
      const written = writeSync(fd, bytes, 0, bytes.length)
      if (written !== bytes.length) throw new Error(`only ${written} of ${bytes.length} bytes were written (disk full?)`)
      return Effect.void
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      return Console.error(`wave-hooks: could not append to the audit log ${file}: ${why}`)
    } finally {
      if (fd !== undefined) closeSync(fd)
    }
  })
