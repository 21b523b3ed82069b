/**
 * `parseRunRequest` (the web host's `POST /run`) checks payloads with
 * `checkPayload` (ARCHITECTURE 8): an optional field of an unexpected type is
 * reported with the run, a field the event needs refuses the request.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { parseRunRequest } from "../../src/hosts/web/run-endpoint.ts"

describe("POST /run payloads", () => {
  it("a request whose payload has an optional field of an unexpected type is accepted with its problems", () => {
    const parsed = parseRunRequest(JSON.stringify({ event: "SessionStart", payload: { source: "startup", model: 3 } }))
    assert.isTrue(Result.isSuccess(parsed))
    const request = Result.getOrThrow(parsed)
    assert.deepStrictEqual(
      request.problems?.map((d) => d.code),
      ["invalid-field"]
    )
  })

  it("a request whose payload misses a field the event needs still runs, the field reported as needed (issue 12)", () => {
    const parsed = parseRunRequest(JSON.stringify({ event: "PreToolUse", payload: { tool_input: {} } }))
    assert.isTrue(Result.isSuccess(parsed))
    const problems = Result.isSuccess(parsed) ? (parsed.success.problems ?? []) : []
    assert.isTrue(
      problems.some(
        (d) => d.message.includes("$.tool_name") && d.message.includes("PreToolUse hooks expect this field")
      )
    )
  })
})
