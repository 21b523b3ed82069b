import { describe, it } from "@effect/vitest"
import { BlockTool, InjectContext } from "../../src/index.ts"
import { given } from "../helpers/given.ts"

describe("decide (smoke)", () => {
  it("blocks a PreToolUse tool call on exit 2 with stderr as the reason", () => {
    given("PreToolUse")
      .whenExit(2, "", "nope\n")
      .then([BlockTool({ reason: "nope" })])
  })
  it("injects UserPromptSubmit stdout as context on exit 0", () => {
    given("UserPromptSubmit")
      .whenExit(0, "branch: main\n")
      .then([InjectContext({ text: "branch: main" })])
  })
})
