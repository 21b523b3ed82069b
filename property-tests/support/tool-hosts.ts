/**
 * Every host of the engine behind one small adapter: start it over a case's
 * folders, let it call one tool, and report whether the tool's own function
 * ran (or the upstream got the call) and what the model or client was told
 * instead. Used by the unreadable-settings laws over all hosts. Everything is
 * real: hook processes, the AI SDK's, LangChain's and the OpenAI Agents SDK's
 * own loops with their offline model fakes, an MCP upstream server, the web
 * endpoint over HTTP on 127.0.0.1, and the CLI as a child process.
 */
import { spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { NodeFileSystem, NodeServices } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { generateText, jsonSchema, stepCountIs, tool as aiTool } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages"
import { createAgent, fakeModel, tool as langchainTool } from "langchain"
import { Agent, run as runAgent, setTracingDisabled, tool as openAiTool } from "@openai/agents"
import type { AgentInputItem } from "@openai/agents"
import type { RecordedModelCall } from "@openai/agents/testing"
import { assistantMessage, functionCall, modelResponder, ScriptedModel } from "@openai/agents/testing"
import type { HookEffect } from "../../src/effects/hook-effect.ts"
import type { JsonRecord } from "../../src/core/payload.ts"
import { resolveEffects } from "../../src/interpreters/resolution.ts"
import type { Resolution } from "../../src/interpreters/resolution.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"
import { permissionFromHandler } from "../../src/interpreters/permission-handler.ts"
import { startWebServer, tokenHeader } from "../../src/interpreters/web/web-server.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { runHooks } from "../../src/runner/run-hooks.ts"
import { HookSession, runHooksPromise } from "../../src/runner/session.ts"
import { serveHookRunsPromise } from "../../src/hosts/web/run-endpoint.ts"
import { createHookedProxy } from "../../src/hosts/mcp/hooked-server.ts"
import { UpstreamProcessTransport } from "../../src/hosts/mcp/upstream-process.ts"
import { AgentLoop } from "../../src/hosts/agent-loop/agent-loop.ts"
import { agentLoopPromise } from "../../src/hosts/agent-loop/agent-loop-promise.ts"
import {
  AiSdkHooks,
  hookedGenerateText,
  toolApproval,
  withHooks as withAiSdkHooks
} from "../../src/hosts/ai-sdk/index.ts"
import { makeWaveHooksMiddleware, waveHooksMiddleware } from "../../src/hosts/langchain/index.ts"
import { OpenAIAgentsHooks, withHooks as withOpenAIAgentsHooks } from "../../src/hosts/openai-agents/index.ts"
import { cliBin, nodeBin, runCli } from "../../test/helpers/cli-process.ts"
import type { CaseDirs } from "./broken-settings-files.ts"

setTracingDisabled(true)

// ====== The adapter ======

/** What became of one tool call. */
export interface ToolCallOutcome {
  /** The tool's own function ran (the upstream received the call; the harness ran it). */
  readonly executed: boolean
  /** What the model or client was told instead of the tool's output; `undefined` when the tool ran. */
  readonly refusal: string | undefined
  /** What the host told the user and the hook author during the call (user messages, diagnostics, stderr). */
  readonly said: ReadonlyArray<string>
}

/** A started host: call the tool (any number of times), then close it. */
export interface RunningHost {
  readonly callTool: () => Promise<ToolCallOutcome>
  readonly close: () => Promise<void>
}

/**
 * A host under test: its variants (the ways an app uses it), and how to
 * start it over a case's folders. `start` reads nothing itself: the host
 * reads the settings as they are on disk.
 */
export interface HostUnderTest {
  readonly name: string
  readonly variants: ReadonlyArray<string>
  /** The host reads the settings files again before every event (so a file broken while it runs counts at once). */
  readonly readsEveryEvent?: true
  readonly start: (dirs: CaseDirs, variant: string) => Promise<RunningHost>
}

/** The tool-gating events a runner-level host is asked about. */
const toolGatingEvents = ["PreToolUse", "PermissionRequest"]

const command = "rm -rf build"
const bashPayload: JsonRecord = { tool_name: "Bash", tool_input: { command } }

/** The texts of a resolution meant for the user and the hook author. */
const saidIn = (resolution: Resolution): ReadonlyArray<string> => [
  ...resolution.userMessages.map((m) => m.text),
  ...resolution.diagnostics.map((d) => `${d.code}: ${d.message}`)
]

/** A harness that runs its tool only when the event's resolution lets it (allow, or no decision, and no halt). */
const harness = (resolution: Resolution, ran: Array<string>): ToolCallOutcome => {
  const allowed =
    (resolution.permission === "allow" || resolution.permission === "default") && resolution.stop === undefined
  if (allowed) ran.push(command)
  return {
    executed: allowed,
    refusal: allowed ? undefined : (resolution.denyReason ?? `(no reason; permission ${resolution.permission})`),
    said: saidIn(resolution)
  }
}

const runEffects = (effects: ReadonlyArray<HookEffect>, ran: Array<string>): ToolCallOutcome =>
  harness(resolveEffects(effects), ran)

/**
 * One call through a host whose tool records its runs: it ran exactly when
 * its record grew; `said` is what the host's callbacks collected meanwhile.
 */
const counted = async (
  ran: ReadonlyArray<unknown>,
  said: Array<string>,
  call: () => Promise<string | undefined>
): Promise<ToolCallOutcome> => {
  const before = ran.length
  said.splice(0)
  const refusal = await call()
  const executed = ran.length > before
  return {
    executed,
    refusal: executed ? undefined : (refusal ?? "(the tool did not run and nothing was said)"),
    said: said.splice(0)
  }
}

/** Callbacks that collect user messages and diagnostics into `said`. */
const collecting = (said: Array<string>) => ({
  onUserMessage: (m: { readonly text: string }) => void said.push(m.text),
  onDiagnostic: (d: { readonly code: string; readonly message: string }) => void said.push(`${d.code}: ${d.message}`)
})

// ====== The runner ======

/** `runHooks` (Effect) on real processes; each call reads the settings. */
const runHooksHost: HostUnderTest = {
  name: "runHooks",
  readsEveryEvent: true,
  variants: toolGatingEvents,
  start: async (dirs, event) => {
    const ran: Array<string> = []
    return {
      callTool: async () => {
        const result = await Effect.runPromise(
          runHooks({ event: event as "PreToolUse", payload: bashPayload, ...dirs.sessionOptions }).pipe(
            Effect.provide(Layer.mergeAll(NodeFileSystem.layer, HookProcess.layer))
          )
        )
        return runEffects(result.effects, ran)
      },
      close: async () => {}
    }
  }
}

/** `runHooksPromise`; each call reads the settings. */
const runHooksPromiseHost: HostUnderTest = {
  name: "runHooksPromise",
  readsEveryEvent: true,
  variants: toolGatingEvents,
  start: async (dirs, event) => {
    const ran: Array<string> = []
    return {
      callTool: async () =>
        runEffects(
          (await runHooksPromise({ event: event as "PreToolUse", payload: bashPayload, ...dirs.sessionOptions }))
            .effects,
          ran
        ),
      close: async () => {}
    }
  }
}

/** One `HookSession` (started while the file is broken), fired with `fire` (Effect) or `firePromise`. */
const hookSessionHost: HostUnderTest = {
  name: "HookSession",
  variants: toolGatingEvents.flatMap((event) =>
    ["fire", "firePromise", "start (Effect)"].map((how) => `${event} ${how}`)
  ),
  start: async (dirs, variant) => {
    const [event, how] = variant.split(" ") as ["PreToolUse", string]
    const session =
      how === "start"
        ? await Effect.runPromise(HookSession.start(dirs.sessionOptions).pipe(Effect.provide(NodeFileSystem.layer)))
        : await HookSession.startPromise(dirs.sessionOptions)
    const ran: Array<string> = []
    return {
      callTool: async () => {
        const result =
          how === "firePromise"
            ? await session.firePromise(event, bashPayload)
            : await Effect.runPromise(session.fire(event, bashPayload).pipe(Effect.provide(NodeFileSystem.layer)))
        return runEffects(result.effects, ran)
      },
      close: () => session.closePromise()
    }
  }
}

// ====== serve's endpoint ======

/** `serveHookRunsPromise` on a real web server: POST /run over HTTP; the tool runs unless the resolution denies. */
const serveHost: HostUnderTest = {
  name: "serve (POST /run)",
  readsEveryEvent: true,
  variants: toolGatingEvents,
  start: async (dirs, event) => {
    const server = await startWebServer()
    try {
      await serveHookRunsPromise(server, dirs.sessionOptions)
    } catch (error) {
      await server.close()
      throw error
    }
    const ran: Array<string> = []
    let n = 0
    return {
      callTool: async () => {
        const response = await fetch(`http://127.0.0.1:${server.port}/run`, {
          method: "POST",
          headers: { [tokenHeader]: server.token },
          body: JSON.stringify({ event, tool: { id: `t${++n}`, name: "Bash", input: { command } } })
        })
        if (response.status !== 200) throw new Error(`POST /run answered ${response.status}: ${await response.text()}`)
        const { resolution } = (await response.json()) as { resolution: Resolution }
        // "Allowed" for the endpoint: the agent is not told deny.
        const allowed = resolution.permission !== "deny"
        if (allowed) ran.push(command)
        return {
          executed: allowed,
          refusal: allowed ? undefined : (resolution.denyReason ?? "(deny without a reason)"),
          said: saidIn(resolution)
        }
      },
      close: () => server.close()
    }
  }
}

// ====== The MCP gateway library ======

/** The text of a tool result's text blocks. */
const textOfResult = (result: unknown): string =>
  ((result as { readonly content?: ReadonlyArray<{ readonly type: string; readonly text?: string }> }).content ?? [])
    .flatMap((b) => (b.type === "text" && b.text !== undefined ? [b.text] : []))
    .join("\n")

/** `createHookedProxy` in front of an in-process upstream whose `run` tool records its calls; the client calls through it. */
const hookedProxyHost: HostUnderTest = {
  name: "createHookedProxy",
  variants: ["session options", "given session"],
  start: async (dirs, variant) => {
    const ran: Array<string> = []
    const upstreamServer = new Server({ name: "sh", version: "1.0.0" }, { capabilities: { tools: {} } })
    upstreamServer.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: "run", inputSchema: { type: "object", properties: { command: { type: "string" } } } }]
    }))
    upstreamServer.setRequestHandler(CallToolRequestSchema, async (request) => {
      ran.push(String(request.params.arguments?.["command"]))
      return { content: [{ type: "text", text: "ran" }] }
    })
    const link = async (server: { connect: Server["connect"] }, client: Client) => {
      const [a, b] = InMemoryTransport.createLinkedPair()
      await Promise.all([server.connect(a), client.connect(b)])
    }
    const upstream = new Client({ name: "gateway", version: "1.0.0" })
    await link(upstreamServer, upstream)
    const hooks =
      variant === "given session"
        ? { hookSession: await HookSession.startPromise(dirs.sessionOptions) }
        : dirs.sessionOptions
    const said: Array<string> = []
    const proxy = await createHookedProxy({ upstream, serverName: "sh", hooks, ...collecting(said) })
    const client = new Client({ name: "agent", version: "1.0.0" })
    await link(proxy.server, client)
    return {
      callTool: () =>
        counted(ran, said, async () => {
          const result = await client.callTool({ name: "run", arguments: { command } })
          return result.isError === true ? textOfResult(result) : undefined
        }),
      close: async () => {
        await client.close()
        await proxy.ended
        if ("hookSession" in hooks) await hooks.hookSession.closePromise()
        await upstream.close()
      }
    }
  }
}

