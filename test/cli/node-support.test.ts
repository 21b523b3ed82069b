/**
 * Node support is stated once and said plainly: package.json's `engines` is the
 * minimum in `node-support.ts`, and the CLI on an older Node warns on stderr
 * (one line, what to install) and still does its job.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { minimumNode, packageVersion, unsupportedNodeWarning } from "../../src/cli/node-support.ts"
import { cliBin, ensureCliBuilt, repoRoot } from "../helpers/cli-process.ts"

const systemNode = "/usr/bin/node"
const systemNodeVersion = existsSync(systemNode)
  ? spawnSync(systemNode, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim()
  : undefined

describe("Node support", () => {
  it("package.json's engines names the minimum the CLI checks", () => {
    const engines = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { engines: { node: string } })
      .engines
    assert.strictEqual(engines.node, `>=${minimumNode[0]}.${minimumNode[1]}`)
  })

  it("--version prints package.json's version", () => {
    assert.strictEqual(
      packageVersion,
      (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version
    )
  })

  it("a supported Node gets no warning; an older one gets what to install", () => {
    for (const version of ["22.19.0", "22.20.1", "24.21.0", "v26.0.0"])
      assert.isUndefined(unsupportedNodeWarning(version))
    for (const version of ["22.18.0", "20.20.2", "v18.0.0"]) {
      assert.match(
        unsupportedNodeWarning(version) ?? "",
        /^wave-hooks: this is Node [\d.]+; wave-hooks supports Node 22\.19 or newer .*https:\/\/nodejs\.org/
      )
    }
  })

  it.skipIf(systemNodeVersion === undefined || unsupportedNodeWarning(systemNodeVersion) === undefined)(
    "the built CLI on the system's older Node warns once on stderr and still answers",
    () => {
      ensureCliBuilt()
      const run = spawnSync(
        systemNode,
        [cliBin, "decide", "--event", "PreToolUse", "--exit-code", "2", "--stderr", "no"],
        { encoding: "utf8" }
      )
      assert.strictEqual(run.stderr.match(/wave-hooks: this is Node/g)?.length, 1, run.stderr)
      assert.include(run.stdout, "BlockTool")
    }
  )
})
