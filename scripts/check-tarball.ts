/**
 * From a tarball to a blocked `rm -rf`, with the README's own commands: packs
 * the package, installs it the way the README says into a fresh global prefix
 * with a fresh HOME, then runs the README's marked shell blocks and drives its
 * MCP client configuration with a real MCP client. Also installs the tarball
 * alone into a fresh project and reports what that costs (no database client).
 *
 * Markers in the Markdown (other `<!-- ... -->` lines, such as snippet markers,
 * may sit between a marker and its fenced block):
 *
 * - `<!-- e2e: NAME [exit=N] [stdout="text"] -->` before a fenced `sh` block:
 *   the block runs in `bash -e -o pipefail`. Blocks of one NAME run in order
 *   and continue where the previous one left off (its working directory; not
 *   its variables). The first block of a NAME starts in a fresh folder; the
 *   NAME `install` starts in the folder that holds the packed tarball (under
 *   its real name, e.g. `wave-hooks-0.1.0.tgz`) and runs before the others.
 *   `exit` is the block's expected status (default 0), `stdout` a text its
 *   output must contain.
 * - `<!-- e2e-config: NAME -->` before a fenced `json` block: an MCP client
 *   configuration (`{"mcpServers": {"fs": {"command", "args", "env"?}}}`).
 *   `/path/to/my-project` in it is replaced by the folder NAME's blocks ended
 *   in. Its one server is started with the MCP SDK's stdio client from that
 *   folder, then asked to write `.env` (the README's hook denies it: the
 *   result must be an error and no file written) and `notes.txt` (allowed).
 *
 * Environment of every block: HOME and npm's global prefix are fresh folders
 * (so `npm install -g` needs no root, and trust starts empty), the prefix's
 * `bin` and the repository's Node come first on PATH, and npm's cache is the
 * machine's (packages come from it, or the registry).
 *
 * Usage: `node scripts/check-tarball.ts [--readme FILE] [--no-build] [--blocks-only]`.
 * `--blocks-only` runs the blocks without packing or installing (to test the
 * harness). Exits 1 on the first failure, printing the block, its output and
 * its status.
 */
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { homedir, tmpdir } from "node:os"
import { basename, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"

const root = fileURLToPath(new URL("../", import.meta.url))
const { values } = parseArgs({
  options: {
    readme: { type: "string", default: join(root, "README.md") },
    "no-build": { type: "boolean", default: false },
    "blocks-only": { type: "boolean", default: false }
  }
})

/** One marked block of the Markdown. */
interface Block {
  readonly kind: "e2e" | "e2e-config"
  readonly name: string
  readonly exit: number
  readonly stdout: string | undefined
  readonly body: string
  readonly line: number
}

/** The marked blocks of a Markdown text, in order. */
export const markedBlocks = (markdown: string, file: string): ReadonlyArray<Block> => {
  const lines = markdown.split("\n")
  const blocks: Array<Block> = []
  lines.forEach((text, index) => {
    const marker = /^<!-- (e2e|e2e-config): (\S+)((?:\s+\w+=(?:"[^"]*"|\S+))*)\s*-->$/.exec(text.trim())
    if (marker === null) return
    const keys = Object.fromEntries(
      Array.from(marker[3]!.matchAll(/(\w+)=(?:"([^"]*)"|(\S+))/g), (m) => [m[1]!, m[2] ?? m[3]!])
    )
    let at = index + 1
    while (at < lines.length && /^<!--.*-->$/.test(lines[at]!.trim())) at++
    const fence = /^```(\w*)/.exec(lines[at] ?? "")
    if (fence === null) throw new Error(`${file}:${index + 1}: the marker is not followed by a fenced code block`)
    const end = lines.findIndex((l, i) => i > at && l.startsWith("```"))
    if (end < 0) throw new Error(`${file}:${at + 1}: the fenced block does not end`)
    blocks.push({
      kind: marker[1] as Block["kind"],
      name: marker[2]!,
      exit: keys["exit"] === undefined ? 0 : Number(keys["exit"]),
      stdout: keys["stdout"],
      body: lines.slice(at + 1, end).join("\n"),
      line: index + 1
    })
  })
  return blocks
}

const fail = (message: string): never => {
  console.error(`\ncheck-tarball: ${message}`)
  process.exit(1)
}

const readme = resolve(values.readme)
const blocks = markedBlocks(readFileSync(readme, "utf8"), readme)
if (blocks.length === 0) fail(`${readme} has no <!-- e2e: ... --> blocks`)

const work = mkdtempSync(join(tmpdir(), "wave-hooks-e2e-"))
const home = join(work, "home")
const prefix = join(work, "global")
const packDir = join(work, "pack")
for (const dir of [home, prefix, packDir]) mkdirSync(dir, { recursive: true })
const repoNodeDir = join(root, "node_modules", "node", "bin")
const env: NodeJS.ProcessEnv = {
  ...process.env,
  HOME: home,
  npm_config_prefix: prefix,
  npm_config_cache: process.env["npm_config_cache"] ?? join(homedir(), ".npm"),
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
  PATH: [join(prefix, "bin"), ...(existsSync(repoNodeDir) ? [repoNodeDir] : []), process.env["PATH"] ?? ""].join(":")
}
for (const key of Object.keys(env)) if (key.startsWith("WAVE_") || key.startsWith("CLAUDE_")) delete env[key]

let passed = true
try {
  // ====== Pack ======
  if (!values["blocks-only"]) {
    console.log(`$ npm pack${values["no-build"] ? " --ignore-scripts" : ""}`)
    const pack = spawnSync(
      "npm",
      ["pack", "--json", "--pack-destination", packDir, ...(values["no-build"] ? ["--ignore-scripts"] : [])],
      {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024
      }
    )
    if (pack.status !== 0) fail(`npm pack failed:\n${pack.stderr}`)
    console.log(readdirSync(packDir).join("\n"))
  }

  // ====== The README's blocks ======
  const cwdOf = new Map<string, string>()
  const ordered = [...blocks.filter((b) => b.name === "install"), ...blocks.filter((b) => b.name !== "install")]
  for (const block of ordered) {
    const start = cwdOf.get(block.name) ?? (block.name === "install" ? packDir : join(work, "projects", block.name))
    mkdirSync(start, { recursive: true })
    if (block.kind === "e2e-config") {
      await checkMcpConfig(block, start)
      continue
    }
    const cwdFile = join(work, `.${block.name}.cwd`)
    const script = `trap 'pwd > "$WAVE_E2E_CWD_FILE"' EXIT\nset -e -o pipefail\n${block.body}\n`
    console.log(`\n# ${basename(readme)}:${block.line} (${block.name})\n${block.body.replace(/^/gm, "$ ")}`)
    const run = spawnSync("bash", ["-c", script], {
      cwd: start,
      env: { ...env, WAVE_E2E_CWD_FILE: cwdFile },
      encoding: "utf8",
      timeout: 600_000,
      maxBuffer: 64 * 1024 * 1024
    })
    const output = `${run.stdout}${run.stderr}`
    console.log(output.replace(/^/gm, "  ").trimEnd())
    if (run.status !== block.exit) {
      fail(
        `${basename(readme)}:${block.line}: the block ended with status ${run.status ?? run.signal}, expected ${block.exit}`
      )
    }
    if (block.stdout !== undefined && !run.stdout.includes(block.stdout)) {
      fail(`${basename(readme)}:${block.line}: its output does not contain ${JSON.stringify(block.stdout)}`)
    }
    if (existsSync(cwdFile)) cwdOf.set(block.name, readFileSync(cwdFile, "utf8").trim())
  }

  // ====== What the package costs a consumer ======
  if (!values["blocks-only"]) consumerFootprint()
} catch (error) {
  passed = false
  console.error(error)
} finally {
  rmSync(work, { recursive: true, force: true })
}
if (!passed) process.exit(1)
console.log("\ncheck-tarball: every README block ran as written.")

/** Start the configured MCP server from `projectDir`, then: a denied write, an allowed one. */
async function checkMcpConfig(block: Block, projectDir: string): Promise<void> {
  const where = `${basename(readme)}:${block.line}`
  const config = JSON.parse(block.body.replaceAll("/path/to/my-project", projectDir)) as {
    mcpServers: Record<string, { command: string; args?: Array<string>; env?: Record<string, string> }>
  }
  const [name, server] = Object.entries(config.mcpServers)[0] ?? fail(`${where}: no server in mcpServers`)
  console.log(`\n# ${where}: MCP client -> ${name}: ${server.command} ${(server.args ?? []).join(" ")}`)
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js")
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js")
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args ?? [],
    env: { ...(env as Record<string, string>), ...server.env },
    cwd: projectDir,
    stderr: "pipe"
  })
  let stderr = ""
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  const client = new Client({ name: "check-tarball", version: "1.0.0" })
  try {
    await client.connect(transport)
    const denied = await client.callTool({
      name: "write_file",
      arguments: { path: join(projectDir, ".env"), content: "TOKEN=x\n" }
    })
    console.log(`  write_file .env -> ${JSON.stringify(denied)}`)
    if (denied.isError !== true) fail(`${where}: writing .env was not refused`)
    if (existsSync(join(projectDir, ".env"))) fail(`${where}: .env was written`)
    const allowed = await client.callTool({
      name: "write_file",
      arguments: { path: join(projectDir, "notes.txt"), content: "hello\n" }
    })
    console.log(`  write_file notes.txt -> ${JSON.stringify(allowed)}`)
    if (allowed.isError === true || !existsSync(join(projectDir, "notes.txt")))
      fail(`${where}: an allowed write did not happen`)
  } catch (error) {
    throw new Error(`${where}: the MCP client failed: ${String(error)}\nThe server's stderr:\n${stderr}`)
  } finally {
    await client.close()
  }
}

/** Install the tarball alone into a fresh project; print its size and packages; fail on a database client. */
function consumerFootprint(): void {
  const tarball = readdirSync(packDir).find((f) => f.endsWith(".tgz")) ?? fail("no tarball")
  const consumer = join(work, "consumer")
  mkdirSync(consumer)
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }))
  cpSync(join(packDir, tarball), join(consumer, tarball))
  console.log(`\n# a fresh project: npm install ./${tarball}`)
  const install = spawnSync("npm", ["install", `./${tarball}`], {
    cwd: consumer,
    env,
    encoding: "utf8",
    timeout: 600_000
  })
  console.log(`${install.stdout}${install.stderr}`.replace(/^/gm, "  ").trimEnd())
  if (install.status !== 0) fail("npm install of the tarball failed")
  if (/EBADENGINE/.test(install.stderr)) fail("installing on a supported Node printed EBADENGINE warnings")
  const du = spawnSync("du", ["-sh", "node_modules"], { cwd: consumer, encoding: "utf8" }).stdout.trim()
  const parseable = spawnSync("npm", ["ls", "--all", "--parseable"], { cwd: consumer, env, encoding: "utf8" }).stdout
  const packages = parseable.split("\n").filter((l) => l.includes("node_modules"))
  console.log(`  node_modules: ${du.split(/\s/)[0]}, ${packages.length} packages`)
  const database = packages.filter((p) => /node_modules\/(redis|@redis\/|pg|mysql2?|ioredis|mssql)(\/|$)/.test(p))
  if (database.length > 0)
    fail(
      `a database client was installed: ${database.map((p) => p.slice(p.lastIndexOf("node_modules/") + 13)).join(", ")}`
    )
  console.log(
    `  top level: ${readdirSync(join(consumer, "node_modules"))
      .filter((d) => !d.startsWith("."))
      .join(", ")}`
  )
}
