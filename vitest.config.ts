import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"
import { waveHooksAliases } from "./test/examples/wave-hooks-aliases.ts"

export default defineConfig({
  // examples/ import `wave-hooks/...` as a user does: resolved to src, as tsconfig.examples.json does.
  resolve: { alias: [...waveHooksAliases()] },
  test: {
    include: ["test/**/*.test.ts", "property-tests/**/*.test.ts"],
    setupFiles: ["./property-tests/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most files wait on real processes and servers rather than compute: one worker per core (vitest's default
    // leaves one core idle, which on a 2-core machine runs the files one at a time).
    maxWorkers: Math.max(2, availableParallelism())
  }
})
