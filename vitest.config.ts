import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"

export default defineConfig({
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
