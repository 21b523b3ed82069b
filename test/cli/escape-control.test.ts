/**
 * `escapeControl`: settings and hook text shown to people has no control
 * character left (C0, DEL, C1, line separators, bidi controls), and text
 * without one is unchanged. The web page's copy of the escaping agrees with
 * it, and the terminal interpreter uses it.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  escapeControl,
  escapeControlCharacter,
  escapeJsonControl,
  hasControlCharacter
} from "../../src/internal/escape-control.ts"
import { pageHtml } from "../../src/interpreters/web/page.ts"
import { formatEffect } from "../../src/interpreters/terminal/format.ts"
import { permissionQuestion } from "../../src/interpreters/terminal/terminal-interpreter.ts"
import { BlockTool } from "../../src/effects/hook-effect.ts"
import { Feed } from "../../src/interpreters/web/feed.ts"
import { resolveEffects } from "../../src/interpreters/resolution.ts"

const isControl = (c: string): boolean => {
  const code = c.codePointAt(0)!
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

const controlChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.integer({ min: 0x202a, max: 0x202e }),
    fc.integer({ min: 0x2066, max: 0x2069 }),
    fc.constantFrom(0x2028, 0x2029)
  )
  .map((code) => String.fromCodePoint(code))

// Any text, weighted towards control characters.
const anyText = fc
  .array(fc.oneof(controlChar, fc.string({ unit: "binary", maxLength: 4 })), { maxLength: 30 })
  .map((parts) => parts.join(""))
const printableText = fc
  .string({ unit: "binary", maxLength: 60 })
  .map((s) => [...s].filter((c) => !isControl(c)).join(""))

describe("escapeControl", () => {
  it("leaves no control character in any text", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const escaped = escapeControl(text)
        assert.isFalse([...escaped].some(isControl), JSON.stringify(escaped))
        assert.isFalse(hasControlCharacter(escaped))
      })
    )
  })

  it("leaves text without control characters unchanged", () => {
    fc.assert(fc.property(printableText, (text) => assert.strictEqual(escapeControl(text), text)))
  })

  it("escapes each control character on its own, visibly, and keeps the rest in place", () => {
    fc.assert(
      fc.property(printableText, controlChar, printableText, (before, c, after) => {
        assert.strictEqual(escapeControl(before + c + after), before + escapeControlCharacter(c) + after)
        assert.isTrue(escapeControlCharacter(c).startsWith("\\"))
      })
    )
    assert.strictEqual(escapeControl("a\r\u001b[2K\u202eb\x9b\u0000\t\n"), "a\\r\\x1b[2K\\u202eb\\x9b\\x00\\t\\n")
  })

  it("keeps line feeds and tabs when asked, and escapes the rest", () => {
    assert.strictEqual(escapeControl("one\ntwo\tthree\r\u2066", { keepLineBreaks: true }), "one\ntwo\tthree\\r\\u2066")
  })

  it("keeps JSON meaning the same value while escaping what JSON.stringify leaves raw", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const json = escapeJsonControl(JSON.stringify({ command: text }))
        assert.isFalse([...json].some(isControl), json)
        assert.deepStrictEqual(JSON.parse(json), { command: text })
      })
    )
  })
})

describe("the web page's escaping", () => {
  const script = /<script nonce="n">([\s\S]*)<\/script>/.exec(pageHtml("n"))![1]!
  const visible = new Function(
    `${script.slice(script.indexOf("const controls"), script.indexOf("const stateWords"))}; return visible`
  )() as (text: string, keepLineBreaks: boolean) => string

  it("agrees with escapeControl on any text", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        assert.strictEqual(visible(text, false), escapeControl(text))
        assert.strictEqual(visible(text, true), escapeControl(text, { keepLineBreaks: true }))
      })
    )
  })
})

describe("the terminal interpreter", () => {
  it("shows hook text and tool input with control characters escaped", () => {
    const line = formatEffect(BlockTool({ reason: "no\r\u001b[2Kyes\u202e" }), undefined, { color: false })
    assert.strictEqual(line, "x tool blocked (the model is told): no\\r\\x1b[2Kyes\\u202e")
    const question = permissionQuestion({
      event: "PreToolUse",
      tool: { id: "t1", name: "Bash", input: { command: "ls\u202e" } },
      reason: "first line\nsecond\r\u001b[1A"
    })
    assert.strictEqual(question, 'Allow Bash {"command":"ls\\u202e"}?\n  Reason: first line\nsecond\\r\\x1b[1A')
  })
})

describe("the web feed's text", () => {
  it("shows commands, reasons and tool input with control characters escaped, one line per item", () => {
    const feed = new Feed()
    const card = feed.open("PreToolUse", { id: "t1", name: "Bash", input: { command: "ls\u202e" } })
    feed.runStarted(card, "true # \r\u001b[2Kecho safe")
    const effects = [BlockTool({ reason: "first\nsecond\u001b[1A" })]
    feed.resolve(card, { event: "PreToolUse", effects }, resolveEffects(effects))
    const text = feed.text()
    assert.notMatch(text, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u)
    assert.include(text, "hook: true # \\r\\x1b[2Kecho safe")
    assert.include(text, "Tool blocked (the model is told): first\\nsecond\\x1b[1A")
    assert.include(text, '{"command":"ls\\u202e"}')
    assert.strictEqual(
      feed.history()[0]!.runs[0]!.command,
      "true # \\r\\x1b[2Kecho safe",
      "the card sent to pages holds the escaped command"
    )
  })
})
