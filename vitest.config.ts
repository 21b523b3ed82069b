import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "property-tests/**/*.test.ts"],
    setupFiles: ["./property-tests/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