// ====== The agent loop ======

/** The agent loop, as Promises (`agentLoopPromise`, session from options) or as Effects (`AgentLoop` over `HookSession.start`). */
const agentLoopHost: HostUnderTest = {
  name: "agent loop",
  variants: ["agentLoopPromise", "AgentLoop (Effect)"],
  start: async (dirs, variant) => {
    const ran: Array<string> = []
    const execute = (input: JsonRecord) => {
      ran.push(String(input["command"]))
      return "ran"
    }
    const said: Array<string> = []
    if (variant === "agentLoopPromise") {
      const loop = agentLoopPromise(dirs.sessionOptions)
      return {
        callTool: () =>
          counted(ran, said, async () => {
            const outcome = await loop.useTool("Bash", { command }, execute)
            said.push(...saidIn(outcome.before))
            return outcome.resultForModel
          }),
        close: async () => {
          await (await loop.session()).closePromise()
          await loop.dispose()
        }
      }
    }
    const session = await Effect.runPromise(
      HookSession.start(dirs.sessionOptions).pipe(Effect.provide(NodeFileSystem.layer))
    )
    const conversation = new Conversation()
    const loop = new AgentLoop(session, conversation)
    const services = Layer.mergeAll(
      memoryInterpreter(conversation).pipe(Layer.provide(permissionFromHandler())),
      NodeServices.layer
    )
    return {
      callTool: () =>
        counted(ran, said, async () => {
          const outcome = await Effect.runPromise(
            loop
              .useTool("Bash", { command }, (input) => Effect.sync(() => execute(input)))
              .pipe(Effect.provide(services))
          )
          said.push(...saidIn(outcome.before))
          return outcome.resultForModel
        }),
      close: () => session.closePromise()
    }
  }
}

