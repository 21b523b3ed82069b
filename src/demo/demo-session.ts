/**
 * The built-in example: a scripted agent session on the memory conversation,
 * rendered by the terminal interpreter, with real hook scripts from
 * `examples/demo`. Every effect kind appears; it needs no input unless
 * `interactive` (then the person answers the permission dialog) or another
 * `permission` is given (the web interpreter asks in the browser).
 *
 * @since 0.1.0
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, type FileSystem, Layer, type Path, type Terminal } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { HookEffectTag } from "../effects/hook-effect.ts"
import { hookEffectTags } from "../effects/hook-effect.ts"
import type { RunObserver } from "../runner/run-hooks.ts"
import { HookSession } from "../runner/session.ts"
import { AgentLoop } from "../hosts/agent-loop/agent-loop.ts"
import type { ToolExecute } from "../hosts/agent-loop/agent-loop.ts"
import type { Render } from "../interpreters/contract.ts"
import { askTimeout, makeInterpreter, Permission } from "../interpreters/contract.ts"
import { Conversation } from "../interpreters/memory/conversation.ts"
import { renderToConversation } from "../interpreters/memory/memory-interpreter.ts"
import { renderTerminal, terminalPermission } from "../interpreters/terminal/terminal-interpreter.ts"

/**
 * Options of the demo.
 *
 * @category models
 * @since 0.1.0
 */
export interface DemoOptions {
  /** Let the person answer the permission dialog (arrow keys, Enter). */
  readonly interactive?: boolean
  readonly write?: (text: string) => void
  readonly color?: boolean
  /** Who answers permission questions; default: the scripted answer, or the terminal dialog when `interactive`. */
  readonly permission?: Layer.Layer<Permission>
  /** Also show each event here, after the terminal (e.g. a web page). */
  readonly render?: Render
  /** Also told about each hook run (e.g. a web page). */
  readonly observer?: RunObserver
  /**
   * Deny a permission question nobody answered within this many
   * milliseconds (`demo --ask-timeout`, `serve --demo --ask-timeout`);
   * default: wait as long as it takes.
   */
  readonly askTimeoutMs?: number
}

/**
 * What the demo showed, for tests and the closing summary.
 *
 * @category models
 * @since 0.1.0
 */
export interface DemoReport {
  readonly effectTags: ReadonlySet<HookEffectTag>
  readonly conversation: Conversation
  readonly hookRuns: number
}

/**
 * The example project shipped with the package.
 *
 * @category constants
 * @since 0.1.0
 */
const demoProjectDir = fileURLToPath(new URL("../../examples/demo", import.meta.url))

const tool =
  (output: unknown): ToolExecute =>
  () =>
    Effect.succeed(output)

/**
 * Run the demo session.
 *
 * **Details**
 *
 * The example project is copied to a temporary directory (so nothing in the
 * repository changes) and an empty temporary `HOME` is used (so your own
 * `~/.wave/settings.json` does not join in).
 *
 * @category demo
 * @since 0.1.0
 */
export const runDemo = (
  options: DemoOptions = {}
): Effect.Effect<DemoReport, never, FileSystem.FileSystem | Terminal.Terminal | Path.Path> =>
  Effect.gen(function* () {
    const write = options.write ?? ((text: string) => void process.stdout.write(text))
    const say: Say = (text) => Effect.sync(() => write(`${text}\n`))
    const root = yield* demoProjectCopy
    const conversation = new Conversation()
    const tally: Tally = { seen: new Set<HookEffectTag>(), hookRuns: 0 }
    const session = yield* startDemoSession(root, tally, options.observer, "wave")
    const loop = new AgentLoop(session, conversation)
    const agents: OtherAgents = {
      gemini: new AgentLoop(yield* startDemoSession(root, tally, options.observer, "gemini-cli"), conversation),
      cursor: new AgentLoop(yield* startDemoSession(root, tally, options.observer, "cursor"), conversation),
      copilot: new AgentLoop(yield* startDemoSession(root, tally, options.observer, "copilot"), conversation)
    }
    return yield* script(say, loop, agents, tally).pipe(
      Effect.provide(demoInterpreter(options, write, say, conversation, tally))
    )
  }).pipe(Effect.scoped)

