/**
 * `decide` against `JSON.parse` of the same stdout (issue 2's target:
 * decide <= 3x JSON.parse, and < 5 us p50 for outputs up to 1 KiB).
 */
import { decide, hookRun } from "../src/index.ts"
import type { HookEvent } from "../src/index.ts"
import { formatNs, measureSync } from "./measure.ts"

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
}

const jsonParse = (text: string) => () => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Run the decide benchmark and print a table. */
export const benchDecide = (): ReadonlyArray<DecideRow> => {
  const rows = corpus.map((c): DecideRow => {
    const run = hookRun({ exitCode: c.exitCode, stdout: c.stdout, command: "./hook.sh" })
    const baseline = measureSync(jsonParse(c.stdout))
    const measured = measureSync(() => decide(c.event, run))
    return {
      case: c.name,
      bytes: Buffer.byteLength(c.stdout),
      decideP50Ns: Math.round(measured.p50NsPerOp),
      jsonParseP50Ns: Math.round(baseline.p50NsPerOp),
      ratio: Number((measured.p50NsPerOp / baseline.p50NsPerOp).toFixed(2))
    }
  })
  console.log("\ndecide vs JSON.parse of the same stdout (p50 per op)")
  console.log("case                  bytes    decide      JSON.parse  ratio")
  for (const r of rows) {
    console.log(
      `${r.case.padEnd(20)} ${String(r.bytes).padStart(6)}  ${formatNs(r.decideP50Ns).padStart(10)}  ${formatNs(r.jsonParseP50Ns).padStart(10)}  ${r.ratio.toFixed(2)}x`
    )
  }
  return rows
}
