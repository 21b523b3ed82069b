/**
 * JSON text with object keys sorted at every depth: two values that differ
 * only in key order give the same text (for comparison and identity keys).
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: { d: 2, c: 3 } }) // => '{"a":{"c":3,"d":2},"b":1}'
 * ```
 *
 * @since 0.2.0
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        )
      : v
  )
