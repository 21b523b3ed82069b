/**
 * The package root (`src/index.ts`, `import ... from "wave-hooks"`) is
 * Node-free: no module it reaches (by import, re-export, `import()` or an
 * import type) names a `node:` module, a Node built-in, `@effect/platform-*`,
 * or any package but `effect`. The browser bundle test proves the same by
 * bundling for the browser; this one is fast and names the import chain.
 */
import { relative, resolve } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { forbiddenReason, specifiersOf, walkImports } from "./import-graph.ts"

const repo = resolve(import.meta.dirname, "../..")
const rootEntry = resolve(repo, "src/index.ts")
/** The only packages the root may import at run time or in its types. */
const allowedPackages = ["effect", "@noble/hashes", "smol-toml", "strip-json-comments"]

const show = (chain: ReadonlyArray<string>): string => chain.map((path) => relative(repo, path)).join(" -> ")

describe("the package root is Node-free", () => {
  it("no module reachable from src/index.ts imports Node built-ins, @effect/platform-* or other packages", () => {
    const graph = walkImports(rootEntry, allowedPackages)
    const problems = [
      ...graph.violations.map((v) => `${show(v.chain)} imports "${v.specifier}": ${v.reason}`),
      ...graph.unresolved.map((u) => `${show(u.chain)} imports "${u.specifier}", which does not resolve to a file`)
    ]
    expect(
      problems,
      "The package root must stay Node-free (it bundles for browsers and edge workers). Move the Node-only " +
        "code to src/runner (wave-hooks/runner), or stop exporting the module from src/index.ts:\n  " +
        problems.join("\n  ")
    ).toEqual([])
    // The walk really covered the core: the decision, settings and contract modules.
    const reached = graph.modules.map((path) => relative(repo, path))
    expect(reached).toEqual(
      expect.arrayContaining([
        "src/core/decide.ts",
        "src/core/combine.ts",
        "src/settings/validate-settings.ts",
        "src/interpreters/contract.ts"
      ])
    )
    expect(reached.some((path) => path.startsWith("src/runner/"))).toBe(false)
  })

  it("the runner entry is not Node-free (the walk sees node: imports when they are there)", () => {
    const graph = walkImports(resolve(repo, "src/runner/index.ts"), allowedPackages)
    expect(
      graph.violations.some((v) => v.specifier.startsWith("node:") || v.specifier.startsWith("@effect/platform-"))
    ).toBe(true)
  })
})

describe("the import walker", () => {
  const files: Record<string, string> = {
    "/p/index.ts": `export { a } from "./a.ts"\nimport type { T } from "./types.ts"\nexport const x = 1`,
    "/p/a.ts": `import { b } from "./deep/b.js"\nexport const a = b`,
    "/p/deep/b.ts": `import { readFileSync } from "node:fs"\nimport { Effect } from "effect"\nexport const b = readFileSync`,
    "/p/types.ts": `export type T = import("@effect/platform-node").NodeRuntime\nexport const lazy = () => import("./lazy.ts")`,
    "/p/lazy.ts": `import path from "path"\nexport default path`
  }
  const read = (path: string) => {
    const text = files[path]
    if (text === undefined) throw new Error(`no file ${path}`)
    return text
  }
  const resolveFile = (from: string, specifier: string) => {
    const base = resolve(from, "..", specifier)
    return [base, base.replace(/\.js$/, ".ts")].find((path) => path in files)
  }

  it("names the (shortest) chain to each forbidden import, through re-exports, import types and import()", () => {
    const graph = walkImports("/p/index.ts", allowedPackages, read, resolveFile)
    expect(graph.violations.map((v) => `${v.chain.join(" -> ")}: ${v.specifier}`)).toEqual([
      "/p/index.ts -> /p/types.ts: @effect/platform-node",
      "/p/index.ts -> /p/a.ts -> /p/deep/b.ts: node:fs",
      "/p/index.ts -> /p/types.ts -> /p/lazy.ts: path"
    ])
    expect(graph.modules).toHaveLength(5)
  })

  it("reports relative imports that do not resolve", () => {
    const graph = walkImports(
      "/p/x.ts",
      allowedPackages,
      (path) => (path === "/p/x.ts" ? `import "./missing.ts"` : read(path)),
      resolveFile
    )
    expect(graph.unresolved).toEqual([{ chain: ["/p/x.ts"], specifier: "./missing.ts" }])
  })

  it("classifies specifiers", () => {
    expect(forbiddenReason("node:child_process", allowedPackages)).toMatch(/Node built-in/)
    expect(forbiddenReason("fs/promises", allowedPackages)).toMatch(/Node built-in/)
    expect(forbiddenReason("@effect/platform-node-shared/NodeSink", allowedPackages)).toMatch(/platform/)
    expect(forbiddenReason("ai", allowedPackages)).toMatch(/allowed list/)
    expect(forbiddenReason("effect", allowedPackages)).toBeUndefined()
    expect(forbiddenReason("effect/Schema", allowedPackages)).toBeUndefined()
  })

  it("finds every kind of specifier", () => {
    const text = [
      `/// <reference types="node" />`,
      `import a from "a"`,
      `import type { B } from "b"`,
      `export * from "c"`,
      `export { d } from "d"`,
      `import e = require("e")`,
      `const f = await import("f")`,
      `type G = import("g").G`,
      `import "h"`
    ].join("\n")
    expect(specifiersOf("x.ts", text)).toEqual(["node", "a", "b", "c", "d", "e", "f", "g", "h"])
  })
})
