/**
 * The built `wave-hooks` CLI as a real child process: bundle `dist/bin.js` when
 * it is missing or older than `src/`, then run `node dist/bin.js ...` with a given
 * environment, stdin and working directory. A run that hangs is killed by pid.
 */
import { spawn, spawnSync } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { cliBundleIsStale } from "../../scripts/cli-freshness.ts"

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url))
export const nodeBin = join(repoRoot, "node_modules", ".bin", "node")
export const cliBin = join(repoRoot, "dist", "bin.js")

/**
 * Bundle the CLI (`scripts/build-cli.ts`, the CLI half of `npm run build`) when
 * `dist/bin.js` is missing or older than `src/`. The bundle does not need the
 * `tsc` output, and is built even while another module has type errors.
 */
export const ensureCliBuilt = (): void => {
  if (!cliBundleIsStale(repoRoot)) return
  const result = spawnSync(nodeBin, [join(repoRoot, "scripts", "build-cli.ts")], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 120_000
  })
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`)
}

export interface CliResult {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

export interface CliOptions {
  /** Written to the CLI's stdin (then closed). */
  readonly input?: string
  /** The child's whole environment. */
  readonly env: { readonly [name: string]: string | undefined }
  readonly cwd?: string
  readonly timeoutMs?: number
}

/** Run `wave-hooks <args>`; rejects when it does not finish in time (after killing it by pid). */
export const runCli = (args: ReadonlyArray<string>, options: CliOptions): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(nodeBin, [cliBin, ...args], {
      cwd: options.cwd ?? repoRoot,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const limit = options.timeoutMs ?? 25_000
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, "SIGKILL")
      reject(
        new Error(`wave-hooks ${args.join(" ")} did not finish in ${limit} ms\nstdout: ${stdout}\nstderr: ${stderr}`)
      )
    }, limit)
    child.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on("close", (status) => {
      clearTimeout(timer)
      resolve({ status, stdout, stderr })
    })
    child.stdin.on("error", () => {})
    child.stdin.end(options.input ?? "")
  })
