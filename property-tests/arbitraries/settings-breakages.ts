/**
 * Arbitraries for a user or managed settings file that cannot be read
 * (ARCHITECTURE section 7.3): a valid settings text, one way of breaking it
 * (each way the runner treats as unreadable), the file it breaks, and where
 * the hook that explicitly allows the tool lives. Pure data: applying a
 * breakage to a real folder is `support/broken-settings-files.ts`.
 */
import * as fc from "fast-check"

// ====== Kinds ======

/**
 * Every way of breaking a settings file the runner treats as unreadable:
 * not JSON (a syntax error, a trailing comma, a JSONC comment, a cut-off
 * text), a JSON value that is not an object, a `hooks` that is not an
 * object, not a regular file (a directory, a FIFO), over the 1 MiB cap, and
 * (managed only) a `managed-settings.d` that cannot be listed.
 */
export const breakageKinds = [
  "syntax-error",
  "trailing-comma",
  "comment",
  "truncated",
  "not-an-object",
  "hooks-not-an-object",
  "directory",
  "fifo",
  "too-big",
  "guard-entry",
  "drop-in-folder-not-listable"
] as const

/** One way of breaking a settings file. */
export type BreakageKind = (typeof breakageKinds)[number]

/** The kinds that break a file's text (the others replace the file). */
export const textBreakageKinds: ReadonlyArray<BreakageKind> = [
  "syntax-error",
  "trailing-comma",
  "comment",
  "truncated",
  "not-an-object",
  "hooks-not-an-object",
  "too-big",
  "guard-entry"
]

/**
 * Ways of breaking one PreToolUse guard entry while the file stays readable
 * (the rule denies for it as for an unreadable file): the event's value not
 * an array, the event name misspelt, an unknown hook type, a bad timeout.
 */
export const guardEntryBreakages = ["event-not-an-array", "misspelt-event", "unknown-type", "bad-timeout"] as const

// ====== Places ======

/**
 * A settings file of a case: the user's (`$HOME/.wave/settings.json`), the
 * managed `managed-settings.json`, or a managed drop-in
 * (`managed-settings.d/50-policy.json`).
 */
export type SettingsPlace = "user" | "managed" | "managed-drop-in"

/**
 * Where the hook that allows every call may live: another user or managed
 * file, or the project's `.wave/settings.json`, trusted (`wave-hooks trust`).
 */
export type AllowPlace = SettingsPlace | "project"

/** The scope a place belongs to. */
export const scopeOf = (place: SettingsPlace): "user" | "managed" => (place === "user" ? "user" : "managed")

// ====== Valid settings ======

/**
 * The broken file's own content once fixed: guards and a Stop hook for tools
 * the hosts never call (so, fixed, it does not deny the call under test),
 * written with a generated indentation.
 */
export interface ValidSettings {
  readonly object: { readonly hooks: Record<string, ReadonlyArray<unknown>>; readonly [key: string]: unknown }
  readonly text: string
}

/** Matchers no host's tool name matches (the hosts call Bash, bash, mcp__sh__run, mcp__tiny__echo). */
const otherToolMatcherArb = fc.constantFrom("Other", "Read|Write", "NotebookEdit", "mcp__other__.*", "WebFetch")

/** A reason text without quotes or backslashes (it goes into a shell command). */
const reasonArb = fc.stringMatching(/^[a-z][a-z ]{0,15}$/)

/** A valid settings file: one to three guards for other tools, maybe a Stop hook and an `env`. */
export const validSettingsArb: fc.Arbitrary<ValidSettings> = fc
  .record({
    guards: fc.array(fc.record({ matcher: otherToolMatcherArb, reason: reasonArb }), { minLength: 1, maxLength: 3 }),
    stop: fc.boolean(),
    env: fc.boolean(),
    indent: fc.constantFrom<number | string>(0, 2, "\t")
  })
  .map(({ env, guards, indent, stop }) => {
    const hooks: Record<string, ReadonlyArray<unknown>> = {
      PreToolUse: guards.map((g) => ({
        matcher: g.matcher,
        hooks: [{ type: "command", command: `echo '${g.reason}' >&2; exit 2` }]
      })),
      ...(stop ? { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } : {})
    }
    const object = { ...(env ? { env: { WAVE_CASE: "1" } } : {}), hooks }
    return { object, text: JSON.stringify(object, null, indent) + "\n" }
  })

// ====== Text positions ======

