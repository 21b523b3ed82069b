/**
 * Which effects each host carries out, as one table next to the precedence
 * table. A host's "not applicable here" notes come from its row: an effect
 * whose tag is not in the row gets the note, every other effect is carried
 * out. The hosts' switches are typed by their row, so a tag added to a row
 * fails to compile until the host handles it.
 *
 * @since 0.3.0
 */
import type { EffectOf, HookEffect, HookEffectTag } from "./hook-effect.ts"
import { hookEffectTags } from "./hook-effect.ts"

/**
 * The effect tags each host carries out.
 *
 * **Details**
 *
 * - `terminal`, `web`: every tag (a screen, a permission prompt, the agent's
 *   own state).
 * - `ai-sdk`: the AI SDK interpreter, which the AI SDK, LangChain, Mastra and
 *   agent-loop hosts share. The loop has no screen to replace, no permission
 *   rules, no MCP elicitation, no worktrees, no retry and no file watcher.
 *   The model-level effects (since 0.5.0) are carried out by the AI SDK's
 *   `modelHooksMiddleware`, the one host that fires their events.
 * - `openai-agents-tool`: a tool call of the OpenAI Agents host, where only
 *   tool verdicts, context and messages to the user can act.
 * - `memory`: the in-memory conversation (the hook test harness): no
 *   permission rules, no MCP server, no file system.
 *
 * @category constants
 * @since 0.3.0
 */
export const hostCapabilities = {
  terminal: hookEffectTags,
  web: hookEffectTags,
  "ai-sdk": [
    "StopAgent",
    "BlockTool",
    "BlockAction",
    "DeferTool",
    "AskPermission",
    "AllowTool",
    "UpdateInput",
    "BlockPrompt",
    "BlockStop",
    "BlockCompaction",
    "UpdateToolOutput",
    "SetSessionTitle",
    "InjectContext",
    "PromptModel",
    "BlockModelRequest",
    "UpdateModelRequest",
    "SyntheticModelResponse",
    "UpdateModelResponse",
    "RestrictTools",
    "ShowUser",
    "Diagnostic"
  ],
  "openai-agents-tool": [
    "StopAgent",
    "BlockTool",
    "DeferTool",
    "AskPermission",
    "AllowTool",
    "UpdateInput",
    "UpdateToolOutput",
    "InjectContext",
    "PromptModel",
    "ShowUser",
    "Diagnostic"
  ],
  memory: [
    "StopAgent",
    "BlockTool",
    "BlockAction",
    "DeferTool",
    "AskPermission",
    "AllowTool",
    "UpdateInput",
    "BlockPrompt",
    "BlockStop",
    "BlockCompaction",
    "UpdateToolOutput",
    "ReplaceDisplay",
    "SetSessionTitle",
    "SendUserMessage",
    "ReplaceSubagentResponse",
    "InjectContext",
    "PromptModel",
    "ShowUser",
    "Diagnostic"
  ]
} as const satisfies { readonly [host: string]: ReadonlyArray<HookEffectTag> }

/**
 * A host with a row in {@link hostCapabilities}.
 *
 * @category models
 * @since 0.3.0
 */
export type HostKind = keyof typeof hostCapabilities

/**
 * The effects a host carries out (the union of its row).
 *
 * @category models
 * @since 0.3.0
 */
export type CarriedEffect<H extends HostKind> = EffectOf<(typeof hostCapabilities)[H][number]>

/**
 * The host carries this effect out (narrows the effect to its row).
 *
 * @category predicates
 * @since 0.3.0
 */
export const carriesOut = <H extends HostKind>(host: H, effect: HookEffect): effect is CarriedEffect<H> =>
  (hostCapabilities[host] as ReadonlyArray<HookEffectTag>).includes(effect._tag)

/**
 * The tags a host does not carry out (the complement of its row), in the
 * order of the `HookEffect` union.
 *
 * @category helpers
 * @since 0.3.0
 */
export const notApplicableTags = (host: HostKind): ReadonlyArray<HookEffectTag> =>
  hookEffectTags.filter((tag) => !(hostCapabilities[host] as ReadonlyArray<HookEffectTag>).includes(tag))

/**
 * The warning for an effect a host does not carry out, naming the host as its
 * user knows it (e.g. "the AI SDK host").
 *
 * @category helpers
 * @since 0.3.0
 */
export const notApplicableText = (tag: HookEffectTag, hostName: string): string =>
  `${tag} from a hook is not applicable to ${hostName}; it was not carried out.`
