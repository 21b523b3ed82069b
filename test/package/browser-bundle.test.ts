/**
 * The package root runs in a browser: `test/package/browser-entry.ts` (which
 * imports `decide`, `combine`, `hookRun`, `parseStdout` and
 * `validateSettings` from `src/index.ts`) is bundled with rolldown for
 * `platform: "browser"`, where importing a Node built-in, `@effect/platform-*`
 * or any package but `effect` is a bundling error, and any bundler warning
 * too. The bundle then runs in headless Chromium (no network: every request
 * is refused) and must compute exactly what the same entry computes in Node.
 *
 * Chromium must be at /usr/bin/chromium (CI installs it: .ci/run). When it is
 * missing, the browser test fails with a message saying so; nothing is skipped.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { chromium } from "playwright-core"
import type { Browser } from "playwright-core"
import type { Plugin } from "rolldown"
import { rolldown } from "rolldown"
import { compute } from "./browser-entry.ts"
import { forbiddenReason } from "./import-graph.ts"

const repo = resolve(import.meta.dirname, "../..")
const chromiumPath = "/usr/bin/chromium"
const entry = resolve(import.meta.dirname, "browser-entry.ts")
const globalName = "WaveHooksBrowserEntry"

/** Fails the build on any bare import a browser bundle of the root must not contain. */
const browserOnly: Plugin = {
  name: "wave-hooks-browser-only",
  resolveId(id, importer) {
    if (id.startsWith(".") || id.startsWith("/") || importer === undefined) return null
    const reason = forbiddenReason(id, ["effect", "@noble/hashes", "smol-toml", "strip-json-comments"])
    if (reason !== undefined) {
      throw new Error(
        `${relative(repo, importer)} imports "${id}" (${reason}): the package root must bundle for the browser`
      )
    }
    return null
  }
}

interface Bundle {
  readonly code: string
  readonly moduleIds: ReadonlyArray<string>
  readonly ms: number
}

const bundleForBrowser = async (input: string): Promise<Bundle> => {
  const started = Date.now()
  const bundle = await rolldown({
    input,
    platform: "browser",
    cwd: repo,
    plugins: [browserOnly],
    // Warnings (an unresolved import, say) are errors here.
    onLog: (level, log) => {
      if (level !== "warn") return
      throw new Error(
        `rolldown warning bundling ${relative(repo, input)} for the browser: ${log.code ?? ""} ${log.message}`
      )
    }
  })
  try {
    const { output } = await bundle.generate({ format: "iife", name: globalName, minify: true, codeSplitting: false })
    const [chunk, ...rest] = output
    if (chunk === undefined || chunk.type !== "chunk" || rest.length > 0) {
      throw new Error(`expected one chunk, got ${output.map((o) => o.fileName).join(", ")}`)
    }
    return { code: chunk.code, moduleIds: chunk.moduleIds, ms: Date.now() - started }
  } finally {
    await bundle.close()
  }
}

describe("the package root in a browser", () => {
  let bundle: Bundle
  let browser: Browser | undefined

  beforeAll(async () => {
    bundle = await bundleForBrowser(entry)
    const gzip = gzipSync(bundle.code, { level: 9 }).length
    console.log(
      `browser bundle of ${relative(repo, entry)}: ${bundle.moduleIds.length} modules, ` +
        `${(bundle.code.length / 1024).toFixed(1)} KiB minified, ${(gzip / 1024).toFixed(1)} KiB min+gzip, ${bundle.ms} ms`
    )
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
  })

  it("bundles with no Node module in it", () => {
    const ours = bundle.moduleIds.filter((id) => !id.includes("/node_modules/")).map((id) => relative(repo, id))
    expect(ours).toEqual(
      expect.arrayContaining(["src/index.ts", "src/core/decide.ts", "src/settings/validate-settings.ts"])
    )
    expect(ours.filter((id) => id.startsWith("src/runner/"))).toEqual([])
    expect(bundle.moduleIds.filter((id) => /[\\/]@effect[\\/]platform-|^node:/.test(id))).toEqual([])
  })

  it("computes in headless Chromium what it computes in Node", async () => {
    if (!existsSync(chromiumPath)) {
      throw new Error(
        `Chromium is not at ${chromiumPath}: install it (apt-get install chromium; .ci/run does) to run this test.`
      )
    }
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync"
      ]
    })
    const page = await browser.newPage()
    const errors: Array<string> = []
    const requests: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text())
    })
    await page.route("**/*", async (route) => {
      requests.push(route.request().url())
      await route.abort()
    })
    await page.setContent(`<!doctype html><meta charset="utf-8"><title>wave-hooks browser bundle</title>`)
    await page.addScriptTag({ content: bundle.code })
    const inBrowser = await page.evaluate((name) => {
      const globals = globalThis as unknown as Record<string, { compute: () => unknown } | undefined>
      const entryModule = globals[name]
      if (entryModule === undefined) throw new Error(`the bundle defined no ${name}`)
      return {
        hasProcess: typeof (globalThis as { process?: unknown }).process !== "undefined",
        result: JSON.stringify(entryModule.compute())
      }
    }, globalName)

    expect(errors, "the page logged errors").toEqual([])
    expect(requests, "the bundle made network requests").toEqual([])
    expect(inBrowser.hasProcess, "the page has a `process` global: not a plain browser").toBe(false)

    const inNode = compute()
    expect(JSON.parse(inBrowser.result)).toEqual(JSON.parse(JSON.stringify(inNode)))
    // And what it computes is what the core promises, not just the same garbage twice.
    expect(inNode.deny).toEqual([{ _tag: "BlockTool", reason: "no rm -rf" }])
    expect(inNode.allow).toEqual([{ _tag: "AllowTool" }])
    expect(inNode.combined).toEqual([{ _tag: "BlockTool", reason: "no rm -rf" }])
    expect(inNode.combinedReversed).toEqual([{ _tag: "BlockTool", reason: "no rm -rf" }])
    expect(inNode.exit2).toEqual([{ _tag: "BlockStop", reason: "tests fail" }])
    expect(inNode.parsed._tag).toBe("Json")
    expect(inNode.diagnostics).toHaveLength(2)
    expect(inNode.diagnostics[0]).toMatch(/\$\.hooks\.PreToolUs: unknown event "PreToolUs".*did you mean "PreToolUse"/)
    expect(inNode.diagnostics[1]).toMatch(/timeout: warning: 5000 seconds looks like milliseconds/)
    expect(inNode.hooks).toEqual(["y.sh"])
  }, 60_000)
})

describe("the browser bundler rejects Node modules", () => {
  const dir = mkdtempSync(join(tmpdir(), "wave-hooks-browser-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const entryImporting = (name: string, specifier: string): string => {
    const file = join(dir, `${name}.ts`)
    writeFileSync(file, `import * as m from ${JSON.stringify(specifier)}\nexport const keep = m\n`)
    return file
  }

  it.each([
    ["node-scheme", "node:fs", /imports "node:fs" \(a Node built-in/],
    ["bare-builtin", "path", /imports "path" \(a Node built-in/],
    ["platform", "@effect/platform-node", /imports "@effect\/platform-node" \(a Node platform package/],
    ["other-package", "ai", /imports "ai" \(a package not on the allowed list/]
  ])("%s: %s", async (name, specifier, message) => {
    await expect(bundleForBrowser(entryImporting(name, specifier))).rejects.toThrow(message)
  })
})
