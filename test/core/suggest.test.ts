/**
 * "Did you mean ...?" suggestions for misspelt event names.
 */
import { assert, describe, it } from "@effect/vitest"
import { hookEvents } from "../../src/index.ts"
import { closest, editDistance } from "../../src/internal/suggest.ts"

describe("editDistance", () => {
  it("counts insertions, deletions and substitutions, case-insensitively", () => {
    assert.strictEqual(editDistance("", ""), 0)
    assert.strictEqual(editDistance("abc", ""), 3)
    assert.strictEqual(editDistance("", "abc"), 3)
    assert.strictEqual(editDistance("kitten", "sitting"), 3)
    assert.strictEqual(editDistance("PreToolUse", "pretooluse"), 0)
    assert.strictEqual(editDistance("Stop", "Stp"), 1)
  })

  it("is symmetric", () => {
    for (const [a, b] of [
      ["PreToolUse", "PostToolUse"],
      ["Stop", "SubagentStop"],
      ["x", "Notification"]
    ] as const) {
      assert.strictEqual(editDistance(a, b), editDistance(b, a))
    }
  })
})

describe("closest event name", () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["PreTooluse", "PreToolUse"],
    ["pretooluse", "PreToolUse"],
    ["PreToolUsed", "PreToolUse"],
    ["PostToolUSe", "PostToolUse"],
    ["PostToolUseFail", "PostToolUseFailure"],
    ["UserPromptSubmitted", "UserPromptSubmit"],
    ["Stp", "Stop"],
    ["SubagentStp", "SubagentStop"],
    ["SubAgentStart", "SubagentStart"],
    ["SessionStrt", "SessionStart"],
    ["SessionEnded", "SessionEnd"],
    ["Notifications", "Notification"],
    ["PreCompaction", "PreCompact"],
    ["PermissionRequests", "PermissionRequest"]
  ]
  for (const [typo, expected] of cases) {
    it(`${typo} -> ${expected}`, () => {
      assert.strictEqual(closest(typo, hookEvents), expected)
    })
  }

  it("an exact name is its own closest", () => {
    for (const event of hookEvents) assert.strictEqual(closest(event, hookEvents), event)
  })

  it("nothing is suggested when no name is reasonably close", () => {
    assert.isUndefined(closest("xyz", hookEvents))
    assert.isUndefined(closest("completely-different-thing", hookEvents))
    assert.isUndefined(closest("Foo", []))
  })
})
