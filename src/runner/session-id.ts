/**
 * The one format of generated session ids: `wave-<time>-<random>`, time in
 * base-36 milliseconds, random six base-36 digits.
 *
 * @since 0.1.0
 */
import { Clock, Effect, Random } from "effect"

/**
 * A session id from a time (milliseconds since the epoch) and a random number
 * in [0, 1).
 *
 * **Example** (Pure)
 *
 * ```ts
 * sessionIdOf(1_700_000_000_000, 0.5) // => "wave-loyw3v28-i00000"
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const sessionIdOf = (millis: number, random: number): string =>
  `wave-${millis.toString(36)}-${Math.floor(random * 36 ** 6)
    .toString(36)
    .padStart(6, "0")}`

/**
 * A fresh session id from Effect's `Clock` and `Random` (so `TestClock` and a
 * seeded `Random` make it reproducible).
 *
 * @category constructors
 * @since 0.1.0
 */
export const makeSessionId: Effect.Effect<string> = Effect.gen(function* () {
  const millis = yield* Clock.currentTimeMillis
  const random = yield* Random.next
  return sessionIdOf(millis, random)
})
