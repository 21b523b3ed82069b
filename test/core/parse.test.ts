/**
 * Reading stdout: `parseStdout` (ARCHITECTURE section 4, steps 1-4).
 */
import { assert, describe, it } from "@effect/vitest"
import type { Dialect } from "../../src/index.ts"
import { ParsedStdout, parseStdout } from "../../src/index.ts"

const dialects: ReadonlyArray<Dialect> = ["wave", "claude-code"]

const assertPlain = (parsed: ParsedStdout, text: string) => assert.deepStrictEqual(parsed, { _tag: "Plain", text })
const assertJson = (parsed: ParsedStdout, value: unknown, diagnosticCodes: ReadonlyArray<string> = []) => {
  assert.strictEqual(parsed._tag, "Json")
  if (parsed._tag !== "Json") return
  assert.deepStrictEqual(parsed.value, value)
  assert.deepStrictEqual(
    parsed.diagnostics.map((d) => d.code),
    diagnosticCodes
  )
}
const assertMalformed = (parsed: ParsedStdout) => {
  assert.strictEqual(parsed._tag, "Malformed")
  if (parsed._tag === "Malformed") assert.isAbove(parsed.error.length, 0)
}

describe("parseStdout", () => {
  for (const dialect of dialects) {
    it(`empty, white space and a lone BOM are Plain("") [${dialect}]`, () => {
      for (const s of ["", "   ", "\n\n", "\t \r\n", "\uFEFF", "\uFEFF  \n"]) assertPlain(parseStdout(s, dialect), "")
    })

    it(`plain text is trimmed Plain [${dialect}]`, () => {
      assertPlain(parseStdout("  hello world \n", dialect), "hello world")
      assertPlain(parseStdout("\uFEFFline 1\nline 2\n", dialect), "line 1\nline 2")
    })

    it(`a JSON object is Json [${dialect}]`, () => {
      assertJson(parseStdout('{"continue": false, "n": [1, 2]}', dialect), { continue: false, n: [1, 2] })
      assertJson(parseStdout("{}", dialect), {})
    })

    it(`a BOM and surrounding white space around JSON are stripped [${dialect}]`, () => {
      assertJson(parseStdout('\uFEFF \n {"a": 1} \n\n', dialect), { a: 1 })
    })

    it(`text starting with { and ending with } that does not parse is Malformed [${dialect}]`, () => {
      assertMalformed(parseStdout("{oops}", dialect))
      assertMalformed(parseStdout('{"a": 1,}', dialect))
    })

    it(`JSON that is not an object, and other text, is Plain [${dialect}]`, () => {
      assertPlain(parseStdout("[1, 2]", dialect), "[1, 2]")
      assertPlain(parseStdout('"text"', dialect), '"text"')
      assertPlain(parseStdout("null", dialect), "null")
      assertPlain(parseStdout("42", dialect), "42")
    })
  }

  it("wave: text starting with { that does not parse is Malformed, closing brace or not", () => {
    assertMalformed(parseStdout("{oops", "wave"))
    assertMalformed(parseStdout('{"a": 1} trailing', "wave"))
    assertMalformed(parseStdout('{"permissionDecision": "de', "wave"))
  })

  it("claude-code: text starting with { but not ending with } is Plain", () => {
    assertPlain(parseStdout("{oops", "claude-code"), "{oops")
    assertPlain(parseStdout('{"a": 1} trailing', "claude-code"), '{"a": 1} trailing')
  })

  it("wave: a JSON object at the end after other output is Json with noisy-stdout", () => {
    const parsed = parseStdout('Running checks...\nok\n{"decision": "block", "reason": "r"}\n\n', "wave")
    assertJson(parsed, { decision: "block", reason: "r" }, ["noisy-stdout"])
    if (parsed._tag === "Json") assert.include(parsed.diagnostics[0]!.message, "stderr")
  })

  it("claude-code: no noisy-stdout recovery; a valid object after other output is reported, not used", () => {
    const text = 'Running checks...\n{"decision": "block", "reason": "r"}'
    const parsed = parseStdout(text, "claude-code")
    assertMalformed(parsed)
    if (parsed._tag === "Malformed") assert.strictEqual(parsed.line, 2)
  })

  it("two objects on two lines: wave uses the last (noisy-stdout), claude-code calls the whole malformed", () => {
    assertJson(parseStdout('{"a": 1}\n{"b": 2}', "wave"), { b: 2 }, ["noisy-stdout"])
    const parsed = parseStdout('{"a": 1}\n{"b": 2}', "claude-code")
    assertMalformed(parsed)
    if (parsed._tag === "Malformed") assert.isUndefined(parsed.line)
  })

  it("wave: a last line that is not a valid JSON object stays Plain", () => {
    assertPlain(parseStdout("log\n{oops}", "wave"), "log\n{oops}")
    assertPlain(parseStdout("log\n[1]", "wave"), "log\n[1]")
    // Text that starts with "{" is parsed whole (step 3), never searched for a last line.
    assertMalformed(parseStdout('{"a":1}\nlog after', "wave"))
  })

  it("wave: JSON on an earlier line but not the last is not used", () => {
    const parsed = parseStdout('log\n{"a": 1}\nmore log', "wave")
    assertPlain(parsed, 'log\n{"a": 1}\nmore log')
  })

  it("never throws on odd input", () => {
    for (const dialect of dialects) {
      for (const s of ["{", "}", "{{", "\u0000", '{"__proto__": 1}', "\uFEFF\uFEFF{}", "x\n{", "x\n}", "\n{\n"]) {
        const parsed = parseStdout(s, dialect)
        assert.include(["Plain", "Json", "Malformed"], parsed._tag)
      }
    }
  })
})

describe("ParsedStdout", () => {
  const describeParse = ParsedStdout.$match({
    Plain: ({ text }) => `plain:${text}`,
    Json: ({ value }) => `json:${Object.keys(value).join(",")}`,
    Malformed: ({ text }) => `malformed:${text}`
  })

  it("matches each outcome of parseStdout by its tag", () => {
    assert.strictEqual(describeParse(parseStdout("hello", "wave")), "plain:hello")
    assert.strictEqual(describeParse(parseStdout('{"continue": false}', "wave")), "json:continue")
    assert.strictEqual(describeParse(parseStdout('{"continue": }', "wave")), 'malformed:{"continue": }')
  })

  it("tells the outcomes apart with $is", () => {
    assert.isTrue(ParsedStdout.$is("Json")(parseStdout('{"a": 1}', "wave")))
    assert.isFalse(ParsedStdout.$is("Json")(parseStdout("a", "wave")))
  })

  it("builds the same shape parseStdout returns", () => {
    assert.deepStrictEqual({ ...ParsedStdout.Plain({ text: "hi" }) }, { ...parseStdout("hi", "wave") })
  })
})