/** A line for the person watching. */
type Say = (text: string) => Effect.Effect<void>

/** What the demo counts for its summary: the effect kinds shown and the hook runs. */
interface Tally {
  readonly seen: Set<HookEffectTag>
  hookRuns: number
}

/**
 * A temporary directory (removed when the scope closes) holding a copy of the
 * example project in `project/`, so nothing in the repository changes; its
 * empty `home/` is the session's HOME.
 */
const demoProjectCopy = Effect.gen(function* () {
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-demo-"))
  yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(root, { recursive: true, force: true })))
  cpSync(demoProjectDir, join(root, "project"), { recursive: true })
  return root
})

/** The agent loops that read the example project's hooks written for other agents, each in its own dialect. */
interface OtherAgents {
  readonly gemini: AgentLoop
  readonly cursor: AgentLoop
  readonly copilot: AgentLoop
}

/**
 * A hook session of `dialect` on the copied project (trusted as shipped), counting the hook runs and their
 * effects. Closed with the demo's scope.
 */
const startDemoSession = (root: string, tally: Tally, observer: RunObserver | undefined, dialect: Dialect) =>
  HookSession.start({
    dialect,
    projectDir: join(root, "project"),
    homeDir: join(root, "home"),
    // The bundled example is trusted as shipped.
    trustPolicy: "all",
    session: { session_id: "demo-session", transcript_path: join(root, "transcript.jsonl") },
    observer: {
      started: (hook) => observer?.started?.(hook),
      finished: (hook, run, effects) => {
        tally.hookRuns++
        for (const e of effects) tally.seen.add(e._tag)
        observer?.finished?.(hook, run, effects)
      }
    }
  }).pipe(Effect.orDie) // the project was copied there

/** The permission answer without a person: allow, saying so. */
const scriptedPermission = (say: Say) =>
  Layer.succeed(
    Permission,
    Permission.of({
      ask: (request) =>
        say(
          `    (scripted answer: allow "${request.tool?.name ?? request.event}"; run with --interactive to answer yourself)`
        ).pipe(Effect.as("allow" as const))
    })
  )

/**
 * The demo's interpreter: each event's effects are counted, applied to the
 * memory conversation, rendered on the terminal, then on `options.render`;
 * questions go to `options.permission`, else the terminal dialog when
 * interactive, else the scripted answer.
 */
const demoInterpreter = (
  options: DemoOptions,
  write: (text: string) => void,
  say: Say,
  conversation: Conversation,
  tally: Tally
) => {
  const terminalOptions = options.color === undefined ? {} : { color: options.color }
  const render = renderTerminal({ write, ...terminalOptions })
  const remember = renderToConversation(conversation)
  return makeInterpreter("demo", (request, resolution) =>
    Effect.gen(function* () {
      for (const e of request.effects) tally.seen.add(e._tag)
      yield* remember(request, resolution)
      yield* render(request, resolution)
      if (options.render !== undefined) yield* options.render(request, resolution)
    })
  ).pipe(
    Layer.provide(
      options.permission ??
        (options.interactive === true ? terminalPermission({ write, interactive: true }) : scriptedPermission(say))
    ),
    Layer.provide(options.askTimeoutMs === undefined ? Layer.empty : askTimeout(options.askTimeoutMs))
  )
}

/** The scripted session, act by act, then the summary. */
const script = (say: Say, loop: AgentLoop, agents: OtherAgents, tally: Tally) =>
  Effect.gen(function* () {
    yield* say("wave-hooks demo: a scripted agent session with the real hooks of examples/demo/.wave/settings.json\n")
    yield* openingPrompts(say, loop)
    yield* toolCalls(say, loop)
    yield* compactAndStop(say, loop)
    yield* otherEvents(say, loop)
    yield* otherAgentsHooks(say, agents)
    for (const line of summary(tally, loop.conversation)) yield* say(line)
    return { effectTags: tally.seen, conversation: loop.conversation, hookRuns: tally.hookRuns } satisfies DemoReport
  })

