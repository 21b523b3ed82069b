/**
 * Data flows one way (ARCHITECTURE section 1): the runner feeds interpreters,
 * hosts drive both. No interpreter module reaches `src/runner` or
 * `src/hosts` through its imports (type imports included). The
 * `wave-hooks/web` entry barrel, which also re-exports the run endpoint host
 * (`src/hosts/web/run-endpoint.ts`) that shares its server, lives under
 * src/hosts for that reason.
 */
import { readdirSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { walkImports } from "../package/import-graph.ts"

const repo = resolve(import.meta.dirname, "../..")
const interpreters = join(repo, "src/interpreters")
/** The `wave-hooks/web` entry barrel: a host (it re-exports the run endpoint), so it lives under src/hosts. */
const barrel = join(repo, "src/hosts/web/index.ts")

const filesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : []
  )

const upstream = (path: string) => /^src\/(runner|hosts)\//.test(relative(repo, path))

describe("interpreters do not depend on the runner or the hosts", () => {
  it("no module under src/interpreters reaches src/runner or src/hosts", () => {
    const files = filesUnder(interpreters)
    assert.isAbove(files.length, 20, "the walk covers the interpreter modules")
    const problems = files.flatMap((file) =>
      walkImports(file, ["effect", "@effect/platform-node", "ai"])
        .modules.filter(upstream)
        .map((reached) => `${relative(repo, file)} reaches ${relative(repo, reached)}`)
    )
    assert.deepStrictEqual(
      problems,
      [],
      "move the shared type to the interpreter side (as settings/run-observer.ts) instead"
    )
  })

  it("the check sees such an import when there is one (the web entry barrel reaches the run endpoint host)", () => {
    const reached = walkImports(barrel, ["effect", "@effect/platform-node", "ai"])
      .modules.filter(upstream)
      .map((p) => relative(repo, p))
    assert.include(reached, "src/hosts/web/run-endpoint.ts")
    assert.include(reached, "src/runner/session.ts")
  })
})
