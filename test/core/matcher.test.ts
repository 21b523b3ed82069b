/**
 * Matcher patterns (ARCHITECTURE sections 7 and 5.3).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import type { Dialect } from "../../src/index.ts"
import { matcherOptionsOf } from "../../src/core/matcher.ts"
import { compileMatcher, matches } from "../../src/index.ts"

const dialects: ReadonlyArray<Dialect> = ["wave", "claude-code"]
const names = ["Bash", "Edit", "NotebookEdit", "Write", "mcp__github__create_issue", "", "Read"]

describe("matcher: match-all patterns", () => {
  for (const dialect of dialects) {
    for (const pattern of ["*", "", undefined] as const) {
      it(`${JSON.stringify(pattern) ?? "undefined"} matches every name [${dialect}]`, () => {
        for (const name of names) assert.isTrue(matches(pattern, name, dialect), name)
        const compiled = compileMatcher(pattern, dialect)
        assert.isTrue(Result.isSuccess(compiled))
      })
    }
  }
})

describe("matcher: exact names and | lists", () => {
  for (const dialect of dialects) {
    it(`an exact name matches only that name [${dialect}]`, () => {
      assert.isTrue(matches("Bash", "Bash", dialect))
      assert.isFalse(matches("Bash", "BashOutput", dialect))
      assert.isFalse(matches("Bash", "MyBash", dialect))
      assert.isFalse(matches("Bash", "bash", dialect))
      assert.isFalse(matches("Edit", "NotebookEdit", dialect))
    })

    it(`a | list matches each listed name exactly [${dialect}]`, () => {
      assert.isTrue(matches("Edit|Write", "Edit", dialect))
      assert.isTrue(matches("Edit|Write", "Write", dialect))
      assert.isFalse(matches("Edit|Write", "NotebookEdit", dialect))
      assert.isFalse(matches("Edit|Write", "Edit|Write", dialect))
      assert.isFalse(matches("Edit|Write", "", dialect))
    })

    it(`names with digits and underscores are exact [${dialect}]`, () => {
      assert.isTrue(matches("mcp__github__create_issue", "mcp__github__create_issue", dialect))
      assert.isFalse(matches("mcp__github", "mcp__github__create_issue", dialect))
      assert.isTrue(matches("tool_2|tool_3", "tool_3", dialect))
    })
  }
})

describe("matcher: regular expressions", () => {
  it("wave: regexes are anchored to the whole name (Edit.* does not match NotebookEdit)", () => {
    assert.isTrue(matches("Edit.*", "Edit", "wave"))
    assert.isTrue(matches("Edit.*", "EditFile", "wave"))
    assert.isFalse(matches("Edit.*", "NotebookEdit", "wave"))
    assert.isTrue(matches("mcp__.*", "mcp__github__create_issue", "wave"))
    assert.isFalse(matches("github.*", "mcp__github__create_issue", "wave"))
    assert.isTrue(matches(".*Edit", "NotebookEdit", "wave"))
  })

  it("claude-code: regexes are unanchored (Edit.* matches NotebookEdit)", () => {
    assert.isTrue(matches("Edit.*", "NotebookEdit", "claude-code"))
    assert.isTrue(matches("github.*", "mcp__github__create_issue", "claude-code"))
    assert.isTrue(matches("Edit.*", "Edit", "claude-code"))
    assert.isFalse(matches("Edit.*", "Write", "claude-code"))
  })

  it("the default dialect is wave", () => {
    assert.isFalse(matches("Edit.*", "NotebookEdit"))
    assert.isTrue(matches("Edit.*", "Edit"))
  })

  it("an alternation regex is anchored as a whole in wave", () => {
    assert.isTrue(matches("Edit|Write.*", "WriteFile", "wave"))
    assert.isFalse(matches("Edit|Write.*", "NotebookEdit", "wave"))
    assert.isFalse(matches("Edit|Write.*", "OverWriteX", "wave"))
    assert.isTrue(matches("Edit|Write.*", "NotebookEdit", "claude-code"))
  })

  it("compileMatcher returns a predicate", () => {
    const compiled = compileMatcher("Notebook.*", "wave")
    assert.isTrue(Result.isSuccess(compiled))
    if (Result.isSuccess(compiled)) {
      assert.isTrue(compiled.success("NotebookEdit"))
      assert.isFalse(compiled.success("Edit"))
    }
  })

  for (const dialect of dialects) {
    it(`an invalid regex fails to compile and matches nothing [${dialect}]`, () => {
      for (const pattern of ["(", "Edit(", "[a-", "*Edit", "a{2,1}"]) {
        const compiled = compileMatcher(pattern, dialect)
        assert.isTrue(Result.isFailure(compiled), pattern)
        if (Result.isFailure(compiled)) {
          assert.strictEqual(compiled.failure._tag, "InvalidPattern")
          assert.strictEqual(compiled.failure.pattern, pattern)
          assert.isAbove(compiled.failure.message.length, 0)
        }
        for (const name of names) assert.isFalse(matches(pattern, name, dialect), `${pattern} vs ${name}`)
      }
    })
  }

  it("results do not leak between dialects (cached per dialect)", () => {
    assert.isTrue(matches("Edit.*", "NotebookEdit", "claude-code"))
    assert.isFalse(matches("Edit.*", "NotebookEdit", "wave"))
    assert.isTrue(matches("Edit.*", "NotebookEdit", "claude-code"))
  })
})

describe("matcher: Claude Code's exact-name set (reference 5)", () => {
  it("claude-code: letters, digits, _, space, - and , are exact names, split on | or , and trimmed", () => {
    assert.isTrue(matches("Edit,Write", "Write", "claude-code"))
    assert.isTrue(matches("Edit | Write", "Edit", "claude-code"))
    assert.isTrue(matches("code-reviewer", "code-reviewer", "claude-code"))
    assert.isFalse(
      matches("code-reviewer", "code-reviewer-strict", "claude-code"),
      "an exact name, not an unanchored regex"
    )
    assert.isFalse(matches("Edit,Write", "Edit,Write2", "claude-code"))
  })

  it("claude-code FileChanged and StopFailure keep the narrower set: a - makes the pattern a regular expression", () => {
    const narrow = matcherOptionsOf("FileChanged")
    assert.deepStrictEqual(narrow, { narrowExact: true })
    assert.deepStrictEqual(matcherOptionsOf("StopFailure"), { narrowExact: true })
    assert.deepStrictEqual(matcherOptionsOf("PreToolUse"), {})
    assert.isTrue(matches("my-file", "my-file.txt", "claude-code", narrow), "unanchored regex")
    assert.isFalse(matches("my-file", "my-file.txt", "claude-code"), "exact elsewhere")
  })

  it("wave keeps its own set: a comma or a hyphen makes an anchored regular expression", () => {
    assert.isFalse(matches("Edit,Write", "Write", "wave"))
    assert.isTrue(matches("code-reviewer", "code-reviewer", "wave"))
    assert.isFalse(matches("code-reviewer", "code-reviewer-strict", "wave"))
  })
})
