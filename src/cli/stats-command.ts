/**
 * `wave-hooks stats FILE [--json]`: a summary of an audit log (ARCHITECTURE
 * section 8.2): events by name, denies per hook, the slowest hooks and the
 * timeouts.
 *
 * @since 0.2.0
 */
import { Console, Effect, Schema } from "effect"
import { Command } from "effect/cli"
import { createReadStream } from "node:fs"
import { isAbsolute } from "node:path"
import { createInterface } from "node:readline"
import { escapeControl, escapeJsonControl } from "../internal/escape-control.ts"
import { precedence } from "../effects/precedence.ts"
import { AuditLine } from "../runner/audit-log.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { UsageError } from "./usage-error.ts"

/**
 * The parameters of `stats`: the audit log `FILE` and `--json`.
 *
 * @category flags
 * @since 0.3.0
 */
export const statsParams = {
  file: FlagSpec.argument("file", "The audit log (the FILE of --audit-log, or the settings' auditLog)", "FILE"),
  json: FlagSpec.boolean(
    "json",
    "Print the summary as one JSON object {events, invalidLines, byEvent, blocked, first?, last?, hooks, denies, slowest, timeouts}"
  )
}

/** The usage line of `stats`, printed under its usage errors (made from `statsParams`). */
const usage = usageLine("stats", statsParams)

/**
 * One hook's figures over the log: identified by its source file, JSON path
 * and command (or label).
 *
 * @category models
 * @since 0.2.0
 */
interface HookStats {
  readonly command: string
  readonly type: string
  readonly source: string
  readonly path: string
  readonly runs: number
  /** Runs whose answer gave a blocking effect (a deny: `BlockTool`, `BlockPrompt`, `BlockStop`, `StopAgent`, ...). */
  readonly denies: number
  readonly timeouts: number
  readonly maxMs: number
  readonly meanMs: number
  readonly p95Ms: number
}

/**
 * The summary `stats` prints (`--json` prints it as is).
 *
 * @category models
 * @since 0.2.0
 */
export interface AuditStats {
  /** Audit lines read (one per event). */
  readonly events: number
  /** Lines that are not audit lines (not JSON, another shape); a torn last line counts here. */
  readonly invalidLines: number
  readonly byEvent: { readonly [event: string]: number }
  /** Events whose final effects blocked. */
  readonly blocked: number
  readonly first?: string
  readonly last?: string
  /** Every hook, most denies first. */
  readonly hooks: ReadonlyArray<HookStats>
  /** The hooks that denied, most first. */
  readonly denies: ReadonlyArray<HookStats>
  /** The ten slowest hooks by their longest run. */
  readonly slowest: ReadonlyArray<HookStats>
  /** The hooks that timed out, most first. */
  readonly timeouts: ReadonlyArray<HookStats>
}

const isAuditLine = Schema.is(AuditLine)
const blockingTag = (tag: string): boolean =>
  (precedence as Record<string, { readonly blocks: boolean } | undefined>)[tag]?.blocks === true

/**
 * Summarise audit lines (the text of an audit log, a line at a time).
 *
 * @category stats
 * @since 0.2.0
 */
export const summarizeAudit = (lines: Iterable<string>): AuditStats => {
  let events = 0
  let invalidLines = 0
  let blocked = 0
  let first: string | undefined
  let last: string | undefined
  const byEvent: Record<string, number> = {}
  const hooks = new Map<
    string,
    {
      command: string
      type: string
      source: string
      path: string
      denies: number
      timeouts: number
      durations: Array<number>
    }
  >()
  for (const text of lines) {
    if (text.trim() === "") continue
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      invalidLines++
      continue
    }
    if (!isAuditLine(json)) {
      invalidLines++
      continue
    }
    events++
    byEvent[json.event] = (byEvent[json.event] ?? 0) + 1
    if (json.blocking) blocked++
    if (first === undefined || json.time < first) first = json.time
    if (last === undefined || json.time > last) last = json.time
    for (const h of json.hooks) {
      const key = JSON.stringify([h.source, h.path, h.command])
      const entry = hooks.get(key) ?? {
        command: h.command,
        type: h.type,
        source: h.source,
        path: h.path,
        denies: 0,
        timeouts: 0,
        durations: []
      }
      entry.durations.push(h.durationMs)
      if (h.timedOut) entry.timeouts++
      if (h.effects.some(blockingTag)) entry.denies++
      hooks.set(key, entry)
    }
  }
  const all: Array<HookStats> = [...hooks.values()].map(({ durations, ...h }) => {
    const sorted = [...durations].sort((a, b) => a - b)
    return {
      ...h,
      runs: sorted.length,
      maxMs: sorted[sorted.length - 1] ?? 0,
      meanMs: Math.round((sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)) * 10) / 10,
      p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0
    }
  })
  return {
    events,
    invalidLines,
    byEvent,
    blocked,
    ...(first === undefined ? {} : { first }),
    ...(last === undefined ? {} : { last }),
    hooks: [...all].sort((a, b) => b.denies - a.denies || b.runs - a.runs),
    denies: all.filter((h) => h.denies > 0).sort((a, b) => b.denies - a.denies),
    slowest: [...all].sort((a, b) => b.maxMs - a.maxMs).slice(0, 10),
    timeouts: all.filter((h) => h.timeouts > 0).sort((a, b) => b.timeouts - a.timeouts)
  }
}

