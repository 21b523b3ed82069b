/**
 * Arbitraries for env files (ARCHITECTURE section 7): the lines hooks write
 * to `CLAUDE_ENV_FILE` / `WAVE_ENV_FILE`, built from the constructs bash
 * reads (`export`, `declare -x` as `export -p` prints it, `NAME=x` then
 * `export NAME`, `unset`, `export -n`, `readonly`, `declare -i/-l/-u`, `+=`,
 * `: "${X:=y}"`, several statements per line, comments), words quoted every
 * way (single, double, `$'...'`, backslashes, line continuations) and
 * expanded every way (`$X`, `${X:-w}` and the other operators, `${#X}`,
 * pattern removal, case conversion, `$(( ))`), plus lines the reader refuses
 * (command substitution, other commands, compound commands). Each generated
 * file carries the classes of what it holds, for `fc.statistics`.
 */
import * as fc from "fast-check"

/** Text with the constructs it uses. */
export interface Tagged {
  readonly text: string
  readonly tags: ReadonlyArray<string>
}

/** An env file and the environment it is sourced in. */
export interface EnvFileCase {
  readonly text: string
  readonly tags: ReadonlyArray<string>
  readonly environment: { readonly [name: string]: string }
}

const tagged = (text: string, ...tags: ReadonlyArray<string>): Tagged => ({ text, tags })
const join = (pieces: ReadonlyArray<Tagged>, separator = ""): Tagged => ({
  text: pieces.map((p) => p.text).join(separator),
  tags: pieces.flatMap((p) => p.tags)
})

/** The names files use: some set in the environment, one never set, the plugin's counter. */
export const envFileNames = ["A", "B", "C", "U", "GIT_CONFIG_COUNT"] as const
const nameArb = fc.constantFrom(...envFileNames)

/** Values: plain, with blanks, quotes, `$`, backslashes, glob characters, digits and arithmetic text, non-ASCII. */
export const envValueArb: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      "",
      "0",
      "1",
      "7",
      "12",
      "x",
      "abc",
      "Mixed Case",
      "a b",
      "2+3",
      "A",
      "/opt/bin:/usr/bin",
      "é"
    ),
    weight: 3
  },
  {
    arbitrary: fc.string({
      unit: fc.constantFrom("a", "B", "1", " ", "'", '"', "$", "\\", "*", "/", ":", "-", "\n", "\t", "}", "é"),
      maxLength: 8
    }),
    weight: 2
  }
)

/** The environment a file is sourced in: HOME and PATH, and some of the names. */
export const envEnvironmentArb: fc.Arbitrary<{ readonly [name: string]: string }> = fc
  .record(
    { A: envValueArb, B: envValueArb, C: envValueArb, GIT_CONFIG_COUNT: fc.constantFrom("0", "1", "2", "9", "") },
    { requiredKeys: [] }
  )
  .map((vars) => ({ HOME: "/home/user", PATH: "/usr/bin:/bin", ...vars }))

const plainArb: fc.Arbitrary<Tagged> = fc.stringMatching(/^[a-z0-9_./:@%+-]{1,5}$/).map((s) => tagged(s, "plain text"))
const singleArb: fc.Arbitrary<Tagged> = fc
  .string({ unit: fc.constantFrom("a", " ", "$", '"', "\\", "`", "*", "\n", "#", ";", "(", "é"), maxLength: 6 })
  .map((s) => tagged(`'${s}'`, "single quotes"))
const ansiArb: fc.Arbitrary<Tagged> = fc
  .array(fc.constantFrom("a", " ", "\\n", "\\t", "\\\\", "\\'", "\\x41", "\\101", "\\e", "\\u00e9", '"', "$"), {
    maxLength: 5
  })
  .map((pieces) => tagged(`$'${pieces.join("")}'`, "$'...'"))
const escapedArb: fc.Arbitrary<Tagged> = fc
  .constantFrom(" ", "$", '"', "'", "*", ";", "a", "\\", "#", "{")
  .map((c) => tagged(`\\${c}`, "backslash"))
