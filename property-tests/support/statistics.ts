/**
 * `fc.statistics` that also hands back its counts, for the reach tests that assert a floor on each class.
 *
 * `fc.statistics` and `fc.sample` with the same seed and `numRuns` walk the same values (both read fast-check's
 * `streamSample`), so printing the statistics and then counting over a sample generated and classified every value
 * twice. Here each value is generated and classified once: the classifier given to `fc.statistics` also counts.
 */
import * as fc from "fast-check"

/** What {@link statisticsWithCounts} prints and how many values it draws. */
export interface ReachRun {
  readonly seed: number
  readonly numRuns: number
  /** What the values are called in the printed heading ("values", "files"). */
  readonly unit?: string
}

/**
 * Print `fc.statistics` of `arb` under `name` and return how many of the `numRuns` values fell in each class (a value
 * counts once per label `classify` gives it, as `fc.statistics` counts).
 */
export const statisticsWithCounts = <A>(
  name: string,
  arb: fc.Arbitrary<A>,
  classify: (value: A) => ReadonlyArray<string>,
  { seed, numRuns, unit = "values" }: ReachRun
): ReadonlyMap<string, number> => {
  const counts = new Map<string, number>()
  const lines: Array<string> = []
  fc.statistics(
    arb,
    (value) => {
      const labels = [...classify(value)]
      for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1)
      return labels
    },
    { seed, numRuns, logger: (line) => lines.push(line) }
  )
  console.log(`${name} (fc.statistics, ${numRuns} ${unit}, seed ${seed}):\n${lines.join("\n")}`)
  return counts
}
