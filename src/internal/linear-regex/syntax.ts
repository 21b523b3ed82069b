/**
 * The syntax tree of a JavaScript regular expression as the linear-time
 * engine reads it, and the error for what the engine does not run.
 *
 * @internal
 */
import type { Ranges } from "./ranges.ts"

/** A construct the linear-time engine does not run; `message` says which. */
export class Unsupported {
  readonly message: string
  constructor(message: string) {
    this.message = message
  }
}

/** A parsed pattern: a character set, a sequence, an alternation, a bounded or unbounded repeat, or an assertion. */
export type Node =
  | { readonly _tag: "Set"; readonly ranges: Ranges; readonly negated: boolean }
  | { readonly _tag: "Seq"; readonly items: ReadonlyArray<Node> }
  | { readonly _tag: "Alt"; readonly options: ReadonlyArray<Node> }
  | { readonly _tag: "Repeat"; readonly node: Node; readonly min: number; readonly max: number }
  | { readonly _tag: "Assert"; readonly kind: "start" | "end" | "word" | "notWord" }
