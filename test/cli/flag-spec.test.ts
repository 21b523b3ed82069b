/**
 * The lean parser of the fast paths (`parseFast`, node:util `parseArgs`) and
 * the effect/cli parser are made from the same flag specs; whatever the lean
 * one accepts, effect/cli must accept with the same values (else `decide` and
 * `run` would mean something else on their fast path), and the plain forms
 * people type must stay on the fast path.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { CliOutput, Command } from "effect/cli"
import * as NodeServices from "@effect/platform-node/NodeServices"
import * as fc from "fast-check"
import { settingsParams } from "../../src/cli/common-flags.ts"
import { explainParams } from "../../src/cli/decide-command.ts"
import { decideParams } from "../../src/cli/decide-program.ts"
import { decisionParams } from "../../src/cli/decision-input.ts"
import { toEffectParams } from "../../src/cli/effect-params.ts"
import type { ParamSpecs, ValuesOf } from "../../src/cli/flag-spec.ts"
import { FlagSpec, parseFast } from "../../src/cli/flag-spec.ts"
import { runParams } from "../../src/cli/run-program.ts"

/** What effect/cli parses `args` into for these specs: the values its handler gets, or `undefined` when it refuses them. */
const parseWithEffectCli = <P extends ParamSpecs>(
  specs: P,
  args: ReadonlyArray<string>
): Promise<ValuesOf<P> | undefined> => {
  let captured: ValuesOf<P> | undefined
  const command = Command.make("cmd", toEffectParams(specs), (values) =>
    Effect.sync(() => {
      captured = values as unknown as ValuesOf<P>
    })
  )
  return Command.runWith(command, { version: "0" })(args).pipe(
    Effect.provide(Layer.mergeAll(NodeServices.layer, CliOutput.layerPresenter({ present: () => Effect.void }))),
    Effect.match({ onFailure: () => undefined, onSuccess: () => captured }),
    Effect.runPromise
  )
}

const commands = {
  decide: decideParams,
  explain: explainParams,
  run: runParams,
  settings: settingsParams
} as const

/** Every word that could matter to either parser. */
const words = [
  "PreToolUse",
  "Stop",
  "PreTooluse",
  "2",
  "0",
  "-1",
  "2.0",
  "1e3",
  "0x10",
  "007",
  "99999999999999999999",
  "",
  " 3",
  "true",
  "false",
  "yes",
  "no",
  "on",
  "off",
  "1",
  "y",
  "n",
  "-",
  "-x",
  "--",
  "=",
  "wave",
  "claude-code",
  "cursor",
  "block",
  "continue",
  "a=b",
  '{"k": 1}',
  "./dir",
  "--help",
  "-h",
  "--version",
  "--bogus",
  "--no-json",
  "--no-timed-out",
  "-e"
]

const tokenArb = (specs: ParamSpecs): fc.Arbitrary<string> => {
  const names = Object.values(specs)
    .filter((s): s is FlagSpec => s._tag !== "Argument")
    .map((s) => s.name)
  return fc.oneof(
    fc.constantFrom(...names.map((n) => `--${n}`)),
    fc.constantFrom(...words),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...words)).map(([n, w]) => `--${n}=${w}`)
  )
}