/** The session starts, and the user sends two prompts (the first with a password in it). */
const openingPrompts = (say: Say, loop: AgentLoop) =>
  Effect.gen(function* () {
    yield* say("session starts")
    yield* loop.fire("SessionStart", { source: "startup" })

    yield* say("\nuser: deploy with password=hunter2")
    yield* loop.prompt("deploy with password=hunter2")

    yield* say("\nuser: tidy the build folder and add a greeting to src/hello.js")
    yield* loop.prompt("tidy the build folder and add a greeting to src/hello.js")
  })

/** The agent's tool calls: list, delete (denied), write, read a secret, push. */
const toolCalls = (say: Say, loop: AgentLoop) =>
  Effect.gen(function* () {
    yield* say("\nagent lists the build folder")
    yield* loop.useTool("Bash", { command: "ls build" }, tool("app.js\napp.js.map"))

    yield* say("\nagent tries to delete it")
    const removed = yield* loop.useTool("Bash", { command: "rm -rf build" }, tool(""))
    yield* say(`    -> the model reads: ${removed.resultForModel}`)

    yield* say("\nagent writes the greeting")
    yield* loop.useTool(
      "Write",
      { file_path: "src/hello.js", content: "export const hello = () => 'hi'\n" },
      tool("wrote 1 file")
    )

    yield* say("\nagent reads the configuration")
    const read = yield* loop.useTool("Read", { file_path: ".env" }, tool("PORT=8080\nAPI_TOKEN=sk-live-1234"))
    yield* say(`    -> the model reads: ${read.resultForModel.replace(/\n/g, " | ")}`)

    yield* say("\nagent pushes the branch")
    yield* loop.useTool("Bash", { command: "git push origin feature/greeting" }, tool("pushed"))
  })

/** The context fills up (PreCompact); the agent wants to stop, and goes on as a Stop hook asks; it schedules the release. */
const compactAndStop = (say: Say, loop: AgentLoop) =>
  Effect.gen(function* () {
    yield* say("\nthe context window fills up")
    yield* loop.fire("PreCompact", { trigger: "auto", custom_instructions: "" })

    yield* say("\nagent wants to stop")
    const first = yield* loop.stop()
    if (!first.stops) {
      yield* say("\nagent runs the tests, as asked")
      yield* loop.useTool("Bash", { command: "npm test" }, tool("12 passing"))
      yield* say("\nagent wants to stop again")
      yield* loop.stop()
    }

    yield* say("\nagent schedules the release")
    yield* loop.useTool("Schedule", { at: "friday 10:00" }, tool("scheduled"))
  })

/** Claude Code-style events, settings, MCP and worktree events, and a last tool call (deploy). */
const otherEvents = (say: Say, loop: AgentLoop) =>
  Effect.gen(function* () {
    yield* say("\nClaude Code-style events: a permission prompt, an auto-mode denial, a message on screen")
    yield* loop.fire("PermissionRequest", { tool_name: "Bash", tool_input: { command: "npm test" } })
    yield* loop.fire("PermissionDenied", {
      tool_name: "Bash",
      tool_input: { command: "curl example.com" },
      tool_use_id: "t9",
      reason: "auto mode"
    })
    yield* loop.fire("MessageDisplay", {
      turn_id: "u1",
      message_id: "m1",
      index: 0,
      final: true,
      delta: "Done. (API_TOKEN=sk-live-1234)"
    })

    yield* say("\na settings file changes, an MCP server asks for input, a worktree is made")
    yield* loop.fire("ConfigChange", { source: "project_settings", file_path: ".wave/settings.json" })
    yield* loop.fire("Elicitation", { mcp_server_name: "github", message: "Your token, please", mode: "form" })
    yield* loop.fire("WorktreeCreate", { name: "greeting" })

    yield* say("\nagent tries to deploy")
    yield* loop.useTool("Deploy", { environment: "production" }, tool("deployed"))
  })

