import { streamText } from "ai"
import { AiSdkHooks, toolApproval, withHooks } from "wave-hooks/ai-sdk"

const hooks = new AiSdkHooks({ projectDir: process.cwd(), onUserMessage: (m) => console.log(m.text) })
// In a route handler: asks reach useChat as tool-approval-request parts.
const result = streamText({ model, messages, tools: withHooks({ Bash: bash }, hooks), toolApproval: toolApproval(hooks) })
return result.toUIMessageStreamResponse()