// ====== The AI SDK ======

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}
const callsBash = (toolCallId: string) => ({
  content: [{ type: "tool-call" as const, toolCallId, toolName: "Bash", input: JSON.stringify({ command }) }],
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: []
})
const says = (text: string) => ({
  content: [{ type: "text" as const, text }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: []
})

/** What the model was sent as the result of `toolCallId`: a text output's value, a denial's reason, else the output as JSON. */
const aiSdkToolResult = (model: MockLanguageModelV4, toolCallId: string): string | undefined => {
  for (const call of model.doGenerateCalls) {
    for (const message of call.prompt) {
      if (message.role !== "tool") continue
      for (const part of message.content) {
        if (part.type !== "tool-result" || part.toolCallId !== toolCallId) continue
        const output = part.output as { readonly value?: unknown; readonly reason?: unknown }
        return typeof output.value === "string"
          ? output.value
          : typeof output.reason === "string"
            ? output.reason
            : JSON.stringify(output)
      }
    }
  }
  return undefined
}

/** `withHooks` tools in `generateText` with the SDK's mock model (plain, with `toolApproval`, or through `hookedGenerateText`); one `AiSdkHooks`. */
const aiSdkHost: HostUnderTest = {
  name: "AI SDK",
  variants: ["withHooks", "withHooks + toolApproval", "hookedGenerateText"],
  start: async (dirs, variant) => {
    const ran: Array<string> = []
    const said: Array<string> = []
    const hooks = new AiSdkHooks({ ...dirs.sessionOptions, ...collecting(said) })
    const bash = aiTool({
      inputSchema: jsonSchema<{ readonly command: string }>({
        type: "object",
        properties: { command: { type: "string" } },
        required: ["command"]
      }),
      execute: async (input: { readonly command: string }) => {
        ran.push(input.command)
        return "ran"
      }
    })
    let n = 0
    return {
      callTool: () =>
        counted(ran, said, async () => {
          const id = `call-${++n}`
          const model = new MockLanguageModelV4({ doGenerate: [callsBash(id), says("done")] })
          if (variant === "hookedGenerateText") {
            await hookedGenerateText({
              model,
              tools: { Bash: bash },
              hooks,
              prompt: "clean up",
              stopWhen: stepCountIs(3)
            })
          } else {
            await generateText({
              model,
              tools: withAiSdkHooks({ Bash: bash }, hooks),
              ...(variant === "withHooks" ? {} : { toolApproval: toolApproval(hooks) }),
              prompt: "clean up",
              stopWhen: stepCountIs(3)
            })
          }
          return aiSdkToolResult(model, id)
        }),
      close: () => hooks.close()
    }
  }
}

// ====== LangChain ======

/** LangChain's `createAgent` with its fake chat model and the middleware (from options, or `makeWaveHooksMiddleware`); one agent. */
const langChainHost: HostUnderTest = {
  name: "LangChain",
  variants: ["waveHooksMiddleware", "makeWaveHooksMiddleware (Effect)"],
  start: async (dirs, variant) => {
    const ran: Array<string> = []
    const bash = langchainTool(
      async (input: { command: string }) => {
        ran.push(input.command)
        return "ran"
      },
      {
        name: "bash",
        description: "Run a shell command",
        schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] }
      }
    )
    const said: Array<string> = []
    const options = { ...dirs.sessionOptions, ...collecting(said) }
    const middleware =
      variant === "waveHooksMiddleware"
        ? waveHooksMiddleware(options)
        : await Effect.runPromise(makeWaveHooksMiddleware(options).pipe(Effect.provide(NodeFileSystem.layer)))
    const model = fakeModel()
    const agent = createAgent({ model, tools: [bash], middleware: [middleware] })
    let n = 0
    return {
      callTool: () =>
        counted(ran, said, async () => {
          const id = `c${++n}`
          model.respondWithTools([{ name: "bash", args: { command }, id }]).respond(new AIMessage("done"))
          const result = await agent.invoke({ messages: [new HumanMessage("clean up")] })
          const answer = result.messages.find((m) => ToolMessage.isInstance(m) && m.tool_call_id === id)
          return answer === undefined ? undefined : answer.text
        }),
      // The middleware's session has no MCP servers or spans to end.
      close: async () => {}
    }
  }
}

