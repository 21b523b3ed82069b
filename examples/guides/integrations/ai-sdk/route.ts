import { streamText, type LanguageModel, type ModelMessage, type Tool } from "ai"
import { AiSdkHooks, toolApproval, withHooks } from "wave-hooks/ai-sdk"

declare const model: LanguageModel // any AI SDK model
declare const bash: Tool // your tools

const hooks = new AiSdkHooks({ projectDir: process.cwd(), onUserMessage: (m) => console.log(m.text) })

// A route handler: asks reach useChat as tool-approval-request parts.
export async function POST(request: Request): Promise<Response> {
  const { messages } = (await request.json()) as { messages: Array<ModelMessage> }
  const result = streamText({
    model,
    messages,
    tools: withHooks({ Bash: bash }, hooks),
    toolApproval: toolApproval(hooks)
  })
  return result.toUIMessageStreamResponse()
}
