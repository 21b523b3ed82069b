/**
 * `wave-hooks test <hook> --event E --payload F --expect F` as a real process
 * (ARCHITECTURE section 8: how hook authors test their hooks), and the effect
 * comparison behind it (section 3: multisets, except the relative order of
 * InjectContext, PromptModel and ShowUser).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { HookEffect } from "../../src/index.ts"
import { diffEffects, formatEffectsDiff, sameEffects } from "../../src/core/compare-effects.ts"
import {
  AllowTool,
  AskPermission,
  BlockTool,
  Diagnostic,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput
} from "../../src/index.ts"
import { hookEffectArb } from "../../property-tests/arbitraries/effects.ts"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, repoRoot, runCli } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { makeProject, removeTempProjects, shq } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const guardRm = join(repoRoot, "examples", "demo", "hooks", "guard-rm.sh")
const examplePayload = join(repoRoot, "examples", "hook-tests", "guard-rm.payload.json")
const exampleExpect = join(repoRoot, "examples", "hook-tests", "guard-rm.expect.json")
const guardReason = "rm -rf is not allowed in this project; delete generated files with npm run clean."

/** Write a fixture file in the project's root folder (outside the project dir); returns its path. */
const fixture = (p: TempProject, name: string, content: unknown): string => {
  const path = join(p.root, name)
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content))
  return path
}

const test = (p: TempProject, args: ReadonlyArray<string>): Promise<CliResult> =>
  runCli(["test", ...args], { env: { ...p.env, NO_COLOR: "1" }, cwd: p.dir, timeoutMs: 40_000 })

const lines = (text: string): ReadonlyArray<string> => text.split("\n").map((l) => l.trim())

