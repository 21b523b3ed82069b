/**
 * The code cache of the CLI's script bundles (`src/cli/script-code-cache.ts`):
 * written at the exit of the first runs, private to the user, read back only
 * when it is the user's own and no one else can write it, ignored when V8
 * rejects it, and holding the functions a run compiled on use (which Node's
 * own compile cache leaves out). Real `node dist/bin.js` processes on real
 * files; no timings.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Script } from "node:vm"
import { usableCacheFile } from "../../src/cli/script-code-cache.ts"
import { cliBin, ensureCliBuilt, nodeBin, repoRoot } from "../helpers/cli-process.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-script-cache-"))
beforeAll(ensureCliBuilt, 180_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const denyJson = JSON.stringify({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
})
const denyEffects = `${JSON.stringify({ effects: [{ _tag: "BlockTool", reason: "no" }] })}\n`

let caches = 0
/** A fresh NODE_COMPILE_CACHE folder. */
const newCacheDir = (): string => join(tmp, `cache-${caches++}`)

/** `wave-hooks decide` of a deny with `cacheDir` as Node's compile cache; checks its output. */
const decide = (cacheDir: string): void => {
  const ran = spawnSync(nodeBin, [cliBin, "decide", "--event", "PreToolUse", "--stdout", denyJson], {
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: tmp, NODE_COMPILE_CACHE: cacheDir },
    encoding: "utf8",
    timeout: 60_000,
    killSignal: "SIGKILL"
  })
  assert.strictEqual(ran.status, 0, ran.stderr)
  assert.strictEqual(ran.stdout, denyEffects)
  assert.strictEqual(ran.stderr, "")
}

/** The decide bundle's cache file under `cacheDir` (there is one folder per Node version in it). */
const decideCacheOf = (cacheDir: string): string => {
  const versions = readdirSync(cacheDir)
  assert.strictEqual(versions.length, 1)
  const dir = join(cacheDir, versions[0]!, "wave-hooks")
  const files = readdirSync(dir).filter((f) => /^decide-[\w-]{8}\.script\.js-v[\d.]+-\w+\.cache$/.test(f))
  assert.strictEqual(files.length, 1, readdirSync(dir).join(", "))
  return join(dir, files[0]!)
}

const generationOf = (file: string): number => {
  const bytes = readFileSync(file)
  assert.strictEqual(bytes.toString("latin1", 0, 4), "WHC1")
  return bytes.readUInt32LE(4)
}

describe("usableCacheFile", () => {
  it("takes a file of this user that only this user may write", () => {
    assert.isTrue(usableCacheFile({ uid: 1000, mode: 0o100600 }, 1000))
    assert.isTrue(usableCacheFile({ uid: 1000, mode: 0o100644 }, 1000))
  })
  it("refuses another user's file", () => {
    assert.isFalse(usableCacheFile({ uid: 0, mode: 0o100600 }, 1000))
  })
  it("refuses a file its group or others may write", () => {
    assert.isFalse(usableCacheFile({ uid: 1000, mode: 0o100620 }, 1000))
    assert.isFalse(usableCacheFile({ uid: 1000, mode: 0o100602 }, 1000))
  })
  it("takes any file where there are no user ids", () => {
    assert.isTrue(usableCacheFile({ uid: 0, mode: 0o100666 }, undefined))
  })
})

describe("the script bundles' code cache", () => {
  it("is written, private, by the first four runs, each a generation more, and then left alone", () => {
    const cacheDir = newCacheDir()
    decide(cacheDir)
    const file = decideCacheOf(cacheDir)
    assert.strictEqual(statSync(file).mode & 0o777, 0o600)
    assert.strictEqual(statSync(join(file, "..")).mode & 0o777, 0o700)
    assert.strictEqual(generationOf(file), 1)
    for (let run = 2; run <= 4; run++) {
      decide(cacheDir)
      assert.strictEqual(generationOf(file), run)
    }
    const written = statSync(file).mtimeMs
    decide(cacheDir)
    assert.strictEqual(generationOf(file), 4)
    assert.strictEqual(statSync(file).mtimeMs, written)
  })

  it("holds the functions the run compiled on use: more than the code compiled up front", () => {
    const cacheDir = newCacheDir()
    decide(cacheDir)
    const file = decideCacheOf(cacheDir)
    const scriptName = file.replace(/.*\/(decide-[\w-]{8}\.script\.js)-.*$/, "$1")
    const source = readFileSync(join(repoRoot, "dist", "cli-chunks", scriptName), "latin1")
    // What a cache made when the script is compiled holds (all Node's compile cache can hold).
    const upFront = new Script(source, { filename: scriptName }).createCachedData().length
    assert.isAbove(readFileSync(file).length - 8, upFront * 1.2)
  })

  it("is replaced when V8 rejects it, and the command's output is the same", () => {
    const cacheDir = newCacheDir()
    decide(cacheDir)
    const file = decideCacheOf(cacheDir)
    decide(cacheDir)
    assert.strictEqual(generationOf(file), 2)
    const header = readFileSync(file).subarray(0, 8)
    writeFileSync(file, Buffer.concat([header, Buffer.from("not a V8 code cache".repeat(100))]), { mode: 0o600 })
    decide(cacheDir)
    assert.strictEqual(generationOf(file), 1)
    assert.isAbove(readFileSync(file).length, 10_000)
  })

  it("is not read when others may write it, and is replaced by a private one", () => {
    const cacheDir = newCacheDir()
    decide(cacheDir)
    const file = decideCacheOf(cacheDir)
    decide(cacheDir)
    decide(cacheDir)
    assert.strictEqual(generationOf(file), 3)
    chmodSync(file, 0o666)
    decide(cacheDir)
    // Read, it would have made generation 4; ignored, the run wrote a first generation of its own.
    assert.strictEqual(generationOf(file), 1)
    assert.strictEqual(statSync(file).mode & 0o777, 0o600)
  })

  it("is not kept when Node's compile cache is off (NODE_DISABLE_COMPILE_CACHE=1)", () => {
    const cacheDir = newCacheDir()
    const ran = spawnSync(nodeBin, [cliBin, "decide", "--event", "PreToolUse", "--stdout", denyJson], {
      env: {
        PATH: process.env["PATH"] ?? "/usr/bin:/bin",
        HOME: tmp,
        NODE_COMPILE_CACHE: cacheDir,
        NODE_DISABLE_COMPILE_CACHE: "1"
      },
      encoding: "utf8",
      timeout: 60_000,
      killSignal: "SIGKILL"
    })
    assert.strictEqual(ran.stdout, denyEffects, ran.stderr)
    assert.throws(() => readdirSync(cacheDir))
  })
})
