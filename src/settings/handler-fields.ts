/**
 * The handler fields beyond `command`, `timeout`, `onFailure` and `env`
 * (ARCHITECTURE section 7): `if`, `async`, `asyncRewake`, `rewakeMessage`,
 * `statusMessage`, `once`, `shell` and `args`, as schemas (for the generated
 * JSON Schema), as the model a validated hook carries, and their validation.
 *
 * @since 0.2.0
 */
import { Result, Schema } from "effect"
import type { HookEvent } from "../core/events.ts"
import { describeValue } from "../core/read-output.ts"
import { closest } from "../internal/suggest.ts"
import { parsePermissionRule, toolEventNames } from "./permission-rule.ts"
import type { SettingsDiagnostic } from "./settings-schema.ts"

/**
 * The shells a hook's `command` can run in: `bash` (the default), `sh`
 * (`/bin/sh`, what wave-hooks ran before 0.2) and `powershell` (`pwsh`).
 *
 * @category schemas
 * @since 0.2.0
 */
const HookShell = Schema.Literals(["bash", "sh", "powershell"])

/**
 * A shell name: `"bash"`, `"sh"` or `"powershell"`.
 *
 * @category models
 * @since 0.2.0
 */
type HookShell = typeof HookShell.Type

/**
 * The schemas of the handler fields, spread into `HookCommandConfig`.
 *
 * @category schemas
 * @since 0.2.0
 */
export const handlerFieldSchemas = {
  if: Schema.optionalKey(
    Schema.String.annotate({
      description:
        'Run only for tool calls matching this permission rule, e.g. "Bash(git commit:*)", "Edit(src/**)", "mcp__github". ' +
        "Only on tool events (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest, PermissionDenied); elsewhere the hook never runs. " +
        "A Bash command runs the hook when any of its commands (split on && || ; |) matches, or when it cannot be parsed."
    })
  ),
  async: Schema.optionalKey(
    Schema.Boolean.annotate({
      description:
        "Run in the background: the event does not wait for it and its output is not part of the decision; it is delivered with the next turn."
    })
  ),
  asyncRewake: Schema.optionalKey(
    Schema.Boolean.annotate({
      description:
        "Run in the background; if it exits with 2, the agent is woken with its stderr (or rewakeMessage). Its timeout applies."
    })
  ),
  rewakeMessage: Schema.optionalKey(
    Schema.String.annotate({
      description: "With asyncRewake: the text the agent is woken with instead of the hook's stderr."
    })
  ),
  statusMessage: Schema.optionalKey(
    Schema.String.annotate({ description: "Shown while the hook runs, instead of the spinner's default text." })
  ),
  once: Schema.optionalKey(
    Schema.Boolean.annotate({
      description: "Run at most once per session: after its first successful run (exit 0) the hook no longer runs."
    })
  ),
  shell: Schema.optionalKey(
    HookShell.annotate({
      description: "The shell that runs command: bash (default), sh (/bin/sh) or powershell (pwsh -NoProfile -Command)."
    })
  ),
  args: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description:
        "Exec form: command is the program and args its arguments, passed as they are, without a shell (no $VAR expansion, no quoting)."
    })
  )
}

/**
 * The handler fields of a validated hook; absent when not set.
 *
 * @category models
 * @since 0.2.0
 */
export interface HandlerFields {
  /** The permission rule of `if`, as written (it parsed). */
  readonly if?: string
  readonly async?: boolean
  readonly asyncRewake?: boolean
  readonly rewakeMessage?: string
  readonly statusMessage?: string
  readonly once?: boolean
  readonly shell?: HookShell
  readonly args?: ReadonlyArray<string>
}

/**
 * Whether a hook runs in the background (`async` or `asyncRewake`).
 *
 * @category models
 * @since 0.2.0
 */
export const isBackgroundHook = (hook: HandlerFields): boolean => hook.async === true || hook.asyncRewake === true

/**
 * The handler fields every hook type reads beside its own schema's fields:
 * `if` and `once` (the rest of `handlerFieldSchemas` is command-only).
 *
 * @category validation
 * @since 0.3.0
 */
export const everyHookTypeKeys = ["if", "once"] as const satisfies ReadonlyArray<keyof typeof handlerFieldSchemas>

/**
 * The keys a hook of one type may carry, in order: its schema's fields, then
 * `everyHookTypeKeys` it does not already have. Derived, so a field added to
 * the schema is known to the unknown-key warning at once.
 *
 * @category validation
 * @since 0.3.0
 */
export const hookKeysOf = (fields: Schema.Struct.Fields): ReadonlyArray<string> => [
  ...Object.keys(fields),
  ...everyHookTypeKeys.filter((key) => !Object.hasOwn(fields, key))
]

const isShell = Schema.is(HookShell)
const isStringArray = Schema.is(Schema.Array(Schema.String))

/**
 * Reports one diagnostic (the shape `validateSettings` uses).
 *
 * @category validation
 * @since 0.2.0
 */
export type ReportDiagnostic = (
  severity: SettingsDiagnostic["severity"],
  path: ReadonlyArray<string | number>,
  problem: string,
  fix: string,
  event?: HookEvent,
  extra?: { readonly skipped: true }
) => void

