/**
 * No matcher may hang the engine (issue 11): matchers run on a linear-time
 * engine with JavaScript's meaning, and what no linear-time engine can run
 * (backreferences, lookaround) is rejected with a clear InvalidPattern
 * (ARCHITECTURE section 7).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import type { Dialect } from "../../src/index.ts"
import type { ConfiguredHook } from "../../src/settings/settings-schema.ts"
import { compileMatcher, layerSettings, matches, planHooks, validateSettings } from "../../src/index.ts"

const dialects: ReadonlyArray<Dialect> = ["wave", "claude-code"]

/** Classic catastrophic-backtracking patterns and a name that makes a backtracking engine explode. */
const evil = ["(a+)+$", "(a|a)*$", "(a|aa)+$", "(.*a){20}$", "(\\w+\\s?)*$", "^(a+)+b", "(a*)*b", "([a-z]+)*[0-9]$"]
const longName = "a".repeat(50) + "!"

/**
 * Run `f` and fail when it took `ms` or more. The bounds here are seconds, not milliseconds: a backtracking
 * engine takes years on these inputs, and a loaded machine must not fail the test (issue 23).
 */
const within = <A>(ms: number, label: string, f: () => A): A => {
  const start = performance.now()
  const result = f()
  const elapsed = performance.now() - start
  assert.isBelow(elapsed, ms, `${label} took ${elapsed.toFixed(1)} ms`)
  return result
}

describe("matcher: linear time", () => {
  for (const dialect of dialects) {
    it(`catastrophic patterns against a 50-character and a 10 000-character name return within seconds [${dialect}]`, () => {
      for (const pattern of evil) {
        const compiled = compileMatcher(pattern, dialect)
        assert.isTrue(Result.isSuccess(compiled), pattern)
        // Compile once outside the clock (as the cache does), then time the match.
        matches(pattern, "warm-up", dialect)
        within(2_000, `matches(${pattern})`, () => matches(pattern, longName, dialect))
        // Milliseconds on an idle machine; a backtracking engine would take longer than the universe has left.
        within(10_000, `matches(${pattern}) on 10 000 characters`, () =>
          matches(pattern, `${"a".repeat(10_000)}!`, dialect)
        )
      }
    })

    it(`planning a hook with a catastrophic matcher returns [${dialect}]`, () => {
      const text = JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "(a+)+$", hooks: [{ type: "command", command: "./guard.sh" }] }] }
      })
      const validated = validateSettings(text, { file: "/p/.wave/settings.json", scope: "user", dialect })
      assert.deepStrictEqual(validated.diagnostics, [])
      const snapshot = layerSettings([validated], dialect)
      planHooks(snapshot, "PreToolUse", { tool_name: "warm-up" })
      const planned = (toolName: string): ReadonlyArray<ConfiguredHook> =>
        within(2_000, `planHooks(${toolName.length} characters)`, () =>
          planHooks(snapshot, "PreToolUse", { tool_name: toolName })
        ).steps.flatMap((s) => (s._tag === "Sequential" ? [s.hook] : s.hooks))
      assert.deepStrictEqual(planned(longName), [])
      assert.deepStrictEqual(planned("a".repeat(50)), [...validated.hooks])
    })
  }

  it("the catastrophic patterns still mean what JavaScript says they mean", () => {
    for (const dialect of dialects) {
      assert.isTrue(matches("(a+)+$", "aaaa", dialect))
      assert.isFalse(matches("(a+)+$", "aaab", dialect))
      assert.strictEqual(matches("(a+)+$", "baaa", dialect), dialect === "claude-code")
      assert.isTrue(matches("^(a+)+b", "aaab", dialect))
    }
  })
})

