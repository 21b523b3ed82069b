/**
 * Ctrl+C during `wave-hooks run` (the fast path, `src/cli/fast-run.ts`): the
 * run is interrupted, the running hook's process is killed, and the CLI exits
 * 130, as when the full effect/cli tree ran it.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { cliBin, ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { running as alive } from "../helpers/processes.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("wave-hooks run, interrupted", () => {
  it("SIGINT while a hook runs: the hook's process is killed and the CLI exits 130", async () => {
    const p = makeProject()
    const pidFile = join(p.root, "hook.pid")
    p.writeSettings("project", settings({ Stop: [group([hook(`echo $$ > ${shq(pidFile)}; exec sleep 30`)])] }))
    await p.trust()
    const child = spawn(nodeBin, [cliBin, "run", "Stop", "--project-dir", p.dir], {
      cwd: p.dir,
      env: { ...p.env, HOME: p.home },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const closed = new Promise<number | null>((resolve) => child.on("close", (status) => resolve(status)))
    let hookPid: number | undefined
    try {
      for (let waited = 0; hookPid === undefined && waited < 20_000; waited += 25) {
        await sleep(25)
        if (existsSync(pidFile)) {
          const text = readFileSync(pidFile, "utf8").trim()
          if (text.length > 0) hookPid = Number(text)
        }
      }
      assert.isDefined(hookPid, `the hook did not start: ${stderr}`)
      // The shell has exec'd sleep once its pid is in the file: give it a moment to get there.
      await sleep(100)
      assert.isTrue(alive(hookPid!))
      child.kill("SIGINT")
      const status = await Promise.race([closed, sleep(15_000).then(() => "timeout" as const)])
      assert.strictEqual(status, 130, stderr)
      // SIGKILL is sent before the CLI exits, but the kernel ends the process asynchronously: on a loaded
      // machine it can still be running for a moment after the CLI's exit (bounded wait, like liveWithin).
      const deadline = Date.now() + 2000
      while (alive(hookPid!) && Date.now() < deadline) await sleep(10)
      assert.isFalse(alive(hookPid!), "the hook's sleep was killed")
    } finally {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, "SIGKILL")
      if (hookPid !== undefined && alive(hookPid)) process.kill(hookPid, "SIGKILL")
    }
  })
})
