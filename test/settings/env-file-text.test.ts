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

  it("given `declare -x` of an unexported integer variable with a bad value, when parsed, then bash's exit leaves it exported with its old value", () => {
    // Found by the bash oracle (property-tests/env-file.bash.laws.test.ts): bash sets -x before it fails on the value.
    const { problems, variables } = parseEnvFileText("declare -i A=0; A=\nexport -n A; declare -x A='\"'\nB=never", {})
    assert.deepStrictEqual(variables, { A: "0" })
    assert.strictEqual(problems.length, 1)
    assert.match(problems[0]!.problem, /^bash exits here: .*integer variable A/)
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
    assert.deepStrictEqual(variables, {
      PATH: "/usr/bin:/opt/bin",
      BASE: "/srv",
      APP: "/srv/app",
      X: "fallback",
      Y: "",
      Z: "."
    })
  })

  it("given blank lines, comments, CRLF and semicolons, when parsed, then they are skipped", () => {
    const { problems, variables } = parseEnvFileText("# a comment\n\n  export A=1 # trailing\r\nB=2; C=3\n", {})
    assert.deepStrictEqual(problems, [])
    assert.deepStrictEqual(variables, { A: "1", B: "2", C: "3" })
  })

  it("given `export NAME` of an inherited variable, when parsed, then it is exported with its inherited value", () => {
    assert.deepStrictEqual(parseEnvFileText("export LANG NOPE\n", { LANG: "C.UTF-8" }).variables, { LANG: "C.UTF-8" })
  })

  it("given a backquote inside single quotes in a quoted ${X:-word}, when the word is expanded, then the line stops as bash's does (bad substitution); when it is not, nothing happens", () => {
    // The shape the bash-oracle law found: bash matches the } with the quotes guarding the backquote, then expands
    // the word with the quotes as plain characters, and the unclosed backquote ends line 2 (A keeps its value).
    const text = `: "\${A:='\`'}"\nexport A="\${C:-'\`'}"; declare -x A=""\nexport B=`
    const read = parseEnvFileText(text, { A: "0" }, { pwd: "/tmp" })
    assert.deepStrictEqual(read.variables, { B: "" })
    assert.deepStrictEqual([...new Set(read.problems.map((p) => p.line))], [2])
  })

  it("given a name set twice, when parsed, then the later value stands", () => {
    assert.deepStrictEqual(parseEnvFileText("A=1\nexport A=2\n", {}).variables, { A: "2" })
  })

  it("given lines with command substitution, a pipeline and an unclosed quote, when parsed, then each is one problem naming its line, and the other lines count", () => {
    const text =
      "export OK=1\nexport NOW=$(date)\nexport T=`id`\nexport P=a|b\nexport KEPT=2\nexport Q='open\nexport LAST=yes"
    const { problems, variables } = parseEnvFileText(text, {})
    assert.deepStrictEqual(
      problems.map((p) => [p.line, p.text]),
      [
        [2, "export NOW=$(date)"],
        [3, "export T=`id`"],
        [4, "export P=a|b"],
        [6, "export Q='open"]
      ]
    )
    assert.match(problems[0]!.problem, /command substitution \$\(date\) is not run/)
    // LAST is inside the unclosed quote: bash does not set it either.
    assert.deepStrictEqual(variables, { OK: "1", KEPT: "2" })
  })

  it("given `source` (which may set any variable), when parsed, then one problem names its line and none of the file's variables are used", () => {
    const { problems, unset, variables } = parseEnvFileText("export OK=1\nsource ~/.profile\nexport AFTER=2\n", {
      HOME: "/h"
    })
    assert.deepStrictEqual(
      problems.map((p) => p.line),
      [2]
    )
    assert.match(
      problems[0]!.problem,
      /source is a command; it is not run.*may set any variable, so none of the file's variables were used/
    )
    assert.deepStrictEqual(variables, {})
    assert.deepStrictEqual(unset, [])
  })

  it("given a statement that is not applied, when parsed, then the variables it may set are not used at all (never an older value bash would not have)", () => {
    const { problems, variables } = parseEnvFileText("A=old\nexport A=new B=$(x) C=3\nexport D=$A\nexport E=4\n", {})
    assert.deepStrictEqual(
      problems.map((p) => p.line),
      [2, 3]
    )
    assert.match(problems[1]!.problem, /it uses \$A, which line 2 may have set and was not applied/)
    assert.deepStrictEqual(variables, { E: "4" })
  })
})

