import { makeInterpreter } from "../../src/interpreters/contract.ts"
import { renderWeb } from "../../src/interpreters/web/web-interpreter.ts"
import { startWebServer } from "../../src/interpreters/web/web-server.ts"
import { conformance } from "./conformance.ts"

// The web page renders for a person (its Allow / Deny buttons are tested in a
// real browser in web.e2e.test.ts); like the terminal it has no model channel.
// What the user sees is the server's card history, as text with the page's words.
conformance("web", async () => {
  const server = await startWebServer()
  return {
    layer: makeInterpreter("web", renderWeb(server)),
    shown: () => ({ user: server.feed.text(), model: undefined }),
    dispose: () => server.close()
  }
})