const continuationArb: fc.Arbitrary<Tagged> = fc.constant(tagged("\\\n", "line continuation"))
const commandArb: fc.Arbitrary<Tagged> = fc
  .constantFrom("$(echo sub)", "`echo tick`", "$(printf '%s' \"x y\")")
  .map((s) => tagged(s, "command substitution"))

/** A pattern for `#`, `##`, `%`, `%%`. */
const patternArb: fc.Arbitrary<Tagged> = fc
  .array(fc.constantFrom("*", "?", "a", "b", "/", ".", ":", "[ab]", "[!a]", '"*"', "'?'", "\\*"), {
    minLength: 1,
    maxLength: 3
  })
  .map((pieces) => tagged(pieces.join(""), "pattern"))

/** An arithmetic expression (the text inside `$(( ))`). */
const arithArb: fc.Arbitrary<Tagged> = fc
  .letrec<{ expr: Tagged }>((tie) => ({
    expr: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      {
        arbitrary: fc
          .constantFrom("0", "1", "2", "7", "10", "0x1f", "010", "2#101", "64#z", "9223372036854775807")
          .map((n) => tagged(n, "arith constant")),
        weight: 4
      },
      { arbitrary: nameArb.map((n) => tagged(n, "arith variable")), weight: 3 },
      { arbitrary: nameArb.map((n) => tagged(`\${${n}:-0}`, "arith ${X:-0}")), weight: 2 },
      {
        arbitrary: fc
          .tuple(
            tie("expr"),
            fc.constantFrom(
              "+",
              "-",
              "*",
              "/",
              "%",
              "**",
              "<<",
              ">>",
              "&",
              "|",
              "^",
              "==",
              "!=",
              "<",
              ">=",
              "&&",
              "||",
              ","
            ),
            tie("expr")
          )
          .map(([a, op, b]) => join([a, tagged(` ${op} `, `arith ${op}`), b])),
        weight: 3
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom("-", "!", "~"), tie("expr"))
          .map(([op, a]) => join([tagged(op, "arith unary"), a])),
        weight: 1
      },
      { arbitrary: tie("expr").map((a) => join([tagged("("), a, tagged(")")])), weight: 1 },
      {
        arbitrary: fc
          .tuple(tie("expr"), tie("expr"), tie("expr"))
          .map(([a, b, c]) => join([a, tagged(" ? ", "arith ?:"), b, tagged(" : "), c])),
        weight: 1
      },
      {
        arbitrary: fc
          .tuple(nameArb, fc.constantFrom("=", "+=", "*="), tie("expr"))
          .map(([n, op, a]) => join([tagged(`${n} ${op} `, "arith assignment"), a])),
        weight: 1
      },
      {
        arbitrary: fc
          .tuple(nameArb, fc.constantFrom("++", "--"))
          .chain(([n, op]) => fc.constantFrom(tagged(`${n}${op}`, "arith ++/--"), tagged(`${op}${n}`, "arith ++/--"))),
        weight: 1
      }
    )
  }))
  .expr.map((e) => e)

const arithExpansionArb: fc.Arbitrary<Tagged> = arithArb.map((e) => join([tagged("$(( ", "$(( ))"), e, tagged(" ))")]))

/** A `${...}` or `$NAME` expansion; `word` is the word of the operators that take one. */
const paramArb = (word: fc.Arbitrary<Tagged>): fc.Arbitrary<Tagged> =>
  fc.oneof(
    { arbitrary: nameArb.map((n) => tagged(`$${n}`, "$X")), weight: 3 },
    { arbitrary: nameArb.map((n) => tagged(`\${${n}}`, "${X}")), weight: 1 },
    {
      arbitrary: fc
        .tuple(nameArb, fc.constantFrom(":-", "-", ":=", "=", ":+", "+"), word)
        .map(([n, op, w]) => join([tagged(`\${${n}${op}`, `\${X${op}w}`), w, tagged("}")])),
      weight: 4
    },
    {
      arbitrary: fc.tuple(nameArb, word).map(([n, w]) => join([tagged(`\${${n}:?`, "${X:?w}"), w, tagged("}")])),
      weight: 1
    },
    { arbitrary: nameArb.map((n) => tagged(`\${#${n}}`, "${#X}")), weight: 1 },
    {
      arbitrary: fc
        .tuple(nameArb, fc.constantFrom("#", "##", "%", "%%"), patternArb)
        .map(([n, op, p]) => join([tagged(`\${${n}${op}`, `\${X${op}p}`), p, tagged("}")])),
      weight: 2
    },
    {
      arbitrary: fc
        .tuple(nameArb, fc.constantFrom("^^", ",,", "^", ","))
        .map(([n, op]) => tagged(`\${${n}${op}}`, `\${X${op}}`)),
      weight: 1
    }
  )

