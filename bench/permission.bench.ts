/**
 * The promise-based permission round trip (seed 001: "Promise-based
 * permission handling adds minimal overhead (<5ms per permission request)"):
 * an `AskPermission` effect goes to the memory interpreter, its `Permission`
 * service hands the request to "the UI" as a Promise, a simulated click
 * resolves it, and the interpreter resolves and renders. Measured against the
 * same `carryOut` without `AskPermission`, in the same run (interleaved).
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { AllowTool, AskPermission } from "../src/index.ts"
import type { HookEffect } from "../src/index.ts"
import type { PermissionAnswer } from "../src/interpreters/resolution.ts"
import type { EffectsRequest, PermissionRequest, ToolCall } from "../src/interpreters/contract.ts"
import { Interpreter, makeInterpreter, Permission } from "../src/interpreters/contract.ts"
import { Conversation } from "../src/interpreters/memory/conversation.ts"
import { renderToConversation } from "../src/interpreters/memory/memory-interpreter.ts"
import type { Measurement } from "./measure.ts"
import { formatNs, formatNsDelta, measureAsyncInterleaved } from "./measure.ts"

/** The per-request target of seed 001. */
const targetMs = 5

// ====== A simulated UI ======

/** How the simulated user's click arrives after the dialog opens. */
type Click = (click: () => void) => void

/**
 * The UI side of seed 001's flow: it keeps the pending requests, is told when
 * one needs an answer, and resolves the request's Promise directly when the
 * user clicks.
 */
class SimulatedUi {
  private readonly pending: Array<{
    readonly request: PermissionRequest
    readonly resolve: (answer: PermissionAnswer) => void
  }> = []
  private readonly click: Click

  constructor(click: Click) {
    this.click = click
  }

  /** Called by the Permission service: a Promise the UI resolves. */
  request(request: PermissionRequest): Promise<PermissionAnswer> {
    return new Promise((resolve) => {
      this.pending.push({ request, resolve })
      this.onPermissionRequired()
    })
  }

  /** The dialog opens; the user clicks Allow. */
  private onPermissionRequired(): void {
    this.click(() => this.pending.shift()?.resolve("allow"))
  }
}

const uiPermission = (ui: SimulatedUi): Layer.Layer<Permission> =>
  Layer.succeed(Permission, Permission.of({ ask: (request) => Effect.promise(() => ui.request(request)) }))

// ====== The round trip ======

const tool: ToolCall = { id: "toolu_1", name: "Bash", input: { command: "git push origin main" } }

interface Case {
  readonly name: string
  readonly effects: ReadonlyArray<HookEffect>
  readonly permission: Layer.Layer<Permission>
}

const ask = [AskPermission({ reason: "pushing publishes commits to the shared remote" })]

const cases: ReadonlyArray<Case> = [
  { name: "baseline: carryOut without AskPermission", effects: [AllowTool()], permission: Permission.always("allow") },
  { name: "AskPermission, answered synchronously", effects: ask, permission: Permission.always("allow") },
  {
    name: "AskPermission, Promise resolved by a click on the next tick (setImmediate)",
    effects: ask,
    permission: uiPermission(new SimulatedUi((click) => setImmediate(click)))
  },
  {
    name: "AskPermission, Promise resolved by a click a timer later (setTimeout 0)",
    effects: ask,
    permission: uiPermission(new SimulatedUi((click) => setTimeout(click, 0)))
  }
]

/** One row of the permission benchmark. */
export interface PermissionRow {
  readonly case: string
  readonly p50Ms: number
  readonly p90Ms: number
  /** p50 minus the baseline's p50. */
  readonly overheadP50Ms: number
  readonly targetMs: number
  readonly withinTarget: boolean
}

const ms = (ns: number): number => Number((ns / 1e6).toFixed(4))

/** One case's operation: a fresh conversation holding the tool call per request, so that it does not grow. */
const operation = (c: Case) => {
  let conversation = new Conversation()
  const render = makeInterpreter("memory", (request, resolution) =>
    renderToConversation(conversation)(request, resolution)
  )
  const runtime = ManagedRuntime.make(render.pipe(Layer.provide(c.permission)))
  const request: EffectsRequest = { event: "PreToolUse", effects: c.effects, tool }
  const carryOut = Effect.gen(function* () {
    return yield* (yield* Interpreter).carryOut(request)
  })
  return {
    run: async () => {
      conversation = new Conversation()
      conversation.addToolCall(tool.id, tool.name, tool.input)
      const resolution = await runtime.runPromise(carryOut)
      if (resolution.permission !== "allow") throw new Error(`${c.name}: expected allow, got ${resolution.permission}`)
      if (c.effects !== ask) return
      if (conversation.toolBlock(tool.id)?.status !== "running") throw new Error(`${c.name}: the tool should run`)
    },
    dispose: () => runtime.dispose()
  }
}

/** Run the permission benchmark and print a table. */
export const benchPermission = async (): Promise<ReadonlyArray<PermissionRow>> => {
  const ops = cases.map(operation)
  let measured: ReadonlyArray<Measurement>
  try {
    measured = await measureAsyncInterleaved(
      ops.map((op) => op.run),
      { samples: 2000, warmup: 300 }
    )
  } finally {
    for (const op of ops) await op.dispose()
  }
  const baseline = measured[0]!.p50NsPerOp
  const rows = measured.map(
    (m, i): PermissionRow => ({
      case: cases[i]!.name,
      p50Ms: ms(m.p50NsPerOp),
      p90Ms: ms(m.p90NsPerOp),
      overheadP50Ms: ms(m.p50NsPerOp - baseline),
      targetMs,
      withinTarget: m.p90NsPerOp < targetMs * 1e6
    })
  )
  console.log(
    `\npermission round trip with the memory interpreter (per request, ${measured[0]!.samples} samples each; target < ${targetMs} ms)`
  )
  console.log(`${"case".padEnd(76)} ${"p50".padStart(10)} ${"p90".padStart(10)} ${"vs baseline".padStart(12)}`)
  for (const [i, r] of rows.entries()) {
    const m = measured[i]!
    console.log(
      `${r.case.padEnd(76)} ${formatNs(m.p50NsPerOp).padStart(10)} ${formatNs(m.p90NsPerOp).padStart(10)} ` +
        `${(i === 0 ? "" : formatNsDelta(m.p50NsPerOp - baseline)).padStart(12)}${r.withinTarget ? "" : "  OVER TARGET"}`
    )
  }
  return rows
}
