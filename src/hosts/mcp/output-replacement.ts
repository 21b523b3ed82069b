/**
 * A hook's replacement of a tool's output (`updatedToolOutput` /
 * `updatedMCPToolOutput`) turned into the `CallToolResult` the client sees,
 * keeping `structuredContent` consistent with the tool's `outputSchema`:
 * a client checks that a tool with an `outputSchema` returns fitting
 * structured content, and the original structured content must never
 * survive a replacement that was meant to redact it.
 *
 * @since 0.2.0
 */
import type { ContentBlock, ToolResult } from "./tool-call-mapping.ts"

// ====== Models ======

/**
 * What a replacement needs.
 *
 * @category models
 * @since 0.2.0
 */
export interface OutputReplacement {
  /** The upstream's result. */
  readonly original: ToolResult
  /** The hook's replacement, any JSON value. */
  readonly output: unknown
  /** The tool's name, for messages. */
  readonly tool?: string
  /** The tool's `outputSchema` (a JSON Schema object), when it declares one. */
  readonly outputSchema?: { readonly [key: string]: unknown }
  /**
   * Checks a value against `outputSchema`: `undefined` when it fits, else
   * what is wrong. Without it, structured content is taken as fitting.
   */
  readonly validate?: (value: { readonly [key: string]: unknown }) => string | undefined
}

/**
 * The outcome: the new result, or a refusal (the replacement cannot be made
 * to fit the tool's `outputSchema`) with a message for the user and the hook
 * author.
 *
 * @category models
 * @since 0.2.0
 */
export type ReplacedOutput =
  | { readonly _tag: "Replaced"; readonly result: ToolResult }
  | { readonly _tag: "Refused"; readonly message: string }

// ====== Replacing ======

const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isContentBlock = (value: unknown): value is ContentBlock => isRecord(value) && typeof value["type"] === "string"

const isContentArray = (value: unknown): value is ReadonlyArray<ContentBlock> =>
  Array.isArray(value) && value.every(isContentBlock)

const textOf = (blocks: ReadonlyArray<ContentBlock>): string | undefined => {
  const texts = blocks.flatMap((b) => (b.type === "text" && typeof b["text"] === "string" ? [b["text"]] : []))
  return texts.length === blocks.length && texts.length > 0 ? texts.join("\n") : undefined
}

const parseObject = (text: string): { readonly [key: string]: unknown } | undefined => {
  const trimmed = text.trim()
  if (!trimmed.startsWith("{")) return undefined
  try {
    const value: unknown = JSON.parse(trimmed)
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** The one string property of an object schema with exactly one property, if it is a string. */
const onlyStringField = (schema: { readonly [key: string]: unknown } | undefined): string | undefined => {
  const properties = schema?.["properties"]
  if (!isRecord(properties)) return undefined
  const names = Object.keys(properties)
  if (names.length !== 1) return undefined
  const field = properties[names[0]!]
  return isRecord(field) && field["type"] === "string" ? names[0] : undefined
}

/** Structured content for a text replacement: the text as a JSON object, or the text in the schema's only string field. */
const structuredFromText = (text: string, schema: { readonly [key: string]: unknown } | undefined) => {
  const parsed = parseObject(text)
  if (parsed !== undefined) return parsed
  const field = onlyStringField(schema)
  return field === undefined ? undefined : { [field]: text }
}

/**
 * Build the result a replacement gives.
 *
 * **Details**
 *
 * - A string: one text block. A content-block array, or an object with a
 *   `content` array (a `CallToolResult`): that content (and its
 *   `structuredContent`, if any). Any other object: it is the structured
 *   content, and its JSON the text. Other values: their JSON as text.
 * - When the tool declares an `outputSchema`, the result must carry
 *   fitting `structuredContent`: the one given, else the text when it is a
 *   JSON object, else the text in the schema's only string field. When
 *   none fits, the replacement is refused (the caller withholds the output
 *   and tells the user): the original structured content is never kept
 *   beside redacted text.
 * - Without an `outputSchema`, structured content is kept only when the
 *   replacement gives it.
 * - `isError` and other fields of the original (`_meta`) are kept.
 *
 * **Example** (Redacting a tool with a one-field output schema)
 *
 * ```ts
 * replaceOutput({
 *   original: { content: [{ type: "text", text: "password=hunter2" }], structuredContent: { content: "password=hunter2" } },
 *   output: "password=[redacted]",
 *   outputSchema: { type: "object", properties: { content: { type: "string" } } }
 * })
 * // => { _tag: "Replaced", result: { content: [{ type: "text", text: "password=[redacted]" }], structuredContent: { content: "password=[redacted]" } } }
 * ```
 *
 * @category replacing
 * @since 0.2.0
 */
export const replaceOutput = (replacement: OutputReplacement): ReplacedOutput => {
  const { original, output, outputSchema } = replacement
  let content: ReadonlyArray<ContentBlock>
  let structured: { readonly [key: string]: unknown } | undefined
  if (typeof output === "string") {
    content = [{ type: "text", text: output }]
  } else if (isContentArray(output)) {
    content = output
  } else if (isRecord(output) && isContentArray(output["content"])) {
    content = output["content"]
    if (isRecord(output["structuredContent"])) structured = output["structuredContent"]
  } else if (isRecord(output)) {
    content = [{ type: "text", text: JSON.stringify(output) }]
    structured = output
  } else {
    content = [{ type: "text", text: JSON.stringify(output) ?? String(output) }]
  }
  const { structuredContent: _dropped, content: _old, ...rest } = original
  if (outputSchema === undefined) {
    return {
      _tag: "Replaced",
      result: { ...rest, content, ...(structured === undefined ? {} : { structuredContent: structured }) }
    }
  }
  if (structured === undefined && original.isError !== true) {
    const text = textOf(content)
    structured = text === undefined ? undefined : structuredFromText(text, outputSchema)
  }
  const tool = replacement.tool === undefined ? "the tool" : `the tool ${replacement.tool}`
  if (structured === undefined) {
    if (original.isError === true) return { _tag: "Replaced", result: { ...rest, content } }
    return {
      _tag: "Refused",
      message:
        `A PostToolUse hook replaced the output of ${tool}, which declares an outputSchema, with content that gives no structured content ` +
        `(not a JSON object, and the schema has no single string field to hold text), so the output was withheld. ` +
        `Fix the hook: return an object that fits the outputSchema as updatedMCPToolOutput (or {"content": [...], "structuredContent": {...}}).`
    }
  }
  const problem = replacement.validate?.(structured)
  if (problem !== undefined) {
    return {
      _tag: "Refused",
      message:
        `A PostToolUse hook replaced the output of ${tool} with structured content that does not fit its outputSchema (${problem}), ` +
        `so the output was withheld. Fix the hook so its updatedMCPToolOutput fits the schema.`
    }
  }
  return { _tag: "Replaced", result: { ...rest, content, structuredContent: structured } }
}
