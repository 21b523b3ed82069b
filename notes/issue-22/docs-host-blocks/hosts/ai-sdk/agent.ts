import { generateText, stepCountIs } from "ai"
import { AiSdkHooks, aiSdkInterpreter, aiSdkInterpreterPromise, permissionFromHandler, withHooks } from "wave-hooks/ai-sdk"

const hooks = new AiSdkHooks({ projectDir: process.cwd(), onUserMessage: (m) => console.log(m.text) })
// The key is the tool_name hooks see: the "matcher": "Bash" guard above needs the key Bash
// (withHooks warns about a matcher that matches none of the tools, e.g. "Bash" for a tool named bash).
await generateText({ model, tools: withHooks({ Bash: bash }, hooks), prompt: "tidy up", stopWhen: stepCountIs(5) })

const layer = aiSdkInterpreter({ messages, onUserMessage }).pipe(Layer.provide(permissionFromHandler(handler))) // Effect
const ai = aiSdkInterpreterPromise({ messages, onUserMessage }, handler)                                        // Promise
await ai.carryOut({ event: "UserPromptSubmit", effects })
