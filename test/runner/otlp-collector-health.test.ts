/**
 * `CollectorHealth` (issue 20): the process's memory of OTLP collectors that
 * are down, on a fake clock, and with real exporters (`startOtlpTracer`)
 * against a real server on 127.0.0.1 that answers 503, then 200: marked down
 * and said once, exports dropped at once while down, a background probe after
 * `retryAfterMs`, then used again.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { collectorDownLine, makeCollectorHealth } from "../../src/runner/collector-health.ts"
import { startOtlpTracer } from "../../src/runner/otlp-from-env.ts"

const timed = async <A>(body: () => Promise<A>): Promise<{ readonly value: A; readonly ms: number }> => {
  const started = performance.now()
  const value = await body()
  return { value, ms: performance.now() - started }
}

describe("a collector that comes back", () => {
  it("is probed in the background after retryAfterMs, then used again; while down, exports are dropped at once and nothing is said twice", async () => {
    let answer = 503
    const received: Array<string> = []
    const server = createServer((req, res) => {
      let body = ""
      req
        .setEncoding("utf8")
        .on("data", (c: string) => (body += c))
        .on("end", () => {
          received.push(body)
          res.writeHead(answer, { "content-type": "application/json" }).end("{}")
        })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`
    const said: Array<string> = []
    const health = makeCollectorHealth({ report: (line) => said.push(line), label: (u) => u, retryAfterMs: 300 })
    /** One exporter's life, as a runHooksPromise call has it: a span, then the flush. */
    const exportOnce = async (name: string) => {
      const handle = await startOtlpTracer(url, { OTEL_EXPORTER_OTLP_TIMEOUT: "3000" }, health)
      await Effect.runPromise(Effect.void.pipe(Effect.withSpan(name), Effect.withTracer(handle.tracer)))
      return (await timed(() => handle.shutdown())).ms
    }
    try {
      await exportOnce("first")
      assert.strictEqual(received.length, 1)
      assert.isTrue(health.isDown(url))
      assert.deepStrictEqual(said, [collectorDownLine(url, "answered HTTP 503", 300)])
      // Down: dropped at once, nothing sent.
      answer = 200
      assert.isBelow(await exportOnce("dropped"), 1500)
      assert.strictEqual(received.length, 1)
      // After retryAfterMs, an export is sent in the background (its caller does not wait) and the collector is up again.
      await new Promise((resolve) => setTimeout(resolve, 400))
      await exportOnce("probe")
      const until = Date.now() + 10_000
      while (health.isDown(url) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
      assert.isFalse(health.isDown(url))
      assert.strictEqual(received.length, 2)
      assert.include(received[1]!, '"name":"probe"')
      await exportOnce("back")
      assert.strictEqual(received.length, 3)
      assert.include(received[2]!, '"name":"back"')
      assert.strictEqual(said.length, 1)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }, 40_000)
})

describe("makeCollectorHealth (a fake clock)", () => {
  it("says a collector is down once; drops while down; one probe per retryAfterMs, none while one is pending; up when one gets through", async () => {
    let now = 0
    const said: Array<string> = []
    const health = makeCollectorHealth({
      report: (line) => said.push(line),
      label: (u) => `<${u}>`,
      now: () => now,
      retryAfterMs: 1000
    })
    const probes: Array<(why: string | undefined) => void> = []
    const probe = () => new Promise<string | undefined>((resolve) => probes.push(resolve))
    assert.strictEqual(health.admit("u", probe), "send")
    health.failed("u", "refused the connection (ECONNREFUSED)")
    health.failed("u", "did not answer within 1000 ms")
    assert.deepStrictEqual(said, [collectorDownLine("<u>", "refused the connection (ECONNREFUSED)", 1000)])
    assert.match(
      said[0]!,
      /^wave-hooks: the OpenTelemetry collector at <u> refused the connection \(ECONNREFUSED\); .* OTEL_SDK_DISABLED=true\) to stop exporting\.\n$/
    )
    assert.strictEqual(health.admit("u", probe), "drop")
    assert.strictEqual(health.admit("other", probe), "send")
    now = 1000
    assert.strictEqual(health.admit("u", probe), "drop")
    assert.strictEqual(probes.length, 1)
    now = 5000
    assert.strictEqual(health.admit("u", probe), "drop")
    assert.strictEqual(probes.length, 1, "no second probe while one is pending")
    probes[0]!("answered HTTP 502")
    await Promise.resolve()
    assert.isTrue(health.isDown("u"))
    assert.strictEqual(health.admit("u", probe), "drop")
    assert.strictEqual(probes.length, 1, "the failed probe restarted the wait")
    now = 6000
    health.admit("u", probe)
    assert.strictEqual(probes.length, 2)
    probes[1]!(undefined)
    await Promise.resolve()
    assert.isFalse(health.isDown("u"))
    assert.strictEqual(health.admit("u", probe), "send")
    assert.strictEqual(said.length, 1)
  })
})
