/**
 * Whether the CLI bundle (`dist/bin.js`, written by `scripts/build-cli.ts`) is
 * older than the sources it is built from. `npm start` and the tests that run the
 * CLI as a process rebuild it only then, so a fresh clone needs no build step of
 * its own and installing the package runs no script.
 */
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"

/** The newest modification time of the files under `dir`. */
export const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name)
    return Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }, 0)

/** True when `root/dist/bin.js` is missing or older than a file under `root/src`. */
export const cliBundleIsStale = (root: string): boolean => {
  const bin = join(root, "dist", "bin.js")
  return !existsSync(bin) || statSync(bin).mtimeMs < newestMtime(join(root, "src"))
}
