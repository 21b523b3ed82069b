/**
 * `decide` against `JSON.parse` of the same stdout (issue 2's target:
 * decide <= 3x JSON.parse, and < 5 us p50 for outputs up to 1 KiB).
 *
 * The two are measured in alternating batches (which goes first alternates
 * each round), so a busy machine weighs on both alike; the ratio is of the
 * p50s, and its spread is p10-p90 of the per-round ratios.
 */
import { decide, hookRun } from "../src/index.ts"
import type { HookEvent } from "../src/index.ts"
import { formatNs, round2 } from "./measure.ts"

interface Case {
  readonly name: string
  readonly event: HookEvent
  readonly exitCode: number
  readonly stdout: string
}

const bigObject = (bytes: number): string => {
  const files: Array<string> = []
  let json = ""
  for (let i = 0; json.length < bytes; i++) {
    files.push(`src/module-${i}/file-${i}.ts`)
    if (i % 64 === 0)
      json = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { files } } })
  }
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { files } } })
}

const corpus: ReadonlyArray<Case> = [
  {
    name: "plain text (exit 0)",
    event: "UserPromptSubmit",
    exitCode: 0,
    stdout: "Current branch: main\nOpen issues: 3\n"
  },
  {
    name: "small JSON deny",
    event: "PreToolUse",
    exitCode: 0,
    stdout: JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "rm -rf is not allowed"
      }
    })
  },
  {
    name: "1 KiB JSON",
    event: "PreToolUse",
    exitCode: 0,
    stdout: JSON.stringify({
      systemMessage: "Input rewritten",
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "safe command",
        updatedInput: { command: "ls -la " + "x".repeat(820), description: "list files" },
        additionalContext: "The project uses pnpm."
      }
    })
  },
  { name: "64 KiB JSON", event: "PostToolUse", exitCode: 0, stdout: bigObject(64 * 1024) },
  {
    name: "malformed JSON",
    event: "PreToolUse",
    exitCode: 1,
    stdout: '{"hookSpecificOutput": {"permissionDecision": "deny",'
  }
]

/** One row of the decide benchmark. */
export interface DecideRow {
  readonly case: string
  readonly bytes: number
  readonly decideP50Ns: number
  readonly jsonParseP50Ns: number
  readonly ratio: number
  readonly ratioP10: number
  readonly ratioP90: number
}

const jsonParse = (text: string) => () => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/** How many calls of `op` take about `targetNs` (after a warm-up). */
const batchSize = (op: () => unknown, targetNs: number): number => {
  for (let i = 0; i < 2000; i++) op()
  let ops = 1
  for (;;) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < ops; i++) op()
    if (Number(process.hrtime.bigint() - start) >= targetNs || ops >= 1 << 20) return ops
    ops *= 2
  }
}

/** Nanoseconds per call of `op` over one batch of `ops` calls. */
const timeBatch = (op: () => unknown, ops: number): number => {
  let sink: unknown
  const start = process.hrtime.bigint()
  for (let i = 0; i < ops; i++) sink = op()
  const ns = Number(process.hrtime.bigint() - start) / ops
  if (sink === Symbol.for("never")) console.log(sink)
  return ns
}

/**
 * `subject` and `baseline` in `rounds` rounds of one batch each (about 0.2 ms),
 * the first of the two alternating: per-op p50s and the per-round ratios.
 */
const measurePaired = (
  subject: () => unknown,
  baseline: () => unknown,
  rounds = 1000
): { readonly subjectP50: number; readonly baselineP50: number; readonly ratios: ReadonlyArray<number> } => {
  const subjectOps = batchSize(subject, 2e5)
  const baselineOps = batchSize(baseline, 2e5)
  const subjectNs: Array<number> = []
  const baselineNs: Array<number> = []
  const ratios: Array<number> = []
  for (let r = 0; r < rounds; r++) {
    const baselineFirst = r % 2 === 0
    let b = baselineFirst ? timeBatch(baseline, baselineOps) : 0
    const s = timeBatch(subject, subjectOps)
    if (!baselineFirst) b = timeBatch(baseline, baselineOps)
    subjectNs.push(s)
    baselineNs.push(b)
    ratios.push(s / b)
  }
  subjectNs.sort((x, y) => x - y)
  baselineNs.sort((x, y) => x - y)
  ratios.sort((x, y) => x - y)
  return { subjectP50: percentile(subjectNs, 0.5), baselineP50: percentile(baselineNs, 0.5), ratios }
}

/** Run the decide benchmark and print a table. */
export const benchDecide = (): ReadonlyArray<DecideRow> => {
  const rows = corpus.map((c): DecideRow => {
    const run = hookRun({ exitCode: c.exitCode, stdout: c.stdout, command: "./hook.sh" })
    const measured = measurePaired(() => decide(c.event, run), jsonParse(c.stdout))
    return {
      case: c.name,
      bytes: Buffer.byteLength(c.stdout),
      decideP50Ns: Math.round(measured.subjectP50),
      jsonParseP50Ns: Math.round(measured.baselineP50),
      ratio: round2(measured.subjectP50 / measured.baselineP50),
      ratioP10: round2(percentile(measured.ratios, 0.1)),
      ratioP90: round2(percentile(measured.ratios, 0.9))
    }
  })
  console.log(
    "\ndecide vs JSON.parse of the same stdout (p50 per op, in alternating batches; spread = p10-p90 of the per-round ratios)"
  )
  console.log("case                  bytes    decide      JSON.parse  ratio  spread")
  for (const r of rows) {
    console.log(
      `${r.case.padEnd(20)} ${String(r.bytes).padStart(6)}  ${formatNs(r.decideP50Ns).padStart(10)}  ${formatNs(r.jsonParseP50Ns).padStart(10)}  ${r.ratio.toFixed(2)}x  ${r.ratioP10.toFixed(2)}-${r.ratioP90.toFixed(2)}`
    )
  }
  return rows
}
