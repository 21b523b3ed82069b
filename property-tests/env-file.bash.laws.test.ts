/**
 * Env files are read the way bash reads them (ARCHITECTURE section 7, issue
 * 21): for any generated env file and environment, what `parseEnvFileText`
 * gives is what `bash -c 'set -a; source FILE'` leaves in the environment,
 * bash itself being the oracle (a real `bash --norc --noprofile` per case, in
 * a clean environment: `env -i` plus the case's variables, in a directory of
 * its own). The law's cases are started by one driver script rather than one
 * by one from node (bashResults); a test checks the two give the same.
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
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import { join } from "node:path"
import { parseEnvFileText } from "../src/settings/env-file-text.ts"
import type { EnvFileCase } from "./arbitraries/env-file-lines.ts"
import { envFileCaseArb } from "./arbitraries/env-file-lines.ts"

/** Variables bash sets itself as it runs: not the file's. */
const bashOwn = new Set(["_", "SHLVL", "PWD", "OLDPWD"])

// The trap prints the environment whatever ends the reading (exit, ${X:?}), bash giving its place to `env -0` (one
// process fewer than a fork); $0 is the output file, out of the file's reach.
const bashScript = `trap 'exec /usr/bin/env -0 > "$0"' EXIT; set -a; source "$1" </dev/null >/dev/null 2>&1`

/** What bash left in the environment, and the directory it read the file in (its `$PWD`). */
interface BashRead {
  readonly pwd: string
  readonly vars: ReadonlyMap<string, string>
}

/** The environment `env -0` printed in `pwd`, without bash's own variables. */
const readEnvironment = (pwd: string): BashRead => {
  const vars = new Map<string, string>()
  for (const entry of readFileSync(join(pwd, "out"), "utf8").split("\0")) {
    if (entry === "") continue
    const eq = entry.indexOf("=")
    const name = entry.slice(0, eq)
    if (!bashOwn.has(name)) vars.set(name, entry.slice(eq + 1))
  }
  return { pwd, vars }
}

/**
 * What bash leaves in the environment after `set -a; source FILE` (or after the file exits). Each case is read in a
 * directory of its own, empty but for the file (`env`) and the output (`out`): files a case's redirections make do
 * not reach another case.
 */
const bashResult = (dir: string, text: string, environment: { readonly [name: string]: string }): BashRead => {
  const pwd = mkdtempSync(join(dir, "case-"))
  writeFileSync(join(pwd, "env"), text)
  const done = spawnSync("/bin/bash", ["--norc", "--noprofile", "-c", bashScript, join(pwd, "out"), join(pwd, "env")], {
    env: environment,
    cwd: pwd,
    timeout: 20_000,
    stdio: "ignore"
  })
  if (done.error !== undefined) throw done.error
  return readEnvironment(pwd)
}