// Sequential: each test starts node (and the hook) once or a few times; on a busy
// two-core machine running them all at once only makes each slower.
describe("wave-hooks test (real process)", { timeout: 120_000 }, () => {
  it("a claude-code SessionStart hook under set -u gets an env file; its variables are printed", async () => {
    const p = makeProject()
    const payload = fixture(p, "start.json", { source: "startup" })
    const expect = fixture(p, "start.expect.json", { effects: [] })
    const hook = 'set -u; echo "export MODE=\'dev mode\'" >> "$CLAUDE_ENV_FILE"'
    const r = await test(p, [
      hook,
      "--event",
      "SessionStart",
      "--payload",
      payload,
      "--expect",
      expect,
      "--dialect",
      "claude-code"
    ])
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /^ok: SessionStart: the hook exited 0/m)
    assert.include(r.stdout, `env file: MODE="dev mode"`)
  })

  it('the shipped example matches: exit 0 and "ok"', async () => {
    const p = makeProject()
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", exampleExpect])
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /^ok: PreToolUse: the hook exited 2 in \d+ ms and produced the 1 expected effect\.$/m)
    assert.strictEqual(r.stderr, "")
  })

  it('a bare list of effects works as well as {"effects": [...]}, and key order does not matter', async () => {
    const p = makeProject()
    const expect = fixture(p, "expect.json", `[{"reason": ${JSON.stringify(guardReason)}, "_tag": "BlockTool"}]`)
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", expect])
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /^ok: /m)
  })

  it("a hook that produces nothing matches an empty list", async () => {
    const p = makeProject()
    const payload = fixture(p, "payload.json", { tool_name: "Bash", tool_input: { command: "npm test" } })
    const expect = fixture(p, "expect.json", { effects: [] })
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", payload, "--expect", expect])
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /exited 0 in \d+ ms and produced the 0 expected effects\./)
  })

  it("a hook script of the project (relative command, run in the project dir) matches its JSON answer", async () => {
    const p = makeProject()
    p.writeFile(
      "hooks/context.sh",
      `#!/bin/sh\ncat > /dev/null\nprintf '%s\\n' ${shq(JSON.stringify({ systemMessage: "linted", hookSpecificOutput: { additionalContext: "branch: main" } }))}\n`
    )
    const payload = fixture(p, "payload.json", { prompt: "fix it" })
    const expect = fixture(p, "expect.json", {
      effects: [ShowUser({ level: "warning", text: "linted" }), InjectContext({ text: "branch: main" })]
    })
    const r = await test(p, [
      "./hooks/context.sh",
      "--event",
      "UserPromptSubmit",
      "--payload",
      payload,
      "--expect",
      expect
    ])
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /produced the 2 expected effects/)
  })

  it("a mismatch exits 1 with a readable diff: - expected lines, + produced lines", async () => {
    const p = makeProject()
    const expect = fixture(p, "expect.json", {
      effects: [BlockTool({ reason: "rm is forbidden" }), ShowUser({ level: "info", text: "guarded" })]
    })
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", expect])
    assert.strictEqual(r.status, 1, r.stdout + r.stderr)
    const out = lines(r.stdout)
    assert.match(
      r.stdout,
      new RegExp(
        `^FAIL: PreToolUse: the hook exited 2 in \\d+ ms; its effects differ from ${expect.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:$`,
        "m"
      )
    )
    assert.includeMembers(
      [...out],
      [
        "expected but not produced:",
        `- {"_tag":"BlockTool","reason":"rm is forbidden"}`,
        `- {"_tag":"ShowUser","level":"info","text":"guarded"}`,
        "produced but not expected:",
        `+ {"_tag":"BlockTool","reason":${JSON.stringify(guardReason)}}`,
        `hook stderr: ${guardReason}`
      ]
    )
    assert.isBelow(out.indexOf("expected but not produced:"), out.indexOf("produced but not expected:"))
  })

  it("the same effects in another order of InjectContext / ShowUser is a mismatch (exit 1)", async () => {
    const p = makeProject()
    p.writeFile(
      "hooks/context.sh",
      `#!/bin/sh\nprintf '%s\\n' ${shq(JSON.stringify({ systemMessage: "first", hookSpecificOutput: { additionalContext: "second" } }))}\n`
    )
    const payload = fixture(p, "payload.json", { prompt: "fix it" })
    const expect = fixture(p, "expect.json", [
      InjectContext({ text: "second" }),
      ShowUser({ level: "warning", text: "first" })
    ])
    const r = await test(p, [
      "./hooks/context.sh",
      "--event",
      "UserPromptSubmit",
      "--payload",
      payload,
      "--expect",
      expect
    ])
    assert.strictEqual(r.status, 1, r.stdout + r.stderr)
    assert.include(r.stdout, "the same effects, but InjectContext / PromptModel / ShowUser came in another order:")
    const out = lines(r.stdout)
    const minus = out.indexOf(`- {"_tag":"InjectContext","text":"second"}`)
    const plus = out.indexOf(`+ {"_tag":"ShowUser","level":"warning","text":"first"}`)
    assert.isAtLeast(minus, 0)
    assert.isAbove(plus, minus)
  })

  it("a missing duplicate is a mismatch (multisets, not sets)", async () => {
    const p = makeProject()
    const expect = fixture(p, "expect.json", [BlockTool({ reason: guardReason }), BlockTool({ reason: guardReason })])
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", expect])
    assert.strictEqual(r.status, 1, r.stdout + r.stderr)
    assert.include(lines(r.stdout), `- {"_tag":"BlockTool","reason":${JSON.stringify(guardReason)}}`)
    assert.notInclude(r.stdout, "produced but not expected")
  })

  it("an --expect file that is not JSON: exit 2 with a message naming the file", async () => {
    const p = makeProject()
    const expect = fixture(p, "expect.json", "{ effects: [")
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", expect])
    assert.strictEqual(r.status, 2, r.stdout + r.stderr)
    assert.include(r.stderr, `--expect ${expect} is not valid JSON`)
    assert.include(r.stderr, "Usage: wave-hooks test <hook-command>")
    assert.strictEqual(r.stdout, "")
  })

  it("an unknown _tag: exit 2 naming the effect and the valid tags", async () => {
    const p = makeProject()
    const expect = fixture(p, "expect.json", { effects: [{ _tag: "AllowTool" }, { _tag: "Deny", reason: "no" }] })
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", expect])
    assert.strictEqual(r.status, 2, r.stdout + r.stderr)
    assert.include(r.stderr, `--expect ${expect}: effect [1] has no known "_tag" (found {"_tag":"Deny","reason":"no"})`)
    assert.include(r.stderr, "Valid tags: AllowTool, AskPermission, BlockTool")
  })

  it("an effect with a missing field, or no list at all: exit 2", async () => {
    const p = makeProject()
    const missing = fixture(p, "missing.json", [{ _tag: "BlockTool" }])
    const r1 = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", missing])
    assert.strictEqual(r1.status, 2, r1.stdout + r1.stderr)
    assert.include(r1.stderr, `--expect ${missing} does not hold a list of effects`)
    assert.include(r1.stderr, "reason")
    const notList = fixture(p, "not-list.json", { effect: { _tag: "BlockTool", reason: "x" } })
    const r2 = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload, "--expect", notList])
    assert.strictEqual(r2.status, 2, r2.stdout + r2.stderr)
    assert.include(r2.stderr, `--expect ${notList} does not hold a list of effects`)
  })

  it("without --expect: exit 0, stdout is the shipped expect file's effects in the expect-file format, the summary on stderr", async () => {
    const p = makeProject()
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", examplePayload])
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.deepStrictEqual(JSON.parse(r.stdout), JSON.parse(readFileSync(exampleExpect, "utf8")))
    assert.strictEqual(
      r.stdout,
      `${JSON.stringify({ effects: [{ _tag: "BlockTool", reason: guardReason }] }, null, 2)}\n`
    )
    assert.match(
      r.stderr,
      /^PreToolUse: the hook exited 2 in \d+ ms and produced 1 effect, printed above as an expect file; save it/m
    )
  })

  it("without --expect, what is printed is an expect file the same hook then passes (several kinds of effects, saved as the user would)", async () => {
    const p = makeProject()
    p.writeFile(
      "hooks/context.sh",
      `#!/bin/sh\ncat > /dev/null\necho checked >&2\nprintf '%s\\n' ${shq(
        JSON.stringify({
          systemMessage: "linted",
          hookSpecificOutput: { additionalContext: "branch: main", updatedInput: { command: "ls" } }
        })
      )}\n`
    )
    const payload = fixture(p, "payload.json", { tool_name: "Bash", tool_input: { command: "ls -la" } })
    const first = await test(p, ["./hooks/context.sh", "--event", "PreToolUse", "--payload", payload])
    assert.strictEqual(first.status, 0, first.stdout + first.stderr)
    assert.include(first.stderr, "hook stderr: checked")
    const printed = JSON.parse(first.stdout) as { effects: ReadonlyArray<{ _tag: string }> }
    assert.deepStrictEqual(printed.effects.map((e) => e._tag).sort(), ["InjectContext", "ShowUser", "UpdateInput"])
    const saved = fixture(p, "saved.expect.json", first.stdout)
    const second = await test(p, [
      "./hooks/context.sh",
      "--event",
      "PreToolUse",
      "--payload",
      payload,
      "--expect",
      saved
    ])
    assert.strictEqual(second.status, 0, second.stdout + second.stderr)
    assert.match(second.stdout, /^ok: PreToolUse: the hook exited 0 in \d+ ms and produced the 3 expected effects\.$/m)
  })

  it("without --expect, a hook that produces nothing prints an empty expect file", async () => {
    const p = makeProject()
    const payload = fixture(p, "payload.json", { tool_name: "Bash", tool_input: { command: "npm test" } })
    const r = await test(p, [guardRm, "--event", "PreToolUse", "--payload", payload])
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.strictEqual(r.stdout, `{\n  "effects": []\n}\n`)
  })

  it("bad arguments: unknown event, payload not an object, unreadable file: exit 2", async () => {
    const p = makeProject()
    const r1 = await test(p, [guardRm, "--event", "PreTool", "--payload", examplePayload, "--expect", exampleExpect])
    assert.strictEqual(r1.status, 2, r1.stdout + r1.stderr)
    assert.include(r1.stderr, "PreToolUse")
    const payload = fixture(p, "payload.json", [1, 2])
    const r2 = await test(p, [guardRm, "--event", "PreToolUse", "--payload", payload, "--expect", exampleExpect])
    assert.strictEqual(r2.status, 2, r2.stdout + r2.stderr)
    assert.include(r2.stderr, `--payload ${payload} must hold a JSON object of PreToolUse fields.`)
    const r3 = await test(p, [
      guardRm,
      "--event",
      "PreToolUse",
      "--payload",
      join(p.root, "nope.json"),
      "--expect",
      exampleExpect
    ])
    assert.strictEqual(r3.status, 2, r3.stdout + r3.stderr)
    assert.include(r3.stderr, `Could not read --payload ${join(p.root, "nope.json")}`)
  })
})

