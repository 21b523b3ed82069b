// PostToolUse for Write|Edit: "format" the file and ask the model to re-read it
// (decision "block" with a reason prompts the model). It logs a line before its JSON,
// which the wave dialect recovers from with a noisy-stdout diagnostic.
const input = JSON.parse(await new Response(process.stdin).text())
const file = input.tool_input?.file_path ?? "the file"
console.log(`formatting ${file}...`)
console.log(
  JSON.stringify({
    decision: "block",
    reason: `The formatter rewrote ${file} (2 lines changed). Re-read it before editing it again.`
  })
)