/** A word bash reads as exactly `text` (no NUL in it). */
const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`

/** The key a case's bash result is kept under: its file and its environment. */
const caseKey = (c: EnvFileCase): string => JSON.stringify([c.text, Object.entries(c.environment).sort()])

/**
 * `bashResult` for many cases with one process started from node: a driver script starts, for each case, the same
 * fresh `bash --norc --noprofile -c` as `bashResult` (in `env -i` plus the case's variables, in a directory of its
 * own, its stdio on /dev/null), a few cases at a time. Node forks its whole worker to start a process, which takes
 * longer the more memory the worker holds (tens of milliseconds a case in a full `npm test`); the driver forks a
 * small shell. The driver's time is a guard against a bash that hangs, not a bound: a driver stopped after it
 * (it and all it started, its own process group) gives no results, and `bashResult` runs its cases alone, 20 s at
 * most each. `timedOut` says whether that happened.
 */
const bashResults = (
  dir: string,
  cases: ReadonlyArray<EnvFileCase>
): { readonly results: Map<string, BashRead>; readonly timedOut: boolean } => {
  const results = new Map<string, BashRead>()
  let timedOut = false
  const chunk = 1000
  const lanes = Math.min(4, availableParallelism())
  for (let start = 0; start < cases.length; start += chunk) {
    const part = cases.slice(start, start + chunk)
    const runs = part.map((c, i) => {
      const pwd = join(dir, `batch-${start + i}`)
      mkdirSync(pwd)
      writeFileSync(join(pwd, "env"), c.text)
      return { c, pwd }
    })
    const lines = runs.map(({ c, pwd }) => {
      const assignments = Object.entries(c.environment).map(([name, value]) => shellQuote(`${name}=${value}`))
      return `cd ${shellQuote(pwd)} && /usr/bin/env -i ${assignments.join(" ")} /bin/bash --norc --noprofile -c "$script" ${shellQuote(join(pwd, "out"))} ${shellQuote(join(pwd, "env"))} </dev/null >/dev/null 2>&1`
    })
    // The cases split into lanes that run side by side, each a background list of the driver.
    const perLane = Math.ceil(lines.length / lanes)
    const driver = ["trap 'trap - TERM; kill 0' TERM", `script=${shellQuote(bashScript)}`]
    for (let lane = 0; lane * perLane < lines.length; lane++)
      driver.push("{", ...lines.slice(lane * perLane, (lane + 1) * perLane), "} &")
    driver.push("wait")
    writeFileSync(join(dir, "driver.sh"), `${driver.join("\n")}\n`)
    // setsid: the driver leads a process group of its own, for its TERM trap to stop.
    const done = spawnSync("/usr/bin/setsid", ["/bin/bash", "--norc", "--noprofile", join(dir, "driver.sh")], {
      cwd: dir,
      timeout: 60_000 + part.length * 500,
      stdio: "ignore"
    })
    if (done.error !== undefined) {
      timedOut = true
      continue
    }
    for (const { c, pwd } of runs) if (existsSync(join(pwd, "out"))) results.set(caseKey(c), readEnvironment(pwd))
  }
  return { results, timedOut }
}

/** Problems that are bash's own behaviour (an error that ends a line, a skipped name, an exit), not a refusal to run something. */
const bashOwnProblem =
  /^bash stops this line here|bash skips it$|bash leaves its value as it is$|bash does not unset it$|^bash exits here|^exit ends the shell|stops bash here/

const check = (dir: string, c: EnvFileCase, bashRead = bashResult(dir, c.text, c.environment)): void => {
  const bash = bashRead.vars
  const read = parseEnvFileText(c.text, c.environment, { pwd: bashRead.pwd })
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
    // Two passes over the same seed: the first collects the cases the law runs on and runs bash on them in one batch
    // (bashResults); the second is the law, each case checked against its batched result (a shrunk case, or one
    // without a batched result, runs bash alone through bashResult).
    const numRuns = Number(process.env["FC_NUM_RUNS"] ?? 600)
    const seed = Math.floor(Math.random() * 0x80000000)
    try {
      const cases: Array<EnvFileCase> = []
      fc.assert(
        fc.property(envFileCaseArb, (c) => {
          cases.push(c)
        }),
        { numRuns, seed }
      )
      const { results: batched, timedOut } = bashResults(dir, cases)
      let checked = 0
      let alone = 0
      fc.assert(
        fc.property(envFileCaseArb, (c) => {
          checked++
          const bash = batched.get(caseKey(c))
          if (bash === undefined) alone++
          check(dir, c, bash)
        }),
        { numRuns, seed }
      )
      // Each of the numRuns cases was checked against bash, from the batch (unless the driver ran out of time): the
      // second pass generated the cases the first collected.
      assert.strictEqual(checked, numRuns)
      if (!timedOut) assert.strictEqual(alone, 0, `cases bash ran alone (seed ${seed})`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)

  it("the batch gives what bash started alone gives (the same files and environments)", () => {
    const dir = mkdtempSync(join(tmpdir(), "wave-hooks-envfile-law-"))
    const seed = Math.floor(Math.random() * 0x80000000)
    // Not the files that hold `$$`: it is each bash's own process id.
    const cases = fc.sample(envFileCaseArb, { seed, numRuns: 30 }).filter((c) => !c.text.includes("$$"))
    // Each case ran in a directory of its own: `~+` gives it, so it is written <pwd> in both.
    const shown = (read: BashRead | undefined) =>
      read === undefined
        ? undefined
        : [...read.vars].map(([name, value]) => [name, value.replaceAll(read.pwd, "<pwd>")])
    try {
      // The driver has 75 s for the 30 cases (a case alone has 20 s): running out of it is a hang.
      const { results: batched, timedOut } = bashResults(dir, cases)
      assert.isFalse(timedOut, "the driver ran out of time")
      for (const c of cases) {
        const alone = bashResult(dir, c.text, c.environment)
        assert.deepStrictEqual(shown(batched.get(caseKey(c))), shown(alone), `seed ${seed}: ${JSON.stringify(c)}`)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("files the law once failed on (random seeds) read as bash reads them", () => {
    const dir = mkdtempSync(join(tmpdir(), "wave-hooks-envfile-law-"))
    const found = [
      // export assigns before it exports: a failed assignment to an integer leaves C unexported (declare -x does not).
      "declare -i C=0; export A=\nexport -n C; export C=~\n",
      "declare -i C=0\nexport -n C\ndeclare -x C=~\n",
      "declare -i C=0\nreadonly -x C=~\n",
      // A pre-decrement before a bad character fails before it assigns.
      'U=-_0.; declare -l A=~\ndeclare -i A=-${U:-0}\ndeclare -x A=""\n',
      // An unset that was not applied may have taken C's upper-case attribute away: C's next value is not known.
      "declare -u C=\nA=~${A^^}\nexport A A; unset C; A=\nexport C=~; readonly A="
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
