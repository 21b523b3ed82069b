// PostToolUse for Read: hide secrets from the model (updatedToolOutput).
const input = JSON.parse(await new Response(process.stdin).text())
const output = String(input.tool_response ?? "")
if (/SECRET|TOKEN|PASSWORD/.test(output)) {
  console.log(
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PostToolUse",
        updatedToolOutput: output.replace(/((?:SECRET|TOKEN|PASSWORD)[A-Z_]*=).*/g, "$1[redacted]")
      }
    })
  )
}
