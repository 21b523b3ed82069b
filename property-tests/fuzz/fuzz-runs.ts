/**
 * How many cases each fuzz target runs: 10,000 in `npm test`, 100,000 or more
 * in `npm run fuzz` (FUZZ_RUNS).
 */
export const fuzzRuns = Number(process.env["FUZZ_RUNS"] ?? 10_000)

/** A generous per-target timeout for the larger `npm run fuzz` runs. */
export const fuzzTimeoutMs = Math.max(120_000, fuzzRuns * 5)
