/**
 * Plugins' hooks (ARCHITECTURE section 7): a plugin folder holds
 * `hooks/hooks.json` (`{"description"?: string, "hooks": {...}}`, the shape of
 * a settings file's `hooks`); its hooks run after the settings files' with
 * the plugin's folders substituted in their commands. Pure: the runner finds
 * and reads the files.
 *
 * @since 0.2.0
 */
import { Predicate } from "effect"
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import type { PluginSource, ValidatedSettings } from "./settings-schema.ts"
import { validateSettings } from "./validate-settings.ts"

/**
 * How a plugin hook's command is run, which decides how a placeholder is
 * written into it: `shell` (bash or sh), `powershell`, or `exec` (`command`
 * and `args` started without a shell).
 *
 * @category models
 * @since 0.2.0
 */
export type PluginCommandForm = "shell" | "powershell" | "exec"

const PLACEHOLDER = /^\$\{(CLAUDE_PLUGIN_ROOT|WAVE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA|WAVE_PLUGIN_DATA)\}/u

/**
 * Replace the placeholders a plugin hook may use (`${CLAUDE_PLUGIN_ROOT}`,
 * `${WAVE_PLUGIN_ROOT}`, `${CLAUDE_PLUGIN_DATA}`, `${WAVE_PLUGIN_DATA}`; only
 * in plugin hooks: a settings file's are left to the shell) so that no folder
 * name can become code.
 *
 * **Details**
 *
 * The folder's text never reaches a shell. The hook's environment holds the
 * four variables (see `hookVariablesOf`), so for `shell` a placeholder becomes
 * a reference the shell expands without reading the value as code:
 * `"${CLAUDE_PLUGIN_ROOT}"` where it stood bare (no word splitting or
 * globbing either), unchanged inside double quotes and `$(...)` in them, and
 * `'"${CLAUDE_PLUGIN_ROOT}"'` inside single quotes (the quote is closed and
 * opened again around it). For `powershell` it becomes `${env:NAME}`, or
 * inside single quotes the value with its quotes doubled. For `exec` (no
 * shell) it becomes the value itself. A placeholder after a backslash is not
 * one.
 *
 * @example
 * ```ts
 * const plugin = { root: "/p/lint", dataDir: "/d" }
 * substitutePluginVariables('"${CLAUDE_PLUGIN_ROOT}/check.sh"', plugin) // => '"${CLAUDE_PLUGIN_ROOT}/check.sh"'
 * substitutePluginVariables("${CLAUDE_PLUGIN_ROOT}/check.sh", plugin) // => '"${CLAUDE_PLUGIN_ROOT}"/check.sh'
 * substitutePluginVariables("${CLAUDE_PLUGIN_ROOT}/check.sh", { root: "/p/lint", dataDir: "/d" }, "exec") // => "/p/lint/check.sh"
 * // The agent's own names (a Gemini CLI extension's):
 * substitutePluginVariables("${extensionPath}/check.sh", plugin, "shell", "gemini-cli") // => '"${WAVE_PLUGIN_ROOT}"/check.sh'
 * ```
 *
 * @category plugins
 * @since 0.2.0
 */
export const substitutePluginVariables = (
  written: string,
  plugin: Pick<PluginSource, "root" | "dataDir">,
  form: PluginCommandForm = "shell",
  dialect: Dialect = "wave"
): string => {
  const command = withWaveNames(written, dialect)
  const placeholderValue = (name: string) => (name.endsWith("_ROOT") ? plugin.root : plugin.dataDir)
  if (form === "exec")
    return command.replace(new RegExp(PLACEHOLDER.source.slice(1), "gu"), (_whole, name: string) =>
      placeholderValue(name)
    )
  return form === "powershell" ? quotePowerShell(command, placeholderValue) : quotePosix(command, PLACEHOLDER)
}

/**
 * The agent's own plugin placeholders (`dialectRules[d].pluginVariables`: Gemini CLI's `${extensionPath}`,
 * Codex CLI's `${PLUGIN_ROOT}`) written as wave-hooks' (`${WAVE_PLUGIN_ROOT}`, `${WAVE_PLUGIN_DATA}`), which are
 * then replaced as every plugin's are; one after a backslash is not a placeholder and stays.
 */
const withWaveNames = (command: string, dialect: Dialect): string => {
  const { data, root } = dialectRules[dialect].pluginVariables
  const renames: ReadonlyArray<readonly [string, string]> = [
    ...root.map((name) => [name, "WAVE_PLUGIN_ROOT"] as const),
    ...data.map((name) => [name, "WAVE_PLUGIN_DATA"] as const)
  ]
  const renamed = renames.reduce(
    (text, [name, wave]) => text.replace(new RegExp(`(?<!\\\\)\\$\\{${name}\\}`, "gu"), () => `\${${wave}}`),
    command
  )
  // The path separator (Gemini CLI's `${/}` and `${pathSeparator}`): a constant, so no shell reads a value.
  return dialectRules[dialect].pluginVariables.separator.reduce(
    (text, name) => text.replace(new RegExp(`(?<!\\\\)\\$\\{${name.replace("/", "\\/")}\\}`, "gu"), "/"),
    renamed
  )
}

