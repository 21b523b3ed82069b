/**
 * The built-in demo (`wave-hooks demo`, what `npm start` runs): it finishes
 * on its own in a few seconds, shows every effect kind, and its conversation
 * keeps user-only blocks away from the model.
 */
import { assert, beforeAll, describe, it } from "@effect/vitest"
import { NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { runDemo } from "../../src/demo/demo-session.ts"
import type { DemoReport } from "../../src/demo/demo-session.ts"
import { hookEffectTags } from "../../src/index.ts"
import { ensureCliBuilt, repoRoot, runCli } from "../helpers/cli-process.ts"

describe("runDemo", () => {
  let report: DemoReport
  let output = ""
  let elapsedMs = 0

  beforeAll(async () => {
    const started = Date.now()
    report = await Effect.runPromise(
      runDemo({ write: (text) => void (output += text), color: false }).pipe(Effect.provide(NodeServices.layer))
    )
    elapsedMs = Date.now() - started
  }, 60_000)

  it("finishes without input in a few seconds, answering the permission question itself", () => {
    // About 2.5 s on an idle machine (23 real hook processes); the bound leaves room for a busy one.
    assert.isBelow(elapsedMs, 20_000, `the demo took ${elapsedMs} ms`)
    assert.include(output, '(scripted answer: allow "Bash"; run with --interactive to answer yourself)')
    assert.include(output, "-> you allowed it")
  })

  it("shows all 33 effect kinds, the ten only other agents' hooks ask for among them", () => {
    assert.strictEqual(hookEffectTags.length, 33)
    assert.deepStrictEqual([...report.effectTags].sort(), [...hookEffectTags].sort())
    assert.include(output, `effect kinds shown: ${hookEffectTags.length} of ${hookEffectTags.length}.`)
    assert.isAtLeast(report.hookRuns, 33)
    assert.include(
      output,
      "> prompt rewritten (the model sees): tidy the build folder (the project cleans with npm run clean)"
    )
    assert.include(output, '~ tools restricted: ANY ["read_file","glob"]')
    assert.include(output, '~ model request changed: {"config":{"temperature":0}}')
    assert.include(output, "x model request blocked (you see): The daily token budget is spent.")
    assert.include(output, "~ a hook answers for the model:")
    assert.include(output, "~ model answer replaced:")
    assert.include(output, "Cursor (.cursor/hooks.json): a sessionStart hook sets a variable")
    assert.include(output, '~ environment for later hooks: {"DEMO_STAGE":"review"}')
    assert.include(output, '~ next tool call: run_shell_command {"command":"npx eslint src/hello.js"}')
    assert.include(output, "~ the model's history is cleared")
    assert.include(output, "> subagent's answer replaced (the model sees): Findings: 2 (details redacted).")
  })

  it("the conversation holds the session's messages", () => {
    const c = report.conversation
    assert.isAtLeast(c.messages.length, 5)
    const view = c.userView().join("\n")
    assert.include(view, "tidy the build folder and add a greeting to src/hello.js")
    assert.include(view, "Your prompt contains a password; it was not sent.")
    const tools = c.messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === "tool" ? [b] : [])))
    assert.deepStrictEqual(
      tools.map((t) => [t.name, t.status]),
      [
        ["Bash", "done"],
        ["Bash", "denied"],
        ["Write", "done"],
        ["Read", "done"],
        ["Bash", "done"],
        ["Bash", "done"],
        ["Schedule", "denied"],
        ["Deploy", "denied"]
      ]
    )
    // A deferred call does not run; the model learns it was deferred (issue 12).
    assert.strictEqual(tools[6]?.result, "The tool call did not run: a hook deferred it.")
    assert.strictEqual(
      tools[1]?.result,
      "rm -rf is not allowed in this project; delete generated files with npm run clean."
    )
    assert.strictEqual(tools[3]?.result, "PORT=8080\nAPI_TOKEN=[redacted]")
    assert.deepStrictEqual(tools[5]?.input, { command: "npm test -- --reporter=dot" })
    const blocks = c.messages.flatMap((m) => m.blocks)
    const userOnly = blocks.filter((b) => b.type === "warn" || b.type === "error").length
    assert.isAbove(userOnly, 0)
    assert.include(
      output,
      `The conversation holds ${c.messages.length} messages with ${blocks.length} blocks; ` +
        `the ${userOnly} user-only warnings and errors stay out of the ${c.toModelMessages().length} messages the model would be sent.`
    )
  })

  it("toModelMessages leaves out the user-only blocks and the blocked prompt", () => {
    const c = report.conversation
    const userOnly = c.messages.flatMap((m) =>
      m.blocks.flatMap((b) => (b.type === "warn" || b.type === "error" ? [b.text] : []))
    )
    assert.isAtLeast(userOnly.length, 4, "the demo shows warnings and errors to the user")
    const sent = JSON.stringify(c.toModelMessages())
    for (const text of userOnly)
      assert.notInclude(sent, JSON.stringify(text).slice(1, -1), `user-only "${text}" reached the model`)
    assert.notInclude(sent, "hunter2", "the blocked prompt is erased")
    assert.notInclude(sent, "sk-live-1234", "the redacted output replaced the secret")
    assert.include(sent, "Run the tests (npm test) and report the result before you stop.")
    assert.include(sent, "Hook feedback: The formatter rewrote src/hello.js")
    assert.deepStrictEqual(
      c.diagnostics.map((d) => d.code),
      ["noisy-stdout"]
    )
    assert.notInclude(sent, "stdout had")
  })
})

describe("wave-hooks demo as a process", () => {
  beforeAll(ensureCliBuilt, 180_000)

  it("`node dist/bin.js demo` exits 0 without input and shows every effect kind", async () => {
    const r = await runCli(["demo"], { env: { ...process.env, NO_COLOR: "1" }, timeoutMs: 60_000 })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.include(r.stdout, `${hookEffectTags.length} of ${hookEffectTags.length}`)
    assert.strictEqual(r.stderr, "")
  }, 90_000)

  it("`npm start` bundles the CLI when it is stale, then runs the demo", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }
    assert.strictEqual(pkg.scripts["start"], "node scripts/ensure-cli-built.ts && node dist/bin.js demo")
  })
})
