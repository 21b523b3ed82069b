/**
 * A linear-time engine for JavaScript regular expressions.
 *
 * Patterns are first checked by `new RegExp` (so they are valid JavaScript,
 * without the u flag, Annex B included), then parsed here into a Thompson NFA
 * and run as a Pike VM without captures: each character of the name is read
 * once and each NFA state is visited at most once per character, so a match
 * costs O(name length x pattern size) whatever the pattern. The semantics are
 * JavaScript's (UTF-16 code units, JavaScript's `\s`, `.` and `\b`);
 * backreferences and lookaround, which no linear-time engine can run, are
 * rejected.
 *
 * @internal
 */
import { Parser } from "./parser.ts"
import { ASSERT, JUMP, MATCH, Program, SPLIT } from "./program.ts"
import { inRanges, isWordCode } from "./ranges.ts"

/**
 * Compile a JavaScript pattern (already accepted by `new RegExp`) to a
 * linear-time predicate: whole-name when `anchored`, else a search.
 * Throws `Unsupported` (./syntax.ts) for what it cannot run.
 */
// long: the Pike VM: the closure and the step loop share the program arrays and the two state lists; apart they would pass nine values around
export const compileLinearRegex = (pattern: string, anchored: boolean): ((name: string) => boolean) => {
  const program = new Program()
  program.compile(new Parser(pattern).parse())
  program.emit(MATCH)
  const { op, sets, x, y } = program
  const size = op.length
  let current = new Int32Array(size)
  let next = new Int32Array(size)
  const marks = new Uint32Array(size)
  const stack = new Int32Array(size * 2 + 2)
  let generation = 0

  let name = ""
  let length = 0
  let matched = false
  /** Add `start` and every state reachable from it without reading at `pos` to `list`. */
  const addClosure = (list: Int32Array, count: number, start: number, pos: number): number => {
    let top = 0
    stack[top++] = start
    while (top > 0) {
      const pc = stack[--top]!
      if (marks[pc] === generation) continue
      marks[pc] = generation
      switch (op[pc]) {
        case JUMP:
          stack[top++] = x[pc]!
          break
        case SPLIT:
          stack[top++] = y[pc]!
          stack[top++] = x[pc]!
          break
        case ASSERT: {
          const kind = y[pc]
          let holds: boolean
          if (kind === 0) holds = pos === 0
          else if (kind === 1) holds = pos === length
          else {
            const before = pos > 0 && isWordCode(name.charCodeAt(pos - 1))
            const after = pos < length && isWordCode(name.charCodeAt(pos))
            holds = (before !== after) === (kind === 2)
          }
          if (holds) stack[top++] = x[pc]!
          break
        }
        case MATCH:
          if (!anchored || pos === length) matched = true
          break
        default:
          list[count++] = pc
      }
    }
    return count
  }

  return (input: string): boolean => {
    name = input
    length = input.length
    matched = false
    generation = (generation + 1) >>> 0 || 1
    if (generation === 1) marks.fill(0)
    let currentCount = addClosure(current, 0, 0, 0)
    for (let pos = 0; pos < length; pos++) {
      if (matched) return true
      if (currentCount === 0 && anchored) return false
      generation = (generation + 1) >>> 0 || 1
      if (generation === 1) marks.fill(0)
      const code = name.charCodeAt(pos)
      let nextCount = 0
      for (let k = 0; k < currentCount; k++) {
        const pc = current[k]!
        const s = sets[pc]!
        if (inRanges(s.ranges, code) !== s.negated) nextCount = addClosure(next, nextCount, x[pc]!, pos + 1)
      }
      if (!anchored) nextCount = addClosure(next, nextCount, 0, pos + 1)
      const swap = current
      current = next
      next = swap
      currentCount = nextCount
    }
    return matched
  }
}
