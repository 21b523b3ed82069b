/**
 * The house rules of docs/ARCHITECTURE.md section 1, checked: no import runs
 * up the folder ranks, no function is longer than the limit without a reason
 * written beside it, and the root entry exports what an embedder uses, no
 * more. `node scripts/house-rules.ts` prints the same figures.
 */
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import {
  exportCounts,
  functionLineLimit,
  longFunctions,
  longFunctionsIn,
  ranks,
  repo,
  roomOf,
  sourceFiles,
  upImports
} from "../../scripts/house-rules.ts"

/**
 * At most this many names from `import ... from "wave-hooks"`. 100 until 0.5.0; the constructors of the ten
 * effects other agents' hooks ask for, which belong with the `HookEffect` union as every other constructor does,
 * took it to 110: the limit keeps helpers out, not the vocabulary.
 */
const rootExportLimit = 110

describe("the folder ranks", () => {
  it("every room under src/ has a rank", () => {
    const rooms = new Set(sourceFiles().map(roomOf))
    expect([...rooms].filter((room) => ranks[room] === undefined)).toEqual([])
    expect(rooms.size).toBeGreaterThanOrEqual(9)
  })

  it("no module imports from a room ranked above its own (type imports and re-exports included)", () => {
    const problems = upImports().map((u) => `${u.from} imports ${u.to} ("${u.specifier}")`)
    expect(
      problems,
      "internal < core = effects < settings < runner < interpreters < hosts < demo < cli < entries: move the shared " +
        "part down to the lower room (as settings/run-observer.ts) instead:\n  " +
        problems.join("\n  ")
    ).toEqual([])
  })

  it("sees an up import when there is one: core importing the runner, even for a type", () => {
    const planted = join(repo, "src/core/planted.ts")
    const found = upImports([planted], () => `import type { HookSession } from "../runner/session.ts"\n`)
    expect(found).toEqual([
      { from: "src/core/planted.ts", to: "src/runner/session.ts", specifier: "../runner/session.ts" }
    ])
    expect(
      upImports([planted], () => `import { decide } from "./decide.ts"\nimport "../internal/suggest.ts"\n`)
    ).toEqual([])
  })
})

describe("function length", () => {
  it(`no function under src/ is longer than ${functionLineLimit} lines without a "// long: <reason>" beside it`, () => {
    const unexplained = longFunctions().filter((f) => f.reason === undefined)
    expect(
      unexplained.map((f) => `${f.file}:${f.line} ${f.name} is ${f.lines} lines`),
      "split it into named steps, or write why it is one unit on the line before it: // long: <reason>"
    ).toEqual([])
  })

  it("counts a long function, reads the reason beside it, and reports a wrapping callback once", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i}`).join("\n")
    const text = [
      `export const plain = () => {\n${body(90)}\n}`,
      `// long: a dispatch table over the events\nexport function table() {\n${body(85)}\n}`,
      `const short = () => {\n${body(10)}\n}`,
      `const wrapped = () => Effect.gen(function*() {\n${body(100)}\n})`
    ].join("\n")
    const found = longFunctionsIn("planted.ts", text)
    expect(found.map((f) => [f.name, f.lines, f.reason])).toEqual([
      ["plain", 92, undefined],
      ["table", 87, "a dispatch table over the events"],
      ["wrapped", 102, undefined]
    ])
  })
})

describe("the root entry", () => {
  it(`exports at most ${rootExportLimit} names (helpers live under src/internal or a sub-entry)`, () => {
    const counts = exportCounts()
    expect(counts["wave-hooks"]).toBeGreaterThan(20)
    expect(counts["wave-hooks"]).toBeLessThanOrEqual(rootExportLimit)
  })
})
