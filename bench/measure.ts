/**
 * A tiny benchmark harness: p50 of nanoseconds per operation over many
 * samples, and ratios against a baseline measured in the same run.
 */
import { spawn } from "node:child_process"
import { availableParallelism } from "node:os"

/** Result of measuring one operation. */
export interface Measurement {
  readonly p50NsPerOp: number
  readonly p90NsPerOp: number
  readonly samples: number
  readonly opsPerSample: number
}

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/**
 * Measure a synchronous operation: warm up, pick a batch size that takes about
 * `targetSampleMs`, then time `samples` batches and report per-op percentiles.
 */
export const measureSync = (
  op: () => unknown,
  options: { readonly samples?: number; readonly targetSampleMs?: number } = {}
): Measurement => {
  const samples = options.samples ?? 200
  const targetNs = (options.targetSampleMs ?? 2) * 1e6
  let sink: unknown
  for (let i = 0; i < 2000; i++) sink = op()
  let opsPerSample = 1
  for (;;) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < opsPerSample; i++) sink = op()
    const elapsed = Number(process.hrtime.bigint() - start)
    if (elapsed >= targetNs || opsPerSample >= 1 << 20) break
    opsPerSample *= 2
  }
  const perOp: Array<number> = []
  for (let s = 0; s < samples; s++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < opsPerSample; i++) sink = op()
    perOp.push(Number(process.hrtime.bigint() - start) / opsPerSample)
  }
  if (sink === Symbol.for("never")) console.log(sink)
  perOp.sort((a, b) => a - b)
  return { p50NsPerOp: percentile(perOp, 0.5), p90NsPerOp: percentile(perOp, 0.9), samples, opsPerSample }
}

/** Measure an asynchronous operation one call at a time (for process spawns and round trips). */
export const measureAsync = async (
  op: () => Promise<unknown>,
  options: { readonly samples?: number; readonly warmup?: number } = {}
): Promise<Measurement> => {
  const samples = options.samples ?? 50
  for (let i = 0; i < (options.warmup ?? 5); i++) await op()
  const perOp: Array<number> = []
  for (let s = 0; s < samples; s++) {
    const start = process.hrtime.bigint()
    await op()
    perOp.push(Number(process.hrtime.bigint() - start))
  }
  perOp.sort((a, b) => a - b)
  return { p50NsPerOp: percentile(perOp, 0.5), p90NsPerOp: percentile(perOp, 0.9), samples, opsPerSample: 1 }
}

/** Format nanoseconds for people. */
export const formatNs = (ns: number): string =>
  ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} us` : `${ns.toFixed(0)} ns`

/**
 * Measure several asynchronous operations one call at a time, round-robin
 * (one call of each per round, in a shuffled order), so that JIT warm-up, a
 * busy machine and the previous call's leftovers weigh on all of them alike;
 * for comparing an operation with its baseline.
 */
export const measureAsyncInterleaved = async (
  ops: ReadonlyArray<() => Promise<unknown>>,
  options: { readonly samples?: number; readonly warmup?: number } = {}
): Promise<ReadonlyArray<Measurement>> => {
  const samples = options.samples ?? 50
  for (let i = 0; i < (options.warmup ?? 5); i++) for (const op of ops) await op()
  const perOp: Array<Array<number>> = ops.map(() => [])
  let seed = 0x2545f491
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    return (seed >>> 8) % n
  }
  const order = ops.map((_, i) => i)
  for (let s = 0; s < samples; s++) {
    // A new order each round (seeded shuffle): what ran just before (a timer, a GC) weighs on every op alike.
    for (let k = order.length - 1; k > 0; k--) {
      const j = random(k + 1)
      ;[order[k], order[j]] = [order[j]!, order[k]!]
    }
    for (const i of order) {
      const start = process.hrtime.bigint()
      await ops[i]!()
      perOp[i]!.push(Number(process.hrtime.bigint() - start))
    }
  }
  return perOp.map((times) => {
    times.sort((a, b) => a - b)
    return { p50NsPerOp: percentile(times, 0.5), p90NsPerOp: percentile(times, 0.9), samples, opsPerSample: 1 }
  })
}

/** Format a signed difference of nanoseconds for people. */
export const formatNsDelta = (ns: number): string => `${ns < 0 ? "-" : "+"}${formatNs(Math.abs(ns))}`

/** `value` rounded to two decimals, for ratios in results.json. */
export const round2 = (value: number): number => Number(value.toFixed(2))

/** The median of `values` (the upper one of an even count). */
export const median = (values: ReadonlyArray<number>): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * Measure each of `ops` in `blocks` blocks: in a block, each op's samples back to back (a spawn's
 * background work must not land in another op's timing), in an order rotated by one per block, so
 * drift in the machine's load weighs on all alike. `blocks[b][i]` is op `i`'s measurement in block `b`.
 */
export const measureInRotatedBlocks = async (
  ops: ReadonlyArray<() => Promise<unknown>>,
  options: { readonly blocks: number; readonly perBlock: number; readonly firstWarmup: number; readonly warmup: number }
): Promise<ReadonlyArray<ReadonlyArray<Measurement>>> => {
  const blocks: Array<ReadonlyArray<Measurement>> = []
  for (let b = 0; b < options.blocks; b++) {
    const block: Array<Measurement> = new Array(ops.length)
    for (let k = 0; k < ops.length; k++) {
      const i = (k + b) % ops.length
      block[i] = await measureAsync(ops[i]!, {
        samples: options.perBlock,
        warmup: b === 0 ? options.firstWarmup : options.warmup
      })
    }
    blocks.push(block)
  }
  return blocks
}

/**
 * Run `measure` with one busy-loop `node` process per core (started first and
 * given 300 ms to get going; ended by pid afterwards, whatever happens).
 */
export const withBusyCores = async <A>(measure: () => Promise<A>): Promise<A> => {
  const workers = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" })
  )
  try {
    await new Promise((resolve) => setTimeout(resolve, 300))
    return await measure()
  } finally {
    for (const worker of workers) if (worker.pid !== undefined) process.kill(worker.pid, "SIGKILL")
  }
}

/** The smallest and largest of `values`, each to two decimals. */
export const rangeOf = (values: ReadonlyArray<number>): readonly [number, number] => [
  round2(Math.min(...values)),
  round2(Math.max(...values))
]
