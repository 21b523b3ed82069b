/**
 * The unreadable-settings laws over a list of hosts (ARCHITECTURE section 7.3), shared by the two test files
 * that run them: the in-process hosts and the hosts that are real processes, so the two lists run side by side
 * in two workers. The laws are unchanged; see unreadable-settings.hosts.laws.test.ts for what they say.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { BrokenSettingsCase } from "../arbitraries/settings-breakages.ts"
import {
  brokenSettingsCaseArb,
  brokenTextOf,
  caseLabel,
  caseLabels,
  fileBreakageArb,
  fixHintOf,
  validSettingsArb
} from "../arbitraries/settings-breakages.ts"
import type { HostUnderTest } from "./tool-hosts.ts"
import { processHosts } from "./tool-hosts.ts"
import type { CaseDirs } from "./broken-settings-files.ts"
import { brokenPathOf, caseDirs, placePath, repair, writeAllowing, writeCase } from "./broken-settings-files.ts"

const extraRuns = Number(process.env["UNREADABLE_HOST_RUNS"] ?? 0)
/** The seed of the one-per-label examples and of the arbitrary's statistics. */
export const seed = 20261126

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

/** Register the three laws for these hosts. */
export const unreadableSettingsLaws = (hosts: ReadonlyArray<HostUnderTest>): void => {
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
}
