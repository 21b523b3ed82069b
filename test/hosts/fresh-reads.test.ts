/**
 * `freshReads`: concurrent callers share reads, and each gets a read that
 * started no earlier than its call (what `POST /run` relies on: a settings
 * file changed before a request was sent applies to it).
 */
import { assert, describe, it } from "@effect/vitest"
import { freshReads } from "../../src/hosts/web/fresh-reads.ts"

/** A read whose value is the state when it started, and which ends when told. */
const gatedReads = () => {
  let state = 0
  let reads = 0
  const gates: Array<() => void> = []
  const read = async () => {
    reads++
    const seen = state
    await new Promise<void>((resolve) => gates.push(resolve))
    return seen
  }
  const openAll = async () => {
    for (let i = 0; i < 10; i++) {
      for (const open of gates.splice(0)) open()
      await new Promise((r) => setTimeout(r, 0))
    }
  }
  return { read, openAll, change: () => state++, reads: () => reads }
}

describe("freshReads", () => {
  it("given a read running, when the state changes and a caller asks, then it gets the next read, which sees the change", async () => {
    const r = gatedReads()
    const next = freshReads(r.read)
    const first = next()
    await new Promise((resolve) => setTimeout(resolve, 0))
    r.change()
    const second = next()
    await r.openAll()
    const [a, b] = await Promise.all([first, second])
    assert.deepStrictEqual([a.value, b.value], [0, 1])
    assert.isAbove(b.generation, a.generation)
  })

  it("given a read running, when many callers ask, then they share one next read (two reads in all)", async () => {
    const r = gatedReads()
    const next = freshReads(r.read)
    const first = next()
    await new Promise((resolve) => setTimeout(resolve, 0))
    r.change()
    const waiting = Array.from({ length: 20 }, () => next())
    await r.openAll()
    const all = await Promise.all([first, ...waiting])
    assert.strictEqual(r.reads(), 2)
    assert.deepStrictEqual(
      all.slice(1).map((x) => x.value),
      Array.from({ length: 20 }, () => 1)
    )
  })

  it("given a synchronous read that waits for the round of I/O to end, when callers of one round ask, then they share one read, which sees the state as it was when it started", async () => {
    let state = 0
    let reads = 0
    const next = freshReads(
      async () => {
        reads++
        return state
      },
      () => new Promise((resolve) => setImmediate(resolve))
    )
    const round = Array.from({ length: 20 }, () => next())
    state = 1
    const all = await Promise.all(round)
    assert.strictEqual(reads, 1)
    assert.deepStrictEqual(
      all.map((x) => x.value),
      Array.from({ length: 20 }, () => 1)
    )
    // A caller after that read started gets a new one.
    state = 2
    assert.strictEqual((await next()).value, 2)
    assert.strictEqual(reads, 2)
  })

  it("given a failed read, when the next caller asks, then a new read starts", async () => {
    let calls = 0
    const next = freshReads(async () => {
      calls++
      if (calls === 1) throw new Error("unreadable")
      return calls
    })
    const failed = await next().then(
      () => "resolved",
      (e: unknown) => (e as Error).message
    )
    assert.strictEqual(failed, "unreadable")
    assert.strictEqual((await next()).value, 2)
  })
})
