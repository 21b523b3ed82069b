/**
 * A spinner on stderr naming the hook that is running, shown only when stderr
 * is a terminal and only for hooks that run longer than half a second.
 *
 * @since 0.1.0
 */
import { escapeControl } from "../internal/escape-control.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"
import type { RunObserver } from "../runner/run-hooks.ts"

const frames = ["|", "/", "-", "\\"]

/**
 * The text shown while a hook runs: its `statusMessage`, else
 * `<Event> hook: <command>`.
 *
 * @category terminal
 * @since 0.2.0
 */
export const statusTextOf = (hook: Pick<ConfiguredHook, "event" | "command" | "statusMessage">): string =>
  hook.statusMessage !== undefined && hook.statusMessage.trim() !== ""
    ? hook.statusMessage
    : `${hook.event} hook: ${hook.command}`

/**
 * An observer that draws the spinner on `stream` (default `process.stderr`).
 * Returns `undefined` when the stream is not a terminal.
 *
 * @category terminal
 * @since 0.1.0
 */
export const spinnerObserver = (
  stream: NodeJS.WriteStream = process.stderr,
  delayMs = 500
): RunObserver | undefined => {
  if (!stream.isTTY) return undefined
  const running = new Map<string, { timer: NodeJS.Timeout; shown: boolean }>()
  const clear = () => stream.write("\r\u001b[2K")
  return {
    started: (hook) => {
      const key = hook.path + hook.file
      let frame = 0
      const state = { shown: false, timer: setTimeout(() => {}, 0) }
      const tick = () => {
        state.shown = true
        const width = Math.max(20, (stream.columns ?? 80) - 20)
        // statusMessage replaces the default text; both come from settings, so control characters are escaped.
        const text = escapeControl(statusTextOf(hook).replace(/\s+/g, " "))
        const shown = text.length > width ? `${text.slice(0, width - 3)}...` : text
        stream.write(`\r\u001b[2K${frames[frame++ % frames.length]} ${shown}`)
        state.timer = setTimeout(tick, 100)
      }
      clearTimeout(state.timer)
      state.timer = setTimeout(tick, delayMs)
      running.set(key, state)
    },
    finished: (hook) => {
      const key = hook.path + hook.file
      const state = running.get(key)
      if (state === undefined) return
      clearTimeout(state.timer)
      running.delete(key)
      if (state.shown) clear()
    }
  }
}
