/**
 * Process supervision: the one place that starts the engine's child
 * processes (hook commands, `mcp_tool` stdio servers, the `mcp-proxy`
 * upstream) and ends them. A child starts in a process group of its own
 * (`detached`), so signals reach everything it started; the group is
 * signalled as a whole (SIGTERM, then SIGKILL after a grace); whether it
 * still has members is probed with `kill(-pgid, 0)`; and one exit-time
 * reaper SIGKILLs every group (and escaped process) the engine started that
 * may still be alive when the engine's process exits.
 *
 * `SupervisedCommand` is the request, as data; `superviseProcess` is the
 * only function here that starts anything.
 *
 * **Process groups without `/proc`**
 *
 * `kill(-pgid, 0)` answers ESRCH when no member is left and EPERM when a
 * member exists that is not ours to signal; it is portable and does not
 * block. It counts zombies too: a grandchild orphaned by a hook's shell stays
 * a zombie until PID 1 reaps it, which in some containers takes seconds. So
 * callers settle on events and on the clock, never on the probe; what is left
 * of a group is probed and killed in the background.
 *
 * @since 0.2.0
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process"

// ====== Models ======

/**
 * A process to start, as data: the program and its arguments (no shell in
 * between), the working directory and the whole environment.
 *
 * @category models
 * @since 0.2.0
 */
export interface SupervisedCommand {
  readonly argv: readonly [string, ...Array<string>]
  /** Working directory; absent: the engine's. */
  readonly cwd?: string | undefined
  /** The whole environment of the child (nothing else is inherited). */
  readonly env: { readonly [name: string]: string | undefined }
}

/**
 * A started child and its process group. The group id is the child's pid.
 *
 * @category models
 * @since 0.2.0
 */
export interface SupervisedProcess {
  /** The child, with piped stdin, stdout and stderr. */
  readonly child: ChildProcessWithoutNullStreams
  /** The child's pid, also its process group id; `undefined` when it could not be spawned. */
  readonly pid: number | undefined
  /** Send a signal to every process of the group; `false` when none is left (or it cannot be signalled). */
  readonly signal: (signal: NodeJS.Signals) => boolean
  /** Whether the group still has a member (zombies included). */
  readonly alive: () => boolean
  /**
   * SIGTERM the group now, SIGKILL it after `graceMs` if a member is left;
   * resolves once the group is gone or was SIGKILLed.
   */
  readonly terminate: (graceMs: number) => Promise<void>
  /** SIGKILL the group now (and forget it: SIGKILL cannot be ignored). */
  readonly kill: () => void
  /**
   * What is left of the group after its owner settled: probed in the
   * background until it is gone, SIGKILLed at `deadline` (monotonic ms,
   * `monotonicNow`), without keeping the engine's process alive.
   */
  readonly reapInBackground: (deadline: number) => void
  /** The group is known to be gone: the exit-time reaper forgets it. */
  readonly release: () => void
}

// ====== Clock ======

/**
 * Monotonic milliseconds. `process.hrtime` rather than `performance.now()`:
 * the first use of the global `performance` loads `perf_hooks` (about 1 ms
 * of a CLI's start-up).
 *
 * @category clock
 * @since 0.2.0
 */
export const monotonicNow = (): number => Number(process.hrtime.bigint()) / 1e6

// ====== Process groups ======

/**
 * Send a signal to every process of a group; `false` when none is left
 * (ESRCH) or it cannot be signalled.
 *
 * @category processes
 * @since 0.2.0
 */
const signalGroup = (pgid: number, signal: NodeJS.Signals): boolean => {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false
  }
}

/**
 * Whether a process group has any member (zombies included): `kill(-pgid, 0)`,
 * where ESRCH means gone and EPERM means present but not ours to signal.
 *
 * @category processes
 * @since 0.2.0
 */
export const groupExists = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

// ====== The exit-time reaper ======

/**
 * What the engine started and may still be alive, as kill targets: `-pgid`
 * for a process group, `pid` for a single process that left its group
 * (`setsid`) but holds a hook's pipes. SIGKILLed when this process exits.
 */
const watched = new Set<number>()
let reaperInstalled = false

const reapAllOnExit = (): void => {
  for (const target of watched) {
    try {
      process.kill(target, "SIGKILL")
    } catch {
      // gone
    }
  }
  watched.clear()
}

