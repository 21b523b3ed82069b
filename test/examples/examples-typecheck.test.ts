/**
 * `npm run check:examples` (tsc -p tsconfig.examples.json) is what keeps the
 * examples compiling: `wave-hooks/...` resolves to the src file each
 * package.json export points at after the build; each host example is a
 * folder with agent.ts, a settings file that validates and an executable
 * guard; and the config fails on a broken example: a temp copy of examples/
 * with one type error (in an ESM project with a node_modules, like a consumer's), checked
 * with the same config, reports that one error
 * and nothing else (so the rest compile).
 */
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, assert, describe, it } from "@effect/vitest"
import ts from "typescript"
import { validateSettings } from "../../src/index.ts"
import { nodeBin, repoRoot } from "../helpers/cli-process.ts"
import { removeTempProjects, tempDir } from "../helpers/project.ts"
import { exampleHosts } from "./example-project.ts"
import { examplePaths } from "./wave-hooks-aliases.ts"

afterAll(removeTempProjects)

describe("tsconfig.examples.json", () => {
  it("maps every package.json export to the src file its dist types come from, and nothing else", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
      exports: Record<string, string | { types: string }>
    }
    const expected = Object.fromEntries(
      Object.entries(pkg.exports).flatMap(([key, target]) =>
        typeof target === "string"
          ? []
          : [[`wave-hooks${key.slice(1)}`, [target.types.replace(/^\.\/dist\//u, "./src/").replace(/\.d\.ts$/u, ".ts")]]]
      )
    )
    assert.deepStrictEqual(examplePaths(), expected)
    for (const [target] of Object.values(expected)) assert.isTrue(existsSync(join(repoRoot, target!)), target)
  })

  it("and tsconfig.json has the same paths, so `tsc --noEmit` checks the examples' tests against the same entry points", () => {
    const root = ts.parseConfigFileTextToJson("tsconfig.json", readFileSync(join(repoRoot, "tsconfig.json"), "utf8"))
    assert.deepStrictEqual((root.config as { compilerOptions: { paths: unknown } }).compilerOptions.paths, examplePaths())
  })
})

describe("examples/hosts", () => {
  for (const host of exampleHosts) {
    it(`${host}: agent.ts, a .wave/settings.json without diagnostics, an executable hooks/guard.sh`, () => {
      const dir = join(repoRoot, "examples", "hosts", host)
      assert.isTrue(existsSync(join(dir, "agent.ts")))
      const text = readFileSync(join(dir, ".wave", "settings.json"), "utf8")
      const validated = validateSettings(text, { file: `${host}/.wave/settings.json`, scope: "project", dialect: "wave" })
      assert.deepStrictEqual(validated.diagnostics, [])
      assert.isAbove(validated.hooks.length, 0)
      assert.strictEqual(statSync(join(dir, "hooks", "guard.sh")).mode & 0o111, 0o111)
    })
  }
})

describe("npm run check:examples", () => {
  it("fails on a broken example, naming the file and line, and reports nothing else", () => {
    const dir = tempDir("wave-examples-check-")
    cpSync(join(repoRoot, "examples"), join(dir, "examples"), { recursive: true })
    // The frameworks and @types/node resolve as in a consumer's project: from its node_modules.
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"))
    writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }))
    const broken = join(dir, "examples", "library", "decide.ts")
    writeFileSync(broken, `${readFileSync(broken, "utf8")}export const oops: number = merged\n`)
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ extends: join(repoRoot, "tsconfig.examples.json"), include: ["examples/**/*.ts"] })
    )
    const tsc = spawnSync(nodeBin, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", dir, "--pretty", "false"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 300_000
    })
    assert.strictEqual(tsc.status, 2, `${tsc.stdout}\n${tsc.stderr}`)
    const errors = tsc.stdout.split("\n").filter((line) => /error TS\d+/u.test(line))
    assert.strictEqual(errors.length, 1, tsc.stdout)
    assert.match(errors[0]!, /^examples\/library\/decide\.ts\(\d+,\d+\): error TS2322: /u)
  }, 300_000)
})