/**
 * Quote the references to these variables in a shell command (`$NAME` or `${NAME}`) as
 * `substitutePluginVariables` quotes a plugin's placeholders: `"${NAME}"` where it stood bare, so the value
 * is neither split nor globbed nor read as code. Gemini CLI puts the shell-escaped values of its variables
 * in the command text (`$GEMINI_PROJECT_DIR/.gemini/hooks/x.sh` works in a folder with spaces); this gives
 * the same command without splicing any value into it.
 *
 * @example
 * ```ts
 * quoteVariableReferences("$GEMINI_PROJECT_DIR/hooks/x.sh", ["GEMINI_PROJECT_DIR"]) // => '"${GEMINI_PROJECT_DIR}"/hooks/x.sh'
 * ```
 *
 * @category plugins
 * @since 0.5.0
 */
export const quoteVariableReferences = (command: string, names: ReadonlyArray<string>): string => {
  if (names.length === 0 || !command.includes("$")) return command
  const alternatives = names.join("|")
  return quotePosix(command, new RegExp(`^\\$(?:\\{(${alternatives})\\}|(${alternatives})(?![A-Za-z0-9_]))`, "u"))
}

/** Where a POSIX shell lexer is: each frame of `$(...)` / backquotes / double quotes, innermost last. */
type Frame = { readonly kind: "plain" | "subshell" | "backquote"; depth: number } | { readonly kind: "double" }

const quotePosix = (command: string, pattern: RegExp): string => {
  const frames: Array<Frame> = [{ kind: "plain", depth: 0 }]
  let single: "no" | "plain" | "ansi" = "no"
  let out = ""
  let i = 0
  const atWordStart = () => i === 0 || /[\s;&|()]/u.test(command[i - 1]!)
  while (i < command.length) {
    const frame = frames[frames.length - 1]!
    const c = command[i]!
    const placeholder = c === "$" ? pattern.exec(command.slice(i)) : null
    if (placeholder !== null) {
      const reference = `\${${placeholder[1] ?? placeholder[2]}}`
      out +=
        single !== "no"
          ? `'"${reference}"${single === "ansi" ? "$'" : "'"}`
          : frame.kind === "double"
            ? reference
            : `"${reference}"`
      i += placeholder[0].length
      continue
    }
    if (single !== "no") {
      if (single === "ansi" && c === "\\") {
        out += command.slice(i, i + 2)
        i += 2
        continue
      }
      if (c === "'") single = "no"
      out += c
      i++
      continue
    }
    if (c === "\\") {
      out += command.slice(i, i + 2)
      i += 2
      continue
    }
    if (c === "$" && command[i + 1] === "(") {
      frames.push({ kind: "subshell", depth: 0 })
      out += "$("
      i += 2
      continue
    }
    if (frame.kind === "double") {
      if (c === '"') frames.pop()
      else if (c === "`") frames.push({ kind: "backquote", depth: 0 })
      out += c
      i++
      continue
    }
    if (c === "#" && atWordStart()) {
      // A comment: copied as it is, to the end of the line.
      const end = command.indexOf("\n", i)
      out += end === -1 ? command.slice(i) : command.slice(i, end)
      i = end === -1 ? command.length : end
      continue
    }
    if (c === "$" && command[i + 1] === "'") {
      single = "ansi"
      out += "$'"
      i += 2
      continue
    }
    if (c === "'") single = "plain"
    else if (c === '"') frames.push({ kind: "double" })
    else if (c === "`") {
      if (frame.kind === "backquote") frames.pop()
      else frames.push({ kind: "backquote", depth: 0 })
    } else if (c === "(") frame.depth++
    else if (c === ")") {
      if (frame.kind === "subshell" && frame.depth === 0) frames.pop()
      else if (frame.depth > 0) frame.depth--
    }
    out += c
    i++
  }
  return out
}

