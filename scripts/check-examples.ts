/**
 * `npm run check:examples`: every file under examples/ type-checks as a user's
 * project imports `wave-hooks/...` (tsc -p tsconfig.examples.json).
 * `--self-test` proves the check has teeth: a temp copy of examples/ with one
 * type error (in an ESM project with a node_modules, like a consumer's),
 * checked with the same config, reports that one error and nothing else (so the
 * rest compile). CI runs both; the self-test lives here rather than in
 * `npm test` because it compiles every example and framework a second time.
 */
import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const repo = resolve(import.meta.dirname, "..")
const tsc = join(repo, "node_modules", "typescript", "bin", "tsc")

const check = (project: string, cwd: string) =>
  spawnSync(process.execPath, [tsc, "-p", project, "--pretty", "false"], { cwd, encoding: "utf8" })

if (process.argv.includes("--self-test")) {
  const dir = mkdtempSync(join(tmpdir(), "wave-examples-check-"))
  try {
    cpSync(join(repo, "examples"), join(dir, "examples"), { recursive: true })
    // The frameworks and @types/node resolve as in a consumer's project: from its node_modules.
    symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"))
    writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }))
    const broken = join(dir, "examples", "library", "decide.ts")
    writeFileSync(broken, `${readFileSync(broken, "utf8")}export const oops: number = merged\n`)
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ extends: join(repo, "tsconfig.examples.json"), include: ["examples/**/*.ts"] })
    )
    const result = check(dir, dir)
    const errors = result.stdout.split("\n").filter((line) => /error TS\d+/u.test(line))
    const ok =
      result.status === 2 &&
      errors.length === 1 &&
      /^examples\/library\/decide\.ts\(\d+,\d+\): error TS2322: /u.test(errors[0]!)
    if (!ok) {
      process.stderr.write(
        `check:examples --self-test: expected exactly one error, in examples/library/decide.ts; got (exit ${result.status}):\n${result.stdout}${result.stderr}`
      )
      process.exit(1)
    }
    process.stdout.write(`check:examples --self-test: the planted error fails the check, alone (${errors[0]})\n`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
} else {
  const result = check(join(repo, "tsconfig.examples.json"), repo)
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  process.exit(result.status ?? 1)
}