/** A plain command line: each flag at most once with a valid value, `--name value` or `--name=value`, in any order. */
const plainArgs = (specs: ParamSpecs): fc.Arbitrary<Array<string>> => {
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch is exhaustive over the spec tags (TypeScript checks it)
  const parts = Object.values(specs).map((spec) => {
    const value = (v: fc.Arbitrary<string>) =>
      fc.tuple(v, fc.boolean()).map(([x, inline]) => (inline ? [`--${spec.name}=${x}`] : [`--${spec.name}`, x]))
    const text = fc.string({ maxLength: 12 }).filter((s) => !s.startsWith("-"))
    switch (spec._tag) {
      case "Argument":
        return fc.constantFrom("PreToolUse", "Stop", "Notification").map((e) => [e])
      case "String":
        return value(fc.constantFrom("PreToolUse", "Stop"))
      case "OptionalString":
        return fc.option(value(text), { nil: undefined })
      case "Int":
        return fc.option(value(fc.integer({ min: 0, max: 255 }).map(String)), { nil: undefined })
      case "Boolean":
        return fc.option(fc.constant([`--${spec.name}`]), { nil: undefined })
      case "Choice":
        return fc.option(value(fc.constantFrom(...spec.choices)), { nil: undefined })
      case "Strings":
        return fc.array(value(text), { maxLength: 3 }).map((given) => (given.length === 0 ? undefined : given.flat()))
      case "Number":
      case "OptionalNumber":
        return fc.option(value(fc.integer({ min: 1, max: 600 }).map(String)), { nil: undefined })
    }
  })
  return fc.tuple(...parts).chain((groups) => {
    const given = groups.filter((g) => g !== undefined)
    return fc.shuffledSubarray(given, { minLength: given.length }).map((shuffled) => shuffled.flat())
  })
}

/** Random words, plain command lines, and plain ones with a random word or two slipped in. */
const mixedArgs = (specs: ParamSpecs): fc.Arbitrary<Array<string>> =>
  fc.oneof(
    fc.array(tokenArb(specs), { maxLength: 9 }),
    plainArgs(specs),
    fc
      .tuple(plainArgs(specs), fc.array(fc.tuple(fc.nat(), tokenArb(specs)), { minLength: 1, maxLength: 2 }))
      .map(([args, inserts]) => {
        const out = [...args]
        for (const [at, token] of inserts) out.splice(at % (out.length + 1), 0, token)
        return out
      })
  )

describe("parseFast and effect/cli agree", () => {
  for (const [name, specs] of Object.entries(commands)) {
    it(`${name}: whatever parseFast accepts, effect/cli accepts with the same values`, async () => {
      let accepted = 0
      await fc.assert(
        fc.asyncProperty(mixedArgs(specs), async (args) => {
          const fast = parseFast(specs, args)
          if (fast === undefined) return
          accepted++
          assert.deepStrictEqual(await parseWithEffectCli(specs, args), fast, `args ${JSON.stringify(args)}`)
        }),
        { numRuns: 300 }
      )
      // The property is not vacuous: a good share of the command lines took the fast path.
      assert.isAbove(accepted, 60)
    })
  }

  for (const [name, specs] of Object.entries(commands)) {
    it(`${name}: plain command lines take the fast path, with effect/cli's values`, async () => {
      await fc.assert(
        fc.asyncProperty(plainArgs(specs), async (args) => {
          const fast = parseFast(specs, args)
          assert.isDefined(fast, `args ${JSON.stringify(args)}`)
          assert.deepStrictEqual(await parseWithEffectCli(specs, args), fast, `args ${JSON.stringify(args)}`)
        }),
        { numRuns: 150 }
      )
    })
  }
})

