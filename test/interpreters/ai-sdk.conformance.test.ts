import type { ModelMessage } from "ai"
import { aiSdkInterpreter } from "../../src/hosts/ai-sdk/index.ts"
import { conformance } from "./conformance.ts"

// The model channel is the AI SDK conversation (ModelMessages); the user channel is onUserMessage.
conformance("ai-sdk", () => {
  const messages: Array<ModelMessage> = []
  const user: Array<string> = []
  return {
    layer: aiSdkInterpreter({ messages, onUserMessage: (message) => user.push(message.text) }),
    before: (request) => {
      if (request.event === "UserPromptSubmit") messages.push({ role: "user", content: "the user prompt 12" })
      if (request.tool !== undefined) {
        messages.push({
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: request.tool.id, toolName: request.tool.name, input: request.tool.input }
          ]
        })
      }
    },
    shown: () => ({ user: user.join("\n"), model: JSON.stringify(messages) })
  }
})
