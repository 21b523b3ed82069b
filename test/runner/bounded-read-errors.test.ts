/**
 * A settings file that cannot be stat'ed or read is refused with a problem in
 * plain words, never with Effect's internal names (`PermissionDenied:
 * FileSystem.stat (...)`). The failures are injected through a FileSystem
 * test layer: as root, a real permission error cannot be produced.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, PlatformError } from "effect"
import { plainFailure, readBoundedText } from "../../src/runner/bounded-read.ts"

const denied = (method: string) =>
  PlatformError.systemError({
    _tag: "PermissionDenied",
    module: "FileSystem",
    method,
    pathOrDescriptor: "/p/.wave/settings.json"
  })

describe("readBoundedText failures", () => {
  it.effect("a stat that is denied reads 'permission denied', without Effect's names", () =>
    Effect.gen(function* () {
      const result = yield* readBoundedText("/p/.wave/settings.json", 1024).pipe(
        Effect.provide(FileSystem.layerNoop({ stat: () => Effect.fail(denied("stat")) }))
      )
      assert.strictEqual(result._tag, "Refused")
      if (result._tag !== "Refused") return
      assert.strictEqual(result.problem, "could not be read (permission denied)")
      assert.notMatch(result.problem, /FileSystem|PermissionDenied/)
      assert.match(result.fix, /permissions/)
    })
  )

  it("names every system failure in words", () => {
    assert.strictEqual(plainFailure(denied("readFile")), "permission denied")
    assert.strictEqual(
      plainFailure(PlatformError.systemError({ _tag: "Busy", module: "FileSystem", method: "open" })),
      "it is busy"
    )
  })
})
