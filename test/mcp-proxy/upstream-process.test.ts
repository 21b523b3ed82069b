/**
 * `UpstreamProcessTransport` on its own, with real child processes: lines of
 * JSON both ways, a line that is not JSON reported, a command that cannot
 * start named, and how an exit is reported (by itself or asked).
 */
import { assert, describe, it } from "@effect/vitest"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { UpstreamProcessTransport } from "../../src/hosts/mcp/upstream-process.ts"
import { nodeBin } from "../helpers/cli-process.ts"

/** Echoes each line of stdin back on stdout; `bad` first writes a line that is not JSON. */
const echoScript = `
const readline = require("node:readline")
if (process.argv[1] === "bad") process.stdout.write("hello, not json\\n")
readline.createInterface({ input: process.stdin }).on("line", (line) => process.stdout.write(line + "\\n"))
`

describe.concurrent("UpstreamProcessTransport", () => {
  it("given a child that echoes lines, when a message is sent, then the same message comes back; closing ends it without a signal", async () => {
    const transport = new UpstreamProcessTransport({ command: nodeBin, args: ["-e", echoScript], onStderr: () => {} })
    const received = new Promise<JSONRPCMessage>((resolve) => (transport.onmessage = (m) => resolve(m)))
    await transport.start()
    const message: JSONRPCMessage = { jsonrpc: "2.0", id: 1, method: "ping" }
    await transport.send(message)
    assert.deepStrictEqual(await received, message)
    await transport.close()
    const exit = await transport.exited
    assert.deepStrictEqual({ code: exit.code, signal: exit.signal, requested: exit.requested }, { code: 0, signal: null, requested: true })
  })

  it("given a child that writes a line that is not JSON, when it arrives, then onerror names it and later messages still come through", async () => {
    const transport = new UpstreamProcessTransport({ command: nodeBin, args: ["-e", echoScript, "bad"], onStderr: () => {} })
    const error = new Promise<Error>((resolve) => (transport.onerror = resolve))
    const received = new Promise<JSONRPCMessage>((resolve) => (transport.onmessage = (m) => resolve(m)))
    await transport.start()
    assert.match((await error).message, /not JSON-RPC on stdout: hello, not json/)
    await transport.send({ jsonrpc: "2.0", method: "notifications/initialized" })
    assert.deepStrictEqual(await received, { jsonrpc: "2.0", method: "notifications/initialized" })
    await transport.close()
  })

  it("given a command that does not exist, when started, then start rejects naming it", async () => {
    const transport = new UpstreamProcessTransport({ command: "/nonexistent/mcp-server" })
    const failed = await transport.start().then(() => undefined, (e: unknown) => e as Error)
    assert.match(String(failed?.message), /could not start the upstream server "\/nonexistent\/mcp-server"/)
  })

  it("given a child that exits by itself, when it does, then exited reports its code and stderr tail, not requested, and onclose fires", async () => {
    const transport = new UpstreamProcessTransport({
      command: nodeBin,
      args: ["-e", "process.stderr.write('bye now\\n'); process.exit(4)"],
      onStderr: () => {}
    })
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve))
    await transport.start()
    await closed
    const exit = await transport.exited
    assert.deepStrictEqual(exit, { code: 4, signal: null, stderrTail: "bye now\n", requested: false })
  })
})
