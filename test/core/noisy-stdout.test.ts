/**
 * A verdict is never lost silently (issue 11, code review F1): a JSON
 * verdict after log output is recovered whatever its indentation (wave), and
 * stdout that looks like JSON but cannot be read is reported to the user in
 * both dialects (ARCHITECTURE section 4).
 */
import { assert, describe, it } from "@effect/vitest"
import type { Dialect, HookEffect } from "../../src/index.ts"
import { decide, hookRun, parseStdout } from "../../src/index.ts"

/** What `jq -n '{...}'` prints: two-space indentation, one key a line. */
const jqDeny = (reason: string): string =>
  JSON.stringify(
    {
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason }
    },
    null,
    2
  )

const tags = (effects: ReadonlyArray<HookEffect>) => effects.map((e) => e._tag)
const codes = (effects: ReadonlyArray<HookEffect>) => effects.flatMap((e) => (e._tag === "Diagnostic" ? [e.code] : []))
const warnings = (effects: ReadonlyArray<HookEffect>) =>
  effects.flatMap((e) => (e._tag === "ShowUser" && e.level === "warning" ? [e.text] : []))
const run = (stdout: string, exitCode = 0) => hookRun({ exitCode, stdout, command: "guard.sh" })

describe("wave: a pretty-printed verdict after log output is used", () => {
  it("the review's repro: a progress line, then a jq-style deny, blocks with a noisy-stdout Diagnostic", () => {
    const stdout = `checking command...\n${jqDeny("rm -rf is not allowed")}\n`
    const effects = decide("PreToolUse", run(stdout))
    assert.deepStrictEqual(tags(effects), ["Diagnostic", "BlockTool"])
    assert.deepStrictEqual(codes(effects), ["noisy-stdout"])
    assert.deepStrictEqual(effects[1], { _tag: "BlockTool", reason: "rm -rf is not allowed" })
  })

  it('a structured log line {"level":"info"} first, then a pretty verdict', () => {
    const stdout = `{"level":"info","msg":"scanning"}\n${jqDeny("secret in diff")}`
    const effects = decide("PreToolUse", run(stdout))
    assert.deepStrictEqual(tags(effects), ["Diagnostic", "BlockTool"])
    assert.deepStrictEqual(codes(effects), ["noisy-stdout"])
    assert.deepStrictEqual(effects[1], { _tag: "BlockTool", reason: "secret in diff" })
  })

  it("several structured log lines and a tab-indented verdict with braces and quotes in its strings", () => {
    const verdict = JSON.stringify({ decision: "block", reason: 'a "}" and a "{" and \\' }, null, "\t")
    const parsed = parseStdout(`{"level":"info"}\n{"level":"debug","x":{"y":"}"}}\nwarn: done {\n${verdict}\n`, "wave")
    assert.strictEqual(parsed._tag, "Json")
    if (parsed._tag !== "Json") return
    assert.deepStrictEqual(parsed.value, { decision: "block", reason: 'a "}" and a "{" and \\' })
    assert.deepStrictEqual(
      parsed.diagnostics.map((d) => d.code),
      ["noisy-stdout"]
    )
    assert.include(parsed.diagnostics[0]!.message, "line 4")
  })

  it("an indented verdict with CRLF line ends after log output is used", () => {
    const stdout = "log\r\n" + jqDeny("crlf").replaceAll("\n", "\r\n").replaceAll("\n", "\n  ")
    const effects = decide("PreToolUse", run(stdout))
    assert.deepStrictEqual(effects.at(-1), { _tag: "BlockTool", reason: "crlf" })
  })

  it("the noisy verdict on UserPromptSubmit injects only its context, never the log", () => {
    const stdout = "loading\n" + JSON.stringify({ hookSpecificOutput: { additionalContext: "ctx" } }, null, 2)
    const effects = decide("UserPromptSubmit", run(stdout))
    assert.deepStrictEqual(
      effects.filter((e) => e._tag !== "Diagnostic"),
      [{ _tag: "InjectContext", text: "ctx" }]
    )
  })
})

