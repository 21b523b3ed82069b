/**
 * The agent hook's read-only tools (issue 13): paths stay in the project
 * (symbolic links resolved), only regular files are read (a FIFO never
 * blocks), caps hold, search is literal.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import {
  agentToolLimits,
  listProjectDirectory,
  readProjectFile,
  resolveInProject,
  searchProjectText
} from "../../src/runner/agent-hook.ts"

const roots: Array<string> = []
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const temp = (prefix: string): string => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)))
  roots.push(dir)
  return dir
}

const setup = () => {
  const dir = temp("wave-agent-tools-")
  const outside = temp("wave-agent-outside-")
  writeFileSync(path.join(outside, "secret.txt"), "SECRET\n")
  mkdirSync(path.join(dir, "src"))
  mkdirSync(path.join(dir, "node_modules", "x"), { recursive: true })
  writeFileSync(path.join(dir, "src", "a.ts"), "const needle = 1\nconst NEEDLE = 2\n")
  writeFileSync(path.join(dir, "node_modules", "x", "i.js"), "needle\n")
  writeFileSync(path.join(dir, "bin.dat"), Buffer.from([110, 101, 101, 100, 108, 101, 0, 1]))
  symlinkSync(path.join(outside, "secret.txt"), path.join(dir, "out-file"))
  symlinkSync(outside, path.join(dir, "out-dir"))
  symlinkSync(path.join(dir, "src"), path.join(dir, "in-dir"))
  return { dir, outside }
}

describe("resolveInProject", () => {
  it("refuses .., absolute paths out, symlinks out; follows symlinks in", async () => {
    const { dir, outside } = setup()
    for (const p of ["..", "../x", path.join(outside, "secret.txt"), "/etc/passwd"]) {
      assert.include(
        ((await resolveInProject(dir, p)) as { refused: string }).refused,
        "outside the project directory",
        p
      )
    }
    assert.include(
      ((await resolveInProject(dir, "out-file")) as { refused: string }).refused,
      "symbolic link to a place outside"
    )
    assert.include(
      ((await resolveInProject(dir, "out-dir/secret.txt")) as { refused: string }).refused,
      "symbolic link to a place outside"
    )
    assert.deepStrictEqual(await resolveInProject(dir, "in-dir/a.ts"), {
      real: path.join(dir, "src", "a.ts"),
      relative: path.join("src", "a.ts")
    })
    assert.deepStrictEqual(await resolveInProject(dir, path.join(dir, "src")), {
      real: path.join(dir, "src"),
      relative: "src"
    })
    assert.include(((await resolveInProject(dir, "nope.txt")) as { refused: string }).refused, "no such file")
    assert.include(((await resolveInProject(dir, 42)) as { refused: string }).refused, "expected a path")
  })
})

describe("read_file", () => {
  it("reads a file, refuses a directory and a file out of the project", async () => {
    const { dir } = setup()
    assert.strictEqual(await readProjectFile(dir, "src/a.ts"), "const needle = 1\nconst NEEDLE = 2\n")
    assert.include(await readProjectFile(dir, "src"), "is a directory")
    assert.notInclude(await readProjectFile(dir, "out-file"), "SECRET")
  })

  it("cuts a big file at the cap and says so", async () => {
    const { dir } = setup()
    writeFileSync(path.join(dir, "big.txt"), "x".repeat(agentToolLimits.readBytes + 10))
    const text = await readProjectFile(dir, "big.txt")
    assert.include(
      text,
      `[cut: the file has ${agentToolLimits.readBytes + 10} bytes; only the first ${agentToolLimits.readBytes} are shown]`
    )
  })

  it("refuses a FIFO without opening it (it would block)", async () => {
    const { dir } = setup()
    execFileSync("mkfifo", [path.join(dir, "pipe")])
    assert.include(await readProjectFile(dir, "pipe"), "not a regular file")
  })
})

describe("list_directory", () => {
  it("lists sorted entries with / and @ markers; the project by default", async () => {
    const { dir } = setup()
    assert.strictEqual(
      await listProjectDirectory(dir, undefined),
      ["bin.dat", "in-dir@", "node_modules/", "out-dir@", "out-file@", "src/"].join("\n")
    )
    assert.include(await listProjectDirectory(dir, "out-dir"), "outside")
    assert.include(await listProjectDirectory(dir, "src/a.ts"), "not a directory")
  })
})

describe("search_text", () => {
  it("finds literal text, skips node_modules, binaries and symlinks; ignoreCase", async () => {
    const { dir } = setup()
    assert.strictEqual(
      await searchProjectText(dir, "needle", undefined, undefined),
      `${path.join("src", "a.ts")}:1: const needle = 1`
    )
    assert.strictEqual(
      await searchProjectText(dir, "needle", "src", true),
      [`${path.join("src", "a.ts")}:1: const needle = 1`, `${path.join("src", "a.ts")}:2: const NEEDLE = 2`].join("\n")
    )
    assert.include(await searchProjectText(dir, "(a+)+$", undefined, undefined), "No match")
    assert.include(await searchProjectText(dir, "SECRET", "out-dir", undefined), "outside")
    assert.include(await searchProjectText(dir, "", undefined, undefined), "non-empty")
  })

  it("stops at the match cap and says so", async () => {
    const { dir } = setup()
    writeFileSync(path.join(dir, "many.txt"), "hit\n".repeat(agentToolLimits.searchMatches + 5))
    const result = await searchProjectText(dir, "hit", "many.txt", undefined)
    assert.strictEqual(
      result.split("\n").filter((l) => l.startsWith("many.txt:")).length,
      agentToolLimits.searchMatches
    )
    assert.isTrue(result.endsWith(`[stopped after ${agentToolLimits.searchMatches} matches]`))
  })
})
