/**
 * `wave-hooks serve`: the web interpreter's page on 127.0.0.1, taking hook
 * events from agents (`POST /run`) and asking permission questions in the
 * browser; with `--demo`, the built-in example session plays on the page.
 *
 * @since 0.1.0
 */
import { Console, Effect, Option } from "effect"
import { Command } from "effect/cli"
import { auditLogParams } from "./common-flags.ts"
import { McpTools } from "../runner/mcp-client.ts"
import { formatSettingsDiagnostic } from "../settings/validate-settings.ts"
import { mustBeReadable } from "../settings/unreadable-settings.ts"
import { escapeControl } from "../internal/escape-control.ts"
import { runDemo } from "../demo/demo-session.ts"
import { serveHookRuns } from "../hosts/web/run-endpoint.ts"
import { renderWeb, webPermission, webRunObserver } from "../interpreters/web/web-interpreter.ts"
import { makeWebServer, tokenHeader } from "../interpreters/web/web-server.ts"
import { loadSettings } from "../runner/settings-files.ts"
import { askTimeoutSecondsOf } from "../settings/validate-settings.ts"
import { askTimeoutMsOf, askTimeoutParams } from "./demo-command.ts"
import { dialectOverride, homeDir, resolvePluginDirs, resolveProjectDir, settingsParams } from "./common-flags.ts"
import { settingsDialectsText } from "./settings-dialects.ts"
import { serverProjectVariables } from "../runner/run-hooks.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { UsageError } from "./usage-error.ts"

/**
 * The flags of `serve`: `--port`, `--demo`, `--ask-timeout`, `--audit-log`
 * and the settings flags.
 *
 * @category flags
 * @since 0.3.0
 */
export const serveParams = {
  port: FlagSpec.int("port", 0, "The port on 127.0.0.1 (default 0: any free port)"),
  demo: FlagSpec.boolean(
    "demo",
    "Play the built-in example session on the page once it is open; you answer its questions"
  ),
  ...askTimeoutParams,
  ...auditLogParams,
  ...settingsParams
}

/** The usage line of `serve`, printed under its usage errors (made from `serveParams`). */
const usage = usageLine("serve", serveParams)

/**
 * `serve [--port N] [--project-dir DIR] [--dialect] [--demo] [--ask-timeout SECONDS]`:
 * runs until interrupted (Ctrl+C), then denies pending questions and stops
 * the server.
 *
 * **Details**
 *
 * The settings files are read again for each hook event, so an edited
 * settings file applies to the next `POST /run`. A question nobody answers
 * within `--ask-timeout` seconds (else the settings' `askTimeoutSeconds`) is
 * denied, and the agent is told it timed out; without either, it waits until
 * answered.
 *
 * @category commands
 * @since 0.1.0
 */
export const serveCommand = Command.make(
  "serve",
  toEffectParams(serveParams),
  Effect.fn("serve")(function* (flags) {
    if (flags.port < 0 || flags.port > 65535) {
      return yield* new UsageError({
        message: `--port ${flags.port} is not a port; use 1-65535, or 0 for any free port.`,
        usage
      })
    }
    const askTimeoutMs = yield* askTimeoutMsOf(flags.askTimeout, usage)
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
    const pluginDirs = yield* resolvePluginDirs(flags.pluginDir, usage)
    const settings = yield* loadSettings({
      projectDir,
      homeDir: homeDir(),
      ...dialectOverride(flags.dialect),
      pluginDirs
    })
    // Unreadable files do not stop the server (section 7.3): a user or managed one denies every tool call until
    // it is fixed (the settings are read again on every event), a project's one only warns. Both are said now.
    const unreadable = settings.files.filter((f) => !f.readable)
    if (unreadable.length > 0) {
      const lines = unreadable.flatMap((f) =>
        f.diagnostics
          .filter((d) => d.severity === "error")
          .map(
            (d) =>
              escapeControl(formatSettingsDiagnostic(d)) +
              (mustBeReadable(f, settings.files)
                ? " (until it is fixed, every tool call is denied)"
                : " (its hooks do not run; the other files' hooks do)")
          )
      )
      yield* Console.error(lines.join("\n"))
    }
    const server = yield* makeWebServer({ port: flags.port }).pipe(
      Effect.mapError((error) => new UsageError({ message: error.message, usage, exitStatus: 1 }))
    )
    yield* Effect.addFinalizer(() => Console.error("wave-hooks serve: stopped; pending questions were denied."))
    // The MCP servers of mcp_tool hooks live as long as the server, and end with it.
    const mcp = McpTools.unscoped({
      cwd: projectDir,
      env: serverProjectVariables(settings, settings.dialect, projectDir)
    })
    yield* Effect.addFinalizer(() => mcp.close)
    yield* serveHookRuns(server, {
      projectDir,
      homeDir: homeDir(),
      ...dialectOverride(flags.dialect),
      pluginDirs,
      ...(Option.isSome(flags.auditLog) ? { auditLog: flags.auditLog.value } : {}),
      ...(askTimeoutMs === undefined ? {} : { askTimeoutMs })
    }).pipe(Effect.provideService(McpTools, mcp.service))
    yield* Console.log(`wave-hooks serve: open ${server.url}`)
    yield* Console.log(
      `Hook events: POST http://127.0.0.1:${server.port}/run with the header "Authorization: Bearer ${server.token}" (or ${tokenHeader}: <token>) ` +
        `with {"event": "PreToolUse", "payload": {"tool_name": "Bash", "tool_input": {...}}}; ` +
        `the answer is {"effects": [...], "resolution": {...}}.`
    )
    yield* Console.log(
      `Hooks of ${escapeControl(projectDir)} (${settingsDialectsText(settings)}). Ctrl+C stops the server.`
    )
    if (flags.demo) {
      yield* Console.log("\nThe demo starts when the page is open.")
      yield* Effect.promise(() => server.waitForViewer())
      const fromSettings = askTimeoutSecondsOf(settings.files)
      const demoTimeoutMs = askTimeoutMs ?? (fromSettings === undefined ? undefined : fromSettings * 1000)
      yield* runDemo({
        permission: webPermission(server),
        render: renderWeb(server),
        observer: webRunObserver(server),
        ...(demoTimeoutMs === undefined ? {} : { askTimeoutMs: demoTimeoutMs })
      })
      yield* Console.log("\nThe demo is over; the page stays up until Ctrl+C.")
    }
    return yield* Effect.never
  }, Effect.scoped)
).pipe(
  Command.withDescription(
    "Serve a local web page that shows hook runs live and asks permission questions in the browser"
  )
)
