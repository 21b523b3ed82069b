import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"
import { waveHooksAliases } from "./test/examples/wave-hooks-aliases.ts"

export default defineConfig({
  // examples/ import `wave-hooks/...` as a user does: resolved to src, as tsconfig.examples.json does.
  resolve: { alias: [...waveHooksAliases()] },
  test: {
    include: ["test/**/*.test.ts", "property-tests/**/*.test.ts"],
    setupFiles: ["./property-tests/setup.ts"],
    // A timeout catches a hang, not slowness: on a shared machine with both cores busy (npm run test:loaded),
    // tests on the default took up to 25 s (a model-based law over real interpreters), so 30 s failed them.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Most files wait on real processes and servers rather than compute: one worker more than there are cores
    // (on 2 idle cores the suite took 321.5 s with 3 workers, 396.6 s with 2; vitest's default of cores - 1 runs
    // the files one at a time there).
    maxWorkers: Math.max(3, availableParallelism() + 1),
    // A worker runs its files one after another in one module graph instead of a fresh one per file: module
    // evaluation was a quarter of the suite's time. No test file changes globals another reads (no vi.mock, no
    // process.env or cwd writes); a full run passed with it (212 files) before it was turned on.
    isolate: false
  }
})