describe("stdout that looks like JSON but cannot be read is reported", () => {
  const dialects: ReadonlyArray<Dialect> = ["wave", "claude-code"]
  for (const dialect of dialects) {
    it(`a pretty verdict followed by more output: malformed-json Diagnostic and a warning, nothing for the model [${dialect}]`, () => {
      const stdout = `start\n${jqDeny("no")}\ndone`
      const effects = decide("UserPromptSubmit", run(stdout), { dialect, onFailure: "continue" })
      assert.deepStrictEqual(codes(effects), ["malformed-json"])
      assert.lengthOf(warnings(effects), 1)
      assert.include(warnings(effects)[0]!, "guard.sh")
      assert.isFalse(
        effects.some((e) => e._tag === "InjectContext"),
        "the raw text must not reach the model"
      )
      const parsed = parseStdout(stdout, dialect)
      assert.strictEqual(parsed._tag, "Malformed")
      if (parsed._tag === "Malformed") assert.strictEqual(parsed.line, 2)
    })

    it(`a cut pretty verdict (a line that is just "{") is reported [${dialect}]`, () => {
      const stdout = `log\n{\n  "hookSpecificOutput": {\n    "permissionDecision": "de`
      const effects = decide("PreToolUse", run(stdout), { dialect, onFailure: "continue" })
      assert.deepStrictEqual(tags(effects), ["Diagnostic", "ShowUser"])
      assert.include((effects[0] as { message: string }).message, "line 2")
    })

    it(`a trailing object with a key that does not parse is reported [${dialect}]`, () => {
      const effects = decide("PreToolUse", run(`log\n{"decision": "block", }`), { dialect, onFailure: "continue" })
      assert.deepStrictEqual(codes(effects), ["malformed-json"])
      assert.lengthOf(warnings(effects), 1)
    })

    it(`with onFailure block, unreadable JSON-like stdout blocks (fails closed) [${dialect}]`, () => {
      const effects = decide("PreToolUse", run(`log\n{\n  "decision": "block"\n}\ntrailer`), {
        dialect,
        onFailure: "block"
      })
      assert.isTrue(effects.some((e) => e._tag === "BlockTool"))
    })

    it(`plain text with braces that do not look like a JSON object stays plain [${dialect}]`, () => {
      for (const text of [
        "log\n{not json}",
        "function f() {\n  return 1\n}",
        "int main()\n{\n  return 0;\n}",
        "set = {}",
        "a { b } c",
        "}",
        "x\n{"
      ]) {
        const parsed = parseStdout(text, dialect)
        assert.deepStrictEqual(parsed, { _tag: "Plain", text }, JSON.stringify(text))
      }
    })
  }

  it("claude-code: a valid verdict after log output is not used (no recovery) but is reported", () => {
    const stdout = `checking...\n${JSON.stringify({ decision: "block", reason: "r" })}`
    const effects = decide("PreToolUse", run(stdout), { dialect: "claude-code", onFailure: "continue" })
    assert.deepStrictEqual(tags(effects), ["Diagnostic", "ShowUser"])
    assert.include((effects[0] as { message: string }).message, "claude-code")
  })

  it("wave: a valid object that starts in the middle of a line is not used but is reported", () => {
    const parsed = parseStdout(`checking... {"decision": "block", "reason": "r"}`, "wave")
    assert.strictEqual(parsed._tag, "Malformed")
    if (parsed._tag === "Malformed") assert.include(parsed.error, "own line")
  })
})

describe("reading stdout stays fast on large and deep input", () => {
  const within = (label: string, ms: number, f: () => void) => {
    const start = performance.now()
    f()
    const elapsed = performance.now() - start
    assert.isBelow(elapsed, ms, `${label} took ${elapsed.toFixed(1)} ms`)
  }
  for (const dialect of ["wave", "claude-code"] as const) {
    it(`1 MiB of log, of braces, of quotes and of backslashes before a verdict, and deep nesting [${dialect}]`, () => {
      const mib = 1024 * 1024
      const inputs = [
        "log line\n".repeat(mib / 9) + jqDeny("x"),
        "{\n".repeat(mib / 2) + "}",
        '{\n"'.repeat(mib / 3) + "}",
        '\\"'.repeat(mib / 2) + "}",
        "}".repeat(mib),
        "x\n" + "{".repeat(mib / 2) + "}".repeat(mib / 2),
        "x\n" + '{"a":'.repeat(mib / 6) + "1" + "}".repeat(mib / 6)
      ]
      // Tens of milliseconds on an idle machine; a quadratic reader would take hours on a mebibyte.
      for (const input of inputs) within(`${input.slice(0, 12)}...`, 10_000, () => parseStdout(input, dialect))
    })
  }
})
