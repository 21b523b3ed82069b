/**
 * `UpstreamProcessTransport` on its own, with real child processes: lines of
 * JSON both ways, a line that is not JSON reported, a command that cannot
 * start named, how an exit is reported (by itself or asked), a line over the
 * message cap dropped as it arrives (the request it answers gets an error),
 * and the whole process group ended on close.
 */
import { assert, describe, it } from "@effect/vitest"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { UpstreamProcessTransport } from "../../src/hosts/mcp/upstream-process.ts"
import { McpMessageTooLarge } from "../../src/runner/mcp-stdio-transport.ts"
import { nodeBin } from "../helpers/cli-process.ts"
import { killLeftovers, liveMembersWithin } from "../runner/mcp-fixtures.ts"

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
    assert.deepStrictEqual(
      { code: exit.code, signal: exit.signal, requested: exit.requested },
      { code: 0, signal: null, requested: true }
    )
  })

  it("given a child that writes a line that is not JSON, when it arrives, then onerror names it and later messages still come through", async () => {
    const transport = new UpstreamProcessTransport({
      command: nodeBin,
      args: ["-e", echoScript, "bad"],
      onStderr: () => {}
    })
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
    const failed = await transport.start().then(
      () => undefined,
      (e: unknown) => e as Error
    )
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

  it("given a line over maxMessageBytes, when it arrives, then it is dropped as it comes, the request it answers gets an error, and later lines come through", async () => {
    // A 1 MiB result for id 7 in 4 KiB writes, ended by a newline, then a small message.
    const script = `
      const big = "B".repeat(4096)
      process.stdout.write('{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"')
      for (let i = 0; i < 256; i++) process.stdout.write(big)
      process.stdout.write('"}]}}\\n')
      process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "after" } }) + "\\n")
      process.stdin.resume()
    `
    const transport = new UpstreamProcessTransport({
      command: nodeBin,
      args: ["-e", script],
      onStderr: () => {},
      maxMessageBytes: 64 * 1024
    })
    const errors: Array<Error> = []
    transport.onerror = (e) => errors.push(e)
    const messages: Array<JSONRPCMessage> = []
    const two = new Promise<void>((resolve) => {
      transport.onmessage = (m) => {
        messages.push(m)
        if (messages.length === 2) resolve()
      }
    })
    await transport.start()
    await two
    assert.strictEqual(errors.length, 1)
    assert.instanceOf(errors[0], McpMessageTooLarge)
    assert.include(
      errors[0]!.message,
      "the upstream server sent a message over 64 KiB (the cap of one message); it was dropped unread"
    )
    assert.deepStrictEqual(messages[0], { jsonrpc: "2.0", id: 7, error: { code: -32603, message: errors[0]!.message } })
    assert.deepStrictEqual(messages[1], {
      jsonrpc: "2.0",
      method: "notifications/message",
      params: { level: "info", data: "after" }
    })
    await transport.close()
  })

  it("given a line that ends with its id (the SDK's key order), when it is over the cap, then the error goes to that id", async () => {
    const script = `
      process.stdout.write('{"result":{"content":[{"type":"text","text":"' + "B".repeat(200000) + '"}]},"jsonrpc":"2.0","id":"r-1"}\\n')
      process.stdin.resume()
    `
    const transport = new UpstreamProcessTransport({
      command: nodeBin,
      args: ["-e", script],
      onStderr: () => {},
      maxMessageBytes: 64 * 1024
    })
    transport.onerror = () => {}
    const received = new Promise<JSONRPCMessage>((resolve) => (transport.onmessage = resolve))
    await transport.start()
    const message = await received
    assert.strictEqual((message as { id?: unknown }).id, "r-1")
    assert.include((message as { error?: { message: string } }).error?.message, "over 64 KiB")
    await transport.close()
  })

  it("given a server with a child of its own that ignores SIGTERM, when closed, then nothing of its process group is left", async () => {
    const script = `
      require("node:child_process").spawn("sh", ["-c", "trap '' TERM; sleep 300"], { stdio: "ignore" })
      process.stdin.on("end", () => process.exit(0))
    `
    const transport = new UpstreamProcessTransport({
      command: nodeBin,
      args: ["-e", script],
      onStderr: () => {},
      killGraceMs: 300
    })
    await transport.start()
    const pgid = transport.pid!
    try {
      await transport.close()
      assert.deepStrictEqual(await liveMembersWithin(pgid, 3000), [])
    } finally {
      killLeftovers([pgid])
    }
  })
})
