/**
 * The unreadable-settings rule over every host (issue 20, security review
 * finding 1; ARCHITECTURE section 7.3): for any broken user or managed
 * settings file, with another file holding a real hook that explicitly
 * allows the tool, no host lets a tool call run, and what the model or
 * client is told names the broken file. Once the file is fixed, the same
 * host (no restart) lets the next call through, which also shows the deny
 * came from the file. An untrusted project's broken file only warns.
 *
 * Hosts: `runHooks`, `runHooksPromise`, `HookSession`, serve's `POST /run`,
 * `createHookedProxy`, the agent loop, the AI SDK, LangChain and OpenAI
 * Agents hosts in-process, and the CLI's `run`, `serve` and `mcp-proxy` as
 * real processes. Every host but the `serve` and `mcp-proxy` processes gets
 * one case of each breakage kind in each scope (`caseLabels`), then random
 * ones; those two (a long-lived Node process per case) get random ones
 * only. Each case has its own temp HOME, project and managed folder: the
 * real user's and the system's settings are never read.
 * `UNREADABLE_HOST_RUNS` raises the random runs.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { BrokenSettingsCase } from "./arbitraries/settings-breakages.ts"
import {
  brokenSettingsCaseArb,
  brokenTextOf,
  caseLabel,
  caseLabels,
  fileBreakageArb,
  fixHintOf,
  scopeOf,
  validSettingsArb
} from "./arbitraries/settings-breakages.ts"
import type { HostUnderTest } from "./support/tool-hosts.ts"
import { inProcessHosts, processHosts } from "./support/tool-hosts.ts"
import type { CaseDirs } from "./support/broken-settings-files.ts"
import { brokenPathOf, caseDirs, placePath, repair, writeAllowing, writeCase } from "./support/broken-settings-files.ts"
import { validateSettings } from "../src/settings/validate-settings.ts"
import { ensureCliBuilt } from "../test/helpers/cli-process.ts"
import { removeTempProjects } from "../test/helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const hosts = [...inProcessHosts, ...processHosts]
const extraRuns = Number(process.env["UNREADABLE_HOST_RUNS"] ?? 0)
const seed = 20261126

/** The hosts that start a long-lived process per case (Node and an upstream): random cases only, no one-per-label examples. */
const longLivedProcesses = new Set(["CLI serve", "CLI mcp-proxy"])

/** Random runs per host, after the one-per-label examples. */
const randomRunsOf = (host: HostUnderTest): number =>
  extraRuns || (longLivedProcesses.has(host.name) ? 4 : host.name === "CLI run" ? 2 : 6)

/** One fixed-seed case of each label (kind and scope), each with one of the host's variants in turn. */
const oneCasePerLabel = (host: HostUnderTest): Array<[BrokenSettingsCase, string]> => {
  const first = new Map<string, BrokenSettingsCase>()
  for (const c of fc.sample(brokenSettingsCaseArb, { seed, numRuns: 2000 }))
    if (!first.has(caseLabel(c))) first.set(caseLabel(c), c)
  return caseLabels.map((label, i) => [first.get(label)!, host.variants[i % host.variants.length]!])
}

// ====== The arbitrary reaches every breakage ======

describe("brokenSettingsCaseArb", () => {
  it("reaches every breakage kind in both scopes (fc.statistics), both dialects and every place of the allowing hook; every broken text is refused by the settings reader", () => {
    const numRuns = 3000
    const lines: Array<string> = []
    fc.statistics(brokenSettingsCaseArb, (c) => caseLabel(c), { seed, numRuns, logger: (line) => lines.push(line) })
    console.log(`brokenSettingsCaseArb (fc.statistics, ${numRuns} values, seed ${seed}):\n${lines.join("\n")}`)
    const seen = new Set<string>()
    for (const c of fc.sample(brokenSettingsCaseArb, { seed, numRuns })) {
      seen.add(caseLabel(c))
      seen.add(`allow in ${c.allowIn}`)
      seen.add(`dialect ${c.dialect}`)
      seen.add(`flag ${c.withFlag}`)
      assert.notStrictEqual<string>(c.allowIn, c.broken, "the allowing hook is never in the broken file")
      const text = brokenTextOf(c.valid, c.breakage)
      if (text === undefined || c.breakage.kind === "too-big") continue
      const read = validateSettings(text, { file: "f.json", scope: scopeOf(c.broken), dialect: c.dialect })
      if (c.breakage.kind === "guard-entry") {
        // Readable, with a PreToolUse entry skipped for an error: denied like an unreadable file.
        assert.isTrue(
          read.diagnostics.some((d) => d.severity === "error" && d.event === "PreToolUse"),
          `${caseLabel(c)} broke no PreToolUse entry: ${text}`
        )
      } else assert.isFalse(read.readable, `${caseLabel(c)} gave a readable text: ${text}`)
    }
    for (const label of caseLabels) assert.isTrue(seen.has(label), `${label} was never generated`)
    for (const other of [
      "allow in user",
      "allow in managed",
      "allow in managed-drop-in",
      "allow in project",
      "dialect wave",
      "dialect claude-code",
      "flag true",
      "flag false"
    ]) {
      assert.isTrue(seen.has(other), `${other} was never generated`)
    }
  })

  it("makes valid settings texts that read without errors (a fixed file is a readable file)", () => {
    fc.assert(
      fc.property(validSettingsArb, (valid) => {
        const read = validateSettings(valid.text, { file: "f.json", scope: "user", dialect: "wave" })
        assert.isTrue(read.readable)
        assert.deepStrictEqual(
          read.diagnostics.filter((d) => d.severity === "error"),
          []
        )
      }),
      { numRuns: 200 }
    )
  })
})

