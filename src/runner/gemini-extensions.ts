/**
 * Finding the hooks of the user's installed Gemini CLI extensions (the
 * gemini-cli dialect): each folder of `~/.gemini/extensions/` with a valid
 * `gemini-extension.json` (a linked extension's folder is the one its
 * `.gemini-extension-install.json` names), switched on for the project by
 * `~/.gemini/extensions/extension-enablement.json`, with a
 * `hooks/hooks.json`, becomes a plugin reference trusted like user settings,
 * as Gemini CLI's extension manager loads them.
 *
 * @since 0.5.0
 */
import { Effect, FileSystem, Predicate } from "effect"
import { isAbsolute, resolve } from "node:path"
import type { SettingsDiagnostic, ValidatedSettings } from "../settings/settings-schema.ts"
import { defaultMaxSettingsBytes, readBoundedText } from "./bounded-read.ts"
import type { PluginReference } from "./plugins.ts"

/**
 * The folder Gemini CLI installs extensions in: `<home>/.gemini/extensions`.
 *
 * @category plugins
 * @since 0.5.0
 */
const geminiExtensionsDirOf = (homeDir: string): string => `${homeDir.replace(/\/+$/, "")}/.gemini/extensions`

/** A path as Gemini CLI's enablement rules compare it: forward slashes, a leading and a trailing one. */
const withSlashes = (path: string): string => {
  const forward = path.replace(/\\/g, "/")
  const leading = forward.startsWith("/") ? forward : `/${forward}`
  return leading.endsWith("/") ? leading : `${leading}/`
}

/** One rule as a RegExp: Gemini CLI's `globToRegex` (`*` matches the folder and everything under it). */
const ruleRegex = (glob: string): RegExp =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/(\/?)\*/g, "($1.*)?")}$`)

/**
 * Whether an extension is switched on in a folder, by its `overrides` in
 * `extension-enablement.json` (Gemini CLI's `ExtensionEnablementManager.isEnabled`):
 * on unless a rule matches; the last matching rule wins; `!` switches off,
 * a trailing `*` covers the folders below.
 *
 * **Example** (Switched off in one project)
 *
 * ```ts
 * geminiExtensionEnabledIn(["!/home/me/repo/"], "/home/me/repo") // => false
 * geminiExtensionEnabledIn(["!/home/me/*", "/home/me/repo/"], "/home/me/repo") // => true
 * ```
 *
 * @category plugins
 * @since 0.5.0
 */
export const geminiExtensionEnabledIn = (overrides: ReadonlyArray<string>, workspaceDir: string): boolean => {
  const folder = withSlashes(workspaceDir)
  let enabled = true
  for (const rule of overrides) {
    const disables = rule.startsWith("!")
    const base = disables ? rule.slice(1) : rule
    if (ruleRegex(base).test(folder)) enabled = !disables
  }
  return enabled
}

/**
 * The content of `extension-enablement.json`: each extension's `overrides`,
 * or why it was not used. As in Gemini CLI, a file of the wrong shape counts
 * as empty (every extension on).
 *
 * @category plugins
 * @since 0.5.0
 */
export const parseGeminiEnablement = (
  text: string
): { readonly overrides: ReadonlyMap<string, ReadonlyArray<string>> } | { readonly problem: string } => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { problem: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` }
  }
  if (!Predicate.isObject(json) || Array.isArray(json)) return { problem: "is not a JSON object" }
  const overrides = new Map<string, ReadonlyArray<string>>()
  for (const [name, entry] of Object.entries(json)) {
    const rules = Predicate.isObject(entry) ? (entry as Record<string, unknown>)["overrides"] : undefined
    if (!Array.isArray(rules) || !rules.every((rule) => typeof rule === "string")) {
      return { problem: `has an entry "${name}" without an "overrides" list of strings` }
    }
    overrides.set(name, rules)
  }
  return { overrides }
}

/**
 * The name in a `gemini-extension.json`, or why the extension is skipped
 * (Gemini CLI's `loadExtensionConfig`: `name` and `version` are required, a
 * name is letters, digits and dashes).
 *
 * @category plugins
 * @since 0.5.0
 */