/** The offsets of `text` outside JSON strings (inserting there cannot land in a string). */
export const offsetsOutsideStrings = (text: string): ReadonlyArray<number> => {
  const offsets: Array<number> = []
  let inString = false
  let escaped = false
  for (let i = 0; i <= text.length; i++) {
    if (!inString) offsets.push(i)
    const c = text[i]
    if (c === undefined) break
    if (inString) {
      if (escaped) escaped = false
      else if (c === "\\") escaped = true
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
  }
  return offsets
}

/** The offsets of the `}` and `]` that close a non-empty object or array, outside strings. */
export const closerOffsets = (text: string): ReadonlyArray<number> =>
  offsetsOutsideStrings(text).filter((i) => {
    if (text[i] !== "}" && text[i] !== "]") return false
    const before = text.slice(0, i).trimEnd()
    return !before.endsWith("{") && !before.endsWith("[")
  })

/** Text that is never valid between JSON tokens. */
const junkArb = fc.constantFrom(",", "}", "]", ":", "'", "#", "x", "undefined", "=", ";")

// ====== Breakages ======

/**
 * One breakage, with the generated choices it needs (offsets are indexes
 * into the candidate positions of the text, wrapped around).
 */
export type Breakage =
  | { readonly kind: "syntax-error"; readonly at: number; readonly junk: string }
  | { readonly kind: "trailing-comma"; readonly at: number }
  | { readonly kind: "comment"; readonly at: number; readonly comment: string }
  | { readonly kind: "truncated"; readonly at: number }
  | {
      readonly kind: "not-an-object"
      readonly value: "array" | "null" | "number" | "string" | "boolean" | "settings as a string" | "groups array"
    }
  | {
      readonly kind: "hooks-not-an-object"
      readonly value: "groups array" | "null" | "string" | "number" | "boolean" | "empty array"
    }
  | { readonly kind: "directory" }
  | { readonly kind: "fifo" }
  | { readonly kind: "too-big"; readonly extra: number }
  | { readonly kind: "guard-entry"; readonly entry: (typeof guardEntryBreakages)[number] }
  | { readonly kind: "drop-in-folder-not-listable" }

const positionArb = fc.nat({ max: 100_000 })

/** A breakage of a file's text or of the file itself (not `drop-in-folder-not-listable`, which needs a managed case). */
export const fileBreakageArb: fc.Arbitrary<Breakage> = fc.oneof(
  fc.record({ kind: fc.constant("syntax-error" as const), at: positionArb, junk: junkArb }),
  fc.record({ kind: fc.constant("trailing-comma" as const), at: positionArb }),
  fc.record({
    kind: fc.constant("comment" as const),
    at: positionArb,
    comment: fc.constantFrom("// the team's guards", "/* allow nothing */", "# guards")
  }),
  fc.record({ kind: fc.constant("truncated" as const), at: positionArb }),
  fc.record({
    kind: fc.constant("not-an-object" as const),
    value: fc.constantFrom(
      "array" as const,
      "null" as const,
      "number" as const,
      "string" as const,
      "boolean" as const,
      "settings as a string" as const,
      "groups array" as const
    )
  }),
  fc.record({
    kind: fc.constant("hooks-not-an-object" as const),
    value: fc.constantFrom(
      "groups array" as const,
      "null" as const,
      "string" as const,
      "number" as const,
      "boolean" as const,
      "empty array" as const
    )
  }),
  fc.constant({ kind: "directory" as const }),
  fc.constant({ kind: "fifo" as const }),
  fc.record({ kind: fc.constant("too-big" as const), extra: fc.integer({ min: 1, max: 4096 }) }),
  fc.record({ kind: fc.constant("guard-entry" as const), entry: fc.constantFrom(...guardEntryBreakages) })
)

/** The cap the runner reads settings files up to (`defaultMaxSettingsBytes`). */
const capBytes = 1024 * 1024

/**
 * The broken text of a text breakage; `undefined` for the breakages that
 * replace the file (directory, FIFO, unlistable folder).
 */
export const brokenTextOf = (valid: ValidSettings, breakage: Breakage): string | undefined => {
  const { object, text } = valid
  const pick = <A>(items: ReadonlyArray<A>, at: number): A => items[at % items.length]!
  const insert = (offset: number, what: string) => text.slice(0, offset) + what + text.slice(offset)
  switch (breakage.kind) {
    case "syntax-error":
      return insert(pick(offsetsOutsideStrings(text), breakage.at), breakage.junk)
    case "trailing-comma":
      return insert(pick(closerOffsets(text), breakage.at), ",")
    case "comment":
      return insert(pick(offsetsOutsideStrings(text), breakage.at), `${breakage.comment}\n`)
    case "truncated":
      return text.slice(0, breakage.at % (text.lastIndexOf("}") + 1))
    case "not-an-object":
      switch (breakage.value) {
        case "array":
          return JSON.stringify([object])
        case "null":
          return "null"
        case "number":
          return "42"
        case "string":
          return JSON.stringify("hooks")
        case "boolean":
          return "true"
        case "settings as a string":
          return JSON.stringify(text)
        case "groups array":
          return JSON.stringify(Object.values(object.hooks).flat())
      }
      break
    case "hooks-not-an-object": {
      const hooks = {
        "groups array": Object.values(object.hooks).flat(),
        null: null,
        string: "PreToolUse",
        number: 1,
        boolean: true,
        "empty array": []
      }[breakage.value]
      return JSON.stringify({ ...object, hooks })
    }
    case "too-big":
      // Valid JSON (trailing blanks), refused for its size only.
      return text + " ".repeat(capBytes - text.length + breakage.extra)
    case "guard-entry": {
      const { PreToolUse: groups = [], ...others } = object.hooks
      const [first, ...rest] = groups as ReadonlyArray<{
        readonly matcher: string
        readonly hooks: ReadonlyArray<Record<string, unknown>>
      }>
      const withFirst = (hook: Record<string, unknown>) => [
        { ...first!, hooks: [{ ...first!.hooks[0], ...hook }] },
        ...rest
      ]
      const hooks = {
        "event-not-an-array": { ...others, PreToolUse: first },
        "misspelt-event": { ...others, PreTooluse: groups },
        "unknown-type": { ...others, PreToolUse: withFirst({ type: "comand" }) },
        "bad-timeout": { ...others, PreToolUse: withFirst({ timeout: 0 }) }
      }[breakage.entry]
      return JSON.stringify({ ...object, hooks }, null, 2)
    }
    case "directory":
    case "fifo":
    case "drop-in-folder-not-listable":
      return undefined
  }
}

/**
 * A piece of the fix the runner gives for a breakage (the settings reader's
 * `fix`), which every refusal must carry with the file's path.
 */
export const fixHintOf = (breakage: Breakage): string => {
  switch (breakage.kind) {
    case "syntax-error":
    case "trailing-comma":
    case "comment":
    case "truncated":
      return "fix the JSON syntax"
    case "not-an-object":
      return "write the settings as an object"
    case "hooks-not-an-object":
      return 'write "hooks": {'
    case "directory":
    case "fifo":
      return "replace it with a regular JSON settings file"
    case "too-big":
      return "shrink it"
    case "guard-entry":
      return {
        "event-not-an-array": 'write "PreToolUse": [{"matcher"',
        "misspelt-event": 'did you mean "PreToolUse"?',
        "unknown-type": 'did you mean "command"?',
        "bad-timeout": '"timeout": 30'
      }[breakage.entry]
    case "drop-in-folder-not-listable":
      return "ask your administrator"
  }
}

// ====== Cases ======

/**
 * One case: the dialect (where the user's file is, `.wave/` or `.claude/`),
 * which file is broken and how, its content once fixed, and where the hook
 * that allows every tool call lives (another file, never the broken one).
 * `broken` is `managed-drop-in` for a `managed-settings.d` that cannot be
 * listed.
 */
export interface BrokenSettingsCase {
  readonly dialect: "wave" | "claude-code"
  /** Whether the hosts are given the dialect (`--dialect`); false: none, both dialects' files read (issue 21). */
  readonly withFlag: boolean
  readonly broken: SettingsPlace
  readonly breakage: Breakage
  readonly valid: ValidSettings
  readonly allowIn: AllowPlace
}

/** Where the allowing hook may live when `broken` is broken. */
const allowPlaces = (broken: SettingsPlace, breakage: Breakage): ReadonlyArray<AllowPlace> =>
  (["user", "managed", "managed-drop-in", "project"] as const).filter(
    (place) => place !== broken && !(breakage.kind === "drop-in-folder-not-listable" && place === "managed-drop-in")
  )

/** A broken place and breakage: the user's file or a managed one (half each), every kind. */
const brokenPlaceArb: fc.Arbitrary<readonly [SettingsPlace, Breakage]> = fc.oneof(
  fc.tuple(fc.constant<SettingsPlace>("user"), fileBreakageArb),
  fc.oneof(
    { weight: 9, arbitrary: fc.tuple(fc.constantFrom<SettingsPlace>("managed", "managed-drop-in"), fileBreakageArb) },
    { weight: 1, arbitrary: fc.constant(["managed-drop-in", { kind: "drop-in-folder-not-listable" }] as const) }
  )
)

/**
 * A broken user or managed file (every kind in `breakageKinds`, both scopes,
 * both dialects), and the allowing hook in another user or managed file or in
 * the trusted project's.
 */
export const brokenSettingsCaseArb: fc.Arbitrary<BrokenSettingsCase> = brokenPlaceArb.chain(([broken, breakage]) =>
  fc.record({
    // The breakages are those of wave's and Claude Code's files (a JSONC comment, a managed-settings.d folder);
    // Gemini CLI's settings.json allows comments and has no drop-in folder.
    dialect: fc.constantFrom<BrokenSettingsCase["dialect"]>("wave", "claude-code"),
    withFlag: fc.boolean(),
    broken: fc.constant(broken),
    breakage: fc.constant(breakage),
    valid: validSettingsArb,
    allowIn: fc.constantFrom(...allowPlaces(broken, breakage))
  })
)

/** A short label of a case, for `fc.statistics` and failure messages: the scope and the kind of breakage. */
export const caseLabel = (c: BrokenSettingsCase): string => `${scopeOf(c.broken)} ${c.breakage.kind}`

/** Every label `brokenSettingsCaseArb` reaches: each kind in both scopes (an unlistable folder is managed only). */
export const caseLabels: ReadonlyArray<string> = breakageKinds.flatMap((kind) =>
  kind === "drop-in-folder-not-listable" ? [`managed ${kind}`] : [`user ${kind}`, `managed ${kind}`]
)
