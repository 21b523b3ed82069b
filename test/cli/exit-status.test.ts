/**
 * `settle` is the one exit status of the CLI (fast paths and full tree): these
 * pin what it gives each kind of end, including effect/cli's parse errors,
 * which it recognises without importing effect/cli.
 */
import { Cause, Exit } from "effect"
import { CliError } from "effect/cli"
import { describe, expect, it, vi } from "vitest"
import { isReportedError, settle } from "../../src/cli/exit.ts"
import { ExitWith, UsageError } from "../../src/cli/usage-error.ts"

const quietly = <A>(f: () => A): { readonly value: A; readonly printed: string } => {
  let printed = ""
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    printed += String(chunk)
    return true
  })
  try {
    return { value: f(), printed }
  } finally {
    spy.mockRestore()
  }
}

describe("settle", () => {
  it("gives 0 on success and 130 when interrupted", () => {
    expect(settle(Exit.succeed(1))).toBe(0)
    expect(settle(Exit.failCause(Cause.interrupt(1)))).toBe(130)
  })

  it("gives 2 for an effect/cli parse error, 1 for run's help-with-errors, and prints neither", () => {
    const unknown = new CliError.UnrecognizedOption({ option: "--nope", suggestions: [] })
    expect(CliError.isCliError(unknown)).toBe(true)
    expect(isReportedError(unknown)).toBe(true)
    const decideHelp = new CliError.ShowHelp({ commandPath: ["wave-hooks", "decide"], errors: [unknown] })
    const runHelp = new CliError.ShowHelp({ commandPath: ["wave-hooks", "run"], errors: [unknown] })
    const results = quietly(() => [unknown, decideHelp, runHelp].map((error) => settle(Exit.fail(error))))
    expect(results.value).toEqual([2, 2, 1])
    expect(results.printed).toBe("")
  })

  it("gives a usage error's and an ExitWith's own status without printing them again", () => {
    const results = quietly(() => [
      settle(Exit.fail(new UsageError({ message: "bad", usage: "u" }))),
      settle(Exit.fail(new UsageError({ message: "bad", usage: "u", exitStatus: 1 }))),
      settle(Exit.fail(new ExitWith({ status: 2, message: "blocked" })))
    ])
    expect(results.value).toEqual([2, 1, 2])
    expect(results.printed).toBe("")
  })

  it("prints an unexpected failure's cause and gives 1", () => {
    const result = quietly(() => settle(Exit.fail(new Error("boom"))))
    expect(result.value).toBe(1)
    expect(result.printed).toContain("boom")
  })
})
