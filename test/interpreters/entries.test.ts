/**
 * The interpreter and host entries export explicit lists: what a user needs
 * (each interpreter's Effect layer and its Promise form, the hosts), and no
 * helpers (web cards, page and token internals, terminal formatting, AI SDK
 * message helpers), which stay importable by file. A new export is a
 * decision: add it here.
 */
import { assert, describe, it } from "@effect/vitest"

const entries: ReadonlyArray<readonly [string, () => Promise<Record<string, unknown>>, ReadonlyArray<string>]> = [
  [
    "wave-hooks/memory",
    () => import("../../src/interpreters/memory/index.ts"),
    ["Conversation", "memoryInterpreter", "memoryInterpreterPromise", "renderToConversation"]
  ],
  [
    "wave-hooks/terminal",
    () => import("../../src/interpreters/terminal/index.ts"),
    ["nodeServicesLayer", "renderTerminal", "terminalInterpreter", "terminalInterpreterPromise", "terminalPermission"]
  ],
  [
    "wave-hooks/web",
    () => import("../../src/hosts/web/index.ts"),
    [
      "RunRequest",
      "WebServer",
      "WebServerError",
      "carryOutWeb",
      "makeWebServer",
      "renderWeb",
      "serveHookRuns",
      "serveHookRunsPromise",
      "startWebServer",
      "tokenHeader",
      "webInterpreter",
      "webInterpreterPromise",
      "webPermission",
      "webRunObserver"
    ]
  ],
  [
    "wave-hooks/ai-sdk",
    () => import("../../src/hosts/ai-sdk/index.ts"),
    [
      "AiSdkHooks",
      "aiSdkInterpreter",
      "aiSdkInterpreterPromise",
      "approvalStatusOf",
      "denyAll",
      "hookedGenerateText",
      "ModelRequestBlocked",
      "modelHooksMiddleware",
      "permissionFromHandler",
      "renderAiSdk",
      "toolApproval",
      "withHooks"
    ]
  ],
  ["wave-hooks/agent-loop", () => import("../../src/hosts/agent-loop/index.ts"), ["AgentLoop", "agentLoopPromise"]]
]

describe("interpreter and host entries", () => {
  for (const [name, load, expected] of entries) {
    it(`${name} exports exactly its public values`, async () => {
      assert.deepStrictEqual(Object.keys(await load()).sort(), [...expected].sort())
    })
  }

  it("every interpreter entry has a Promise form next to its Effect layer", async () => {
    for (const [name, load, expected] of entries) {
      const layers = expected.filter((key) => /^[a-z].*Interpreter$/.test(key))
      for (const layer of layers) assert.include(expected, `${layer}Promise`, `${name}: ${layer} has ${layer}Promise`)
      const module = await load()
      for (const key of expected.filter((k) => k.endsWith("Promise"))) assert.isFunction(module[key], `${name}.${key}`)
    }
  })
})
