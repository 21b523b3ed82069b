/**
 * A settings location that names a folder of hook files (`<dir>/*.json`, as Copilot's
 * `.github/hooks/*.json`): every `.json` file of it is read, in name order, with real files.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import { readSettingsFiles } from "../../src/runner/settings-files.ts"

const root = mkdtempSync(join(tmpdir(), "wave-hooks-folder-files-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const hooksFile = (command: string) => JSON.stringify({ version: 1, hooks: { stop: [{ command }] } })

const read = (dir: string) =>
  Effect.runPromise(
    readSettingsFiles(
      { path: `${dir}/*.json`, scope: "project", dialect: "cursor", format: "json", keys: "flat-hooks-file" },
      "cursor"
    ).pipe(Effect.provide(NodeServices.layer))
  )

describe("readSettingsFiles: a folder of hook files", () => {
  it("reads each .json file in name order, and nothing else", async () => {
    const dir = join(root, "hooks")
    mkdirSync(dir)
    writeFileSync(join(dir, "b.json"), hooksFile("./b.sh"))
    writeFileSync(join(dir, "a.json"), hooksFile("./a.sh"))
    writeFileSync(join(dir, "notes.txt"), "not settings")
    writeFileSync(join(dir, ".hidden.json"), hooksFile("./hidden.sh"))
    const files = await read(dir)
    assert.deepStrictEqual(
      files.map((f) => [f.file, f.hooks.map((h) => h.command)]),
      [
        [join(dir, "a.json"), ["./a.sh"]],
        [join(dir, "b.json"), ["./b.sh"]]
      ]
    )
  })

  it("gives no file for a folder that does not exist", async () => {
    assert.deepStrictEqual(await read(join(root, "missing")), [])
  })

  it("gives one unreadable file naming a folder that cannot be listed (here: a file where the folder should be)", async () => {
    const dir = join(root, "not-a-folder")
    writeFileSync(dir, "a file")
    const files = await read(dir)
    assert.strictEqual(files.length, 1)
    assert.isFalse(files[0]?.readable)
    assert.strictEqual(files[0]?.file, dir)
    assert.include(files[0]?.diagnostics[0]?.problem, "could not be listed")
  })
})
