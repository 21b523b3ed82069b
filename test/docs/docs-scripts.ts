/**
 * Helpers of the docs script tests: copy the repository's docs (README.md, docs/, examples/) to a
 * temporary directory, and run a docs script on a root with the Node 24 binary.
 */
import { spawnSync } from "node:child_process"
import { cpSync, existsSync } from "node:fs"
import { join } from "node:path"
import { nodeBin, repoRoot } from "../helpers/cli-process.ts"
import { tempDir } from "../helpers/project.ts"

/** A temporary copy of the docs, the examples and the files the docs link to. */
export const docsCopy = (): string => {
  const root = tempDir("wave-docs-")
  for (const entry of [
    "README.md",
    "CHANGELOG.md",
    "LICENSE",
    ".ci",
    "package.json",
    "docs",
    "examples",
    "notes",
    "scripts",
    "src",
    "test",
    "bench",
    "schema",
    "api"
  ])
    if (existsSync(join(repoRoot, entry)))
      cpSync(join(repoRoot, entry), join(root, entry), {
        recursive: true,
        filter: (src) => !src.includes("node_modules")
      })
  return root
}

/** Run `scripts/<script>` with `args` and `--root root`; its status and output. */
export const runDocsScript = (
  script: string,
  args: ReadonlyArray<string>,
  root: string
): { readonly status: number | null; readonly stdout: string; readonly stderr: string } => {
  const result = spawnSync(nodeBin, [join(repoRoot, "scripts", script), ...args, "--root", root], {
    encoding: "utf8",
    timeout: 60_000
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}
