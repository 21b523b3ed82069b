/**
 * A card: everything the web page shows about one hook event (its hook runs,
 * its permission question, its effects and what they mean), as sent to the
 * page over Server-Sent Events, and the same card as plain text.
 *
 * @since 0.1.0
 */
import type { HookEvent } from "../../core/events.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { PermissionAnswer, Resolution } from "../resolution.ts"
import type { EffectView } from "./describe.ts"
import { escapeControl } from "../../internal/escape-control.ts"

// ====== Models ======

/**
 * One hook run on a card.
 *
 * @category models
 * @since 0.1.0
 */
export interface CardRun {
  readonly id: number
  readonly command: string
  readonly state: "running" | "finished"
  readonly exitCode: number | null
  readonly durationMs?: number
  readonly timedOut: boolean
  /** In words: "running", "exit 0", "timed out", "killed by SIGTERM". */
  readonly status: string
}

/**
 * Who settled a permission question.
 *
 * - `user`: a click on the page.
 * - `timeout`: nobody answered in time; the configured answer.
 * - `closed`: the server closed; denied.
 * - `elsewhere`: another `Permission` answered (the page only shows it).
 *
 * @category models
 * @since 0.1.0
 */
export type AnsweredBy = "user" | "timeout" | "closed" | "elsewhere"

/**
 * A permission question on a card.
 *
 * @category models
 * @since 0.1.0
 */
export interface CardQuestion {
  readonly id: string
  readonly reason?: string
  /** `withdrawn`: the agent stopped waiting (its request went away). */
  readonly state: "pending" | "answered" | "withdrawn"
  readonly answer?: PermissionAnswer
  readonly by?: AnsweredBy
  /** The outcome in words, once settled, e.g. "You allowed it." */
  readonly outcome?: string
}

/**
 * The tool call of a card.
 *
 * @category models
 * @since 0.1.0
 */
export interface CardTool {
  readonly id: string
  readonly name: string
  readonly input: JsonRecord
}

/**
 * Everything the page shows about one event.
 *
 * **Details**
 *
 * `state` is `running` while hooks run, `waiting` while a question is
 * pending, `done` once the effects were carried out, and `abandoned` when the
 * question was withdrawn before an answer. Every string that came from a hook
 * (commands, reasons, texts, tool input) is untrusted: the page only ever
 * sets it as text.
 *
 * @category models
 * @since 0.1.0
 */
export interface Card {
  readonly id: number
  readonly event: HookEvent
  readonly tool?: CardTool
  /** When the card opened (ISO 8601). */
  readonly at: string
  readonly state: "running" | "waiting" | "done" | "abandoned"
  readonly runs: ReadonlyArray<CardRun>
  readonly question?: CardQuestion
  readonly effects: ReadonlyArray<EffectView>
  /** What the resolution means, in sentences. */
  readonly outcome: ReadonlyArray<string>
  readonly resolution?: Resolution
}

// ====== Text ======

const duration = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`)

/**
 * A question's outcome in words (`couldNotAsk`, since 0.2.0: the error of a question that could not be asked).
 *
 * @category rendering
 * @since 0.1.0
 */
export const questionOutcome = (
  answer: PermissionAnswer,
  by: AnsweredBy,
  timeoutMs?: number,
  couldNotAsk?: string
): string => {
  if (couldNotAsk !== undefined) return `Could not ask: ${couldNotAsk}; denied.`
  const verb = answer === "allow" ? "allowed" : "denied"
  switch (by) {
    case "user":
      return `You ${verb} it.`
    case "timeout":
      return `Nobody answered within ${duration(timeoutMs ?? 0)}: ${verb}.`
    case "closed":
      return `The server closed before an answer: ${verb}.`
    case "elsewhere":
      return `Answered elsewhere: ${verb}.`
  }
}

const stateWords: { readonly [S in Card["state"]]: string } = {
  running: "hooks running",
  waiting: "waiting for your answer",
  done: "done",
  abandoned: "abandoned"
}

/**
 * A card's state in words, as the page's badge shows it.
 *
 * @category rendering
 * @since 0.1.0
 */
const cardStateText = (state: Card["state"]): string => stateWords[state]

/**
 * A card as plain text, with the words the page shows; every control
 * character a hook or the settings put in it (a line break in a reason, an
 * ESC sequence in a command) is shown as an escape, so it is safe to print.
 *
 * **Example** (A question answered in the browser)
 *
 * ```ts
 * cardText(card)
 * // => "#1 PreToolUse Bash {\"command\":\"git push\"} [done]\n  hook: ./ask.sh (exit 0, 12 ms)\n  ..."
 * ```
 *
 * @category rendering
 * @since 0.1.0
 */
export const cardText = (card: Card): string => {
  const tool = card.tool === undefined ? "" : ` ${card.tool.name} ${JSON.stringify(card.tool.input)}`
  const lines = [`#${card.id} ${card.event}${tool} [${cardStateText(card.state)}]`]
  for (const run of card.runs) {
    lines.push(`  hook: ${run.command} (${run.status}${run.durationMs === undefined ? "" : `, ${run.durationMs} ms`})`)
  }
  if (card.question !== undefined) {
    const q = card.question
    lines.push(`  question: Allow this?${q.reason === undefined ? "" : ` ${q.reason}`}`)
    lines.push(`    ${q.state === "pending" ? "waiting for Allow or Deny" : (q.outcome ?? q.state)}`)
  }
  for (const e of card.effects) lines.push(`  ${e.label} (${e.who})${e.text === undefined ? "" : `: ${e.text}`}`)
  for (const sentence of card.outcome) lines.push(`  => ${sentence}`)
  // One line per item, whatever a hook wrote: its control characters (line breaks too) are shown as escapes.
  return lines.map((line) => escapeControl(line)).join("\n")
}