// ====== OpenAI Agents ======

/** The tool outputs in a recorded model request. */
const toolOutputsIn = (call: RecordedModelCall): ReadonlyArray<string> => {
  const input = call.request.input
  const items: ReadonlyArray<AgentInputItem> = typeof input === "string" ? [] : input
  return items.flatMap((item) => {
    if (item.type !== "function_call_result") return []
    const output: unknown = item.output
    if (typeof output === "string") return [output]
    if (typeof output === "object" && output !== null && "text" in output && typeof output.text === "string")
      return [output.text]
    return [JSON.stringify(output)]
  })
}

/** An OpenAI Agents SDK `Agent` with a real function tool, run by the SDK's `run()` against its `ScriptedModel`; one wrapped agent. */
const openAiAgentsHost: HostUnderTest = {
  name: "OpenAI Agents",
  variants: ["withHooks (options)", "OpenAIAgentsHooks.make (Effect)"],
  start: async (dirs, variant) => {
    const ran: Array<string> = []
    const bash = openAiTool({
      name: "bash",
      description: "Run a shell command",
      parameters: {
        type: "object",
        properties: { command: { type: "string" } },
        required: ["command"],
        additionalProperties: false
      },
      execute: async (input: unknown) => {
        ran.push((input as { command: string }).command)
        return "ran"
      }
    })
    const model = new ScriptedModel([])
    const agent = new Agent({ name: "dev", instructions: "Use bash.", model, tools: [bash] })
    const said: Array<string> = []
    const options = { ...dirs.sessionOptions, ...collecting(said) }
    const hooks =
      variant === "withHooks (options)"
        ? new OpenAIAgentsHooks(options)
        : await Effect.runPromise(OpenAIAgentsHooks.make(options).pipe(Effect.provide(NodeFileSystem.layer)))
    const wrapped = withOpenAIAgentsHooks(agent, hooks)
    let n = 0
    return {
      callTool: () =>
        counted(ran, said, async () => {
          const callId = `c${++n}`
          let seen: ReadonlyArray<string> = []
          model.enqueue(
            [functionCall("bash", { command }, { callId })],
            modelResponder((call) => {
              seen = toolOutputsIn(call)
              return [assistantMessage("done")]
            })
          )
          await runAgent(wrapped, "clean up")
          return seen.join("\n")
        }),
      close: () => hooks.close()
    }
  }
}

