/**
 * The wording of the notices `runHooks` adds to an event's effects: skipped
 * settings entries, a non-command hook's transport notes, a tool event without
 * a `tool_name`, untrusted settings files and changed scripts. Pure: each
 * builder turns what the plan found into traced `Diagnostic` / `ShowUser`
 * effects, with no I/O.
 *
 * @since 0.3.0
 */
import { at } from "../core/rule-id.ts"
import type { HookEvent } from "../core/events.ts"
import type { JsonRecord } from "../core/payload.ts"
import type { TracedEffect } from "../core/trace.ts"
import { Diagnostic, ShowUser } from "../effects/hook-effect.ts"
import type { SettingsSnapshot } from "./plan.ts"
import type { changedScriptHooksFor } from "./plan.ts"
import { ignoredSettingsOf } from "./plan.ts"
import type { ConfiguredHook, SettingsDiagnostic, ValidatedSettings } from "./settings-schema.ts"
import { formatSettingsDiagnostic } from "./validate-settings.ts"
import { trustCommandFor } from "./trust.ts"

/**
 * The user's warning about a settings entry `runHooks` skipped (the
 * `skipped-entry` Diagnostic says the same as `formatSettingsDiagnostic`):
 * "The settings file X was skipped" when the whole file was (its JSON, or its
 * `hooks`, cannot be read), "A hook in X was skipped" for one entry of the
 * event, "A setting in X was ignored" for a file-wide setting; the advice to
 * run `wave-hooks validate` is said once.
 *
 * @category running
 * @since 0.2.0
 */
export const skippedEntryText = (d: SettingsDiagnostic): string => {
  const what =
    d.path === "$" || d.path === "$.hooks"
      ? `The settings file ${d.file} was skipped`
      : d.event === undefined
        ? `A setting in ${d.file} was ignored`
        : `A hook in ${d.file} was skipped`
  const check = d.fix.includes("wave-hooks validate") ? "" : " Run wave-hooks validate to check the settings."
  return `${what}: ${d.path}: ${d.problem}. Fix: ${d.fix}.${check}`
}

/** The author Diagnostic and the user warning for each settings entry that was skipped. */
export const skippedEffects = (skipped: ReadonlyArray<SettingsDiagnostic>): ReadonlyArray<TracedEffect> =>
  skipped.flatMap((d) => [
    {
      effect: Diagnostic({ code: "skipped-entry", message: formatSettingsDiagnostic(d) }),
      ...at("run.skipped-entry", "skipped settings entry")
    },
    {
      effect: ShowUser({ level: "warning", text: skippedEntryText(d) }),
      ...at("run.skipped-entry", "skipped settings entry")
    }
  ])

/** A note of a non-command hook's run (a header sent empty, content not read): said to the author and the user. */
export const transportNoteEffects = (hook: ConfiguredHook, note: string): ReadonlyArray<TracedEffect> => [
  {
    effect: Diagnostic({ code: "transport-warning", message: `${hook.file} ${hook.path}: ${note}` }),
    ...at("run.hook-type", "hook types")
  },
  { effect: ShowUser({ level: "warning", text: note }), ...at("run.hook-type", "hook types") }
]

/**
 * A tool event whose payload has no `tool_name`: no tool matcher can match. `matcherField`: the field the
 * fired agent event's matchers test (Cursor's beforeShellExecution tests `command`: no `tool_name` needed).
 */
export const missingToolNameEffects = (
  event: HookEvent,
  payload: JsonRecord,
  matcherField: string | undefined
): ReadonlyArray<TracedEffect> => {
  if (matcherField !== "tool_name") return []
  const value = payload["tool_name"]
  if (typeof value === "string" && value !== "") return []
  const got = value === undefined ? "has no tool_name" : `has tool_name ${JSON.stringify(value) ?? String(value)}`
  return [
    {
      effect: Diagnostic({
        code: "missing-tool-name",
        message: `The ${event} payload ${got}: hooks with a tool matcher cannot match, only those matching every tool ran.`
      }),
      ...at("run.missing-tool-name", "missing tool name")
    },
    {
      effect: ShowUser({
        level: "warning",
        text:
          `The ${event} event was fired without a tool_name (${got.replace(/^has /, "")}), so hooks for specific tools did not run. ` +
          `Pass the tool's name in the payload, e.g. { tool_name: "Bash", tool_input: {...} }.`
      }),
      ...at("run.missing-tool-name", "missing tool name")
    }
  ]
}

/** How high a settings scope ranks where an agent lets a higher-priority source's answer win (Cursor). */
const sourceRank = (hook: ConfiguredHook): number =>
  hook.scope === "managed" ? 3 : hook.scope === "project" || hook.scope === "local" ? 2 : hook.scope === "user" ? 1 : 0

/**
 * Where the agent lets a higher-priority source's answer win (Cursor: enterprise, then project, then user)
 * and a hook of a higher-priority source allowed what one of a lower-priority source denied: a
 * `source-priority` Diagnostic, since wave-hooks keeps the deny (the most restrictive answer, ARCHITECTURE
 * 6) where the agent might have let the call through.
 */