describe("matcher: syntax the linear-time engine cannot express is rejected", () => {
  const unsupported: ReadonlyArray<readonly [string, RegExp]> = [
    ["(Edit)\\1", /backreference \(\\1\)/],
    ["(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", /backreference \(\\10\)/],
    ["(?<n>Edit)\\k<n>", /named backreference/],
    ["(?=Edit)\\w+", /lookahead/],
    ["(?!Bash)\\w+", /lookahead/],
    ["(?<=mcp__)\\w+", /lookbehind/],
    ["(?<!mcp__)Edit", /lookbehind/],
    ["a{1001}", /repetition count over 1000/],
    // Each compiles to more than 2,000 states: under the earlier 10,000-state cap they took up to 0.5 s per match on a 10,000-character name.
    ["(a{100}){99}", /more than 2000 states/],
    ["(.*a){1000}", /more than 2000 states/]
  ]
  for (const dialect of dialects) {
    it(`each is an InvalidPattern of kind "unsupported" that says what and why, and matches nothing [${dialect}]`, () => {
      for (const [pattern, what] of unsupported) {
        const compiled = compileMatcher(pattern, dialect)
        assert.isTrue(Result.isFailure(compiled), pattern)
        if (Result.isFailure(compiled)) {
          assert.strictEqual(compiled.failure.kind, "unsupported", pattern)
          assert.match(compiled.failure.message, what, pattern)
          assert.match(compiled.failure.message, /linear time/, pattern)
        }
        assert.isFalse(matches(pattern, "Edit", dialect), pattern)
      }
    })
  }

  it("the state cap leaves room for every realistic matcher: a 40-name alternation and counted groups compile", () => {
    const names = Array.from({ length: 40 }, (_, i) => `mcp__server${i}__[a-z_]+`).join("|")
    for (const pattern of [names, "(a{40}){49}", "^(Edit|Write|MultiEdit|NotebookEdit)$", "mcp__github__.*"]) {
      assert.isTrue(Result.isSuccess(compileMatcher(pattern, "wave")), pattern.slice(0, 40))
    }
  })

  it("huge or deeply nested patterns are rejected, never thrown", () => {
    for (const pattern of ["(?:a{1000}){1000}", "(".repeat(100_000) + "a" + ")".repeat(100_000)]) {
      let valid = true
      try {
        new RegExp(pattern)
      } catch {
        valid = false
      }
      const compiled = compileMatcher(pattern, "wave")
      assert.isTrue(Result.isFailure(compiled), pattern.slice(0, 20))
      if (Result.isFailure(compiled)) assert.strictEqual(compiled.failure.kind, valid ? "unsupported" : "syntax")
    }
  })

  it('a JavaScript syntax error is an InvalidPattern of kind "syntax"', () => {
    const compiled = compileMatcher("Edit(", "wave")
    assert.isTrue(Result.isFailure(compiled))
    if (Result.isFailure(compiled)) assert.strictEqual(compiled.failure.kind, "syntax")
  })

  it("escapes other engines read differently keep their JavaScript meaning (no u flag, Annex B)", () => {
    for (const dialect of dialects) {
      assert.isTrue(matches("\\AEdit\\z", "AEditz", dialect))
      assert.isTrue(matches("\\QEdit\\E", "QEditE", dialect))
      assert.isTrue(matches("^\\p{L}$", "p{L}", dialect))
      assert.isTrue(matches("^[[:alpha:]]+$", "a]]", dialect), "a class of [:alph, then ]+")
      assert.isTrue(matches("^\\101\\8$", "A8", dialect), "legacy octal and \\8")
      assert.isTrue(matches("^(a)\\2$", "a\u0002", dialect), "\\2 with one group is an octal escape")
      assert.isTrue(matches("^\\c$", "\\c", dialect), "\\c without a letter is a backslash and c")
      assert.isTrue(matches("^a{,2}$", "a{,2}", dialect), "{ that is not a quantifier is a literal")
      assert.isTrue(matches("^\\s$", "\u00A0", dialect), "JavaScript's \\s")
      assert.isFalse(matches("^.$", "\u2028", dialect), "JavaScript's .")
      assert.isTrue(matches("^.$", "\uD83D", dialect), "code units")
    }
  })

  it("common JavaScript syntax keeps working: classes, escapes, named groups, lazy quantifiers, \\b, \\u", () => {
    assert.isTrue(matches("mcp__[a-z]+__\\w+", "mcp__github__create_issue"))
    assert.isTrue(matches("(?<server>mcp__\\w+?)__create_.*", "mcp__github__create_issue"))
    assert.isTrue(matches("\\u0045dit", "Edit"))
    assert.isTrue(matches("\\x45dit", "Edit"))
    assert.isTrue(matches("\\bEdit\\b", "Notebook Edit", "claude-code"))
    assert.isTrue(matches("Bash\\/run", "Bash/run"))
    assert.isTrue(matches("[^]+", "any"))
    assert.isTrue(matches("Edit{1,2}", "Editt"))
    assert.isFalse(matches("edit", "Edit", "claude-code"), "case-sensitive")
  })
})