describe("what `export -p` prints", () => {
  it("given bash's real export -p output (declare -x, escapes, $'...'), when parsed, then the values are the variables' own", async () => {
    const { execFileSync } = await import("node:child_process")
    const value = `a "quoted" $dollar \`tick\` back\\slash\nnew line\ttab`
    const printed = execFileSync("bash", ["-c", "export -p"], {
      env: { ODD: value, PLAIN: "x y", PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
      encoding: "utf8"
    })
    assert.match(printed, /^declare -x /m)
    const { problems, variables } = parseEnvFileText(printed, {})
    assert.deepStrictEqual(problems, [])
    assert.strictEqual(variables["ODD"], value)
    assert.strictEqual(variables["PLAIN"], "x y")
  })

  it("given sh's export -p output, when parsed, then the values are the variables' own", async () => {
    const { execFileSync } = await import("node:child_process")
    const value = `it's "odd" $x\nline`
    const printed = execFileSync("sh", ["-c", "export -p"], {
      env: { ODD: value, PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
      encoding: "utf8"
    })
    const { problems, variables } = parseEnvFileText(printed, {})
    assert.deepStrictEqual(problems, [])
    assert.strictEqual(variables["ODD"], value)
  })

  it("given declare -f, export -n and declare -rx, when parsed, then declare -f is a problem, export -n unexports, declare -rx sets", () => {
    const { problems, unset, variables } = parseEnvFileText("declare -f x\nexport -n A\ndeclare -rx R=1\n", { A: "a" })
    assert.deepStrictEqual(
      problems.map((p) => p.line),
      [1]
    )
    assert.deepStrictEqual(variables, { R: "1" })
    assert.deepStrictEqual(unset, ["A"])
  })
})

describe("parseEnvFileText on any text", () => {
  it("never throws, and every problem names a line of the text", async () => {
    const fc = await import("fast-check")
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            "export ",
            "A",
            "=",
            "'",
            '"',
            "\\",
            "$",
            "{",
            "}",
            "(",
            "`",
            "\n",
            " ",
            "#",
            ";",
            "-x",
            "declare ",
            "$'",
            "x"
          ),
          maxLength: 60
        }),
        (text) => {
          const { problems } = parseEnvFileText(text, { A: "a" })
          const lines = text.split("\n").length
          for (const p of problems) assert.isTrue(p.line >= 1 && p.line <= lines, `line ${p.line} of ${lines}`)
        }
      ),
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

/** What bash leaves in the environment after `set -a; source FILE`, run in `env -i` plus `environment`: the oracle. */
const bashSources = async (
  text: string,
  environment: { readonly [name: string]: string }
): Promise<{ readonly [name: string]: string }> => {
  const { spawnSync } = await import("node:child_process")
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import("node:fs")
  const { tmpdir } = await import("node:os")
  const dir = mkdtempSync(`${tmpdir()}/wave-hooks-envfile-oracle-`)
  try {
    writeFileSync(`${dir}/env`, text)
    spawnSync(
      "/bin/bash",
      [
        "--norc",
        "--noprofile",
        "-c",
        `trap '/usr/bin/env -0 > "$0"' EXIT; set -a; source "$1" >/dev/null 2>&1`,
        `${dir}/out`,
        `${dir}/env`
      ],
      {
        env: environment,
        cwd: dir,
        stdio: "ignore"
      }
    )
    const vars: Record<string, string> = {}
    for (const entry of readFileSync(`${dir}/out`, "utf8").split("\0")) {
      const eq = entry.indexOf("=")
      if (eq > 0 && !["_", "SHLVL", "PWD", "OLDPWD"].includes(entry.slice(0, eq)))
        vars[entry.slice(0, eq)] = entry.slice(eq + 1)
    }
    return vars
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The environment after the file as the reader sees it: the inherited variables, plus what it sets, minus what it unsets. */
const readerSources = (
  text: string,
  environment: { readonly [name: string]: string }
): { readonly [name: string]: string } => {
  const { unset, variables } = parseEnvFileText(text, environment)
  const vars: Record<string, string> = { ...environment, ...variables }
  for (const name of unset) delete vars[name]
  return vars
}

describe("what hooks really write, read as bash reads it (bash is the oracle)", () => {
  const gitConfigLines = [
    "export GIT_CONFIG_KEY_${GIT_CONFIG_COUNT:-0}=safe.directory",
    'export GIT_CONFIG_VALUE_${GIT_CONFIG_COUNT:-0}="$CLAUDE_PROJECT_DIR"',
    "export GIT_CONFIG_COUNT=$(( ${GIT_CONFIG_COUNT:-0} + 1 ))"
  ].join("\n")

  it("given the plugin's GIT_CONFIG_COUNT lines twice and no count in the environment, when read, then keys 0 and 1 and a count of 2, as bash gives", async () => {
    const environment = { PATH: "/usr/bin:/bin", CLAUDE_PROJECT_DIR: "/work/my project" }
    const text = `${gitConfigLines}\n${gitConfigLines}\n`
    const read = parseEnvFileText(text, environment)
    assert.deepStrictEqual(read.problems, [])
    assert.deepStrictEqual(read.variables, {
      GIT_CONFIG_KEY_0: "safe.directory",
      GIT_CONFIG_VALUE_0: "/work/my project",
      GIT_CONFIG_COUNT: "2",
      GIT_CONFIG_KEY_1: "safe.directory",
      GIT_CONFIG_VALUE_1: "/work/my project"
    })
    assert.deepStrictEqual(readerSources(text, environment), await bashSources(text, environment))
  })

  it("given the plugin's lines in an environment whose GIT_CONFIG_COUNT is 2, when read, then they add key 2 and a count of 3, as bash gives", async () => {
    const environment = { PATH: "/usr/bin:/bin", CLAUDE_PROJECT_DIR: "/p", GIT_CONFIG_COUNT: "2" }
    const read = parseEnvFileText(gitConfigLines, environment)
    assert.deepStrictEqual(read.problems, [])
    assert.deepStrictEqual(read.variables, {
      GIT_CONFIG_KEY_2: "safe.directory",
      GIT_CONFIG_VALUE_2: "/p",
      GIT_CONFIG_COUNT: "3"
    })
    assert.deepStrictEqual(readerSources(gitConfigLines, environment), await bashSources(gitConfigLines, environment))
  })

  it("given VAR=x then export VAR, defaults, unset, $'...', line continuations and ;, when read, then the environment is bash's", async () => {
    const environment = { PATH: "/usr/bin:/bin", HOME: "/home/me", OLD: "gone", KEEP: "k" }
    const text = [
      "MODE=dev",
      "export MODE",
      ': "${CACHE:=$HOME/.cache}"',
      "export TOOL_HOME=${TOOL_HOME:-~/tool} LEVEL=${LEVEL-3}",
      "export MSG=$'tab\\there' PLAIN=a\\ b; unset OLD",
      "export LONG=one\\",
      "two # a comment",
      'declare -x QUOTED="say \\"hi\\" \\$5"',
      "export SUM=$(( LEVEL * 2 + 0x10 ))"
    ].join("\n")
    const read = parseEnvFileText(text, environment)
    assert.deepStrictEqual(read.problems, [])
    assert.deepStrictEqual(read.unset, ["OLD"])
    assert.strictEqual(read.variables["LONG"], "onetwo")
    assert.strictEqual(read.variables["SUM"], "22")
    assert.deepStrictEqual(readerSources(text, environment), await bashSources(text, environment))
  })

  it("given a line with command substitution among good lines, when read, then one problem names that line, its variable is not set, and the rest is bash's", async () => {
    const environment = { PATH: "/usr/bin:/bin" }
    const text = 'export A=1\nexport NOW="$(date +%s)"\nexport B=2\n'
    const read = parseEnvFileText(text, environment)
    assert.deepStrictEqual(
      read.problems.map((p) => [p.line, p.text]),
      [[2, 'export NOW="$(date +%s)"']]
    )
    assert.notProperty(read.variables, "NOW")
    const bash = await bashSources(text, environment)
    assert.deepStrictEqual(read.variables, { A: bash["A"], B: bash["B"] })
  })
})

describe("parseEnvFileText on hostile files up to the 1 MiB cap", () => {
  it("given deep nesting, a costly pattern, a doubling value and 90,000 statements, when read, then each settles without a throw, well under the minutes a backtracking pattern took", () => {
    const files = [
      "export A=" + "${A:-".repeat(50000) + "x" + "}".repeat(50000),
      'export A="' + '${A:-"'.repeat(20000) + "x" + '"}'.repeat(20000) + '"',
      "export A=$((" + "(".repeat(50000) + "1" + ")".repeat(50000) + "))",
      "export V=" + "a".repeat(3000) + "\nexport W=${V##*a*a*a*b} X=${V%%*a*}\n",
      "export A=x\n" + "A+=$A\n".repeat(40),
      "export A=1\n".repeat(90000)
    ]
    const started = Date.now()
    const results = files.map((text) => parseEnvFileText(text, {}))
    assert.isBelow(Date.now() - started, 60_000)
    assert.match(results[0]!.problems[0]!.problem, /nested too deep/)
    assert.match(results[1]!.problems[0]!.problem, /nested too deep/)
    assert.deepStrictEqual(results[3]!.variables["W"], "a".repeat(3000))
    assert.deepStrictEqual(results[3]!.variables["X"], "")
    assert.match(results[4]!.problems[0]!.problem, /over 16777216 characters/)
    assert.deepStrictEqual(results[5]!.variables, { A: "1" })
  }, 120_000)
})
