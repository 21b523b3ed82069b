/**
 * scripts/test-loaded.ts: its arguments, and the CPU burners it starts are gone (by pid) once it stops them.
 */
import { assert, describe, it } from "@effect/vitest"
import { parseLoadedArgs, startBurners, stopBurners } from "../../scripts/test-loaded.ts"
import { exists, running } from "../helpers/processes.ts"

describe("test-loaded", () => {
  it("defaults to 3 runs and one burner per core; --runs, --burners and the vitest arguments after --", () => {
    assert.deepStrictEqual(parseLoadedArgs([], 2), { runs: 3, burners: 2, vitestArgs: [] })
    assert.deepStrictEqual(parseLoadedArgs(["--runs", "1", "--burners", "0", "--", "test/core", "--runs", "x"], 2), {
      runs: 1,
      burners: 0,
      vitestArgs: ["test/core", "--runs", "x"]
    })
    for (const bad of [["--runs", "0"], ["--runs"], ["--burners", "-1"], ["--runs", "2.5"], ["--fast"]]) {
      assert.throws(() => parseLoadedArgs(bad, 2), /usage: test-loaded/, JSON.stringify(bad))
    }
  })

  it("the burners run until stopped, then their pids are gone (exited and reaped)", async () => {
    const burners = startBurners(2)
    const pids = burners.map((b) => b.pid!)
    try {
      assert.strictEqual(pids.length, 2)
      for (const pid of pids) assert.isTrue(running(pid), `burner ${pid} runs`)
    } finally {
      await stopBurners(burners)
    }
    for (const pid of pids) assert.isFalse(exists(pid), `burner ${pid} is gone`)
    await stopBurners(burners) // stopping twice is harmless
  })
})
