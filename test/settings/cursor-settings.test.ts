/**
 * Cursor's hooks.json read in the cursor dialect (ARCHITECTURE 5.3.3; Cursor's hooks documentation as
 * /work/shared/research/agent-dialects.md section 4.1 records it), and how its events are planned.
 */
import { assert, describe, it } from "@effect/vitest"
import { validateSettings } from "../../src/index.ts"
import { buildPayload } from "../../src/core/payload.ts"
import { layerSettings, matchValueOf, planHooks } from "../../src/settings/plan.ts"

const hooksJson = (
  hooks: unknown,
  extra: Record<string, unknown> = { version: 1 },
  scope: "project" | "user" = "project"
) =>
  validateSettings(JSON.stringify({ ...extra, hooks }), {
    file: scope === "project" ? "/p/.cursor/hooks.json" : "/home/u/.cursor/hooks.json",
    scope,
    dialect: "cursor",
    format: "json",
    keys: "flat-hooks-file"
  })

const planned = (
  hooks: unknown,
  event: "PreToolUse" | "PostToolUse",
  payload: Record<string, unknown>,
  agentEvent?: string
) =>
  planHooks(layerSettings([hooksJson(hooks)], "cursor"), event, payload, agentEvent === undefined ? {} : { agentEvent })
    .steps.flatMap((step) => (step._tag === "Sequential" ? [step.hook] : step.hooks))
    .map((hook) => hook.command)

describe("cursor settings: the flat hooks file", () => {
  it("reads each entry as a hook with its own matcher, under Cursor's event name", () => {
    const file = hooksJson({
      beforeShellExecution: [{ command: "./guard.sh", matcher: "rm -rf", timeout: 10 }],
      preToolUse: [{ command: "./tools.sh", type: "command", matcher: "Shell|Write" }]
    })
    assert.deepStrictEqual(file.diagnostics, [])
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.event, h.agentEvent, h.matcher, h.command, h.timeoutSeconds, h.path]),
      [
        ["PreToolUse", "beforeShellExecution", "rm -rf", "./guard.sh", 10, "$.hooks.beforeShellExecution[0]"],
        ["PreToolUse", "preToolUse", "Shell|Write", "./tools.sh", undefined, "$.hooks.preToolUse[0]"]
      ]
    )
  })

  it("reads failClosed as onFailure block, and reports a failClosed that is not a boolean", () => {
    const file = hooksJson({
      beforeMCPExecution: [
        { command: "./a.sh", failClosed: true },
        { command: "./b.sh", failClosed: false },
        { command: "./c.sh", failClosed: "yes" }
      ]
    })
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.command, h.onFailure]),
      [
        ["./a.sh", "block"],
        ["./b.sh", "continue"]
      ]
    )
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path]),
      [["error", "$.hooks.beforeMCPExecution[2].failClosed"]]
    )
  })

  it("reads loop_limit on stop and subagentStop (null: no limit), and nowhere else", () => {
    const file = hooksJson({
      stop: [
        { command: "./a.sh", loop_limit: 2 },
        { command: "./b.sh", loop_limit: null },
        { command: "./c.sh", loop_limit: -1 }
      ],
      preToolUse: [{ command: "./d.sh", loop_limit: 3 }]
    })
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.command, h.loopLimit]),
      [
        ["./a.sh", 2],
        ["./b.sh", null],
        ["./d.sh", undefined]
      ]
    )
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path]),
      [
        ["error", "$.hooks.stop[2].loop_limit"],
        ["warning", "$.hooks.preToolUse[0].loop_limit"]
      ]
    )
  })

  it("warns about a version other than 1 and about unknown top-level keys, and still reads the hooks", () => {
    const file = hooksJson({ stop: [{ command: "./a.sh" }] }, { version: 2, hook: {} })
    assert.strictEqual(file.hooks.length, 1)
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path, d.fix]),
      [
        ["warning", "$.hook", 'did you mean "hooks"?'],
        ["warning", "$.version", 'write "version": 1']
      ]
    )
  })

  it("skips a hook of a type Cursor does not run, with a warning that runs count as a skipped entry", () => {
    const file = hooksJson({ preToolUse: [{ type: "http", url: "http://127.0.0.1:9/x" }, { command: "./ok.sh" }] })
    assert.deepStrictEqual(
      file.hooks.map((h) => h.command),
      ["./ok.sh"]
    )
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path, d.skipped]),
      [["warning", "$.hooks.preToolUse[0].type", true]]
    )
  })

  it("skips an entry without a command, naming its path", () => {
    const file = hooksJson({ stop: [{ matcher: "x" }, { command: "./ok.sh" }] })
    assert.deepStrictEqual(
      file.hooks.map((h) => h.command),
      ["./ok.sh"]
    )
    assert.include(file.diagnostics[0]?.path, "$.hooks.stop[0]")
  })
})

