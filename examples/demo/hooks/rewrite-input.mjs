// PreToolUse for Bash: rewrite `npm test` to a quieter reporter (updatedInput) and tell the
// user (systemMessage). Other commands pass untouched.
const input = JSON.parse(await new Response(process.stdin).text())
const command = String(input.tool_input?.command ?? "")
if (/^npm test\b/.test(command) && !command.includes("--reporter")) {
  console.log(
    JSON.stringify({
      systemMessage: "rewrite-input: added --reporter=dot to npm test",
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        updatedInput: { ...input.tool_input, command: `${command} -- --reporter=dot` }
      }
    })
  )
}
