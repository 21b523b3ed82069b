/**
 * What program a hook runs as (ARCHITECTURE section 7): `bash -c <command>`
 * by default, `/bin/sh -c` with `"shell": "sh"`, `pwsh -NoProfile -Command`
 * with `"shell": "powershell"`, or the exec form `command` + `args` with no
 * shell. Shells are looked up on the hook's `PATH`, once per `PATH`.
 *
 * @since 0.2.0
 */
import type { ConfiguredHook } from "../settings/settings-schema.ts"

/**
 * How a hook is started: the argv to spawn (with a note when the default
 * shell was replaced), or why it cannot start.
 *
 * @category models
 * @since 0.2.0
 */
export type HookCommandLine =
  | { readonly _tag: "Spawn"; readonly argv: readonly [string, ...Array<string>]; readonly fallback?: string }
  | { readonly _tag: "CannotStart"; readonly message: string }

const found = new Map<string, string | undefined>()

/** The first executable `name` on `PATH` (without one: `/usr/local/bin:/usr/bin:/bin`); cached per `PATH`. */
const lookUp = (name: string, path: string | undefined): string | undefined => {
  const key = `${name}\u0000${path ?? ""}`
  if (found.has(key)) return found.get(key)
  const fs = process.getBuiltinModule("node:fs")
  const dirs = (path === undefined || path === "" ? "/usr/local/bin:/usr/bin:/bin" : path)
    .split(":")
    .filter((d) => d.startsWith("/"))
  let hit: string | undefined
  for (const dir of dirs) {
    const candidate = `${dir}/${name}`
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      if (fs.statSync(candidate).isFile()) {
        hit = candidate
        break
      }
    } catch {
      // not here
    }
  }
  found.set(key, hit)
  return hit
}

/**
 * The argv of a hook, given the `PATH` it runs with.
 *
 * **Details**
 *
 * With `args`, `command` is the program and `args` its arguments, passed as
 * they are (no `$VAR` expansion, no quoting; a relative program is taken
 * from `PATH` or, with a `/`, from the project directory). Otherwise the
 * hook's `shell` runs `command`: `bash --norc` (the default in both
 * dialects, as Claude Code and Wave's specification run bash; `--norc` keeps
 * `~/.bashrc` out even where bash would take the hook for an ssh command), `sh` (`/bin/sh`), or
 * `powershell` (`pwsh -NoProfile -Command`). With `loginShell` (the Codex
 * CLI dialect: the hook's `$SHELL`), a hook without its own `shell` runs as
 * `<loginShell> -lc <command>`, as Codex runs it. When bash is not installed, a
 * hook that did not ask for it runs in `/bin/sh` with a `fallback` note; one
 * that set `"shell": "bash"`, or `"powershell"` without `pwsh`, cannot start.
 *
 * **Example** (The default)
 *
 * ```ts
 * hookCommandLine({ command: "echo $HOME" }, "/usr/bin:/bin")
 * // => { _tag: "Spawn", argv: ["/usr/bin/bash", "--norc", "-c", "echo $HOME"] }
 * ```
 *
 * @category running
 * @since 0.2.0
 */
export const hookCommandLine = (
  hook: Pick<ConfiguredHook, "command" | "args" | "shell">,
  path: string | undefined,
  options?: { readonly loginShell?: string | undefined }
): HookCommandLine => {
  if (hook.args !== undefined) return { _tag: "Spawn", argv: [hook.command, ...hook.args] }
  // Codex CLI runs a hook in the user's login shell: `$SHELL -lc`, `/bin/sh` without SHELL.
  if (hook.shell === undefined && options?.loginShell !== undefined)
    return { _tag: "Spawn", argv: [options.loginShell === "" ? "/bin/sh" : options.loginShell, "-lc", hook.command] }
  if (hook.shell === "sh") return { _tag: "Spawn", argv: ["/bin/sh", "-c", hook.command] }
  if (hook.shell === "powershell") {
    const pwsh = lookUp("pwsh", path)
    if (pwsh === undefined) {
      return {
        _tag: "CannotStart",
        message: `"shell": "powershell" needs pwsh (PowerShell 7), which is not on PATH; install it, or use "shell": "bash"`
      }
    }
    return { _tag: "Spawn", argv: [pwsh, "-NoProfile", "-Command", hook.command] }
  }
  const bash = lookUp("bash", path)
  // --norc: bash run with a socket on stdin (Node's pipes are socketpairs) and no SHLVL in its environment
  // (an `env` allowlist, an agent started by a service manager) takes itself for an ssh command and sources
  // ~/.bashrc, whose output lands in the hook's stdout before its JSON (and costs 100 ms and more where it
  // starts pyenv or nvm). A non-interactive bash reads no rc file otherwise; BASH_ENV still applies.
  if (bash !== undefined) return { _tag: "Spawn", argv: [bash, "--norc", "-c", hook.command] }
  if (hook.shell === "bash") {
    return {
      _tag: "CannotStart",
      message: `"shell": "bash" needs bash, which is not on PATH; install bash, or use "shell": "sh"`
    }
  }
  return {
    _tag: "Spawn",
    argv: ["/bin/sh", "-c", hook.command],
    fallback:
      `bash is not installed (not on PATH), so the hook ran in /bin/sh: ${hook.command}. ` +
      `Install bash, or set "shell": "sh" on the hook to say it is written for /bin/sh`
  }
}
