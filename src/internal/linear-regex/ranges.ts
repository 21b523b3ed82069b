/**
 * Sets of UTF-16 code units as sorted, non-overlapping inclusive ranges, and
 * the classes JavaScript's `\d`, `\w`, `\s` and `.` read.
 *
 * @internal
 */

/** A set of UTF-16 code units as sorted, non-overlapping inclusive ranges. */
export type Ranges = ReadonlyArray<readonly [number, number]>

/** `\d`. */
export const DIGIT: Ranges = [[48, 57]]
/** `\w` (and the word characters of `\b`). */
export const WORD: Ranges = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122]
]
/** `\s`: JavaScript's white space and line terminators. */
export const SPACE: Ranges = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff]
]
/** What `.` does not match. */
export const LINE_TERMINATORS: Ranges = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029]
]

/** The complement of sorted ranges within 0..0xFFFF. */
export const complement = (ranges: Ranges): Ranges => {
  const out: Array<readonly [number, number]> = []
  let next = 0
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1])
    next = Math.max(next, hi + 1)
  }
  if (next <= 0xffff) out.push([next, 0xffff])
  return out
}

/** Sorted, merged ranges. */
export const normalize = (ranges: Array<readonly [number, number]>): Ranges => {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0])
  const out: Array<[number, number]> = []
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1]
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi)
    else out.push([lo, hi])
  }
  return out
}

/** Whether `code` is in the sorted `ranges`. */
export const inRanges = (ranges: Ranges, code: number): boolean => {
  for (const [lo, hi] of ranges) {
    if (code < lo) return false
    if (code <= hi) return true
  }
  return false
}

/** Whether `code` is a `\w` character (for `\b`). */
export const isWordCode = (code: number): boolean => inRanges(WORD, code)
