/**
 * The model hooks' configuration (OPENAI_*, WAVE_HOOKS_MODEL) does not reach
 * hook processes that inherit the environment (issue 13).
 */
import { assert, describe, it } from "@effect/vitest"
import { hookEnvironment, isModelVariable } from "../../src/runner/hook-env.ts"

const parent = {
  PATH: "/bin",
  HOME: "/home/u",
  CI: "1",
  OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
  OPENAI_API_KEY: "sk-secret",
  OPENAI_ORG_ID: "org",
  WAVE_HOOKS_MODEL: "llama3.2",
  MY_OPENAI_THING: "kept"
}

describe("hookEnvironment and the model variables", () => {
  it("does not pass OPENAI_* or WAVE_HOOKS_MODEL to a hook that inherits the environment", () => {
    const env = hookEnvironment(parent, undefined, "/p", "wave")
    assert.deepStrictEqual(env, {
      PATH: "/bin",
      HOME: "/home/u",
      CI: "1",
      MY_OPENAI_THING: "kept",
      WAVE_PROJECT_DIR: "/p"
    })
  })

  it("passes one when the hook names it in its env list", () => {
    const env = hookEnvironment(parent, ["OPENAI_API_KEY"], "/p", "claude-code")
    assert.deepStrictEqual(env, {
      PATH: "/bin",
      HOME: "/home/u",
      OPENAI_API_KEY: "sk-secret",
      WAVE_PROJECT_DIR: "/p",
      CLAUDE_PROJECT_DIR: "/p"
    })
  })

  it("isModelVariable names exactly the prefix and the model variable", () => {
    assert.isTrue(isModelVariable("OPENAI_BASE_URL"))
    assert.isTrue(isModelVariable("OPENAI_API_KEY"))
    assert.isTrue(isModelVariable("WAVE_HOOKS_MODEL"))
    assert.isFalse(isModelVariable("OPENAI"))
    assert.isFalse(isModelVariable("openai_api_key"))
    assert.isFalse(isModelVariable("WAVE_HOOKS_MODEL_X"))
  })
})