describe("deeply nested groups", () => {
  const nested = (depth: number, inner = "a") => "(".repeat(depth) + inner + ")".repeat(depth)
  /** Call `f` from `frames` frames deeper in the stack. */
  const deeper = <A>(frames: number, f: () => A): A => (frames === 0 ? f() : deeper(frames - 1, f))

  /** Compile `pattern` from `frames` frames deeper in the stack (one closure, so every depth runs the same code). */
  const compileAt = (frames: number, pattern: string) => deeper(frames, () => compileMatcher(pattern, "wave"))
  /**
   * The most frames deep (in steps of 100) at which a one-group pattern still compiles, measured now:
   * the engine, not the test, sets the stack, and a loaded machine may run the test in another tier.
   */
  const deepestCompile = (): number => {
    let fits = 0
    for (let frames = 1000; ; frames += 100) {
      try {
        if (!Result.isSuccess(compileAt(frames, "(a)"))) return fits
        fits = frames
      } catch {
        return fits
      }
    }
  }

  it("a pattern nested more than 1000 deep is refused with the same message from any stack depth; 1000 deep compiles", () => {
    // The parser and the compiler keep their own stacks: a pattern nested 1000 deep needs
    // no more of the call stack than one group does (the recursive parser needed 4 frames a level).
    const nearLimit = deepestCompile() - 500
    for (const frames of [0, 2000, nearLimit]) {
      const refused = compileAt(frames, nested(1001))
      assert.isTrue(Result.isFailure(refused), `refused ${frames} frames deep`)
      if (Result.isFailure(refused)) assert.include(refused.failure.message, "groups nested more than 1000 deep")
      assert.isTrue(Result.isSuccess(compileAt(frames, nested(1000))), `accepted ${frames} frames deep`)
    }
  })

  it("a syntax tree 1000 levels deep (each group a sequence) compiles near the stack limit and matches", () => {
    // (((a)a)a)...: every level is a sequence holding the level below, so the tree is as deep as the groups.
    const pattern = "(".repeat(1000) + "a" + ")a".repeat(1000)
    const name = "a".repeat(1001)
    const compiled = compileAt(deepestCompile() - 500, pattern)
    assert.isTrue(Result.isSuccess(compiled))
    if (Result.isSuccess(compiled)) {
      assert.isTrue(compiled.success(name))
      assert.isFalse(compiled.success(name.slice(1)))
    }
  })

  it("parentheses inside a character class or escaped do not count as groups", () => {
    assert.isTrue(Result.isSuccess(compileMatcher(`[${"(".repeat(2000)}]x`, "wave")))
    assert.isTrue(Result.isSuccess(compileMatcher("\\(".repeat(1001), "wave")))
  })

  it("validateSettings and compileMatcher agree on a pattern at the boundary (the settings fuzz's counterexample shape)", () => {
    for (const depth of [999, 1000, 1001, 3000]) {
      const pattern = nested(depth)
      const settings = validateSettings(
        JSON.stringify({ hooks: { SubagentStop: [{ matcher: pattern, hooks: [{ type: "command", command: "x" }] }] } }),
        {
          file: "f.json",
          scope: "user",
          dialect: "wave"
        }
      )
      assert.strictEqual(
        settings.hooks.length === 1,
        Result.isSuccess(compileMatcher(pattern, "wave")),
        `depth ${depth}`
      )
    }
  })
})