const quotePowerShell = (command: string, placeholderValue: (name: string) => string): string => {
  let out = ""
  let quote: "none" | "single" | "double" = "none"
  let i = 0
  while (i < command.length) {
    const c = command[i]!
    const placeholder = c === "$" ? PLACEHOLDER.exec(command.slice(i)) : null
    if (placeholder !== null) {
      // In single quotes nothing is expanded: the value, with every kind of single quote doubled.
      out +=
        quote === "single"
          ? placeholderValue(placeholder[1]!).replace(/['\u2018\u2019\u201a\u201b]/gu, (q) => q + q)
          : `\${env:${placeholder[1]}}`
      i += placeholder[0].length
      continue
    }
    if (quote !== "single" && c === "`") {
      out += command.slice(i, i + 2)
      i += 2
      continue
    }
    if (quote === "none" && /['\u2018\u2019\u201a\u201b]/u.test(c)) quote = "single"
    else if (quote === "none" && /["\u201c\u201d\u201e]/u.test(c)) quote = "double"
    else if (quote === "single" && /['\u2018\u2019\u201a\u201b]/u.test(c)) {
      if (/['\u2018\u2019\u201a\u201b]/u.test(command[i + 1] ?? "")) {
        out += command.slice(i, i + 2)
        i += 2
        continue
      }
      quote = "none"
    } else if (quote === "double" && /["\u201c\u201d\u201e]/u.test(c)) {
      if (/["\u201c\u201d\u201e]/u.test(command[i + 1] ?? "")) {
        out += command.slice(i, i + 2)
        i += 2
        continue
      }
      quote = "none"
    }
    out += c
    i++
  }
  return out
}

/**
 * A plugin's name: `name` of its manifest (`.claude-plugin/plugin.json` or
 * `.wave-plugin/plugin.json`) when that is a non-empty string without `/`,
 * else the folder's name.
 *
 * @category plugins
 * @since 0.2.0
 */
export const pluginNameOf = (manifestText: string | undefined, root: string): string => {
  const folder = root.replace(/\/+$/, "").split("/").pop() ?? root
  if (manifestText === undefined) return folder
  try {
    const json: unknown = JSON.parse(manifestText)
    const name = Predicate.isObject(json) ? (json as Record<string, unknown>)["name"] : undefined
    return typeof name === "string" && name.trim() !== "" && !name.includes("/") ? name : folder
  } catch {
    return folder
  }
}

/**
 * The hooks a plugin's manifest declares besides `hooks/hooks.json`: its
 * `hooks` field as a path or paths (relative to the plugin, `./config/hooks.json`)
 * or an inline object (the content of a hooks file, `{"hooks": {...}}`, or
 * just the events), as Claude Code's plugin manifests allow.
 *
 * @category plugins
 * @since 0.2.0
 */
export const manifestHooksOf = (
  manifestText: string | undefined
): { readonly paths: ReadonlyArray<string>; readonly inline?: string } => {
  if (manifestText === undefined) return { paths: [] }
  let json: unknown
  try {
    json = JSON.parse(manifestText)
  } catch {
    return { paths: [] }
  }
  const hooks = Predicate.isObject(json) ? (json as Record<string, unknown>)["hooks"] : undefined
  if (typeof hooks === "string") return { paths: [hooks] }
  if (Array.isArray(hooks)) return { paths: hooks.filter((h): h is string => typeof h === "string") }
  if (Predicate.isObject(hooks)) {
    const inline = "hooks" in (hooks as Record<string, unknown>) ? hooks : { hooks }
    return { paths: [], inline: JSON.stringify(inline) }
  }
  return { paths: [] }
}

/**
 * Validate a plugin's `hooks/hooks.json` (as a settings file of scope
 * `plugin`: `hooks` and `description` are its keys) and mark its hooks as the
 * plugin's, with the placeholders substituted in their commands
 * (`substitutePluginVariables`: quoted references for a shell, the values
 * for the exec form's `command` and `args`).
 *
 * **Example** (A plugin's hook)
 *
 * ```ts
 * validatePluginHooks('{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"${WAVE_PLUGIN_ROOT}/stop.sh"}]}]}}',
 *   { file: "/p/hooks/hooks.json", dialect: "wave", plugin })
 * // => hooks: [{ command: '"${WAVE_PLUGIN_ROOT}"/stop.sh', scope: "plugin", plugin, ... }] (the shell expands it from the hook's environment)
 * ```
 *
 * @category plugins
 * @since 0.2.0
 */
export const validatePluginHooks = (
  text: string,
  options: { readonly file: string; readonly dialect: Dialect; readonly plugin: PluginSource }
): ValidatedSettings => {
  // A plugin's file holds hooks only: settings-wide keys are unknown-key warnings there and count for nothing.
  const { askTimeoutSeconds: _ignored, ...validated } = validateSettings(text, {
    file: options.file,
    scope: "plugin",
    dialect: options.dialect
  })
  const { plugin } = options
  return {
    ...validated,
    plugin,
    disableAllHooks: undefined,
    hooks: validated.hooks.map((hook) => {
      if (hook.handler !== undefined) return { ...hook, plugin }
      if (hook.args !== undefined) {
        // Exec form: no shell reads the command or its arguments, so the values go in as they are.
        return {
          ...hook,
          command: substitutePluginVariables(hook.command, plugin, "exec", options.dialect),
          args: hook.args.map((arg) => substitutePluginVariables(arg, plugin, "exec", options.dialect)),
          plugin
        }
      }
      return {
        ...hook,
        command: substitutePluginVariables(
          hook.command,
          plugin,
          hook.shell === "powershell" ? "powershell" : "shell",
          options.dialect
        ),
        plugin
      }
    })
  }
}
