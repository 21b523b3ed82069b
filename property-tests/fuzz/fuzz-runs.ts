/**
 * How many cases each fuzz target runs: 2,000 in `npm test` (a smoke run that
 * keeps the suite short on a loaded machine), 100,000 or more in
 * `npm run fuzz` (FUZZ_RUNS).
 */
export const fuzzRuns = Number(process.env["FUZZ_RUNS"] ?? 2_000)

/** A generous per-target timeout for the larger `npm run fuzz` runs. */
export const fuzzTimeoutMs = Math.max(120_000, fuzzRuns * 5)
