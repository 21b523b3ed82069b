// policy-server.mjs: denies `rm -rf` in Bash commands; anything else gets an empty 200 (no objection).
import { createServer } from "node:http"

const readEvent = (text) => {
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}
const server = createServer(async (request, response) => {
  const event = readEvent(await new Response(request).text())
  const command = event.tool_name === "Bash" ? String(event.tool_input?.command ?? "") : ""
  if (!/\brm\s+-(rf|fr)\b/.test(command)) return response.writeHead(200).end()
  const reason = `rm -rf is not allowed here: ${command}`
  const output = { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason }
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ hookSpecificOutput: output }))
})
server.listen(Number(process.env.PORT ?? 8080), "127.0.0.1", () => {
  console.log(`policy server on http://127.0.0.1:${server.address().port}/pre-tool-use`)
})
