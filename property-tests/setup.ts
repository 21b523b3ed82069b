/**
 * Global fast-check settings: every law runs at least 1000 times in CI
 * (`FC_NUM_RUNS` raises it, e.g. in `npm run fuzz`).
 */
import * as fc from "fast-check"

fc.configureGlobal({ numRuns: Number(process.env["FC_NUM_RUNS"] ?? 1000) })
