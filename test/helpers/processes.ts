/**
 * Process checks for tests that start real processes (hooks, MCP servers), by pid only (never by name).
 *
 * Two questions, told apart because a killed child stays a zombie until its parent reaps it (and an orphan
 * until PID 1 does, whenever it gets to it on a loaded machine):
 * - `exists(pid)`: the kernel still has the pid, zombies included (`kill(pid, 0)`). Use it where the test
 *   owns the parent that reaps (the process is gone only once reaped).
 * - `running(pid)`: it exists and is not a zombie (`/proc/<pid>/stat` state not `Z`/`X`; without `/proc`
 *   it falls back to `exists`). Use it for a process whose reaping the test does not control.
 * `runningWithin` polls instead of sleeping a fixed time, so a busy machine only makes it slower.
 */
import { readFileSync } from "node:fs"

/** Whether the kernel has a process with this pid, zombies included (signal 0 checks without sending anything). */
export const exists = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** The one-letter state of a process from `/proc/<pid>/stat` (after the last `)`: the name may hold one); `undefined` when unreadable. */
const procState = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1")
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]
  } catch {
    return undefined
  }
}

/** Whether a process with this pid exists and is not a zombie (Linux `/proc`; elsewhere the same as `exists`). */
export const running = (pid: number): boolean => {
  if (!exists(pid)) return false
  const state = procState(pid)
  // Unreadable with /proc present: the process went away between the two checks.
  if (state === undefined) return !hasProc
  return state !== "Z" && state !== "X"
}

const hasProc = (() => {
  try {
    readFileSync("/proc/self/stat", "latin1")
    return true
  } catch {
    return false
  }
})()

/** Poll (every 20 ms) until none of these pids is `running` or `ms` passed; the pids still running. */
export const runningWithin = async (pids: ReadonlyArray<number>, ms: number): Promise<ReadonlyArray<number>> => {
  const until = performance.now() + ms
  let live = pids.filter(running)
  while (live.length > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    live = live.filter(running)
  }
  return live
}

/** Whether this pid stopped `running` within `ms` (polled; see `runningWithin`). */
export const goneWithin = async (pid: number, ms: number): Promise<boolean> =>
  (await runningWithin([pid], ms)).length === 0
