/**
 * `wave-hooks/web`: the web interpreter. A local page (127.0.0.1, guarded by
 * a random token) shows hook runs and their effects live and asks permission
 * questions with Allow and Deny buttons.
 *
 * This entry holds both sides of the page: the interpreter (effects -> page:
 * `webInterpreter`, `webInterpreterPromise`, `webRunObserver`) and the run
 * endpoint host (agents -> `POST /run` -> runner -> page: `serveHookRuns`,
 * `serveHookRunsPromise`), since both need the same `WebServer`.
 *
 * - Effect: `makeWebServer()` (scoped), `webInterpreter(server)`,
 *   `serveHookRuns(server, options)`.
 * - Promise: `startWebServer()` / `server.close()`,
 *   `webInterpreterPromise(server)`, `serveHookRunsPromise(server, options)`.
 *
 * @example
 * ```ts
 * import { serveHookRunsPromise, startWebServer } from "wave-hooks/web"
 *
 * const server = await startWebServer()
 * await serveHookRunsPromise(server, { projectDir: process.cwd() })
 * console.log(`Open ${server.url}`)
 * ```
 *
 * @since 0.1.0
 */
export type { AnsweredBy, Card, CardQuestion, CardRun, CardTool } from "../../interpreters/web/card.ts"
export type { AskOptions, Feed } from "../../interpreters/web/feed.ts"
export {
  carryOutWeb,
  renderWeb,
  webInterpreter,
  type WebInterpreterOptions,
  webInterpreterPromise,
  webPermission,
  webRunObserver
} from "../../interpreters/web/web-interpreter.ts"
export {
  makeWebServer,
  type RunHandler,
  type RunReply,
  startWebServer,
  tokenHeader,
  WebServer,
  WebServerError,
  type WebServerOptions
} from "../../interpreters/web/web-server.ts"
export {
  RunRequest,
  type RunResponse,
  serveHookRuns,
  serveHookRunsPromise,
  type ServeRunsOptions
} from "./run-endpoint.ts"
export type { PromiseInterpreter } from "../../interpreters/promise.ts"
export type { RunObserver } from "../../settings/run-observer.ts"