// ====== The CLI ======

/**
 * `wave-hooks run EVENT --payload -` as a process, read as an agent reads a
 * hook command: exit 2 refuses the call (stderr is what the model is told);
 * any other status (0, or 1, a non-blocking error) lets it run.
 */
const cliRunHost: HostUnderTest = {
  name: "CLI run",
  readsEveryEvent: true,
  variants: toolGatingEvents,
  start: async (dirs, event) => {
    const ran: Array<string> = []
    return {
      callTool: async () => {
        const r = await runCli(
          ["run", event, "--project-dir", dirs.projectDir, ...dirs.dialectArgs, "--payload", "-"],
          {
            input: JSON.stringify(bashPayload),
            env: dirs.env,
            cwd: dirs.projectDir,
            timeoutMs: 60_000
          }
        )
        // As an agent reads a hook command's exit: 2 blocks (stderr is the reason), any other status lets the call run.
        const executed = r.status !== 2
        if (executed) ran.push(command)
        return { executed, refusal: executed ? undefined : r.stderr, said: [r.stdout, r.stderr] }
      },
      close: async () => {}
    }
  }
}

/**
 * `wave-hooks serve` as a process (any free port): its stdout gives the
 * `POST /run` address and the bearer token; the tool runs unless the
 * resolution denies. Ended by pid (SIGTERM, then SIGKILL).
 */