describe("parseFast", () => {
  it("reads decide's flags with their defaults", () => {
    assert.deepStrictEqual(
      parseFast(decisionParams, ["--event", "PreToolUse", "--stderr=no", "--exit-code", "2", "--timed-out"]),
      {
        event: "PreToolUse",
        exitCode: 2,
        stdout: Option.none(),
        stdoutFile: Option.none(),
        stderr: Option.some("no"),
        stderrFile: Option.none(),
        timedOut: true,
        truncated: false,
        onFailure: "continue",
        command: Option.none(),
        dialect: "wave"
      }
    )
  })

  it("reads run's event argument wherever it is", () => {
    const values = parseFast(runParams, ["--json", "PreToolUse", "--project-dir", "/p"])
    assert.strictEqual(values?.event, "PreToolUse")
    assert.deepStrictEqual(values?.projectDir, Option.some("/p"))
    assert.isTrue(values?.json)
  })

  it("`--stdout-file -` (stdin) is a value", () => {
    assert.deepStrictEqual(
      parseFast(decisionParams, ["--event", "Stop", "--stdout-file", "-"])?.stdoutFile,
      Option.some("-")
    )
  })

  const leftToEffectCli: ReadonlyArray<[string, ReadonlyArray<string>]> = [
    ["help", ["--event", "Stop", "--help"]],
    ["an unknown flag", ["--event", "Stop", "--bogus"]],
    ["a missing required flag", ["--exit-code", "2"]],
    ["a repeated flag", ["--event", "Stop", "--event", "PreToolUse"]],
    ["a boolean flag followed by a boolean word", ["--event", "Stop", "--timed-out", "false"]],
    ["a boolean flag with an inline value", ["--event", "Stop", "--timed-out=true"]],
    ["a negated boolean flag", ["--event", "Stop", "--no-timed-out"]],
    ["an integer written as 2.0", ["--event", "Stop", "--exit-code", "2.0"]],
    ["a negative number as a separate word", ["--event", "Stop", "--exit-code", "-1"]],
    ["an integer beyond 2^53", ["--event", "Stop", "--exit-code", "99999999999999999999"]],
    ["a value outside the choices", ["--event", "Stop", "--dialect", "kiro"]],
    ["the end of options", ["--event", "Stop", "--"]],
    ["a stray word", ["--event", "Stop", "extra"]]
  ]
  for (const [what, args] of leftToEffectCli) {
    it(`leaves ${what} to effect/cli`, () => {
      assert.isUndefined(parseFast(decisionParams, args))
    })
  }

  it("leaves run without its event, or with two, to effect/cli", () => {
    assert.isUndefined(parseFast(runParams, ["--json"]))
    assert.isUndefined(parseFast(runParams, ["Stop", "Stop"]))
  })

  it("leaves `run --json yes` to effect/cli, which reads yes as --json's value, not as the event", () => {
    assert.isUndefined(parseFast(runParams, ["--json", "yes"]))
    assert.isUndefined(parseFast(runParams, ["--project-dir", "/p", "--json", "1"]))
  })
  /** Finite numbers (`--ask-timeout`, `--session-idle-timeout`) and a rest argument (`mcp-proxy`'s upstream command). */
  const numbers = {
    wait: FlagSpec.number("wait", 900, "w", "SECONDS"),
    timeout: FlagSpec.optionalNumber("timeout", "t", "SECONDS")
  }

  it.effect("gives an absent Number or OptionalNumber its default, as effect/cli does", () =>
    Effect.gen(function* () {
      const fast = parseFast(numbers, [])
      assert.deepStrictEqual(fast, { wait: 900, timeout: Option.none() })
      assert.deepStrictEqual(yield* Effect.promise(() => parseWithEffectCli(numbers, [])), fast)
    })
  )

  it.effect("leaves a given Number or OptionalNumber to effect/cli, which reads finite numbers", () =>
    Effect.gen(function* () {
      assert.isUndefined(parseFast(numbers, ["--wait", "1.5"]))
      assert.isUndefined(parseFast(numbers, ["--timeout=2"]))
      const full = yield* Effect.promise(() => parseWithEffectCli(numbers, ["--wait", "1.5", "--timeout=2"]))
      assert.deepStrictEqual(full, { wait: 1.5, timeout: Option.some(2) })
    })
  )

  it.effect("leaves a command with a rest argument to effect/cli, which gives it the remaining words", () =>
    Effect.gen(function* () {
      const specs = { json: FlagSpec.boolean("json", "j"), command: FlagSpec.rest("command", "c", "COMMAND") }
      assert.isUndefined(parseFast(specs, ["--json", "--", "npx", "-y", "server"]))
      assert.isUndefined(parseFast(specs, []))
      const full = yield* Effect.promise(() => parseWithEffectCli(specs, ["--json", "--", "npx", "-y", "server"]))
      assert.deepStrictEqual(full, { json: true, command: ["npx", "-y", "server"] })
    })
  )
})

describe("a repeatable flag (Strings, --plugin-dir)", () => {
  it("parseFast gives run every --plugin-dir, and [] without one", () => {
    assert.deepStrictEqual(parseFast(runParams, ["Stop", "--plugin-dir", "a", "--plugin-dir=b"])?.pluginDir, ["a", "b"])
    assert.deepStrictEqual(parseFast(runParams, ["Stop"])?.pluginDir, [])
  })
})
