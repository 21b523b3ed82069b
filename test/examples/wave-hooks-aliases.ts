/**
 * Vitest resolves `wave-hooks` and `wave-hooks/<entry>` to the src entry
 * points, as `tsconfig.examples.json`'s `paths` do for the type-check, so the
 * examples under `examples/` run in tests exactly as a user writes their
 * imports. One source: the `paths` of `tsconfig.examples.json`.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../", import.meta.url))

/** The `paths` of tsconfig.examples.json: `wave-hooks[/entry]` -> `["./src/.../index.ts"]`. */
export const examplePaths = (): Readonly<Record<string, ReadonlyArray<string>>> =>
  (
    JSON.parse(readFileSync(`${root}tsconfig.examples.json`, "utf8")) as {
      compilerOptions: { paths: Record<string, ReadonlyArray<string>> }
    }
  ).compilerOptions.paths

/** Vite aliases matching each specifier exactly (so `wave-hooks` does not capture `wave-hooks/runner`). */
export const waveHooksAliases = (): ReadonlyArray<{ readonly find: RegExp; readonly replacement: string }> =>
  Object.entries(examplePaths()).map(([specifier, [target]]) => ({
    find: new RegExp(`^${specifier.replace("/", "\\/")}$`, "u"),
    replacement: `${root}${target!.replace(/^\.\//u, "")}`
  }))
