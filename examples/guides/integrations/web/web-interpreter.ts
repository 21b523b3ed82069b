import { Effect } from "effect"
import { Interpreter, type EffectsRequest } from "wave-hooks"
import { nodeServicesLayer } from "wave-hooks/terminal"
import {
  makeWebServer,
  serveHookRuns,
  serveHookRunsPromise,
  startWebServer,
  webInterpreter,
  webInterpreterPromise
} from "wave-hooks/web"

declare const projectDir: string
declare const request: EffectsRequest // one hook run's effects, e.g. from runHooks

// Effect (scoped: the server closes with the scope)
Effect.gen(function* () {
  const server = yield* makeWebServer()
  yield* serveHookRuns(server, { projectDir })
  return yield* Effect.flatMap(Interpreter, (i) => i.carryOut(request)).pipe(Effect.provide(webInterpreter(server)))
}).pipe(Effect.scoped, Effect.provide(nodeServicesLayer))

// Promise
const server = await startWebServer()
await serveHookRunsPromise(server, { projectDir })
const web = webInterpreterPromise(server, { timeoutMs: 60_000 })
const answer = await web.carryOut(request) // Allow / Deny on the page
await web.dispose()
await server.close()
