/**
 * test/helpers/processes.ts: `exists` counts a zombie, `running` does not; both are false once a pid is reaped.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync } from "node:fs"
import { exists, goneWithin, running, runningWithin } from "./processes.ts"

describe("process checks", () => {
  it.runIf(existsSync("/proc/self/stat"))(
    "a zombie exists but is not running; once its parent is gone and it is reaped, neither",
    async () => {
      // `sleep 0` exits at once; its parent execs `sleep 30`, which never waits, so the child stays a zombie.
      const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] })
      try {
        const zombie = await new Promise<number>((resolve) =>
          parent.stdout.once("data", (chunk: Buffer) => resolve(Number(String(chunk).trim())))
        )
        assert.isTrue(running(parent.pid!))
        assert.deepStrictEqual(await runningWithin([zombie], 30_000), [], "the child became a zombie")
        assert.isTrue(exists(zombie), "a zombie still has its pid")
        assert.isFalse(running(zombie))
      } finally {
        parent.kill("SIGKILL")
      }
      if (parent.exitCode === null && parent.signalCode === null) await once(parent, "exit")
      assert.isFalse(exists(parent.pid!), "reaped by Node")
      assert.isTrue(await goneWithin(parent.pid!, 1000))
    }
  )

  it("a pid no process has neither exists nor runs", () => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" })
    return new Promise<void>((resolve) =>
      child.once("exit", () => {
        assert.isFalse(exists(child.pid!))
        assert.isFalse(running(child.pid!))
        resolve()
      })
    )
  })
})
