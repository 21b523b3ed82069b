import { generateText, type LanguageModel, wrapLanguageModel } from "ai"
import { ModelRequestBlocked, modelHooksMiddleware } from "wave-hooks/ai-sdk"

declare const model: Exclude<LanguageModel, string> // any AI SDK model object

// The project's Gemini CLI hooks (.gemini/settings.json: BeforeModel, AfterModel, BeforeToolSelection)
// run around every call of the wrapped model.
const hooked = wrapLanguageModel({
  model,
  middleware: modelHooksMiddleware({
    projectDir: process.cwd(),
    dialect: "gemini-cli",
    onUserMessage: (m) => console.error(`[${m.level}] ${m.text}`)
  })
})

try {
  const { text } = await generateText({ model: hooked, prompt: "where is the greeting?" })
  console.log(text) // AfterModel's llm_response, when a hook replaced the answer
} catch (error) {
  // BeforeModel or AfterModel denied: the reason is the hook's.
  if (error instanceof ModelRequestBlocked) console.error(`blocked: ${error.reason}`)
  else throw error
}