/** The word of `${X:-word}`: no `}` of its own. */
const innerWordArb: fc.Arbitrary<Tagged> = fc
  .array(
    fc.oneof(
      { arbitrary: plainArb, weight: 3 },
      { arbitrary: singleArb.filter((t) => !t.text.includes("}")), weight: 1 },
      { arbitrary: nameArb.map((n) => tagged(`$${n}`, "$X in a word")), weight: 1 },
      { arbitrary: arithExpansionArb, weight: 1 },
      { arbitrary: fc.constantFrom('"a b"', '"$A"', '""').map((s) => tagged(s, "double quotes in a word")), weight: 1 },
      { arbitrary: commandArb, weight: 1 }
    ),
    { maxLength: 2 }
  )
  .map((parts) => join(parts))

/** What double quotes hold. */
const doubleArb: fc.Arbitrary<Tagged> = fc
  .array(
    fc.oneof(
      { arbitrary: fc.stringMatching(/^[a-z '#;*{}~]{1,4}$/).map((s) => tagged(s)), weight: 3 },
      {
        arbitrary: fc
          .constantFrom('\\"', "\\\\", "\\$", "\\`", "\\a", "\\\n")
          .map((s) => tagged(s, "backslash in double quotes")),
        weight: 1
      },
      { arbitrary: paramArb(innerWordArb), weight: 3 },
      { arbitrary: arithExpansionArb, weight: 1 },
      { arbitrary: fc.constant(tagged("\n", "newline in double quotes")), weight: 1 },
      { arbitrary: commandArb, weight: 1 }
    ),
    { maxLength: 4 }
  )
  .map((parts) => join([tagged('"', "double quotes"), ...parts, tagged('"')]))

/** A value word, as written after `NAME=`. */
export const envWordArb: fc.Arbitrary<Tagged> = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.constant(tagged("")), weight: 9 },
      { arbitrary: fc.constantFrom("~", "~/x").map((s) => tagged(s, "~")), weight: 1 }
    ),
    fc.array(
      fc.oneof(
        { arbitrary: plainArb, weight: 4 },
        { arbitrary: singleArb, weight: 2 },
        { arbitrary: doubleArb, weight: 3 },
        { arbitrary: ansiArb, weight: 1 },
        { arbitrary: escapedArb, weight: 1 },
        { arbitrary: continuationArb, weight: 1 },
        { arbitrary: paramArb(innerWordArb), weight: 3 },
        { arbitrary: arithExpansionArb, weight: 2 },
        { arbitrary: commandArb, weight: 1 }
      ),
      { maxLength: 3 }
    )
  )
  .map(([start, parts]) => join([start, ...parts]))

/** `declare -x NAME="value"`, as `export -p` prints a value: `"`, `\`, `$` and backquotes escaped. */
const exportPrintArb: fc.Arbitrary<Tagged> = fc
  .tuple(nameArb, envValueArb)
  .map(([n, v]) => tagged(`declare -x ${n}="${v.replace(/[\\"$`]/g, "\\$&")}"`, "export -p output"))

