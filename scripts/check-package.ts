/**
 * The package checks CI runs on what `npm pack` would publish:
 *
 * - the size budget: tarball <= 1.6 MB, unpacked <= 6 MB, and no source map
 *   (the package ships no sources for a map to point at). The tarball budget
 *   was 1.5 MB until 0.3.0's dialects, the AI SDK model middleware and the
 *   Gemini CLI extensions brought it to 1.52 MB (from 1.20 MB when the budget
 *   was set); the CLI's bundles are already minified;
 * - `publint --strict` (package.json's fields, exports and files agree);
 * - `@arethetypeswrong/cli` on the tarball, every entry point, under the
 *   `esm-only` profile: Node 16+ ESM and bundler resolution must find the
 *   types; the CommonJS modes (`node10`, `require` from CJS) are ignored
 *   because wave-hooks is an ES module package (`"type": "module"`, no
 *   `require` condition), as its README says.
 *
 * Usage: `node scripts/check-package.ts [--no-build] [--max-tarball BYTES]
 * [--max-unpacked BYTES]`. `--no-build` packs the current `dist/` as it is
 * (`npm pack --ignore-scripts`); without it `npm pack` runs `prepack` (the
 * build). Exits 1 naming each check that failed.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"

const root = fileURLToPath(new URL("../", import.meta.url))
const bin = (name: string) => join(root, "node_modules", ".bin", name)
const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    "max-tarball": { type: "string", default: String(1.6 * 1000 * 1000) },
    "max-unpacked": { type: "string", default: String(6 * 1000 * 1000) }
  }
})
const maxTarball = Number(values["max-tarball"])
const maxUnpacked = Number(values["max-unpacked"])

interface PackedFile {
  readonly path: string
  readonly size: number
}
interface Packed {
  readonly filename: string
  readonly size: number
  readonly unpackedSize: number
  readonly entryCount: number
  readonly files: ReadonlyArray<PackedFile>
}

const failures: Array<string> = []
const out = mkdtempSync(join(tmpdir(), "wave-hooks-pack-"))
try {
  const pack = spawnSync(
    "npm",
    ["pack", "--json", "--pack-destination", out, ...(values["no-build"] ? ["--ignore-scripts"] : [])],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }
  )
  if (pack.status !== 0) {
    console.error(`npm pack failed (status ${pack.status}):\n${pack.stderr}`)
    process.exit(1)
  }
  // npm prints the prepack build's output before the JSON array.
  const [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("\n[") + 1 || 0)) as ReadonlyArray<Packed>
  if (packed === undefined) throw new Error(`npm pack printed no package:\n${pack.stdout}`)
  const tarball = join(out, packed.filename)
  const mb = (bytes: number) => (bytes < 100_000 ? `${bytes} bytes` : `${(bytes / 1e6).toFixed(2)} MB`)
  console.log(
    `${packed.filename}: ${mb(packed.size)} packed, ${mb(packed.unpackedSize)} unpacked, ${packed.entryCount} files`
  )

  // ====== The size budget ======
  if (packed.size > maxTarball) failures.push(`the tarball is ${mb(packed.size)}, over the budget of ${mb(maxTarball)}`)
  if (packed.unpackedSize > maxUnpacked) {
    failures.push(`the package unpacks to ${mb(packed.unpackedSize)}, over the budget of ${mb(maxUnpacked)}`)
  }
  const maps = packed.files.filter((file) => file.path.endsWith(".map"))
  if (maps.length > 0) {
    failures.push(
      `${maps.length} source maps are packed (e.g. ${maps[0]!.path}); package.json "files" must exclude them`
    )
  }
  if (failures.length > 0) {
    const largest = [...packed.files].sort((a, b) => b.size - a.size).slice(0, 8)
    console.error(`The largest files:\n${largest.map((f) => `  ${mb(f.size).padStart(9)}  ${f.path}`).join("\n")}`)
  }

  // ====== publint ======
  const publint = spawnSync(bin("publint"), ["run", "--strict", "--pack", "npm"], { cwd: root, encoding: "utf8" })
  console.log(`publint: ${(publint.stdout + publint.stderr).trim().split("\n").at(-1)}`)
  if (publint.status !== 0) failures.push(`publint found problems:\n${publint.stdout}${publint.stderr}`)

  // ====== Are the types wrong? ======
  const attw = spawnSync(bin("attw"), [tarball, "--profile", "esm-only", "--format", "table-flipped"], {
    cwd: root,
    encoding: "utf8"
  })
  if (attw.status !== 0) failures.push(`@arethetypeswrong/cli found problems:\n${attw.stdout}${attw.stderr}`)
  else console.log("attw: every entry point resolves with its types under node16 (ESM) and bundler")
} finally {
  rmSync(out, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.error(`\nThe package checks failed:\n${failures.map((f) => `- ${f}`).join("\n")}`)
  process.exit(1)
}
console.log("The package checks passed.")
