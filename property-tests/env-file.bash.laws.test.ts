/**
 * Env files are read the way bash reads them (ARCHITECTURE section 7, issue
 * 21): for any generated env file and environment, what `parseEnvFileText`
 * gives is what `bash -c 'set -a; source FILE'` leaves in the environment,
 * bash itself being the oracle (a real `bash --norc --noprofile` per case, in
 * a clean environment: `env -i` plus the case's variables).
 *
 * - A file the reader reads without a refusal: the environment it gives
 *   (the inherited variables, plus `variables`, minus `unset`) is exactly
 *   bash's, every name and value.
 * - A file with a line the reader refuses (command substitution, another
 *   command, a compound command): every variable it does give has bash's
 *   value, every name it unsets is unset in bash; and each refusal names a
 *   line of the file.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseEnvFileText } from "../src/settings/env-file-text.ts"
import type { EnvFileCase } from "./arbitraries/env-file-lines.ts"
import { envFileCaseArb } from "./arbitraries/env-file-lines.ts"

/** Variables bash sets itself as it runs: not the file's. */
const bashOwn = new Set(["_", "SHLVL", "PWD", "OLDPWD"])

/** What bash leaves in the environment after `set -a; source FILE` (or after the file exits). */
const bashResult = (
  dir: string,
  text: string,
  environment: { readonly [name: string]: string }
): Map<string, string> => {
  const file = join(dir, "env")
  const out = join(dir, "out")
  writeFileSync(file, text)
  rmSync(out, { force: true })
  // The trap prints the environment whatever ends the reading (exit, ${X:?}); $0 is the output file, out of the file's reach.
  const script = `trap '/usr/bin/env -0 > "$0"' EXIT; set -a; source "$1" </dev/null >/dev/null 2>&1`
  const done = spawnSync("/bin/bash", ["--norc", "--noprofile", "-c", script, out, file], {
    env: environment,
    cwd: dir,
    timeout: 20_000,
    stdio: "ignore"
  })
  if (done.error !== undefined) throw done.error
  const vars = new Map<string, string>()
  for (const entry of readFileSync(out, "utf8").split("\0")) {
    if (entry === "") continue
    const eq = entry.indexOf("=")
    const name = entry.slice(0, eq)
    if (!bashOwn.has(name)) vars.set(name, entry.slice(eq + 1))
  }
  return vars
}

/** Problems that are bash's own behaviour (an error that ends a line, a skipped name, an exit), not a refusal to run something. */
const bashOwnProblem =
  /^bash stops this line here|bash skips it$|bash leaves its value as it is$|bash does not unset it$|^bash exits here|^exit ends the shell|stops bash here/

const check = (dir: string, c: EnvFileCase): void => {
  const bash = bashResult(dir, c.text, c.environment)
  const read = parseEnvFileText(c.text, c.environment, { pwd: dir })
  const lines = c.text.split("\n").length
  for (const p of read.problems) assert.isTrue(p.line >= 1 && p.line <= lines, `problem on line ${p.line} of ${lines}`)
  const refused = read.problems.filter((p) => !bashOwnProblem.test(p.problem))
  const model = new Map(Object.entries(c.environment))
  for (const [name, value] of Object.entries(read.variables)) model.set(name, value)
  for (const name of read.unset) model.delete(name)
  for (const name of bashOwn) model.delete(name)
  const show = `file ${JSON.stringify(c.text)} in ${JSON.stringify(c.environment)}; problems ${JSON.stringify(read.problems.map((p) => `${p.line}: ${p.problem}`))}`
  if (refused.length === 0) {
    assert.deepStrictEqual(Object.fromEntries([...model].sort()), Object.fromEntries([...bash].sort()), show)
  } else {
    for (const [name, value] of Object.entries(read.variables))
      assert.strictEqual(value, bash.get(name), `${name}: ${show}`)
    for (const name of read.unset) assert.isFalse(bash.has(name), `${name} unset: ${show}`)
  }
}

describe("env files read as bash reads them (bash is the oracle)", () => {
  it("for any generated env file and environment, the reader gives bash's variables (exactly, when it refused no line)", () => {
    const dir = mkdtempSync(join(tmpdir(), "wave-hooks-envfile-law-"))
    try {
      fc.assert(
        fc.property(envFileCaseArb, (c) => check(dir, c)),
        { numRuns: Number(process.env["FC_NUM_RUNS"] ?? 600) }
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)

  it("files the law once failed on (random seeds) read as bash reads them", () => {
    const dir = mkdtempSync(join(tmpdir(), "wave-hooks-envfile-law-"))
    const found = [
      // export assigns before it exports: a failed assignment to an integer leaves C unexported (declare -x does not).
      "declare -i C=0; export A=\nexport -n C; export C=~\n",
      "declare -i C=0\nexport -n C\ndeclare -x C=~\n",
      "declare -i C=0\nreadonly -x C=~\n",
      // A pre-decrement before a bad character fails before it assigns.
      'U=-_0.; declare -l A=~\ndeclare -i A=-${U:-0}\ndeclare -x A=""\n'
    ]
    try {
      for (const text of found) check(dir, { text, tags: [], environment: { PATH: "/usr/bin:/bin", HOME: dir } })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("the generator reaches each construct (fc.statistics), and most files are read without a refusal", () => {
    const seed = 20261126
    const numRuns = 2000
    const lines: Array<string> = []
    fc.statistics(envFileCaseArb, (c) => [...c.tags], { seed, numRuns, logger: (line) => lines.push(line) })
    console.log(`envFileCaseArb (fc.statistics, ${numRuns} files, seed ${seed}):\n${lines.join("\n")}`)
    const counts = new Map<string, number>()
    let clean = 0
    for (const c of fc.sample(envFileCaseArb, { seed, numRuns })) {
      for (const tag of new Set(c.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1)
      const read = parseEnvFileText(c.text, c.environment, { pwd: "/tmp" })
      if (read.problems.every((p) => bashOwnProblem.test(p.problem))) clean++
    }
    console.log(`files read without a refusal: ${clean} of ${numRuns}`)
    const wanted = [
      "export NAME=value",
      "NAME=value",
      "two assignments",
      "NAME+=value",
      "export NAME",
      "export -p output",
      "declare -x",
      "unset",
      "export -n",
      ": ${X:=w}",
      "readonly",
      "declare -i",
      "declare -l/-u",
      "git config pattern",
      "refused or ending command",
      "; statements",
      "trailing comment",
      "comment line",
      "blank line",
      "plain text",
      "single quotes",
      "double quotes",
      "$'...'",
      "backslash",
      "line continuation",
      "~",
      "backslash in double quotes",
      "newline in double quotes",
      "command substitution",
      "$X",
      "${X}",
      "${X:-w}",
      "${X-w}",
      "${X:=w}",
      "${X=w}",
      "${X:+w}",
      "${X+w}",
      "${X:?w}",
      "${#X}",
      "${X#p}",
      "${X##p}",
      "${X%p}",
      "${X%%p}",
      "${X^^}",
      "${X,,}",
      "$(( ))",
      "arith assignment",
      "arith ++/--",
      "arith ?:",
      "arith /",
      "arith ${X:-0}"
    ]
    for (const tag of wanted) {
      const share = (counts.get(tag) ?? 0) / numRuns
      assert.isAtLeast(share, 0.01, `${tag}: ${(share * 100).toFixed(1)}%`)
    }
    assert.isAtLeast(clean / numRuns, 0.4, `files without a refusal: ${clean} of ${numRuns}`)
  })
})