/**
 * A hook's `if`: the rule when it is a string that parses as a permission
 * rule (with a warning when `event` is not a tool event, where it never
 * runs), else `undefined` after an error saying what is wrong.
 */
const ifRuleOf = (
  value: unknown,
  event: string,
  error: (key: string, problem: string, fix: string) => void,
  warn: (key: string, problem: string, fix: string) => void
): string | undefined => {
  if (typeof value !== "string") {
    error(
      "if",
      `expected a permission rule as a string, found ${describeValue(value)}`,
      'write e.g. "if": "Bash(git commit:*)"'
    )
    return undefined
  }
  const parsed = parsePermissionRule(value)
  if (Result.isFailure(parsed)) {
    error(
      "if",
      `${JSON.stringify(value)} is not a permission rule: ${parsed.failure.message}`,
      'write one rule such as "Bash(git commit:*)", "Edit(src/**)", "WebFetch(domain:example.com)" or "mcp__server__tool"'
    )
    return undefined
  }
  if (!toolEventNames.has(event))
    warn(
      "if",
      `"if" is only evaluated on tool events (${[...toolEventNames].join(", ")}); on ${event} this hook never runs`,
      `remove "if" to run the hook on every ${event}, or move the hook to a tool event`
    )
  return value
}

/**
 * Validate the handler fields of one hook object.
 *
 * **Details**
 *
 * Errors (the hook is skipped, and `run` reports it on its event): an `if`
 * that is not a string or not a permission rule; `async`, `asyncRewake` or
 * `once` that is not true or false; an unknown `shell`; `args` that is not an
 * array of strings. Warnings (the hook is kept): `if` on an event that is not
 * a tool event (the hook never runs); a `statusMessage` or `rewakeMessage`
 * that is not a string (ignored); `rewakeMessage` without `asyncRewake`;
 * `shell` with `args` (no shell runs); `onFailure` on a background hook
 * (ignored: it cannot block).
 *
 * @category validation
 * @since 0.2.0
 */
export const validateHandlerFields = (
  h: { readonly [key: string]: unknown },
  path: ReadonlyArray<string | number>,
  event: string,
  report: ReportDiagnostic,
  diagnosticEvent: HookEvent | undefined
): { readonly ok: boolean; readonly fields: HandlerFields } => {
  let ok = true
  const fields: { -readonly [K in keyof HandlerFields]: HandlerFields[K] } = {}
  const error = (key: string, problem: string, fix: string) => {
    ok = false
    report("error", [...path, key], `${problem}; the hook was skipped`, fix, diagnosticEvent)
  }
  const warn = (key: string, problem: string, fix: string) =>
    report("warning", [...path, key], problem, fix, diagnosticEvent)

  if ("if" in h) {
    const rule = ifRuleOf(h["if"], event, error, warn)
    if (rule !== undefined) fields.if = rule
  }
  for (const key of ["async", "asyncRewake", "once"] as const) {
    if (!(key in h)) continue
    const value = h[key]
    if (typeof value === "boolean") fields[key] = value
    else error(key, `expected true or false, found ${describeValue(value)}`, `write "${key}": true or remove it`)
  }
  for (const key of ["statusMessage", "rewakeMessage"] as const) {
    if (!(key in h)) continue
    const value = h[key]
    if (typeof value === "string") fields[key] = value
    else
      warn(key, `expected a string, found ${describeValue(value)}; it is ignored`, `write "${key}": "..." or remove it`)
  }
  if (fields.rewakeMessage !== undefined && fields.asyncRewake !== true) {
    warn(
      "rewakeMessage",
      'rewakeMessage is only used with "asyncRewake": true; it is ignored',
      'add "asyncRewake": true, or remove rewakeMessage'
    )
  }
  if ("shell" in h) {
    const value = h["shell"]
    if (isShell(value)) fields.shell = value
    else {
      const near = typeof value === "string" ? closest(value, HookShell.literals) : undefined
      error(
        "shell",
        `unknown shell ${typeof value === "string" ? JSON.stringify(value) : describeValue(value)}`,
        `${near === undefined ? "" : `did you mean "${near}"? `}write "shell": "bash", "sh" or "powershell"`
      )
    }
  }
  if ("args" in h) {
    const value = h["args"]
    if (isStringArray(value)) fields.args = value
    else
      error(
        "args",
        `expected an array of strings, found ${describeValue(value)}`,
        'write e.g. "command": "node", "args": ["scripts/check.js", "--strict"]'
      )
  }
  if (fields.args !== undefined && fields.shell !== undefined) {
    warn(
      "shell",
      `with "args" no shell runs (exec form); "shell": "${fields.shell}" is ignored`,
      'remove "shell", or remove "args" and write the whole command line in "command"'
    )
  }
  if (isBackgroundHook(fields) && h["onFailure"] === "block") {
    warn(
      "onFailure",
      'a background (async) hook cannot block, so "onFailure": "block" is ignored',
      'remove "async"/"asyncRewake" to make it a guard, or remove "onFailure"'
    )
  }
  return { ok, fields }
}
