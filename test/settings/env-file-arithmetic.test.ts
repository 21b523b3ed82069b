/**
 * `evaluateArithmetic` against bash itself: for each expression, the value
 * and the variables afterwards are what `bash -c 'echo $(( expr ))'` gives,
 * or, when bash fails, the evaluator fails too with the variables as bash
 * left them (a pre-increment before a bad character assigns nothing; a
 * post-increment, or one before a later error, does).
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { evaluateArithmetic } from "../../src/settings/env-file-arithmetic.ts"

const start = { _0: "5", x: "1" } as const

/** What bash prints for `expr` from `start`: the value (or undefined when it failed) and the variables at exit. */
const bash = (expr: string) => {
  const script = `trap 'printf "\\n%s %s" "$_0" "$x"' EXIT; _0=${start._0}; x=${start.x}; printf %s "$(( ${expr} ))"`
  const out = spawnSync("bash", ["-c", script], { encoding: "utf8" }).stdout
  const [value, vars] = out.split("\n")
  const [_0, x] = vars!.split(" ")
  return { value: value === "" ? undefined : value, vars: { _0, x } }
}

/** The evaluator on `expr` from the same start. */
const ours = (expr: string) => {
  const vars: Record<string, string | undefined> = { ...start }
  let value: string | undefined
  try {
    value = evaluateArithmetic(expr, {
      get: (n) => vars[n],
      set: (n, v) => {
        vars[n] = v
      }
    })
  } catch {
    value = undefined
  }
  return { value, vars: { _0: vars["_0"], x: vars["x"] } }
}

describe("evaluateArithmetic, with bash as the oracle", () => {
  const expressions = [
    "--_0 .",
    "--_0.",
    "++x.",
    "x++.",
    "--_0 + .",
    "x=1.",
    "--_0 + 1",
    "x++ + ++x",
    "_0 += x--, x",
    "0 ? x++ : --_0",
    "x-- +",
    "++x +"
  ]
  for (const expr of expressions)
    it(`$(( ${expr} )): the same value (or failure) and the same variables as bash`, () => {
      assert.deepStrictEqual(ours(expr), bash(expr))
    })
})
