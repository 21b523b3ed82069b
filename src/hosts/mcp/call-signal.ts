/**
 * The abort signal of one call through the proxy: it follows other signals
 * (the client's cancel, the proxy closing) only while the call runs.
 *
 * `AbortSignal.any` is not fit for this: the SDK's `Protocol.request` adds an
 * abort listener to the signal it is given and never removes it, and Node
 * keeps a composite signal with a listener alive until it aborts, so every
 * call (its request, its result) stayed in memory for the session's life, and
 * the proxy's RSS grew with every call. A plain controller's signal, linked
 * by listeners removed when the call ends, is garbage once the call is.
 *
 * @since 0.3.0
 */

/**
 * A signal that aborts when any of `sources` does (with its reason), until
 * `release()` detaches it from them.
 *
 * @category signals
 * @since 0.3.0
 */
export const callSignal = (
  sources: ReadonlyArray<AbortSignal>
): { readonly signal: AbortSignal; readonly release: () => void } => {
  const controller = new AbortController()
  const aborted = sources.find((s) => s.aborted)
  if (aborted !== undefined) {
    controller.abort(aborted.reason)
    return { signal: controller.signal, release: () => {} }
  }
  const listeners = sources.map((source) => {
    const listener = () => controller.abort(source.reason)
    source.addEventListener("abort", listener, { once: true })
    return listener
  })
  const release = () => {
    for (let i = 0; i < sources.length; i++) sources[i]!.removeEventListener("abort", listeners[i]!)
  }
  return { signal: controller.signal, release }
}
