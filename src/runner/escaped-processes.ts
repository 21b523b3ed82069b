/**
 * Processes that escaped a hook's process group but hold its output pipes
 * (a `setsid` grandchild that kept stdout): found on Linux by the pipes'
 * inodes in `/proc/<pid>/fd`, named in the run's `escaped`, and ended
 * (SIGTERM, then SIGKILL after the grace). Only used when a hook's pipes
 * outlive its group, never on the normal path; `[]` off Linux.
 *
 * @internal
 */
import { forgetProcess, watchProcess } from "./process-supervisor.ts"

/** The fd under a child's stdio stream (libuv's `Pipe` handle), if it has one. */
export const fdOf = (stream: unknown): number | undefined => {
  const fd = (stream as { _handle?: { fd?: unknown } } | null)?._handle?.fd
  return typeof fd === "number" ? fd : undefined
}

/**
 * The hook's end of one of its output pipes, as `/proc` links, from this
 * process's end (`fd`). libuv makes each stdio "pipe" a socket pair, created
 * for stdin, stdout and stderr in turn, and keeps the first socket: the
 * hook's end is the next inode (`socket:[N]` here, `socket:[N+1]` in the
 * hook). The one before (the hook's end of the previous pair) is taken too,
 * so the other order is covered; both are the hook's. `[]` off Linux or when
 * the fd is not such a socket. Read only when pipes outlive the group.
 */
export const hookEndsOf = (fd: number | undefined): ReadonlyArray<string> => {
  if (fd === undefined || fd < 0) return []
  try {
    const match = /^socket:\[(\d+)\]$/.exec(process.getBuiltinModule("node:fs").readlinkSync(`/proc/self/fd/${fd}`))
    if (match === null) return []
    const inode = Number(match[1])
    return [`socket:[${inode + 1}]`, `socket:[${inode - 1}]`]
  } catch {
    return []
  }
}

/** Clock ticks since boot now (`/proc/uptime`, at the usual 100 ticks per second); `undefined` without it. */
export const uptimeTicks = (): number | undefined => {
  try {
    return Number(process.getBuiltinModule("node:fs").readFileSync("/proc/uptime", "latin1").split(" ")[0]) * 100
  } catch {
    return undefined
  }
}

/** When a process started, in clock ticks since boot (field 22 of `/proc/<pid>/stat`). */
const startTicksOf = async (pid: number): Promise<number | undefined> => {
  try {
    const stat = await process.getBuiltinModule("node:fs/promises").readFile(`/proc/${pid}/stat`, "latin1")
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19])
    return Number.isFinite(ticks) ? ticks : undefined
  } catch {
    return undefined
  }
}

/** Whether process `pid` has an fd on one of `links` (`socket:[inode]`); reads `/proc/<pid>/fd`. */
const holdsAny = async (pid: number, links: ReadonlySet<string>): Promise<boolean> => {
  const fs = process.getBuiltinModule("node:fs/promises")
  let fds: Array<string>
  try {
    fds = await fs.readdir(`/proc/${pid}/fd`)
  } catch {
    return false
  }
  for (const fd of fds) {
    try {
      if (links.has(await fs.readlink(`/proc/${pid}/fd/${fd}`))) return true
    } catch {
      // closed meanwhile
    }
  }
  return false
}

/** The command line of a process, from `/proc/<pid>/cmdline` (NULs as spaces); `undefined` when unreadable. */
const commandLineOf = async (pid: number): Promise<string | undefined> => {
  try {
    const text = (await process.getBuiltinModule("node:fs/promises").readFile(`/proc/${pid}/cmdline`, "utf8"))
      .replace(/\0+$/, "")
      .replaceAll("\0", " ")
    return text.length > 0 ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * The processes other than this one that hold one of the hook's pipe ends
 * (`socket:[inode]` links) and started after the hook did (so a pid or an
 * inode guessed wrong never names an older process): one pass over
 * `/proc/*\/fd` (Linux; empty elsewhere, or for the processes this user may
 * not inspect). Only run when a hook's pipes outlive its process group, never
 * on the normal path.
 */
export const findPipeHolders = async (
  links: ReadonlySet<string>,
  startedAfterTicks: number
): Promise<Array<{ pid: number; command?: string }>> => {
  if (links.size === 0) return []
  let entries: Array<string>
  try {
    entries = await process.getBuiltinModule("node:fs/promises").readdir("/proc")
  } catch {
    return []
  }
  const pids = entries
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => pid !== process.pid)
  const holders = (
    await Promise.all(
      pids.map(async (pid) =>
        (await holdsAny(pid, links)) && ((await startTicksOf(pid)) ?? -1) >= startedAfterTicks ? pid : undefined
      )
    )
  ).filter((pid): pid is number => pid !== undefined)
  return Promise.all(
    holders.map(async (pid) => {
      const command = await commandLineOf(pid)
      return command === undefined ? { pid } : { pid, command }
    })
  )
}

/**
 * SIGTERM the processes that hold a hook's pipes from outside its group, then
 * SIGKILL those still holding them (checked again by pipe, so a reused pid is
 * spared) after the grace, in the background; the exit-time reaper SIGKILLs
 * them if the engine exits first.
 */
export const endHolders = (pids: ReadonlyArray<number>, links: ReadonlySet<string>, grace: number): void => {
  const ending: Array<number> = []
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGTERM")
    } catch {
      continue
    }
    watchProcess(pid)
    ending.push(pid)
  }
  if (ending.length === 0) return
  setTimeout(() => {
    for (const pid of ending) {
      forgetProcess(pid)
      void holdsAny(pid, links).then((holds) => {
        if (!holds) return
        try {
          process.kill(pid, "SIGKILL")
        } catch {
          // gone
        }
      })
    }
  }, grace).unref()
}
