/**
 * `npm start`'s first step: bundle the CLI when `dist/bin.js` is missing or
 * older than `src/` (a fresh clone after `npm install`, or after an edit), else
 * do nothing. Installing the package runs no script: the tarball ships `dist/`.
 */
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { cliBundleIsStale } from "./cli-freshness.ts"

const root = fileURLToPath(new URL("../", import.meta.url))
if (cliBundleIsStale(root)) {
  console.error("Building the CLI (dist/bin.js is missing or older than src/) ...")
  const result = spawnSync(process.execPath, [join(root, "scripts", "build-cli.ts")], { cwd: root, stdio: "inherit" })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