describe("cursor planning: several Cursor events fire one internal event", () => {
  const hooks = {
    beforeShellExecution: [{ command: "./shell.sh", matcher: "push --force" }],
    preToolUse: [{ command: "./tool.sh", matcher: "Shell" }],
    beforeReadFile: [{ command: "./read.sh" }]
  }
  const payload = { command: "git push --force origin main", tool_name: "Shell" }

  it("runs only the hooks configured under the Cursor event that fired", () => {
    assert.deepStrictEqual(planned(hooks, "PreToolUse", payload, "beforeShellExecution"), ["./shell.sh"])
    assert.deepStrictEqual(planned(hooks, "PreToolUse", payload, "preToolUse"), ["./tool.sh"])
    assert.deepStrictEqual(planned(hooks, "PreToolUse", payload, "beforeReadFile"), ["./read.sh"])
  })

  it("runs every Cursor event of the internal event when a host fires it by its internal name", () => {
    assert.deepStrictEqual(planned(hooks, "PreToolUse", payload), ["./shell.sh", "./tool.sh", "./read.sh"])
    assert.deepStrictEqual(planned(hooks, "PreToolUse", payload, "PreToolUse"), [
      "./shell.sh",
      "./tool.sh",
      "./read.sh"
    ])
  })

  it("tests each hook's matcher against its own event's field: the command text, or the tool type", () => {
    assert.strictEqual(
      matchValueOf("PreToolUse", payload, "cursor", "beforeShellExecution"),
      "git push --force origin main"
    )
    assert.strictEqual(matchValueOf("PreToolUse", payload, "cursor", "preToolUse"), "Shell")
    assert.deepStrictEqual(planned(hooks, "PreToolUse", { command: "npm test", tool_name: "Read" }), ["./read.sh"])
  })

  it("reads every matcher as an unanchored regular expression, a plain word too (rm matches rm -rf /)", () => {
    const guards = {
      beforeShellExecution: [
        { command: "./rm.sh", matcher: "rm" },
        { command: "./git.sh", matcher: "^git " }
      ]
    }
    assert.deepStrictEqual(planned(guards, "PreToolUse", { command: "rm -rf /" }, "beforeShellExecution"), ["./rm.sh"])
    assert.deepStrictEqual(planned(guards, "PreToolUse", { command: "sudo rm -rf /" }, "beforeShellExecution"), [
      "./rm.sh"
    ])
    assert.deepStrictEqual(planned(guards, "PreToolUse", { command: "git push" }, "beforeShellExecution"), ["./git.sh"])
    assert.deepStrictEqual(
      planned(
        { preToolUse: [{ command: "./mcp.sh", matcher: "MCP" }] },
        "PreToolUse",
        { tool_name: "MCP:query" },
        "preToolUse"
      ),
      ["./mcp.sh"]
    )
  })

  it("builds Cursor's payload without session fields, named by the event that fired", () => {
    const session = { session_id: "s", transcript_path: "/t", cwd: "/p" }
    assert.deepStrictEqual(
      buildPayload("PreToolUse", { command: "ls" }, session, "cursor", { agentEvent: "beforeShellExecution" }),
      {
        hook_event_name: "beforeShellExecution",
        command: "ls"
      }
    )
    assert.deepStrictEqual(buildPayload("Stop", { loop_count: 0 }, session, "cursor"), {
      hook_event_name: "stop",
      loop_count: 0
    })
    assert.strictEqual(buildPayload("Stop", {}, session, "claude-code").session_id, "s")
  })
})