// ====== The law, per host ======

/** Call the tool through a running host and check it was refused, naming `broken` and how to fix it. */
const assertRefused = async (
  callTool: () => Promise<{ readonly executed: boolean; readonly refusal: string | undefined }>,
  broken: string,
  c: BrokenSettingsCase,
  where: string
) => {
  const denied = await callTool()
  assert.isFalse(denied.executed, `${where}: the tool ran while ${broken} could not be read`)
  assert.include(denied.refusal, broken, `${where}: the refusal does not name the broken file`)
  assert.include(denied.refusal, fixHintOf(c.breakage), `${where}: the refusal does not say how to fix the file`)
}

/** One case through one host: refused and named while broken, let through by the same host once fixed. */
const deniedUntilFixed = async (host: HostUnderTest, c: BrokenSettingsCase, variant: string): Promise<void> => {
  const dirs = caseDirs(c.dialect, c.withFlag)
  await writeCase(dirs, c)
  const broken = brokenPathOf(dirs, c)
  const where = `${host.name} (${variant}), ${caseLabel(c)} (${c.dialect}), allow in ${c.allowIn}`
  const running = await host.start(dirs, variant)
  try {
    await assertRefused(running.callTool, broken, c, where)
    repair(dirs, c)
    const allowed = await running.callTool()
    assert.isTrue(
      allowed.executed,
      `${where}: once ${broken} was fixed, the call was still refused: ${allowed.refusal}`
    )
  } finally {
    await running.close()
  }
}

describe("a broken user or managed settings file stops every tool call, in every host, until it is fixed", () => {
  for (const host of hosts) {
    it(`${host.name}: no tool call runs while the file is broken, the refusal names it, and the same host lets the call through once it is fixed`, async () => {
      const examples = longLivedProcesses.has(host.name) ? [] : oneCasePerLabel(host)
      await fc.assert(
        fc.asyncProperty(brokenSettingsCaseArb, fc.constantFrom(...host.variants), (c, variant) =>
          deniedUntilFixed(host, c, variant)
        ),
        { numRuns: examples.length + randomRunsOf(host), examples }
      )
    }, 240_000)
  }
})

/** A case broken while the host runs (the review's `serve` repro): the next call is refused, and allowed again once fixed. */
const deniedOnceBroken = async (host: HostUnderTest, c: BrokenSettingsCase, variant: string): Promise<void> => {
  const dirs: CaseDirs = caseDirs(c.dialect, c.withFlag)
  await writeAllowing(dirs, c.allowIn)
  repair(dirs, c)
  const broken = brokenPathOf(dirs, c)
  const where = `${host.name} (${variant}), ${caseLabel(c)} broken while it runs, allow in ${c.allowIn}`
  const running = await host.start(dirs, variant)
  try {
    assert.isTrue((await running.callTool()).executed, `${where}: refused before the file was broken`)
    await writeCase(dirs, c)
    await assertRefused(running.callTool, broken, c, where)
    repair(dirs, c)
    assert.isTrue((await running.callTool()).executed, `${where}: still refused once the file was fixed`)
  } finally {
    await running.close()
  }
}

describe("a user or managed settings file broken while the host runs stops the next tool call, in hosts that read the settings on every event", () => {
  for (const host of hosts.filter((h) => h.readsEveryEvent === true)) {
    it(`${host.name}: allowed, then refused while the file is broken, then allowed once it is fixed`, async () => {
      await fc.assert(
        fc.asyncProperty(brokenSettingsCaseArb, fc.constantFrom(...host.variants), (c, variant) =>
          deniedOnceBroken(host, c, variant)
        ),
        { numRuns: processHosts.includes(host) ? 2 : 6 }
      )
    }, 240_000)
  }
})

// ====== An untrusted project's broken file ======

/** A broken untrusted project file, and the user's allowing hook: the call runs, and the user is told about the file. */
const allowedDespiteProject = async (
  host: HostUnderTest,
  text: string | undefined,
  kind: string,
  variant: string
): Promise<void> => {
  const dirs = caseDirs()
  await writeAllowing(dirs, "user")
  const file = placePath(dirs, "project")
  mkdirSync(dirname(file), { recursive: true })
  if (text !== undefined) writeFileSync(file, text)
  else if (kind === "directory") mkdirSync(file)
  else spawnSync("mkfifo", [file])
  const where = `${host.name} (${variant}), project ${kind}`
  const running = await host.start(dirs, variant)
  try {
    const outcome = await running.callTool()
    assert.isTrue(outcome.executed, `${where}: an untrusted project's broken file stopped the call: ${outcome.refusal}`)
    // A broken entry is reported on the runs of its own event (PreToolUse), like any skipped entry; a file that
    // cannot be read at all, on every event.
    const told = kind !== "guard-entry" || !variant.startsWith("PermissionRequest")
    if (told)
      assert.isTrue(
        outcome.said.some((s) => s.includes(file)),
        `${where}: nothing told the user about ${file}: ${JSON.stringify(outcome.said)}`
      )
  } finally {
    await running.close()
  }
}

describe("an untrusted project's broken settings file stays a warning, in every host", () => {
  for (const host of hosts) {
    it(`${host.name}: the user's allowing hook lets the call run, and the user is told about the project's file`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(validSettingsArb, fileBreakageArb),
          fc.constantFrom(...host.variants),
          ([valid, breakage], variant) =>
            allowedDespiteProject(host, brokenTextOf(valid, breakage), breakage.kind, variant)
        ),
        { numRuns: processHosts.includes(host) ? 2 : 4 }
      )
    }, 240_000)
  }
})
