/**
 * The synchronous read-only `FileSystem` (`src/runner/sync-read-file-system.ts`)
 * answers as `NodeFileSystem` does for what `run` asks: the same file text,
 * the same file info, the same errors (reason, method, path, message) for a
 * missing file, a directory read as a file and a path through a file.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import { Effect, FileSystem } from "effect"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { syncReadFileSystem } from "../../src/runner/sync-read-file-system.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-run-fs-"))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const file = join(tmp, "settings.json")
writeFileSync(file, '\uFEFF{"hooks": {}} é')
const script = join(tmp, "guard.sh")
writeFileSync(script, "#!/bin/sh\n", { mode: 0o755 })
mkdirSync(join(tmp, "dir"))

const nodeFs = Effect.runSync(Effect.provide(Effect.service(FileSystem.FileSystem), NodeFileSystem.layer))

/** What an effect gives, as plain data: the value, or the error's tag, reason, method, path and message. */
const outcome = <A>(effect: Effect.Effect<A, unknown>) =>
  Effect.runPromise(Effect.result(effect)).then((result) => {
    if (result._tag === "Success") return { value: result.success }
    const e = result.failure as {
      _tag: string
      reason: { _tag: string; method: string; pathOrDescriptor?: unknown }
      message: string
    }
    return { error: [e._tag, e.reason._tag, e.reason.method, e.reason.pathOrDescriptor, e.message] }
  })

const same = async <A>(f: (fs: FileSystem.FileSystem) => Effect.Effect<A, unknown>) => {
  const ours = await outcome(f(syncReadFileSystem))
  assert.deepStrictEqual(ours, await outcome(f(nodeFs)))
  return ours
}

describe("the synchronous read-only FileSystem matches NodeFileSystem", () => {
  it("readFileString: text (byte-order mark dropped), a missing file, a directory, a path through a file", async () => {
    assert.deepStrictEqual(await same((fs) => fs.readFileString(file)), { value: '{"hooks": {}} é' })
    const missing = await same((fs) => fs.readFileString(join(tmp, "none.json")))
    assert.strictEqual(missing.error?.[1], "NotFound")
    assert.strictEqual((await same((fs) => fs.readFileString(join(tmp, "dir")))).error?.[1], "BadResource")
    assert.strictEqual((await same((fs) => fs.readFileString(join(file, "x")))).error?.[1], "BadResource")
  })

  it("stat: a file, an executable script, a directory, a missing path", async () => {
    for (const path of [file, script, join(tmp, "dir")]) {
      const ours = await same((fs) => fs.stat(path))
      assert.isDefined(ours.value)
    }
    assert.strictEqual((await same((fs) => fs.stat(join(tmp, "none")))).error?.[1], "NotFound")
  })

  it("an error carries no stack trace (a missing settings file is expected, and serve reads some for every event), and Error.stackTraceLimit is left as it was", async () => {
    const limit = Error.stackTraceLimit
    const result = await Effect.runPromise(Effect.result(syncReadFileSystem.stat(join(tmp, "none"))))
    assert.strictEqual(result._tag, "Failure")
    const error = (result as { failure: { stack?: string; reason: { stack?: string } } }).failure
    for (const stack of [error.stack ?? "", error.reason.stack ?? ""]) assert.notMatch(stack, /\n\s+at /)
    assert.strictEqual(Error.stackTraceLimit, limit)
  })
})

describe("the synchronous read-only FileSystem: bad arguments", () => {
  it("makeDirectory and writeFileString (the claude-code context cap saves a capped text): created and written as NodeFileSystem does; a path through a file fails the same", async () => {
    for (const [name, fs] of [
      ["ours", syncReadFileSystem],
      ["node", nodeFs]
    ] as const) {
      const dir = join(tmp, `saved-${name}`, "nested")
      const written = await outcome(
        Effect.andThen(
          fs.makeDirectory(dir, { recursive: true }),
          fs.writeFileString(join(dir, "out.txt"), "x".repeat(12_000))
        )
      )
      assert.deepStrictEqual(written, { value: undefined }, name)
      assert.strictEqual((await outcome(fs.readFileString(join(dir, "out.txt")))).value, "x".repeat(12_000), name)
    }
    await same((fs) => fs.makeDirectory(join(file, "sub"), { recursive: true }))
    await same((fs) => fs.writeFileString(join(file, "sub.txt"), "x"))
  })

  it("a path with a NUL byte fails as a bad argument, as NodeFileSystem's does", async () => {
    const ours = await outcome(syncReadFileSystem.readFileString("a\0b"))
    assert.strictEqual(ours.error?.[0], "PlatformError")
    assert.strictEqual(ours.error?.[1], "BadArgument")
    assert.strictEqual((await outcome(nodeFs.readFileString("a\0b"))).error?.[1], "BadArgument")
  })
})
