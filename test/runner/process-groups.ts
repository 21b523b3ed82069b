/**
 * For tests and benchmarks: which processes of a hook's group are still
 * alive, zombies excluded (they read `/proc`, so they are Linux-only), and
 * signalling a group by pgid. The runner itself only probes with
 * `kill(-pgid, 0)`, which counts zombies; these helpers check that what it
 * left behind is really dead.
 */
import { readdirSync, readFileSync } from "node:fs"

/**
 * Send a signal to every process of a group; `false` when none is left
 * (or the group cannot be signalled).
 */
export const signalGroup = (pgid: number, signal: NodeJS.Signals | 0): boolean => {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false
  }
}

/** Every live (not zombie) process as `{ pid, pgid, state }`, from one pass over `/proc`; `undefined` without `/proc`. */
const liveProcesses = ():
  | ReadonlyArray<{ readonly pid: number; readonly pgid: number; readonly state: string }>
  | undefined => {
  let entries: Array<string>
  try {
    entries = readdirSync("/proc")
  } catch {
    return undefined
  }
  const processes: Array<{ pid: number; pgid: number; state: string }> = []
  for (const entry of entries) {
    const first = entry.charCodeAt(0)
    if (first < 48 || first > 57) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "latin1")
    } catch {
      continue
    }
    // Fields after the command name (which may contain spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    const state = fields[0] ?? ""
    if (state !== "Z" && state !== "X") processes.push({ pid: Number(entry), pgid: Number(fields[2]), state })
  }
  return processes
}

/**
 * The live (not zombie) processes of a group, as `{ pid, state }`.
 *
 * **Details**
 *
 * A killed grandchild whose parent died is re-parented to PID 1, which may reap
 * it late; until then it is a zombie that `kill(-pgid, 0)` still counts. On
 * Linux this reads `/proc/<pid>/stat` and skips zombies; elsewhere it falls back
 * to `kill(-pgid, 0)` (zombies count as alive).
 */
export const liveGroupMembers = (pgid: number): ReadonlyArray<{ readonly pid: number; readonly state: string }> => {
  const processes = liveProcesses()
  if (processes === undefined) return signalGroup(pgid, 0) ? [{ pid: pgid, state: "?" }] : []
  return processes.filter((p) => p.pgid === pgid).map(({ pid, state }) => ({ pid, state }))
}

/**
 * Which of these process groups still have a live (not zombie) process, from
 * one pass over `/proc` (for checking many hook runs at once).
 */
export const liveProcessGroups = (pgids: ReadonlyArray<number>): ReadonlyArray<number> => {
  const wanted = new Set(pgids)
  const processes = liveProcesses()
  if (processes === undefined) return pgids.filter((pgid) => signalGroup(pgid, 0))
  return [...new Set(processes.filter((p) => wanted.has(p.pgid)).map((p) => p.pgid))]
}

/** Poll until the group has no live (non-zombie) member or `ms` passed (the kernel may take a moment to reap); the live members left. */
export const liveWithin = async (
  pgid: number,
  ms = 300
): Promise<ReadonlyArray<{ readonly pid: number; readonly state: string }>> => {
  const deadline = performance.now() + ms
  let live = liveGroupMembers(pgid)
  while (live.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    live = liveGroupMembers(pgid)
  }
  return live
}
