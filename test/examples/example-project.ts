/**
 * A temp copy of one example's project folder (`examples/hosts/<host>`: its
 * `.wave/settings.json` and `hooks/*.sh`, modes kept), with a `build/keep`
 * file for `rm -rf build` to threaten, trusted as `wave-hooks trust --yes`
 * does, under a temp HOME that `process.env.HOME` points at (each test file
 * runs in its own worker, so the change stays in that file).
 */
import { cpSync } from "node:fs"
import { join } from "node:path"
import { repoRoot } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { makeProject } from "../helpers/project.ts"

/** The example hosts, each a folder under examples/hosts. */
export const exampleHosts = ["ai-sdk", "openai-agents", "langchain", "mastra", "agent-loop"] as const

export const exampleProject = async (host: (typeof exampleHosts)[number]): Promise<TempProject> => {
  const p = makeProject()
  cpSync(join(repoRoot, "examples", "hosts", host), p.dir, { recursive: true })
  p.writeFile("build/keep", "keep me\n", 0o644)
  await p.trust()
  process.env["HOME"] = p.home
  return p
}
