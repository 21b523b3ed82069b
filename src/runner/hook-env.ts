/**
 * The environment a hook runs with (ARCHITECTURE section 7).
 *
 * @since 0.1.0
 */
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import { envFileVariables } from "./env-file.ts"

/**
 * The environment of one hook.
 *
 * **Details**
 *
 * Without an `env` allowlist the hook inherits the parent's environment. With
 * one it gets only `PATH`, `HOME`, the project directory variables and the
 * listed variables, so secrets of the agent do not leak to hooks that did not
 * ask for them. `WAVE_PROJECT_DIR` (and `CLAUDE_PROJECT_DIR` in the claude-code
 * dialect) are always set. The model hooks' configuration (`OPENAI_*`,
 * `WAVE_HOOKS_MODEL`, see `isModelVariable`) and OpenTelemetry's (`OTEL_*`,
 * see `isOtelVariable`; since 0.2.0, as Claude Code) are not inherited; a hook
 * that needs one of them names it in its `env` list.
 *
 * `added` (since 0.2.0): `settings`, the settings-level `env` map, is laid
 * over the inherited variables and is passed whatever the allowlist (the
 * settings author chose those variables for the hooks; the allowlist keeps the
 * agent's own environment from leaking). `engine`, the variables the engine
 * sets for this run (`HOOK_EVENT`, `CLAUDE_ENV_FILE`, `CLAUDE_PLUGIN_ROOT`,
 * ...), is laid last, after the project directory variables: a setting cannot
 * redirect them.
 *
 * `CLAUDE_ENV_FILE` and `WAVE_ENV_FILE` (since 0.2.0) come only from `engine`,
 * which sets them on the events that have an env file: neither the parent's
 * (an agent's own env file, for another event), an allowlist nor the
 * settings' `env` can pass them, so on every other event they are unset.
 *
 * **Example** (An allowlist)
 *
 * ```ts
 * hookEnvironment({ PATH: "/bin", API_TOKEN: "x", CI: "1" }, ["CI"], "/p", "wave")
 * // => { PATH: "/bin", CI: "1", WAVE_PROJECT_DIR: "/p" }
 * ```
 *
 * @category environment
 * @since 0.1.0
 */
export const hookEnvironment = (
  parent: { readonly [name: string]: string | undefined },
  allowlist: ReadonlyArray<string> | undefined,
  projectDir: string,
  dialect: Dialect,
  added?: {
    readonly settings?: { readonly [name: string]: string }
    /** The hook's own variables (Gemini CLI's `env` object), over the project directory's. */
    readonly hook?: { readonly [name: string]: string } | undefined
    readonly engine?: { readonly [name: string]: string }
  }
): { readonly [name: string]: string } => {
  const env: Record<string, string> = {}
  const names =
    allowlist === undefined
      ? Object.keys(parent).filter((name) => !isModelVariable(name) && !isOtelVariable(name))
      : ["PATH", "HOME", ...allowlist]
  for (const name of names) {
    const value = parent[name]
    if (value !== undefined) env[name] = value
  }
  Object.assign(env, added?.settings ?? {})
  // The env file's path is the engine's alone: a parent's (set for another event) must not reach a hook.
  for (const name of envFileVariables) delete env[name]
  for (const name of dialectRules[dialect].projectDirVariables) env[name] = projectDir
  // Copilot expands $NAME and ${NAME} in a hook's env values, from the environment the hook inherits.
  const expand = dialectRules[dialect].envExpands
  for (const [name, value] of Object.entries(added?.hook ?? {}))
    env[name] = expand ? expandVariables(value, env) : value
  Object.assign(env, added?.engine ?? {})
  return env
}

/**
 * `$NAME` and `${NAME}` in a value replaced by the variable's value (empty when it is not set), as a
 * shell expands them in double quotes; nothing else is interpreted (no command substitution).
 *
 * **Example**
 *
 * ```ts
 * expandVariables("$HOME/.copilot/log", { HOME: "/home/u" }) // => "/home/u/.copilot/log"
 * ```
 *
 * @category environment
 * @since 0.5.0
 */
export const expandVariables = (value: string, env: { readonly [name: string]: string | undefined }): string =>
  value.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g, (_, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? ""
    return Object.hasOwn(env, name) ? (env[name] ?? "") : ""
  })

/**
 * Whether a variable configures the CLI's model hooks:
 * `OPENAI_BASE_URL`, `OPENAI_API_KEY` and every other `OPENAI_*`, and
 * `WAVE_HOOKS_MODEL`. `hookEnvironment` does not pass them to hook processes
 * that inherit the environment, so the key meant for prompt and agent hooks
 * does not leak to every command hook.
 *
 * **Example** (What is kept back)
 *
 * ```ts
 * isModelVariable("OPENAI_API_KEY")   // => true
 * isModelVariable("WAVE_HOOKS_MODEL") // => true
 * isModelVariable("PATH")             // => false
 * ```
 *
 * @category environment
 * @since 0.2.0
 */
export const isModelVariable = (name: string): boolean => name.startsWith("OPENAI_") || name === "WAVE_HOOKS_MODEL"

/**
 * Whether a variable configures OpenTelemetry (`OTEL_*`: the engine's own
 * exporter, section 7.2). `hookEnvironment` does not pass them to hook
 * processes that inherit the environment, as Claude Code does not: a hook's
 * own SDK would otherwise export to the engine's endpoint under its name.
 *
 * **Example** (What is kept back)
 *
 * ```ts
 * isOtelVariable("OTEL_EXPORTER_OTLP_ENDPOINT") // => true
 * isOtelVariable("PATH")                        // => false
 * ```
 *
 * @category environment
 * @since 0.2.0
 */
export const isOtelVariable = (name: string): boolean => name.startsWith("OTEL_")
