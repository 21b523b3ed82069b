/**
 * The hooks of the user's installed Gemini CLI extensions (`~/.gemini/extensions/<name>/hooks/hooks.json`,
 * ARCHITECTURE 5.3.1): run, listed and reported in the gemini-cli dialect only, switched off by
 * `extension-enablement.json` as Gemini CLI does. Real files in a temp HOME and project, real hook processes.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect, FileSystem } from "effect"
import { geminiExtensionEnabledIn, parseGeminiEnablement } from "../../src/runner/gemini-extensions.ts"
import { loadSettings } from "../../src/runner/settings-files.ts"
import { syncReadFileSystem } from "../../src/runner/sync-read-file-system.ts"
import { effectsOf, makeProject, removeTempProjects, tempDir } from "../helpers/project.ts"

afterAll(removeTempProjects)

const deny = `echo '{"decision":"deny","reason":"blocked by the extension"}'`

/** An extension folder under `<home>/.gemini/extensions/<folder>` (or at `at`), with a manifest and a hooks file. */
const makeExtension = (
  home: string,
  folder: string,
  options: { readonly hooks?: unknown; readonly manifest?: unknown; readonly at?: string } = {}
): string => {
  const root = options.at ?? join(home, ".gemini", "extensions", folder)
  mkdirSync(join(root, "hooks"), { recursive: true })
  const manifest = options.manifest ?? { name: folder, version: "1.0.0" }
  writeFileSync(join(root, "gemini-extension.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest))
  if (options.hooks !== undefined) {
    writeFileSync(
      join(root, "hooks", "hooks.json"),
      typeof options.hooks === "string" ? options.hooks : JSON.stringify(options.hooks)
    )
  }
  return root
}

const denyingHooks = (command = deny) => ({
  hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", name: "guard", command }] }] }
})

const shellCall = { tool_name: "run_shell_command", tool_input: { command: "rm -rf build" } }

describe("installed Gemini CLI extensions", () => {
  it("given an installed extension whose BeforeTool hook denies, when a tool call comes in the gemini-cli dialect, then it is blocked and the hook is the extension's", async () => {
    const p = makeProject()
    const root = makeExtension(p.home, "guard-ext", { hooks: denyingHooks() })
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.deepStrictEqual(
      effectsOf(result.effects, "BlockTool").map((e) => e.reason),
      ["blocked by the extension"]
    )
    const snapshot = await p.load("gemini-cli")
    const file = snapshot.files.find((f) => f.file === join(root, "hooks", "hooks.json"))
    assert.strictEqual(file?.plugin?.name, "guard-ext")
    assert.strictEqual(file?.plugin?.namedBy, join(root, "gemini-extension.json"))
    assert.strictEqual(file?.dialect, "gemini-cli")
  })

  it("given an installed extension, when the run's dialect is not gemini-cli, then its hooks are not read", async () => {
    const p = makeProject()
    makeExtension(p.home, "guard-ext", { hooks: denyingHooks("touch ran") })
    p.writeSettings("user", { hooks: { Stop: [] } }, "claude-code")
    await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }, { dialect: "claude-code" })
    assert.isFalse(p.exists("ran"))
  })

  it("given an extension switched off for this project in extension-enablement.json, then its hooks do not run; switched on again by a later rule, they do", async () => {
    const p = makeProject()
    makeExtension(p.home, "guard-ext", { hooks: denyingHooks() })
    const enablement = join(p.home, ".gemini", "extensions", "extension-enablement.json")
    writeFileSync(enablement, JSON.stringify({ "guard-ext": { overrides: [`!${p.dir}/`] } }))
    const off = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.deepStrictEqual(effectsOf(off.effects, "BlockTool"), [])
    assert.strictEqual(off.runs.length, 0)
    writeFileSync(enablement, JSON.stringify({ "guard-ext": { overrides: [`!${p.root}/*`, `${p.dir}/`] } }))
    const on = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.strictEqual(effectsOf(on.effects, "BlockTool").length, 1)
  })

  it("keys the enablement by the manifest's name, not the folder's", async () => {
    const p = makeProject()
    makeExtension(p.home, "folder-name", { hooks: denyingHooks(), manifest: { name: "real-name", version: "1" } })
    writeFileSync(
      join(p.home, ".gemini", "extensions", "extension-enablement.json"),
      JSON.stringify({ "real-name": { overrides: ["!/*"] } })
    )
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.strictEqual(result.runs.length, 0)
  })

  it("given a linked extension (gemini extensions link), then the hooks of the folder it links to run", async () => {
    const p = makeProject()
    const source = makeExtension(p.home, "linked", { hooks: denyingHooks(), at: join(tempDir(), "src-ext") })
    const installed = join(p.home, ".gemini", "extensions", "linked")
    mkdirSync(installed, { recursive: true })
    writeFileSync(join(installed, ".gemini-extension-install.json"), JSON.stringify({ type: "link", source }))
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.strictEqual(effectsOf(result.effects, "BlockTool").length, 1)
    const snapshot = await p.load("gemini-cli")
    assert.isTrue(snapshot.files.some((f) => f.plugin?.root === source))
  })

  it("are found with run's file system (syncReadFileSystem, which has only the reads run makes)", async () => {
    const p = makeProject()
    makeExtension(p.home, "guard-ext", { hooks: denyingHooks() })
    const snapshot = await Effect.runPromise(
      loadSettings({ projectDir: p.dir, homeDir: p.home, dialect: "gemini-cli" }).pipe(
        Effect.provideService(FileSystem.FileSystem, syncReadFileSystem)
      )
    )
    assert.deepStrictEqual(
      snapshot.hooks.map((h) => h.plugin?.name),
      ["guard-ext"]
    )
  })

  it("given no extensions folder, then nothing changes", async () => {
    const p = makeProject()
    p.writeSettings("user", denyingHooks(), "gemini-cli")
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.strictEqual(effectsOf(result.effects, "BlockTool").length, 1)
    const snapshot = await p.load("gemini-cli")
    assert.deepStrictEqual(
      snapshot.files.filter((f) => f.scope === "plugin"),
      []
    )
    assert.deepStrictEqual(
      snapshot.files.flatMap((f) => f.diagnostics),
      []
    )
  })

  it("given an extension without hooks/hooks.json, then no error and no hooks", async () => {
    const p = makeProject()
    makeExtension(p.home, "no-hooks")
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.strictEqual(result.runs.length, 0)
    assert.deepStrictEqual(effectsOf(result.effects, "Diagnostic"), [])
    const snapshot = await p.load("gemini-cli")
    assert.deepStrictEqual(
      snapshot.files.flatMap((f) => f.diagnostics),
      []
    )
  })

  it("given an extension whose hooks file is not valid JSON, then it is reported as an unreadable plugin hooks file, the other extensions' hooks run, and nothing is denied for it", async () => {
    const p = makeProject()
    const broken = makeExtension(p.home, "a-broken", { hooks: "{ not json" })
    makeExtension(p.home, "b-guard", { hooks: denyingHooks() })
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.deepStrictEqual(
      effectsOf(result.effects, "BlockTool").map((e) => e.reason),
      ["blocked by the extension"]
    )
    const snapshot = await p.load("gemini-cli")
    const file = snapshot.files.find((f) => f.file === join(broken, "hooks", "hooks.json"))
    assert.isFalse(file?.readable)
    assert.strictEqual(file?.diagnostics[0]?.severity, "error")
    assert.strictEqual(file?.plugin?.name, "a-broken")
  })

  it("given an extension with hooks whose manifest has no version, then Gemini CLI skips it: its hooks do not run and a warning names the manifest", async () => {
    const p = makeProject()
    const root = makeExtension(p.home, "no-version", { hooks: denyingHooks(), manifest: { name: "no-version" } })
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.strictEqual(result.runs.length, 0)
    const snapshot = await p.load("gemini-cli")
    const warnings = snapshot.files.flatMap((f) => f.diagnostics)
    assert.strictEqual(warnings.length, 1)
    assert.strictEqual(warnings[0]?.severity, "warning")
    assert.strictEqual(warnings[0]?.file, join(root, "gemini-extension.json"))
  })

  it("given an enablement file that is not valid JSON, then every extension is on (as in Gemini CLI) and a warning names the file", async () => {
    const p = makeProject()
    makeExtension(p.home, "guard-ext", { hooks: denyingHooks() })
    const enablement = join(p.home, ".gemini", "extensions", "extension-enablement.json")
    writeFileSync(enablement, "{ nope")
    const result = await p.run("PreToolUse", shellCall, { dialect: "gemini-cli" })
    assert.strictEqual(effectsOf(result.effects, "BlockTool").length, 1)
    const snapshot = await p.load("gemini-cli")
    assert.deepStrictEqual(
      snapshot.files.flatMap((f) => f.diagnostics).map((d) => [d.severity, d.file]),
      [["warning", enablement]]
    )
  })
})