// ====== The comparison ======

const a = InjectContext({ text: "a" })
const b = InjectContext({ text: "b" })

describe("diffEffects / sameEffects", () => {
  it("equal lists are the same, with nothing missing or unexpected", () => {
    const list = [
      BlockTool({ reason: "no" }),
      ShowUser({ level: "info", text: "x" }),
      Diagnostic({ code: "unknown-field", message: "m" })
    ]
    assert.deepStrictEqual(diffEffects(list, list), { missing: [], unexpected: [], orderDiffers: false })
    assert.isTrue(sameEffects(list, [...list]))
    assert.isTrue(sameEffects([], []))
  })

  it("compares as multisets: a duplicate counts", () => {
    const deny = BlockTool({ reason: "no" })
    assert.deepStrictEqual(diffEffects([deny, deny], [deny]), { missing: [deny], unexpected: [], orderDiffers: false })
    assert.deepStrictEqual(diffEffects([deny], [deny, deny]), { missing: [], unexpected: [deny], orderDiffers: false })
    assert.isFalse(sameEffects([deny, deny], [deny]))
  })

  it("reports what is missing and what is unexpected", () => {
    const diff = diffEffects([AllowTool(), BlockTool({ reason: "no" })], [AllowTool(), BlockTool({ reason: "never" })])
    assert.deepStrictEqual(diff, {
      missing: [BlockTool({ reason: "no" })],
      unexpected: [BlockTool({ reason: "never" })],
      orderDiffers: false
    })
  })

  it("the order of other effects does not matter", () => {
    const list: ReadonlyArray<HookEffect> = [
      StopAgent({ reason: "s" }),
      BlockTool({ reason: "no" }),
      Diagnostic({ code: "noisy-stdout", message: "d" }),
      AskPermission(),
      UpdateInput({ input: { a: 1 } })
    ]
    assert.isTrue(sameEffects(list, [...list].reverse()))
    assert.isTrue(sameEffects(list, [list[2]!, list[0]!, list[4]!, list[1]!, list[3]!]))
  })

  it("the relative order of InjectContext, PromptModel and ShowUser matters", () => {
    assert.deepStrictEqual(diffEffects([a, b], [b, a]), { missing: [], unexpected: [], orderDiffers: true })
    assert.isFalse(sameEffects([a, b], [b, a]))
    const show = ShowUser({ level: "warning", text: "w" })
    const prompt = PromptModel({ text: "p" })
    assert.isFalse(sameEffects([show, prompt], [prompt, show]))
    assert.isFalse(sameEffects([a, prompt], [prompt, a]))
  })

  it("ordered kinds may move around other effects as long as their own order holds", () => {
    const deny = BlockTool({ reason: "no" })
    const diag = Diagnostic({ code: "invalid-field", message: "m" })
    assert.isTrue(sameEffects([a, deny, b, diag], [diag, deny, a, b]))
    assert.isTrue(sameEffects([a, b], [a, b]))
  })

  it("compares fields, not key order; array order inside a field counts", () => {
    assert.isTrue(
      sameEffects(
        [UpdateInput({ input: { a: 1, b: { c: 2, d: 3 } } })],
        [UpdateInput({ input: { b: { d: 3, c: 2 }, a: 1 } })]
      )
    )
    assert.isTrue(
      sameEffects([{ _tag: "ShowUser", level: "info", text: "t" }], [{ text: "t", level: "info", _tag: "ShowUser" }])
    )
    assert.isFalse(sameEffects([UpdateInput({ input: { list: [1, 2] } })], [UpdateInput({ input: { list: [2, 1] } })]))
    assert.isTrue(sameEffects([AskPermission({ reason: undefined })], [AskPermission()]))
    assert.isFalse(sameEffects([AskPermission({ reason: "r" })], [AskPermission()]))
  })

  it("formatEffectsDiff writes - lines for missing and + lines for unexpected effects", () => {
    const expected = [BlockTool({ reason: "no" })]
    const actual = [BlockTool({ reason: "never" }), AllowTool()]
    const text = formatEffectsDiff(diffEffects(expected, actual), expected, actual)
    assert.deepStrictEqual(text.split("\n"), [
      "  expected but not produced:",
      `  - {"_tag":"BlockTool","reason":"no"}`,
      "  produced but not expected:",
      `  + {"_tag":"BlockTool","reason":"never"}`,
      `  + {"_tag":"AllowTool"}`
    ])
    const order = formatEffectsDiff(diffEffects([a, b], [b, a]), [a, b], [b, a])
    assert.deepStrictEqual(order.split("\n"), [
      "  the same effects, but InjectContext / PromptModel / ShowUser came in another order:",
      `  - {"_tag":"InjectContext","text":"a"}`,
      `  - {"_tag":"InjectContext","text":"b"}`,
      `  + {"_tag":"InjectContext","text":"b"}`,
      `  + {"_tag":"InjectContext","text":"a"}`
    ])
  })

  it("any list is the same as any shuffle of it that keeps the ordered kinds in order", () => {
    const ordered = (e: HookEffect) => e._tag === "InjectContext" || e._tag === "PromptModel" || e._tag === "ShowUser"
    fc.assert(
      fc.property(
        fc.array(hookEffectArb, { maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        (list, keys) => {
          // Shuffle the unordered effects, then put the ordered ones back in their original order.
          const others = list.filter((e) => !ordered(e)).map((e, i) => [keys[i % keys.length]!, i, e] as const)
          others.sort((x, y) => x[0] - y[0] || x[1] - y[1])
          const shuffled = [...list.filter(ordered), ...others.map(([, , e]) => e)]
          assert.isTrue(sameEffects(list, shuffled))
          assert.isTrue(sameEffects(shuffled, list))
        }
      ),
      { numRuns: 300 }
    )
  })

  it("removing or adding one effect is always a difference", () => {
    fc.assert(
      fc.property(fc.array(hookEffectArb, { minLength: 1, maxLength: 6 }), fc.nat(), (list, i) => {
        const shorter = list.filter((_, j) => j !== i % list.length)
        assert.isFalse(sameEffects(list, shorter))
        assert.isFalse(sameEffects(shorter, list))
      }),
      { numRuns: 300 }
    )
  })
})