const geminiExtensionNameOf = (text: string): { readonly name: string } | { readonly problem: string } => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { problem: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` }
  }
  const fields = Predicate.isObject(json) ? (json as Record<string, unknown>) : {}
  const { name, version } = fields
  if (!name) return { problem: 'has no "name"' }
  if (!version) return { problem: 'has no "version"' }
  if (typeof name !== "string" || !/^[a-zA-Z0-9-]+$/.test(name)) {
    return { problem: `has the name ${JSON.stringify(name)}; only letters, digits and dashes are allowed` }
  }
  return { name }
}

/** The folder a linked extension's `.gemini-extension-install.json` names (`gemini extensions link`), if any. */
const linkedSourceOf = (text: string, projectDir: string): string | undefined => {
  try {
    const json: unknown = JSON.parse(text)
    const fields = Predicate.isObject(json) ? (json as Record<string, unknown>) : {}
    const source = fields["source"]
    if (fields["type"] !== "link" || typeof source !== "string" || source === "") return undefined
    return isAbsolute(source) ? source.replace(/\/+$/, "") || "/" : resolve(projectDir, source)
  } catch {
    return undefined
  }
}

/** A file that could not be used, reported as a warning (nothing of it runs, nothing is denied). */
const noticeOf = (file: string, problem: string, fix: string): ValidatedSettings => {
  const diagnostic: SettingsDiagnostic = { severity: "warning", file, path: "$", problem, fix }
  return {
    file,
    scope: "user",
    readable: true,
    dialect: "gemini-cli",
    hooks: [],
    disableAllHooks: undefined,
    diagnostics: [diagnostic]
  }
}

/**
 * The installed Gemini CLI extensions whose hooks run in `projectDir`, in
 * folder-name order: each folder of `geminiExtensionsDirOf(homeDir)` with a
 * valid `gemini-extension.json` (`geminiExtensionNameOf`; a linked
 * extension is read from the folder it links to), switched on there
 * (`geminiExtensionEnabledIn` with the overrides of
 * `extension-enablement.json` under its name), that has a `hooks/hooks.json`.
 * Each is a reference in the gemini-cli dialect, trusted like user settings,
 * named by its `gemini-extension.json` (`readPlugin` reads it; an unreadable
 * hooks file is reported and, as Gemini CLI skips it, denies nothing).
 * `notices` are the files that could not be used, each as a warning: the
 * extensions folder or the enablement file unreadable (then every extension
 * is on, as in Gemini CLI), or a manifest that makes Gemini CLI skip an
 * extension with hooks. No extensions folder: nothing.
 *
 * @category plugins
 * @since 0.5.0
 */
// long: walks every extension folder in order (link, manifest, enablement, hooks file), each with its notice.
export const geminiExtensionReferencesOf = (dirs: {
  readonly projectDir: string
  readonly homeDir: string
}): Effect.Effect<
  { readonly references: ReadonlyArray<PluginReference>; readonly notices: ReadonlyArray<ValidatedSettings> },
  never,
  FileSystem.FileSystem
> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const extensionsDir = geminiExtensionsDirOf(dirs.homeDir)
    const references: Array<PluginReference> = []
    const notices: Array<ValidatedSettings> = []
    const info = yield* fs.stat(extensionsDir).pipe(Effect.result)
    if (info._tag === "Failure" || info.success.type !== "Directory") return { references, notices }
    const listed = yield* fs.readDirectory(extensionsDir).pipe(Effect.result)
    if (listed._tag === "Failure") {
      notices.push(
        noticeOf(
          extensionsDir,
          `the Gemini CLI extensions folder ${extensionsDir} could not be listed; none of the extensions' hooks run`,
          "check the folder's permissions"
        )
      )
      return { references, notices }
    }
    const enablementFile = `${extensionsDir}/extension-enablement.json`
    const enablement = yield* readBoundedText(enablementFile, defaultMaxSettingsBytes, "extension enablement file")
    const parsed =
      enablement._tag === "Text"
        ? parseGeminiEnablement(enablement.text)
        : enablement._tag === "Missing"
          ? { overrides: new Map<string, ReadonlyArray<string>>() }
          : { problem: enablement.problem }
    if ("problem" in parsed) {
      notices.push(
        noticeOf(
          enablementFile,
          `the extension enablement file ${enablementFile} ${parsed.problem}; as in Gemini CLI, every extension counts as enabled`,
          "fix it (gemini extensions enable / disable rewrite it), or remove it"
        )
      )
    }
    const overrides = "overrides" in parsed ? parsed.overrides : new Map<string, ReadonlyArray<string>>()
    for (const entry of [...listed.success].sort()) {
      const installed = `${extensionsDir}/${entry}`
      const folder = yield* fs.stat(installed).pipe(Effect.result)
      if (folder._tag === "Failure" || folder.success.type !== "Directory") continue
      const install = yield* readBoundedText(
        `${installed}/.gemini-extension-install.json`,
        defaultMaxSettingsBytes,
        "extension install record"
      )
      const root = (install._tag === "Text" ? linkedSourceOf(install.text, dirs.projectDir) : undefined) ?? installed
      const manifestFile = `${root}/gemini-extension.json`
      const manifest = yield* readBoundedText(manifestFile, defaultMaxSettingsBytes, "extension manifest")
      const hooksFile = `${root}/hooks/hooks.json`
      // stat, not exists: run's file system (syncReadFileSystem) has no exists.
      const hooks = yield* fs.stat(hooksFile).pipe(Effect.result)
      if (hooks._tag === "Failure") continue
      const named =
        manifest._tag === "Text"
          ? geminiExtensionNameOf(manifest.text)
          : manifest._tag === "Missing"
            ? { problem: "does not exist" }
            : { problem: manifest.problem }
      if ("problem" in named) {
        notices.push(
          noticeOf(
            manifestFile,
            `the extension manifest ${manifestFile} ${named.problem}; Gemini CLI skips the extension, so the hooks of ${hooksFile} do not run`,
            'fix the manifest (a "name" of letters, digits and dashes, and a "version"), or uninstall the extension'
          )
        )
        continue
      }
      if (!geminiExtensionEnabledIn(overrides.get(named.name) ?? [], dirs.projectDir)) continue
      references.push({ root, namedBy: manifestFile, needsTrust: false, dialect: "gemini-cli", name: named.name })
    }
    return { references, notices }
  })
