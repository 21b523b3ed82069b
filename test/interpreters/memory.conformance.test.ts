import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"
import { conformance } from "./conformance.ts"

conformance("memory", () => {
  const conversation = new Conversation()
  return {
    layer: memoryInterpreter(conversation),
    before: (request) => {
      if (request.event === "UserPromptSubmit") conversation.addUserMessage("the user prompt 12")
      if (request.tool !== undefined) conversation.addToolCall(request.tool.id, request.tool.name, request.tool.input)
    },
    shown: () => ({ user: conversation.userView().join("\n"), model: JSON.stringify(conversation.toModelMessages()) })
  }
})