const cliServeHost: HostUnderTest = {
  name: "CLI serve",
  readsEveryEvent: true,
  variants: toolGatingEvents,
  start: async (dirs, event) => {
    const child = spawn(nodeBin, [cliBin, "serve", "--project-dir", dirs.projectDir, ...dirs.dialectArgs], {
      cwd: dirs.projectDir,
      env: dirs.env,
      stdio: ["ignore", "pipe", "pipe"]
    })
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
    let out = ""
    let err = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk))
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        process.kill(child.pid, "SIGTERM")
        const timer = setTimeout(
          () => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, "SIGKILL"),
          10_000
        )
        await exited
        clearTimeout(timer)
      }
    }
    const address = await new Promise<{ readonly url: string; readonly token: string }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`serve printed no address in 60 s.\nstdout: ${out}\nstderr: ${err}`)),
        60_000
      )
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk
        const match = /POST (http:\/\/127\.0\.0\.1:\d+\/run) with the header "Authorization: Bearer ([^"\s]+)"/.exec(
          out
        )
        if (match !== null) {
          clearTimeout(timer)
          resolve({ url: match[1]!, token: match[2]! })
        }
      })
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error(`serve exited (${child.exitCode}) before printing its address.\nstderr: ${err}`))
      })
    }).catch(async (error: unknown) => {
      await stop()
      throw error
    })
    const ran: Array<string> = []
    let n = 0
    return {
      callTool: async () => {
        const errBefore = err.length
        const response = await fetch(address.url, {
          method: "POST",
          headers: { authorization: `Bearer ${address.token}` },
          body: JSON.stringify({ event, tool: { id: `t${++n}`, name: "Bash", input: { command } } })
        })
        if (response.status !== 200) throw new Error(`POST /run answered ${response.status}: ${await response.text()}`)
        const { resolution } = (await response.json()) as { resolution: Resolution }
        const allowed = resolution.permission !== "deny"
        if (allowed) ran.push(command)
        return {
          executed: allowed,
          refusal: allowed ? undefined : (resolution.denyReason ?? "(deny without a reason)"),
          // What serve said at start (on stderr) counts too: a project's broken file is reported there.
          said: [...saidIn(resolution), err.slice(0, errBefore), err.slice(errBefore)]
        }
      },
      close: stop
    }
  }
}

const tinyServer = fileURLToPath(new URL("../../test/mcp-proxy/fixtures/tiny-server.mjs", import.meta.url))

/** `wave-hooks mcp-proxy` over stdio as a process, in front of the tiny fixture server (its `echo` calls logged to a file). */
const cliMcpProxyHost: HostUnderTest = {
  name: "CLI mcp-proxy",
  variants: ["stdio"],
  start: async (dirs) => {
    const log = join(dirs.root, "tiny.log")
    let stderr = ""
    const transport = new UpstreamProcessTransport({
      command: nodeBin,
      args: [
        cliBin,
        "mcp-proxy",
        "--project-dir",
        dirs.projectDir,
        ...dirs.dialectArgs,
        "--name",
        "tiny",
        "--",
        nodeBin,
        tinyServer
      ],
      cwd: dirs.projectDir,
      env: { ...dirs.env, TINY_LOG: log },
      onStderr: (chunk) => (stderr += chunk),
      killGraceMs: 10_000
    })
    const client = new Client({ name: "test-client", version: "1.0.0" })
    await client.connect(transport)
    const calls = () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter((l) => l !== "").length
        : 0
    return {
      callTool: async () => {
        const before = calls()
        const result = await client.callTool({ name: "echo", arguments: { text: command } }, undefined, {
          timeout: 60_000
        })
        const executed = calls() > before
        // stderr (all of it so far): the proxy's own messages (diagnostics), for the user's log, not the client.
        return { executed, refusal: executed ? undefined : textOfResult(result), said: [stderr] }
      },
      close: async () => {
        await client.close()
        await transport.exited
      }
    }
  }
}

// ====== All of them ======

/** The in-process hosts. */
export const inProcessHosts: ReadonlyArray<HostUnderTest> = [
  runHooksHost,
  runHooksPromiseHost,
  hookSessionHost,
  serveHost,
  hookedProxyHost,
  agentLoopHost,
  aiSdkHost,
  langChainHost,
  openAiAgentsHost
]

/** The CLI as real processes (slower: fewer runs). */
export const processHosts: ReadonlyArray<HostUnderTest> = [cliRunHost, cliServeHost, cliMcpProxyHost]