/**
 * The text rendering of a summary.
 *
 * @category stats
 * @since 0.2.0
 */
const renderStats = (file: string, stats: AuditStats): string => {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`
  const where = (h: HookStats) => `${h.command}  (${h.type}, ${h.source} ${h.path})`
  const lines = [
    `${file}: ${plural(stats.events, "event")}` +
      (stats.first === undefined ? "" : ` from ${stats.first} to ${stats.last}`) +
      `, ${stats.blocked} blocked` +
      (stats.invalidLines === 0 ? "" : `; ${plural(stats.invalidLines, "line")} not an audit line (skipped)`),
    ...(stats.events === 0
      ? []
      : [
          `Events: ${Object.entries(stats.byEvent)
            .sort((a, b) => b[1] - a[1])
            .map(([e, n]) => `${e} ${n}`)
            .join(", ")}`
        ]),
    stats.denies.length === 0 ? "Denies per hook: none" : "Denies per hook:",
    ...stats.denies.map((h) => `  ${String(h.denies).padStart(6)} of ${plural(h.runs, "run")}  ${where(h)}`),
    stats.slowest.length === 0 ? "Slowest hooks: none ran" : "Slowest hooks (longest run, p95, mean):",
    ...stats.slowest.map(
      (h) =>
        `  ${String(h.maxMs).padStart(6)} ms  p95 ${h.p95Ms} ms, mean ${h.meanMs} ms, ${plural(h.runs, "run")}  ${where(h)}`
    ),
    stats.timeouts.length === 0 ? "Timeouts: none" : "Timeouts:",
    ...stats.timeouts.map((h) => `  ${String(h.timeouts).padStart(6)} of ${plural(h.runs, "run")}  ${where(h)}`)
  ]
  // Commands and paths come from settings files: their control characters are shown escaped.
  return lines.map((l) => escapeControl(l)).join("\n")
}

const readLines = (file: string): Effect.Effect<ReadonlyArray<string>, UsageError> =>
  Effect.tryPromise({
    try: async () => {
      const lines: Array<string> = []
      const input = createReadStream(file, { encoding: "utf8" })
      for await (const line of createInterface({ input, crlfDelay: Infinity })) lines.push(line)
      return lines
    },
    catch: (error) => {
      // --audit-log and auditLog take a relative path from the home directory; stats, like any command, from the current one.
      const fromHome =
        !isAbsolute(file) && !file.startsWith("~") && (error as NodeJS.ErrnoException).code === "ENOENT"
          ? ` A relative --audit-log (or auditLog) is written under your home directory: try ~/${file}.`
          : ""
      return new UsageError({
        message: `Could not read the audit log ${file}: ${error instanceof Error ? error.message : String(error)}. Pass the file given to --audit-log (or the settings' auditLog).${fromHome}`,
        usage,
        exitStatus: 1
      })
    }
  })

/**
 * `stats FILE [--json]`: exit 0, or 1 when the file cannot be read.
 *
 * @category commands
 * @since 0.2.0
 */
export const statsCommand = Command.make(
  "stats",
  toEffectParams(statsParams),
  Effect.fn("stats")(function* (flags) {
    const stats = summarizeAudit(yield* readLines(flags.file))
    yield* Console.log(flags.json ? escapeJsonControl(JSON.stringify(stats)) : renderStats(flags.file, stats))
  })
).pipe(Command.withDescription("Summarise an audit log: events, denies per hook, slowest hooks, timeouts"))
