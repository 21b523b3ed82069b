/**
 * Reading the `export` lines a hook appends to its env file
 * (`parseEnvFileText`, ARCHITECTURE section 7): shell quoting and expansion
 * without running a shell; unreadable lines are reported and skipped.
 */
import { assert, describe, it } from "@effect/vitest"
import { parseEnvFileText } from "../../src/settings/env-file-text.ts"

describe("parseEnvFileText", () => {
  it("given export and plain assignments, when parsed, then each variable is set", () => {
    const { problems, variables } = parseEnvFileText("export A=1\nB=two\nexport C=3 D=4\n", {})
    assert.deepStrictEqual(variables, { A: "1", B: "two", C: "3", D: "4" })
    assert.deepStrictEqual(problems, [])
  })

  it("given single quotes, double quotes and backslashes, when parsed, then the values are what a shell would set", () => {
    const text = [
      `export S='a b $HOME "q"'`,
      `export D="x \\"y\\" \\$z \\\\ w"`,
      `export U=a\\ b`,
      `export M="line1`,
      `line2"`,
      `export E=`,
      `export J='{"k": 1}'`
    ].join("\n")
    const { problems, variables } = parseEnvFileText(text, { HOME: "/h" })
    assert.deepStrictEqual(problems, [])
    assert.deepStrictEqual(variables, {
      S: `a b $HOME "q"`,
      D: `x "y" $z \\ w`,
      U: "a b",
      M: "line1\nline2",
      E: "",
      J: `{"k": 1}`
    })
  })

  it("given $NAME, ${NAME} and defaults, when parsed, then they expand from earlier lines, then the inherited environment", () => {
    const text = `export PATH="$PATH:/opt/bin"\nBASE=/srv\nexport APP=\${BASE}/app\nexport X="\${MISSING:-fallback}" Y=\${EMPTY-keep} Z=$UNSET.\n`
    const { problems, variables } = parseEnvFileText(text, { PATH: "/usr/bin", EMPTY: "" })
    assert.deepStrictEqual(problems, [])
    assert.deepStrictEqual(variables, { PATH: "/usr/bin:/opt/bin", BASE: "/srv", APP: "/srv/app", X: "fallback", Y: "", Z: "." })
  })

  it("given blank lines, comments, CRLF and semicolons, when parsed, then they are skipped", () => {
    const { problems, variables } = parseEnvFileText("# a comment\n\n  export A=1 # trailing\r\nB=2; C=3\n", {})
    assert.deepStrictEqual(problems, [])
    assert.deepStrictEqual(variables, { A: "1", B: "2", C: "3" })
  })

  it("given `export NAME` of an inherited variable, when parsed, then it is exported with its inherited value", () => {
    assert.deepStrictEqual(parseEnvFileText("export LANG NOPE\n", { LANG: "C.UTF-8" }).variables, { LANG: "C.UTF-8" })
  })

  it("given a name set twice, when parsed, then the later value stands", () => {
    assert.deepStrictEqual(parseEnvFileText("A=1\nexport A=2\n", {}).variables, { A: "2" })
  })

  it("given lines a shell would have to run, when parsed, then each is a problem naming its line, and the other lines count", () => {
    const text = "export OK=1\nsource ~/.profile\nexport NOW=$(date)\nexport T=`id`\nexport P=a|b\nexport Q='open\nexport LAST=yes"
    const { problems, variables } = parseEnvFileText(text, {})
    assert.deepStrictEqual(problems.map((p) => [p.line, p.text]), [
      [2, "source ~/.profile"],
      [3, "export NOW=$(date)"],
      [4, "export T=`id`"],
      [5, "export P=a|b"],
      [6, "export Q='open"]
    ])
    assert.match(problems[1]!.problem, /command substitution/)
    assert.deepStrictEqual(variables, { OK: "1", LAST: "yes" })
  })

  it("given a statement with a problem after a good assignment, when parsed, then the whole statement is undone (earlier values kept)", () => {
    const { problems, variables } = parseEnvFileText("A=old\nexport A=new B=$(x)\n", {})
    assert.strictEqual(problems.length, 1)
    assert.deepStrictEqual(variables, { A: "old" })
  })
})

describe("what `export -p` prints", () => {
  it("given bash's real export -p output (declare -x, escapes, $'...'), when parsed, then the values are the variables' own", async () => {
    const { execFileSync } = await import("node:child_process")
    const value = `a "quoted" $dollar \`tick\` back\\slash\nnew line\ttab`
    const printed = execFileSync("bash", ["-c", "export -p"], { env: { ODD: value, PLAIN: "x y", PATH: process.env["PATH"] ?? "/usr/bin:/bin" }, encoding: "utf8" })
    assert.match(printed, /^declare -x /m)
    const { problems, variables } = parseEnvFileText(printed, {})
    assert.deepStrictEqual(problems, [])
    assert.strictEqual(variables["ODD"], value)
    assert.strictEqual(variables["PLAIN"], "x y")
  })

  it("given sh's export -p output, when parsed, then the values are the variables' own", async () => {
    const { execFileSync } = await import("node:child_process")
    const value = `it's "odd" $x\nline`
    const printed = execFileSync("sh", ["-c", "export -p"], { env: { ODD: value, PATH: process.env["PATH"] ?? "/usr/bin:/bin" }, encoding: "utf8" })
    const { problems, variables } = parseEnvFileText(printed, {})
    assert.deepStrictEqual(problems, [])
    assert.strictEqual(variables["ODD"], value)
  })

  it("given declare -f or export -n, when parsed, then the line is a problem", () => {
    assert.deepStrictEqual(parseEnvFileText("declare -f x\nexport -n A\ndeclare -rx R=1\n", {}).problems.map((p) => p.line), [1, 2])
  })
})

describe("parseEnvFileText on any text", () => {
  it("never throws, and every problem names a line of the text", async () => {
    const fc = await import("fast-check")
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("export ", "A", "=", "'", "\"", "\\", "$", "{", "}", "(", "`", "\n", " ", "#", ";", "-x", "declare ", "$'", "x") , maxLength: 60 }), (text) => {
        const { problems } = parseEnvFileText(text, { A: "a" })
        const lines = text.split("\n").length
        for (const p of problems) assert.isTrue(p.line >= 1 && p.line <= lines, `line ${p.line} of ${lines}`)
      }),
      { numRuns: 3000 }
    )
  })

  it("reads back any value written as export NAME='...' with the shell's quote escaping", async () => {
    const fc = await import("fast-check")
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const quoted = `'${value.replace(/'/g, `'\\''`)}'`
        assert.deepStrictEqual(parseEnvFileText(`export V=${quoted}\n`, {}).variables, { V: value })
      }),
      { numRuns: 2000 }
    )
  })
})
