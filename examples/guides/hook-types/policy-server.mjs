// policy-server.mjs: denies `rm -rf` in Bash commands; anything else gets an empty 200 (no objection).
import { createServer } from "node:http"

const server = createServer((request, response) => {
  let body = ""
  request.setEncoding("utf8")
  request.on("data", (chunk) => (body += chunk))
  request.on("end", () => {
    let event = {}
    try {
      event = JSON.parse(body)
    } catch {}
    const command = event.tool_name === "Bash" ? String(event.tool_input?.command ?? "") : ""
    if (!/\brm\s+-(rf|fr)\b/.test(command)) return response.writeHead(200).end()
    response.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: `rm -rf is not allowed here: ${command}`
        }
      })
    )
  })
})
server.listen(Number(process.env.PORT ?? 8080), "127.0.0.1", () => {
  console.log(`policy server on http://127.0.0.1:${server.address().port}/pre-tool-use`)
})
