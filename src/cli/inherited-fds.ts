/**
 * Hooks get only stdin, stdout and stderr. Node marks the file
 * descriptors it opens close-on-exec, and at start-up also those it inherited
 * up to the first gap above 15; an inherited descriptor past such a gap stays
 * open across `exec` and would reach every hook. The CLI owns its process, so
 * at start it closes every descriptor above 2 that is not close-on-exec (only
 * inheritance leaves one so), except Node's IPC channel. Linux only (it reads
 * `/proc/self/fdinfo`); elsewhere it does nothing. Library embedders keep
 * their descriptors: this runs only in the CLI.
 *
 * @since 0.1.0
 */
import { closeSync, readdirSync, readFileSync } from "node:fs"

/** `O_CLOEXEC` in the `flags:` line of `/proc/self/fdinfo/N` (octal). */
const O_CLOEXEC = 0o2000000

/**
 * Close the inherited descriptors above 2 that would survive `exec`; the
 * numbers closed.
 *
 * @category running
 * @since 0.1.0
 */
export const closeInheritedFds = (): ReadonlyArray<number> => {
  if (process.platform !== "linux") return []
  let names: Array<string>
  try {
    names = readdirSync("/proc/self/fd")
  } catch {
    return []
  }
  const channel = Number(process.env["NODE_CHANNEL_FD"] ?? -1)
  const closed: Array<number> = []
  for (const name of names) {
    const fd = Number(name)
    if (!Number.isInteger(fd) || fd <= 2 || fd === channel) continue
    try {
      const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, "utf8"))?.[1]
      if (flags === undefined || (parseInt(flags, 8) & O_CLOEXEC) !== 0) continue
      closeSync(fd)
      closed.push(fd)
    } catch {
      // Gone already (the directory listing's own descriptor), or not ours to read: leave it.
    }
  }
  return closed
}
