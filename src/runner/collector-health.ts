/**
 * What one process knows of the OTLP collectors it exports spans to
 * (ARCHITECTURE section 7.2): a collector that refused a connection, did not
 * answer within the flush timeout or answered with an error is marked down,
 * said once on stderr, and from then on its exports are dropped at once, so
 * no later run, event or session waits for it again. While it is down, one
 * export (a probe) is sent in the background at most every `retryAfterMs`,
 * on nobody's path and holding no process open; when one gets through the
 * collector is marked up.
 *
 * Plain state and functions, no Effect value: the exporter
 * (`otlp-from-env.ts`, a bundle of its own in the CLI) gets it from
 * `telemetry.ts`, which holds the one instance of the process.
 *
 * @since 0.2.0
 */

/**
 * What to do with an export to a collector now: `send` it (and wait, within
 * the flush timeout), or `drop` it at once (the collector is down).
 *
 * @category models
 * @since 0.2.0
 */
type CollectorAdmission = "send" | "drop"

/**
 * Send one export in the background: resolves with why it failed, or
 * `undefined` when it got through. It must never reject, nor hold the process.
 *
 * @category models
 * @since 0.2.0
 */
type CollectorProbe = () => Promise<string | undefined>

/**
 * The health of the collectors of one process, by traces URL.
 *
 * @category models
 * @since 0.2.0
 */
export interface CollectorHealth {
  /**
   * What to do with an export to `url` now. While `url` is down, at most
   * every `retryAfterMs` (and not while one is pending) `probe` is started
   * and not awaited: it marks the collector up or down when it settles.
   */
  readonly admit: (url: string, probe: CollectorProbe) => CollectorAdmission
  /** An export to `url` failed (`why`: "refused the connection (ECONNREFUSED)", ...): mark it down; the first time, say so. */
  readonly failed: (url: string, why: string) => void
  /** An export to `url` got through: mark it up. */
  readonly answered: (url: string) => void
  /** Whether `url` is marked down. */
  readonly isDown: (url: string) => boolean
}

/**
 * A fresh `CollectorHealth`. `report` gets the one line said the first time a
 * collector is marked down (`label(url)` names it, credentials hidden);
 * `now` is the clock in milliseconds.
 *
 * @category constructors
 * @since 0.2.0
 */
export const makeCollectorHealth = (options: {
  readonly report: (line: string) => void
  readonly label: (url: string) => string
  readonly now?: () => number
  readonly retryAfterMs?: number
}): CollectorHealth => {
  const now = options.now ?? Date.now
  const retryAfterMs = options.retryAfterMs ?? collectorRetryAfterMs
  const down = new Map<string, { since: number; probing: boolean }>()
  const reported = new Set<string>()
  return {
    admit: (url, probe) => {
      const state = down.get(url)
      if (state === undefined) return "send"
      if (state.probing || now() - state.since < retryAfterMs) return "drop"
      state.probing = true
      void probe().then(
        (why) => (why === undefined ? down.delete(url) : down.set(url, { since: now(), probing: false })),
        () => down.set(url, { since: now(), probing: false })
      )
      return "drop"
    },
    failed: (url, why) => {
      down.set(url, { since: now(), probing: false })
      if (reported.has(url)) return
      reported.add(url)
      options.report(collectorDownLine(options.label(url), why, retryAfterMs))
    },
    answered: (url) => {
      down.delete(url)
    },
    isDown: (url) => down.has(url)
  }
}

/**
 * How long a collector marked down is left alone before one export is sent
 * to it again in the background: 60 s.
 *
 * @category constants
 * @since 0.2.0
 */
const collectorRetryAfterMs = 60_000

/**
 * The line said once when a collector is marked down: which, why, what
 * happens now, and how to fix or silence it.
 *
 * @category messages
 * @since 0.2.0
 */
export const collectorDownLine = (label: string, why: string, retryAfterMs: number): string =>
  `wave-hooks: the OpenTelemetry collector at ${label} ${why}; spans are dropped while it is down, and this process does not wait for it again ` +
  `(it is tried in the background every ${Math.round(retryAfterMs / 1000)} s). ` +
  `Start the collector, or unset OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (or set OTEL_SDK_DISABLED=true) to stop exporting.\n`
