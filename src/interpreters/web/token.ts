/**
 * The secret that guards the web interpreter's server: a random token every
 * request must carry, so no other page or local user can read the hook runs
 * or answer a permission question.
 *
 * @since 0.1.0
 */
import { randomBytes, timingSafeEqual } from "node:crypto"

/**
 * A fresh token: 32 random bytes, base64url (43 characters, URL-safe).
 *
 * @category tokens
 * @since 0.1.0
 */
export const makeToken = (bytes = 32): string => randomBytes(Math.max(24, bytes)).toString("base64url")

/**
 * Whether a presented token is the expected one, compared in constant time.
 *
 * **Example** (A wrong token)
 *
 * ```ts
 * tokenMatches("abc", "abd") // => false
 * tokenMatches("abc", undefined) // => false
 * ```
 *
 * @category tokens
 * @since 0.1.0
 */
export const tokenMatches = (expected: string, presented: string | undefined): boolean => {
  if (presented === undefined) return false
  const a = Buffer.from(expected, "utf8")
  const b = Buffer.from(presented, "utf8")
  return a.length === b.length && timingSafeEqual(a, b)
}
