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
 * no earlier than its call. A failed read fails the callers that shared it;
 * the next caller starts a new one.
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
export const freshReads = <A>(read: () => Promise<A>): (() => Promise<FreshRead<A>>) => {
  let started = 0
  let running: Promise<FreshRead<A>> | undefined
  let queued: Promise<FreshRead<A>> | undefined
  const start = (): Promise<FreshRead<A>> => {
    const generation = ++started
    const reading = Promise.resolve()
      .then(read)
      .then((value) => ({ generation, value }))
    running = reading
    const clear = () => {
      if (running === reading) running = undefined
    }
    reading.then(clear, clear)
    return reading
  }
  return () => {
    if (running === undefined) return start()
    // The running read may have started before this call: wait for the next one, shared by all who wait.
    queued ??= running
      .then(
        () => {},
        () => {}
      )
      .then(() => {
        queued = undefined
        return start()
      })
    return queued
  }
}
