/**
 * `readFileText` (`src/cli/read-text.ts`): a regular file is read at once, a
 * pipe or FIFO asynchronously (a writer may still be writing), and the errors
 * are Node's, naming the call and the path.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { spawn, spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { readFileText } from "../../src/cli/read-text.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-read-text-"))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const read = (path: string) => Effect.runPromise(Effect.result(readFileText(path)))

describe("readFileText", () => {
  it("reads a regular file as UTF-8, dropping a byte-order mark", async () => {
    const file = join(tmp, "payload.json")
    writeFileSync(file, '\uFEFF{"tool_name": "Bash"} é')
    const result = await read(file)
    assert.strictEqual(result._tag === "Success" ? result.success : result.failure.message, '{"tool_name": "Bash"} é')
  })

  it("fails with a plain message, without Node's error names: a missing file, a directory", async () => {
    const missing = await read(join(tmp, "missing.json"))
    assert.strictEqual(missing._tag === "Failure" ? missing.failure.message : "", "the file does not exist")
    mkdirSync(join(tmp, "dir"))
    const dir = await read(join(tmp, "dir"))
    assert.strictEqual(dir._tag === "Failure" ? dir.failure.message : "", "it is a directory, not a file")
  })

  it.skipIf(spawnSync("mkfifo", ["--version"]).error !== undefined)(
    "reads a FIFO whose writer comes later, without blocking the event loop",
    async () => {
      const fifo = join(tmp, "fifo")
      assert.strictEqual(spawnSync("mkfifo", [fifo]).status, 0)
      const reading = read(fifo)
      let ticked = false
      await new Promise((resolve) => setTimeout(resolve, 50)).then(() => (ticked = true))
      const writer = spawn("/bin/sh", ["-c", `printf '{"late": true}' > '${fifo}'`])
      const result = await reading
      writer.kill()
      assert.isTrue(ticked)
      assert.strictEqual(result._tag === "Success" ? result.success : result.failure.message, '{"late": true}')
    }
  )
})
