/**
 * `scripts/check-package.ts` (CI's size budget, publint and attw) has teeth:
 * given a budget the package cannot meet, it exits 1 and says by how much.
 * The passing run is CI's own (`npm run check:package` in `.ci/run`).
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { ensureCliBuilt, nodeBin, repoRoot } from "../helpers/cli-process.ts"

describe("the package checks", () => {
  it("fail, naming the budget, when the tarball is over it", { timeout: 240_000 }, () => {
    ensureCliBuilt()
    const run = spawnSync(
      nodeBin,
      [join(repoRoot, "scripts", "check-package.ts"), "--no-build", "--max-tarball", "1000"],
      {
        cwd: repoRoot,
        encoding: "utf8",
        timeout: 200_000
      }
    )
    assert.strictEqual(run.status, 1, run.stdout + run.stderr)
    assert.match(run.stderr, /the tarball is [\d.]+ MB, over the budget of 1000 bytes/)
    assert.match(run.stdout, /wave-hooks-[\d.]+\.tgz: [\d.]+ MB packed/)
  })
})