describe("geminiExtensionEnabledIn (Gemini CLI's override rules)", () => {
  it("is on by default; the last matching rule wins; * covers the folders below", () => {
    assert.isTrue(geminiExtensionEnabledIn([], "/home/me/repo"))
    assert.isFalse(geminiExtensionEnabledIn(["!/home/me/repo/"], "/home/me/repo"))
    assert.isTrue(geminiExtensionEnabledIn(["!/home/me/repo/"], "/home/me/repo/sub"))
    assert.isFalse(geminiExtensionEnabledIn(["!/home/me/*"], "/home/me/repo/sub"))
    assert.isFalse(geminiExtensionEnabledIn(["!/home/me/*"], "/home/me"))
    assert.isTrue(geminiExtensionEnabledIn(["!/home/me/*", "/home/me/repo/"], "/home/me/repo"))
    assert.isFalse(geminiExtensionEnabledIn(["!/*"], "/anywhere"))
  })

  it("reads extension-enablement.json as Gemini CLI's schema: a wrong shape counts as empty", () => {
    assert.deepStrictEqual(parseGeminiEnablement('{"a":{"overrides":["!/x/"]}}'), {
      overrides: new Map([["a", ["!/x/"]]])
    })
    assert.property(parseGeminiEnablement('{"a":{"overrides":"!/x/"}}'), "problem")
    assert.property(parseGeminiEnablement("[]"), "problem")
  })
})