/** One statement. */
export const envStatementArb: fc.Arbitrary<Tagged> = fc.oneof(
  {
    arbitrary: fc.tuple(nameArb, envWordArb).map(([n, w]) => join([tagged(`export ${n}=`, "export NAME=value"), w])),
    weight: 6
  },
  { arbitrary: fc.tuple(nameArb, envWordArb).map(([n, w]) => join([tagged(`${n}=`, "NAME=value"), w])), weight: 4 },
  {
    arbitrary: fc
      .tuple(nameArb, envWordArb, nameArb, envWordArb)
      .map(([n, w, m, x]) => join([tagged(`export ${n}=`, "two assignments"), w, tagged(` ${m}=`), x])),
    weight: 2
  },
  { arbitrary: fc.tuple(nameArb, envWordArb).map(([n, w]) => join([tagged(`${n}+=`, "NAME+=value"), w])), weight: 1 },
  { arbitrary: fc.tuple(nameArb, nameArb).map(([n, m]) => tagged(`export ${n} ${m}`, "export NAME")), weight: 2 },
  { arbitrary: exportPrintArb, weight: 2 },
  {
    arbitrary: fc.tuple(nameArb, envWordArb).map(([n, w]) => join([tagged(`declare -x ${n}=`, "declare -x"), w])),
    weight: 1
  },
  { arbitrary: nameArb.map((n) => tagged(`unset ${n}`, "unset")), weight: 2 },
  { arbitrary: nameArb.map((n) => tagged(`export -n ${n}`, "export -n")), weight: 1 },
  {
    arbitrary: fc
      .tuple(nameArb, innerWordArb)
      .map(([n, w]) => join([tagged(`: "\${${n}:=`, ": ${X:=w}"), w, tagged(`}"`)])),
    weight: 1
  },
  {
    arbitrary: fc.tuple(nameArb, envWordArb).map(([n, w]) => join([tagged(`readonly ${n}=`, "readonly"), w])),
    weight: 1
  },
  {
    arbitrary: fc
      .tuple(nameArb, arithArb)
      .map(([n, e]) =>
        join([tagged(`declare -i ${n}=`, "declare -i"), tagged(e.text.replace(/ /g, "")), tagged("", ...e.tags)])
      ),
    weight: 1
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom("-l", "-u", "-xu"), nameArb, envWordArb)
      .map(([f, n, w]) => join([tagged(`declare ${f} ${n}=`, "declare -l/-u"), w])),
    weight: 1
  },
  {
    arbitrary: fc
      .constantFrom(
        "export GIT_CONFIG_KEY_${GIT_CONFIG_COUNT:-0}=safe.directory",
        'export GIT_CONFIG_VALUE_${GIT_CONFIG_COUNT:-0}="$HOME/src"',
        "export GIT_CONFIG_COUNT=$(( ${GIT_CONFIG_COUNT:-0} + 1 ))"
      )
      .map((s) => tagged(s, "git config pattern")),
    weight: 2
  },
  {
    arbitrary: fc
      .constantFrom(
        "echo hi",
        "B=1 true",
        "cd /",
        "true && A=1",
        "source /dev/null",
        "if true; then A=1; fi",
        "f() { A=1; }",
        "exit",
        "return"
      )
      .map((s) => tagged(s, "refused or ending command")),
    weight: 1
  }
)

/** A line: one to three statements, `;`-separated, maybe a comment; or a comment, or blank. */
export const envLineArb: fc.Arbitrary<Tagged> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.array(envStatementArb, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.constantFrom("", "  ", "\t"))
      .map(([statements, comment, indent]) =>
        join([
          tagged(indent),
          join(statements, "; "),
          ...(statements.length > 1 ? [tagged("", "; statements")] : []),
          ...(comment ? [tagged(" # note $(x)", "trailing comment")] : [])
        ])
      ),
    weight: 8
  },
  { arbitrary: fc.constantFrom("# a comment", "#!/bin/bash").map((s) => tagged(s, "comment line")), weight: 1 },
  { arbitrary: fc.constant(tagged("", "blank line")), weight: 1 }
)

/** An env file (one to five lines, maybe without the last newline) and its environment. */
export const envFileCaseArb: fc.Arbitrary<EnvFileCase> = fc
  .tuple(fc.array(envLineArb, { minLength: 1, maxLength: 5 }), fc.boolean(), envEnvironmentArb)
  .map(([lines, newline, environment]) => {
    const file = join(lines, "\n")
    return {
      text: file.text + (newline ? "\n" : ""),
      tags: [...new Set(file.tags)].filter((t) => t !== ""),
      environment
    }
  })
