/**
 * `npm run check:examples` (tsc -p tsconfig.examples.json) is what keeps the
 * examples compiling: `wave-hooks/...` resolves to the src file each
 * package.json export points at after the build; each host example is a
 * folder with agent.ts, a settings file that validates and an executable
 * guard. That the check fails on a broken example, naming it alone, is
 * `npm run check:examples -- --self-test` (scripts/check-examples.ts, in .ci/run).
 */
import { existsSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { afterAll, assert, describe, it } from "@effect/vitest"
import ts from "typescript"
import { validateSettings } from "../../src/index.ts"
import { repoRoot } from "../helpers/cli-process.ts"
import { removeTempProjects } from "../helpers/project.ts"
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
          : [
              [
                `wave-hooks${key.slice(1)}`,
                [target.types.replace(/^\.\/dist\//u, "./src/").replace(/\.d\.ts$/u, ".ts")]
              ]
            ]
      )
    )
    assert.deepStrictEqual(examplePaths(), expected)
    for (const [target] of Object.values(expected)) assert.isTrue(existsSync(join(repoRoot, target!)), target)
  })

  it("and tsconfig.json has the same paths, so `tsc --noEmit` checks the examples' tests against the same entry points", () => {
    const root = ts.parseConfigFileTextToJson("tsconfig.json", readFileSync(join(repoRoot, "tsconfig.json"), "utf8"))
    assert.deepStrictEqual(
      (root.config as { compilerOptions: { paths: unknown } }).compilerOptions.paths,
      examplePaths()
    )
  })
})

describe("examples/hosts", () => {
  for (const host of exampleHosts) {
    it(`${host}: agent.ts, a .wave/settings.json without diagnostics, an executable hooks/guard.sh`, () => {
      const dir = join(repoRoot, "examples", "hosts", host)
      assert.isTrue(existsSync(join(dir, "agent.ts")))
      const text = readFileSync(join(dir, ".wave", "settings.json"), "utf8")
      const validated = validateSettings(text, {
        file: `${host}/.wave/settings.json`,
        scope: "project",
        dialect: "wave"
      })
      assert.deepStrictEqual(validated.diagnostics, [])
      assert.isAbove(validated.hooks.length, 0)
      assert.strictEqual(statSync(join(dir, "hooks", "guard.sh")).mode & 0o111, 0o111)
    })
  }
})