/**
 * The same project's hooks written for other agents (`.gemini/settings.json`, `.cursor/hooks.json`,
 * `.github/hooks/*.json`), each read in its agent's dialect: what only their vocabularies can ask for.
 */
const otherAgentsHooks = (say: Say, agents: OtherAgents) =>
  Effect.gen(function* () {
    yield* say("\nthe project's hooks written for other agents, each read as its agent reads it")
    yield* say("\nCursor (.cursor/hooks.json): a sessionStart hook sets a variable for the session's later hooks")
    yield* agents.cursor.fire("SessionStart", { source: "startup" })

    yield* say("\nGemini CLI (.gemini/settings.json): after a file is written, a hook asks for the linter next")
    yield* agents.gemini.fire("PostToolUse", {
      tool_name: "write_file",
      tool_input: { file_path: "src/hello.js", content: "export const hello = () => 'hi'\n" },
      tool_response: { llmContent: "Wrote src/hello.js" }
    })
    yield* say("\nGemini CLI: before the model picks tools, a hook allows only the read-only ones")
    const request = { model: "gemini-2.5-pro", messages: [{ role: "user", content: "where is the greeting?" }] }
    yield* agents.gemini.fire("PreToolSelection", { llm_request: request })
    yield* say("\nGemini CLI: a hook sends the model request with temperature 0")
    yield* agents.gemini.fire("PreModelRequest", { llm_request: request })
    yield* say("\nGemini CLI: the next request is over budget; a hook answers for the model instead")
    yield* agents.gemini.fire("PreModelRequest", {
      llm_request: { ...request, messages: [{ role: "user", content: "over budget: summarise everything" }] }
    })
    yield* say("\nGemini CLI: the model's answer holds a secret; a hook redacts it")
    yield* agents.gemini.fire("PostModelResponse", {
      llm_request: request,
      llm_response: { candidates: [{ content: { role: "model", parts: ["API_TOKEN=sk-live-1234"] } }] }
    })
    yield* say("\nGemini CLI: the agent is done, and a hook clears the model's history for the next task")
    yield* agents.gemini.fire("Stop", { prompt: "add a greeting", prompt_response: "Done.", stop_hook_active: false })

    yield* say("\nCopilot (.github/hooks/prompt-conventions.json): the prompt the model reads is rewritten")
    yield* agents.copilot.fire("PromptTransformed", {
      prompt: "tidy the build folder",
      transformed_prompt: "tidy the build folder"
    })

    yield* say(
      "\nCopilot (.github/hooks/redact-subagent.json): a subagent's answer is redacted before the parent reads it"
    )
    yield* agents.copilot.fire("SubagentStop", {
      agent_id: "agent_1",
      agent_type: "security-review",
      last_assistant_message: "Findings: 2. The API key sk-live-1234 is in .env.",
      stop_hook_active: false
    })
  })

/** The closing summary: the hook runs and effect kinds shown, and what the conversation holds for the model. */
const summary = (tally: Tally, conversation: Conversation): ReadonlyArray<string> => {
  const { seen, hookRuns } = tally
  const missing = hookEffectTags.filter((t) => !seen.has(t))
  const blocks = conversation.messages.flatMap((m) => m.blocks)
  const userOnly = blocks.filter((b) => b.type === "warn" || b.type === "error").length
  return [
    `\n${hookRuns} hook runs; effect kinds shown: ${hookEffectTags.filter((t) => seen.has(t)).length} of ${hookEffectTags.length}` +
      (missing.length === 0 ? "." : ` (missing: ${missing.join(", ")})`),
    `The conversation holds ${conversation.messages.length} messages with ${blocks.length} blocks; ` +
      `the ${userOnly} user-only warnings and errors stay out of the ${conversation.toModelMessages().length} messages the model would be sent.`
  ]
}
