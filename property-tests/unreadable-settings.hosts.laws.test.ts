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
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  brokenSettingsCaseArb,
  brokenTextOf,
  caseLabel,
  caseLabels,
  scopeOf,
  validSettingsArb
} from "./arbitraries/settings-breakages.ts"
import { inProcessHosts } from "./support/tool-hosts.ts"
import { seed, unreadableSettingsLaws } from "./support/unreadable-settings-laws.ts"
import { validateSettings } from "../src/settings/validate-settings.ts"
import { ensureCliBuilt } from "../test/helpers/cli-process.ts"
import { removeTempProjects } from "../test/helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

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

// ====== The law, per host (the process hosts: unreadable-settings-processes.hosts.laws.test.ts) ======

unreadableSettingsLaws(inProcessHosts)
