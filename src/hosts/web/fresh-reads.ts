/**
 * Reads shared by the callers that asked before they started. A caller gets
 * a read that started no earlier than its call: the one running when none
 * is, else the next one, which starts once the running one ends (and which
 * every caller arriving meanwhile shares). So each caller sees a state at
 * least as new as its call, as if it had read alone, while a burst of N
 * callers costs two reads instead of N.
 *
 * `POST /run` uses it for the settings files it reads before each event.
 *
 * @since 0.3.0
 */

/**
 * One shared read: its value, and its place in the order reads started
 * (a larger `generation` started later).
 *
 * @category models
 * @since 0.3.0
 */
export interface FreshRead<A> {
  readonly generation: number
  readonly value: A
}

/**
 * Share `read` among concurrent callers, each getting a read that started
 * no earlier than its call. A read asked for starts after the running one
 * ends and after `beforeStart` (by default the next microtask); every caller
 * that asks before it starts shares it. A failed read fails the callers that
 * shared it; the next caller starts a new one.
 *
 * `beforeStart` lets a burst gather: with a synchronous `read` (which ends in
 * the tick it starts, so no caller could ever share a running one), waiting
 * for `setImmediate` makes the callers of one round of I/O share one read.
 *
 * **Example** (Two callers at once, two reads at most)
 *
 * ```ts
 * const next = freshReads(() => readFile("settings.json", "utf8"))
 * const [a, b] = await Promise.all([next(), next()])
 * // a started with the first call; b's read started after it (or is a's, when b came first)
 * ```
 *
 * @category reading
 * @since 0.3.0
 */
export const freshReads = <A>(
  read: () => Promise<A>,
  beforeStart: () => Promise<void> = () => Promise.resolve()
): (() => Promise<FreshRead<A>>) => {
  let started = 0
  /** The read asked for that has not started yet: it starts after every call that shares it. */
  let waiting: Promise<FreshRead<A>> | undefined
  /** The read started last (ended or not). */
  let running: Promise<unknown> = Promise.resolve()
  const next = (): Promise<FreshRead<A>> => {
    const reading: Promise<FreshRead<A>> = running
      .then(
        () => {},
        () => {}
      )
      .then(beforeStart)
      .then(() => {
        // From here on a new caller must not share it: it starts now.
        if (waiting === reading) waiting = undefined
        const generation = ++started
        const run = Promise.resolve()
          .then(read)
          .then((value) => ({ generation, value }))
        running = run
        return run
      })
    waiting = reading
    return reading
  }
  return () => waiting ?? next()
}
