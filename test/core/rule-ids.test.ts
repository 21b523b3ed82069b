/**
 * The rule ids `decideTraced` reports: the id names the rule, the text says
 * the case without a section number, and every id is in the `rules` table.
 */
import { assert, describe, it } from "@effect/vitest"
import { decideTraced } from "../../src/core/decide.ts"
import { hookEvents } from "../../src/core/events.ts"
import { citationOfRule, rules } from "../../src/core/rule-id.ts"

const run = (exitCode: number, stdout = "") =>
  ({ exitCode, stdout, stderr: "why", timedOut: false, durationMs: 1 }) as never
const wave = { dialect: "wave", onFailure: "continue" } as never
const claudeCode = { dialect: "claude-code", onFailure: "continue" } as never
const ids = (traced: ReadonlyArray<{ readonly id: string }>) => traced.map((t) => t.id)

describe("rule ids", () => {
  it("name the rule of each case", () => {
    assert.deepStrictEqual(ids(decideTraced("PreToolUse", run(2), wave)), ["exit.2"])
    assert.deepStrictEqual(
      ids(
        decideTraced(
          "PreToolUse",
          run(
            0,
            JSON.stringify({
              hookSpecificOutput: {
                hookEventName: "PreToolUse",
                permissionDecision: "deny",
                permissionDecisionReason: "no"
              }
            })
          ),
          wave
        )
      ),
      ["PreToolUse.deny"]
    )
    assert.deepStrictEqual(ids(decideTraced("PermissionDenied", run(1), wave)), ["exit.ignored"])
    assert.deepStrictEqual(ids(decideTraced("Notification", run(2), claudeCode)), ["exit.ignored"])
    assert.deepStrictEqual(ids(decideTraced("PermissionRequest", run(2), claudeCode)), ["claude-code.exit-2-ignored"])
    assert.include(ids(decideTraced("PreToolUse", run(0, "{ not json"), wave)), "stdout.malformed-json")
  })

  it("the text keeps the case (event, exit code) without a section number", () => {
    const [t] = decideTraced("Stop", run(2), wave)
    assert.strictEqual(t!.rule, "Stop exit 2")
    assert.strictEqual(citationOfRule(t!.id), "docs/reference/decision-table.md#no-valid-json-the-exit-code-decides")
  })

  it("every event and exit code gives ids of the table and texts without a number", () => {
    for (const event of hookEvents) {
      for (const policy of [wave, claudeCode]) {
        for (const r of [
          run(0, "text"),
          run(1),
          run(2),
          run(0, "{ not json"),
          run(0, JSON.stringify({ continue: false, systemMessage: "m" }))
        ]) {
          for (const t of decideTraced(event, r, policy)) {
            assert.isTrue(t.id in rules, `${event}: ${t.id}`)
            assert.notMatch(t.rule, /^\d/, `${event}: ${t.rule}`)
          }
        }
      }
    }
  })
})