const watch = (target: number): void => {
  watched.add(target)
  if (reaperInstalled) return
  reaperInstalled = true
  process.on("exit", reapAllOnExit)
}

/**
 * Watch a single process (not a group) until `forgetProcess`: SIGKILLed if
 * the engine's process exits first. For processes found holding a hook's
 * pipes from outside its group.
 *
 * @category processes
 * @since 0.2.0
 */
export const watchProcess = (pid: number): void => watch(pid)

/**
 * Stop watching a single process (it is gone, or was SIGKILLed).
 *
 * @category processes
 * @since 0.2.0
 */
export const forgetProcess = (pid: number): void => void watched.delete(pid)

/**
 * How many groups and processes the exit-time reaper watches now (for tests:
 * a settled run leaves none behind once its leftovers are gone).
 *
 * @category processes
 * @since 0.2.0
 */
export const watchedCount = (): number => watched.size

/** First and longest interval between probes of a leftover group. */
const PROBE_FIRST_MS = 10
const PROBE_MAX_MS = 100

/**
 * Probe a group on a doubling schedule (10 ms up to 100 ms) until it is gone
 * or `deadline` passes (then SIGKILL); calls `done` either way. The timers do
 * not keep this process alive.
 */
const probeUntilGone = (pgid: number, deadline: number, done: () => void): void => {
  let delay = PROBE_FIRST_MS
  const probe = (): void => {
    if (!watched.has(-pgid)) return done()
    if (!groupExists(pgid)) {
      watched.delete(-pgid)
      return done()
    }
    const left = deadline - monotonicNow()
    if (left <= 0) {
      // SIGKILL cannot be ignored: the group is as good as gone (what is left are zombies the probe would count).
      signalGroup(pgid, "SIGKILL")
      watched.delete(-pgid)
      return done()
    }
    delay = Math.min(delay * 2, PROBE_MAX_MS)
    setTimeout(probe, Math.min(delay, left)).unref()
  }
  setTimeout(probe, Math.min(delay, Math.max(0, deadline - monotonicNow()))).unref()
}

// ====== Starting ======

/**
 * Start a command in a process group of its own, with piped stdio, watched
 * by the exit-time reaper until its group is released. A spawn failure (a
 * missing program or working directory) comes as the child's `error` event,
 * with `pid` `undefined`.
 *
 * **Example** (Start, then end the group)
 *
 * ```ts
 * const supervised = superviseProcess({ argv: ["/bin/sh", "-c", "sleep 300 & wait"], cwd: "/tmp", env: { PATH } })
 * await supervised.terminate(1000) // SIGTERM to the shell and its sleep, SIGKILL after 1 s if needed
 * ```
 *
 * @category running
 * @since 0.2.0
 */
export const superviseProcess = (command: SupervisedCommand): SupervisedProcess => {
  const [program, ...args] = command.argv
  // Taken at the first spawn, not when the module loads: `node:child_process`
  // brings in net, dgram and streams (about 3 ms), which a run without hooks never needs.
  const child = process.getBuiltinModule("node:child_process").spawn(program, args, {
    cwd: command.cwd,
    env: command.env,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"]
  })
  const pid = child.pid
  if (pid !== undefined) watch(-pid)
  const signal = (name: NodeJS.Signals): boolean => pid !== undefined && signalGroup(pid, name)
  const alive = (): boolean => pid !== undefined && groupExists(pid)
  const release = (): void => {
    if (pid !== undefined) watched.delete(-pid)
  }
  return {
    child,
    pid,
    signal,
    alive,
    release,
    kill: () => {
      if (pid === undefined) return
      signalGroup(pid, "SIGKILL")
      watched.delete(-pid)
    },
    terminate: (graceMs) =>
      new Promise<void>((resolve) => {
        if (pid === undefined || !signalGroup(pid, "SIGTERM")) {
          release()
          return resolve()
        }
        watched.add(-pid)
        probeUntilGone(pid, monotonicNow() + graceMs, resolve)
      }),
    reapInBackground: (deadline) => {
      if (pid === undefined) return
      if (!groupExists(pid)) return release()
      watched.add(-pid)
      probeUntilGone(pid, deadline, () => {})
    }
  }
}
