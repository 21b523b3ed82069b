/**
 * The env-file reader's state (`env-file-state.ts`): what bash starts from,
 * reads refused where bash's own or a refused statement's values would be
 * used, and the journal that undoes a statement that was not applied.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  assign,
  BashError,
  beginStatement,
  createEnvFileState,
  EndOfFile,
  get,
  NotRun,
  undo,
  variable
} from "../../src/settings/env-file-state.ts"

/** What the function throws (the reader's refusals are not Errors), or undefined. */
const thrown = (f: () => unknown): unknown => {
  try {
    f()
  } catch (error) {
    return error
  }
  return undefined
}

describe("createEnvFileState", () => {
  it("takes the environment's variables, not bash's own, and PWD from the working directory", () => {
    const state = createEnvFileState({ A: "1", RANDOM: "4", SHLVL: "2", "not-a-name": "x", GONE: undefined }, "/w")
    assert.strictEqual(get(state, "A"), "1")
    assert.strictEqual(get(state, "PWD"), "/w")
    assert.strictEqual(get(state, "GONE"), undefined)
    assert.isFalse(state.vars.has("not-a-name"))
    assert.instanceOf(
      thrown(() => get(state, "RANDOM")),
      NotRun
    )
    assert.instanceOf(
      thrown(() => get(state, "SHLVL")),
      NotRun
    )
    // PATH, SHELL and TERM are bash's defaults when the environment has none.
    assert.instanceOf(
      thrown(() => get(state, "PATH")),
      NotRun
    )
    assert.instanceOf(
      thrown(() => get(createEnvFileState({}, undefined), "PWD")),
      NotRun
    )
  })
})

describe("the journal", () => {
  it("undo puts back every variable, unknown name and taint the statement changed", () => {
    const state = createEnvFileState({ A: "1" }, "/w")
    state.tainted.set("T", 3)
    beginStatement(state)
    assign(state, "A", "2")
    assign(state, "SHLVL", "5")
    assign(state, "T", "x")
    assign(state, "N", "new")
    assert.strictEqual(get(state, "SHLVL"), "5")
    undo(state)
    assert.strictEqual(get(state, "A"), "1")
    assert.isFalse(state.vars.has("N"))
    assert.instanceOf(
      thrown(() => get(state, "SHLVL")),
      NotRun
    )
    assert.strictEqual(state.tainted.get("T"), 3)
    assert.deepStrictEqual(state.journal, [])
  })
})

describe("assign", () => {
  it("applies the variable's attributes: integer arithmetic, letter case, readonly", () => {
    const state = createEnvFileState({}, "/w")
    variable(state, "I").integer = true
    assign(state, "I", "2 + 3")
    assign(state, "I", "1", true)
    assert.strictEqual(get(state, "I"), "6")
    assert.instanceOf(
      thrown(() => assign(state, "I", "1 +")),
      EndOfFile
    )
    variable(state, "U").letterCase = "upper"
    assign(state, "U", "abc")
    assert.strictEqual(get(state, "U"), "ABC")
    variable(state, "R").readonly = true
    assert.instanceOf(
      thrown(() => assign(state, "R", "x")),
      BashError
    )
    assert.isTrue(state.vars.get("U")?.exported)
  })
})
