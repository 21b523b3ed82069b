// PreToolUse for Bash: a push needs the user's confirmation (permissionDecision "ask").
const input = JSON.parse(await new Response(process.stdin).text())
if (/\bgit push\b/.test(String(input.tool_input?.command ?? ""))) {
  console.log(
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "pushing publishes commits to the shared remote"
      }
    })
  )
}
