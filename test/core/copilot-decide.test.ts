/**
 * The copilot dialect's decision rows (ARCHITECTURE 5.3.4; GitHub's hooks reference as
 * /work/shared/research/agent-dialects.md sections 5.3 and 5.4 record it), given/when/then.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  AllowTool,
  AskPermission,
  BlockStop,
  BlockTool,
  InjectContext,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import type { HookEvent } from "../../src/index.ts"
import { given } from "../helpers/given.ts"

const copilot = (event: HookEvent, agentEvent: string) => given(event).inDialect("copilot").asAgentEvent(agentEvent)
const progress = (message: string) => JSON.stringify({ type: "progress", message })

describe("copilot: the camelCase events' answers", () => {
  it("denies, asks or allows with preToolUse's top-level fields, and rewrites the arguments", () => {
    copilot("PreToolUse", "preToolUse")
      .whenJson({ permissionDecision: "deny", permissionDecisionReason: "no rm -rf" })
      .then([BlockTool({ reason: "no rm -rf" })])
    copilot("PreToolUse", "preToolUse")
      .whenJson({ permissionDecision: "ask", permissionDecisionReason: "Push?" })
      .then([AskPermission({ reason: "Push?" })])
    copilot("PreToolUse", "preToolUse").whenJson({ permissionDecision: "allow" }).then([AllowTool()])
    copilot("PreToolUse", "preToolUse")
      .whenJson({ modifiedArgs: { command: "npm test -- --silent" } })
      .then([UpdateInput({ input: { command: "npm test -- --silent" } })])
  })

  it("reads postToolUse's modifiedResult and context, agentStop's block, permissionRequest's verdict", () => {
    copilot("PostToolUse", "postToolUse")
      .whenJson({ modifiedResult: { resultType: "success", textResultForLlm: "[redacted]" } })
      .then([UpdateToolOutput({ output: "[redacted]" })])
    copilot("Stop", "agentStop")
      .whenJson({ decision: "block", reason: "run the tests" })
      .then([BlockStop({ reason: "run the tests" })])
    copilot("PermissionRequest", "permissionRequest")
      .whenJson({ behavior: "deny", message: "stop", interrupt: true })
      .then([BlockTool({ reason: "stop" }), StopAgent({ reason: "stop" })])
    copilot("SessionStart", "sessionStart")
      .whenJson({ additionalContext: "use pnpm" })
      .then([InjectContext({ text: "use pnpm" })])
  })

  it("reads Claude Code's answer under a PascalCase name, untranslated", () => {
    copilot("PreToolUse", "PreToolUse")
      .whenJson({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
      })
      .then([BlockTool({ reason: "no" })])
  })

  it("drops what a command hook answers on userPromptSubmitted, and says so", () => {
    const outcome = copilot("UserPromptSubmit", "userPromptSubmitted").whenJson({ modifiedPrompt: "other" })
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["discarded-field"])
    assert.deepStrictEqual(outcome.withTag("BlockPrompt"), [])
  })
})

describe("copilot: reading stdout", () => {
  it("removes progress lines before it reads the answer", () => {
    copilot("PreToolUse", "preToolUse")
      .whenExit(
        0,
        `${progress("checking")}\n${JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "no" })}`
      )
      .then([BlockTool({ reason: "no" })])
  })

  it("reads two JSON objects, or a log line before the JSON, as no answer, and tells the author", () => {
    const deny = JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "no" })
    const twice = copilot("PreToolUse", "preToolUse").whenExit(0, `${deny}\n${deny}`)
    assert.deepStrictEqual(twice.withTag("BlockTool"), [])
    assert.deepStrictEqual(twice.diagnosticCodes(), ["malformed-json"])
    copilot("PreToolUse", "preToolUse").whenExit(0, "all good").thenNothing()
  })
})

describe("copilot: exit codes, crashes and timeouts", () => {
  it("denies on preToolUse exit 2, with the answer's reason, else stderr", () => {
    copilot("PreToolUse", "preToolUse")
      .whenExit(2, JSON.stringify({ permissionDecisionReason: "lint failed" }), "3 errors")
      .then([BlockTool({ reason: "lint failed" })])
    copilot("PreToolUse", "preToolUse")
      .whenExit(2, JSON.stringify({ permissionDecision: "allow" }), "3 errors")
      .then([BlockTool({ reason: "3 errors" })])
  })

  it("denies on permissionRequest exit 2 with stdout's message, never stderr", () => {
    copilot("PermissionRequest", "permissionRequest")
      .whenExit(2, JSON.stringify({ message: "no .env reads" }), "denied")
      .then([BlockTool({ reason: "no .env reads" })])
    copilot("PermissionRequest", "permissionRequest")
      .whenExit(2, "", "denied")
      .then([BlockTool({ reason: "Denied by permissionRequest hook (exit 2)." })])
  })

  it("gives postToolUseFailure's exit 2 stdout to the model as guidance, and warns elsewhere", () => {
    copilot("PostToolUseFailure", "postToolUseFailure")
      .whenExit(2, "use --legacy-peer-deps", "")
      .then([InjectContext({ text: "use --legacy-peer-deps" })])
    copilot("Stop", "agentStop")
      .whenExit(2, "", "3 TODOs left")
      .then([ShowUser({ level: "warning", text: "3 TODOs left" })])
  })

  it("denies when a preToolUse hook crashes, and only there", () => {
    const crashed = copilot("PreToolUse", "preToolUse").whenExit(
      1,
      JSON.stringify({ permissionDecision: "allow" }),
      "no audit dir"
    )
    assert.include(crashed.withTag("BlockTool")[0]?.reason, "hook errored")
    assert.include(
      copilot("PreToolUse", "preToolUse").whenRun({ exitCode: null, spawnError: "ENOENT" }).withTag("BlockTool")[0]
        ?.reason,
      "hook errored"
    )
    copilot("PostToolUse", "postToolUse")
      .whenExit(1, "", "oops")
      .then([ShowUser({ level: "error", text: "oops" })])
  })

  it("never blocks on a timeout, whatever the hook's onFailure: a warning", () => {
    for (const onFailure of ["continue", "block"] as const) {
      const outcome = given("PreToolUse")
        .inDialect("copilot")
        .onFailure(onFailure)
        .asAgentEvent("preToolUse")
        .whenRun({ exitCode: null, timedOut: true, durationMs: 1000 })
      assert.deepStrictEqual(outcome.withTag("BlockTool"), [], onFailure)
      assert.strictEqual(outcome.withTag("ShowUser")[0]?.level, "warning", onFailure)
    }
  })
})
