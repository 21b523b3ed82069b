/**
 * The NFA program a syntax tree compiles to (a Thompson construction):
 * instructions in parallel arrays, run by `compileLinearRegex`'s Pike VM.
 *
 * @internal
 */
import type { Ranges } from "./ranges.ts"
import type { Node } from "./syntax.ts"
import { Unsupported } from "./syntax.ts"

const MAX_PROGRAM = 2_000

// Instructions of the NFA program, in parallel arrays.
export const CHAR = 0
export const SPLIT = 1
export const JUMP = 2
export const ASSERT = 3
export const MATCH = 4

const assertCode = { start: 0, end: 1, word: 2, notWord: 3 } as const

/** A compiled program: instruction `k` is `op[k]` with operands `x[k]`, `y[k]` and, for CHAR, `sets[k]`. */
export class Program {
  readonly op: Array<number> = []
  readonly x: Array<number> = []
  readonly y: Array<number> = []
  readonly sets: Array<{ readonly ranges: Ranges; readonly negated: boolean } | undefined> = []

  emit(op: number, x = -1, y = -1, s?: { readonly ranges: Ranges; readonly negated: boolean }): number {
    if (this.op.length >= MAX_PROGRAM)
      throw new Unsupported(`a pattern that compiles to more than ${MAX_PROGRAM} states`)
    this.op.push(op)
    this.x.push(x)
    this.y.push(y)
    this.sets.push(s)
    return this.op.length - 1
  }

  /**
   * Emit `node` so that it continues at the next instruction emitted after it.
   * The tree is walked with an explicit stack of work (a node to emit, or a
   * step that patches a jump once its target is known), not the call stack,
   * so a deep tree compiles the same from any caller's stack depth.
   */
  compile(node: Node): void {
    const work: Array<Node | (() => void)> = [node]
    while (work.length > 0) {
      const next = work.pop()!
      if (typeof next === "function") next()
      else {
        const steps = this.stepsOf(next)
        for (let k = steps.length - 1; k >= 0; k--) work.push(steps[k]!)
      }
    }
  }

  /** What emitting `node` takes, in order: instructions emitted now, then children and patches as work. */
  private stepsOf(node: Node): Array<Node | (() => void)> {
    switch (node._tag) {
      case "Set":
        this.emit(CHAR, this.op.length + 1, -1, node)
        return []
      case "Assert":
        this.emit(ASSERT, this.op.length + 1, assertCode[node.kind])
        return []
      case "Seq":
        return [...node.items]
      case "Alt": {
        const jumps: Array<number> = []
        const steps: Array<Node | (() => void)> = []
        node.options.forEach((option, index) => {
          if (index === node.options.length - 1) {
            steps.push(option)
            return
          }
          let split = -1
          steps.push(
            () => (split = this.emit(SPLIT, this.op.length + 1, -1)),
            option,
            () => {
              jumps.push(this.emit(JUMP))
              this.y[split] = this.op.length
            }
          )
        })
        steps.push(() => {
          for (const jump of jumps) this.x[jump] = this.op.length
        })
        return steps
      }
      case "Repeat": {
        const steps: Array<Node | (() => void)> = Array.from({ length: node.min }, () => node.node)
        if (node.max === Infinity) {
          let split = -1
          steps.push(
            () => (split = this.emit(SPLIT, this.op.length + 1, -1)),
            node.node,
            () => {
              this.emit(JUMP, split)
              this.y[split] = this.op.length
            }
          )
        } else {
          const splits: Array<number> = []
          for (let k = node.min; k < node.max; k++)
            steps.push(() => splits.push(this.emit(SPLIT, this.op.length + 1, -1)), node.node)
          steps.push(() => {
            for (const split of splits) this.y[split] = this.op.length
          })
        }
        return steps
      }
    }
  }
}