export const sourcePriorityEffects = (
  records: ReadonlyArray<{ readonly hook: ConfiguredHook; readonly effects: ReadonlyArray<TracedEffect> }>
): ReadonlyArray<TracedEffect> => {
  const has = (tag: string) => records.filter((r) => r.effects.some((t) => t.effect._tag === tag))
  const allowed = has("AllowTool")
  const denied = has("BlockTool")
  const pair = allowed
    .flatMap((allow) => denied.map((deny) => ({ allow, deny })))
    .find(({ allow, deny }) => sourceRank(allow.hook) > sourceRank(deny.hook))
  if (pair === undefined) return []
  return [
    {
      effect: Diagnostic({
        code: "source-priority",
        message:
          `${pair.allow.hook.file} (${pair.allow.hook.scope}) allowed this call and ${pair.deny.hook.file} (${pair.deny.hook.scope}) denied it. ` +
          `The agent says a higher-priority source's answer takes precedence; wave-hooks keeps the deny (the most restrictive answer). ` +
          `Remove the deny from ${pair.deny.hook.file} if the call should run.`
      }),
      ...at("cursor.source-priority", "a higher-priority source allowed what a lower one denied")
    }
  ]
}

/**
 * Untrusted (or changed) files with hooks for this event or ignored settings: an
 * `untrusted-settings` Diagnostic and a user warning each, naming the trust command.
 */
export const untrustedEffects = (
  files: ReadonlyArray<ValidatedSettings>,
  event: HookEvent,
  projectDir: string,
  storeProblem: string | undefined
): ReadonlyArray<TracedEffect> =>
  files.flatMap((f) => {
    const count = (f.untrustedHooks ?? []).filter((h) => h.event === event).length
    const why = f.trust === "changed" ? "has changed since it was trusted" : "is not trusted"
    const ignored = ignoredSettingsOf(f)
    const hooksText = `${count} ${event} hook${count === 1 ? "" : "s"}`
    const ignoredText =
      ignored.length === 0 ? "" : `its ${ignored.join(", ")} ${ignored.length === 1 ? "was" : "were"} ignored`
    const what = [count === 0 ? "" : `its ${hooksText} did not run`, ignoredText].filter((t) => t !== "").join("; ")
    return [
      {
        effect: Diagnostic({
          code: "untrusted-settings",
          message: `${f.file} ${why} (SHA-256 ${f.sha256 ?? "?"}); ${what}.`
        }),
        ...at("run.untrusted-settings", "untrusted settings")
      },
      {
        effect: ShowUser({
          level: "warning",
          text:
            (count === 0 ? `The settings in ${f.file} were ignored` : `${hooksText} in ${f.file} did not run`) +
            `: the file ${why}${ignoredText === "" ? "" : ` (${ignoredText}${f.untrustedSettings?.disableAllHooks === true ? ": the other hooks still run" : ""})`}. ` +
            `Review it, then run: ${trustCommandFor(projectDir)}` +
            (storeProblem === undefined
              ? ""
              : ` (nothing is trusted: the trust store ${storeProblem}; trust replaces it and keeps the old one as a backup)`)
        }),
        ...at("run.untrusted-settings", "untrusted settings")
      }
    ]
  })

/**
 * Untrusted (or changed) files whose hooks are all for other events: one
 * `untrusted-settings` Diagnostic each, so every event's result names them
 * (an embedder's first event is rarely the one the project's hooks are for).
 */
export const untrustedElsewhereEffects = (
  snapshot: SettingsSnapshot,
  reported: ReadonlyArray<ValidatedSettings>,
  event: HookEvent,
  projectDir: string
): ReadonlyArray<TracedEffect> =>
  snapshot.disabled
    ? []
    : snapshot.files.flatMap((f) => {
        const hooks = f.untrustedHooks ?? []
        if (f.trust === undefined || f.trust === "trusted" || hooks.length === 0 || reported.includes(f)) return []
        const counts = new Map<string, number>()
        for (const h of hooks) counts.set(h.event, (counts.get(h.event) ?? 0) + 1)
        const list = [...counts].map(([e, n]) => `${n} ${e}`).join(", ")
        const why = f.trust === "changed" ? "has changed since it was trusted" : "is not trusted"
        return [
          {
            effect: Diagnostic({
              code: "untrusted-settings",
              message:
                `${f.file} ${why} (SHA-256 ${f.sha256 ?? "?"}): none of its hooks run (${list}; none for ${event}). ` +
                `Review it, then run: ${trustCommandFor(projectDir)}`
            }),
            ...at("run.untrusted-settings", "untrusted settings")
          }
        ]
      })

/** Hooks that did not run because a script they run changed since it was trusted (or was never recorded). */
export const changedScriptEffects = (
  blocked: ReturnType<typeof changedScriptHooksFor>,
  event: HookEvent,
  projectDir: string
): ReadonlyArray<TracedEffect> =>
  blocked.flatMap(({ changes, hook }) => {
    const what = changes
      .map((c) =>
        c.change === "changed"
          ? `${c.path} has changed since it was trusted`
          : `${c.path} was not recorded when the project was trusted (trusted by an older wave-hooks)`
      )
      .join("; ")
    return [
      {
        effect: Diagnostic({
          code: "untrusted-settings",
          message: `${hook.file} ${hook.path}: ${what}; the ${event} hook did not run: ${hook.command}`
        }),
        ...at("run.untrusted-settings", "untrusted settings")
      },
      {
        effect: ShowUser({
          level: "warning",
          text: `A ${event} hook in ${hook.file} did not run (${hook.command}): ${what}. Review it, then run: ${trustCommandFor(projectDir)}`
        }),
        ...at("run.untrusted-settings", "untrusted settings")
      }
    ]
  })
