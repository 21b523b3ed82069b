/**
 * A hook's output, capped: each stream keeps its first bytes up to the cap
 * and counts the rest, and a character the cap splits is left out rather
 * than decoded as U+FFFD.
 *
 * @since 0.1.0
 */

/**
 * How many of the bytes end a UTF-8 sequence that was cut short: 0 when the
 * last character is whole (or not valid UTF-8 at all, which the decoder
 * replaces anyway). The output cap drops them instead of decoding U+FFFD.
 *
 * **Example** (The first byte of "€")
 *
 * ```ts
 * incompleteUtf8Tail(Buffer.from([0x61, 0xe2])) // => 1
 * incompleteUtf8Tail(Buffer.from("a€")) // => 0
 * ```
 *
 * @category output
 * @since 0.1.0
 */
export const incompleteUtf8Tail = (bytes: Uint8Array): number => {
  const end = bytes.byteLength
  for (let back = 1; back <= Math.min(3, end); back++) {
    const byte = bytes[end - back]!
    if ((byte & 0xc0) === 0x80) continue // a continuation byte: look further back
    const length = (byte & 0xe0) === 0xc0 ? 2 : (byte & 0xf0) === 0xe0 ? 3 : (byte & 0xf8) === 0xf0 ? 4 : 1
    return length > back ? back : 0
  }
  return 0
}

/** Accumulates a stream up to a cap, counting (and dropping) the rest. */
export class CappedBuffer {
  private readonly chunks: Array<Buffer> = []
  private readonly cap: number
  private kept = 0
  total = 0
  constructor(cap: number) {
    this.cap = cap
  }
  push(chunk: Buffer): void {
    this.total += chunk.byteLength
    const room = this.cap - this.kept
    if (room <= 0) return
    const part = chunk.byteLength <= room ? chunk : chunk.subarray(0, room)
    this.chunks.push(part)
    this.kept += part.byteLength
  }
  get truncated(): boolean {
    return this.total > this.cap
  }
  /** The kept bytes as text; when the stream was cut, a character split by the cut is left out rather than replaced. */
  text(): string {
    const bytes = Buffer.concat(this.chunks)
    const cut = this.truncated ? incompleteUtf8Tail(bytes) : 0
    return bytes.toString("utf8", 0, bytes.byteLength - cut)
  }
}
