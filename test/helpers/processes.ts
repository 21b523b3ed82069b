/**
 * Process checks for tests that start real processes (hooks, MCP servers):
 * whether a pid is alive, by pid only (never by name).
 */

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
