/**
 * The feed behind the web page: the cards of recent events, the pending
 * permission questions, and the listeners (open pages) told about every
 * change. No HTTP here; the server streams the feed.
 *
 * @since 0.1.0
 */
import type { HookEvent } from "../../core/events.ts"
import type { HookRun } from "../../core/hook-run.ts"
import type { PermissionAnswer, Resolution } from "../resolution.ts"
import type { EffectsRequest, PermissionRequest, ToolCall } from "../contract.ts"
import type { AnsweredBy, Card, CardQuestion, CardRun } from "./card.ts"
import { cardText, questionOutcome } from "./card.ts"
import { describeEffect, describeResolution } from "./describe.ts"
import { escapeControl } from "../../internal/escape-control.ts"

/**
 * How a permission question waits.
 *
 * @category models
 * @since 0.1.0
 */
export interface AskOptions {
  /** Give up waiting after this long; default: wait until answered or closed. */
  readonly timeoutMs?: number
  /** The answer when nobody answers in time; default `"deny"`. */
  readonly timeoutAnswer?: PermissionAnswer
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

interface Pending {
  readonly cardId: number
  readonly settle: (answer: PermissionAnswer) => void
  readonly timer: NodeJS.Timeout | undefined
}

const runStatus = (run: HookRun): string =>
  run.timedOut
    ? "timed out"
    : run.exitCode !== null
      ? `exit ${run.exitCode}`
      : run.signal !== undefined
        ? `killed by ${run.signal}`
        : (run.spawnError ?? "failed")

const toolOf = (tool: ToolCall | undefined) =>
  tool === undefined ? {} : { tool: { id: tool.id, name: tool.name, input: tool.input } }

/**
 * Cards and questions, in memory.
 *
 * **Details**
 *
 * A card is opened explicitly (`open`) or found for an event (`cardFor`: the
 * newest card of that event, and that tool call, not yet done). The newest
 * `limit` cards are kept. Every change calls the listeners with a snapshot
 * of the card, so a page can replace the card by its id.
 *
 * @category feed
 * @since 0.1.0
 */
export class Feed {
  private readonly cards: Array<Mutable<Card>> = []
  private readonly listeners = new Set<(card: Card) => void>()
  private readonly pending = new Map<string, Pending>()
  private nextCard = 1
  private nextRun = 1
  private nextQuestion = 1
  private readonly limit: number

  constructor(limit = 500) {
    this.limit = Math.max(1, limit)
  }

  /** Be told about every change; returns the way to stop. */
  subscribe(listener: (card: Card) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /** The kept cards, oldest first (snapshots). */
  history(): ReadonlyArray<Card> {
    return this.cards.map(snapshot)
  }

  /** The kept cards as text, oldest first. */
  text(): string {
    return this.cards.map(cardText).join("\n\n")
  }

  /** The ids of the questions waiting for an answer. */
  pendingQuestions(): ReadonlyArray<string> {
    return [...this.pending.keys()]
  }

  /** Open a new card for an event. */
  open(event: HookEvent, tool?: ToolCall): number {
    const card: Mutable<Card> = {
      id: this.nextCard++,
      event,
      ...toolOf(tool),
      at: new Date().toISOString(),
      state: "running",
      runs: [],
      effects: [],
      outcome: []
    }
    this.cards.push(card)
    this.trim()
    this.emit(card)
    return card.id
  }

  /** The newest unfinished card of this event (and tool call), or a new one. */
  cardFor(event: HookEvent, tool?: ToolCall): number {
    for (let i = this.cards.length - 1; i >= 0; i--) {
      const card = this.cards[i]!
      if (card.event !== event || card.state === "done" || card.state === "abandoned") continue
      if (tool !== undefined && card.tool !== undefined && card.tool.id !== tool.id) continue
      if (tool !== undefined && card.tool === undefined) {
        Object.assign(card, toolOf(tool))
        this.emit(card)
      }
      return card.id
    }
    return this.open(event, tool)
  }

  /**
   * A hook started on a card; returns the run's id. The command is kept with
   * its control characters escaped; a `statusMessage` (escaped too) is the
   * run's status text until it finishes, instead of "running".
   */
  runStarted(cardId: number, command: string, statusMessage?: string): number {
    const id = this.nextRun++
    const status = statusMessage === undefined || statusMessage.trim() === "" ? "running" : escapeControl(statusMessage)
    this.update(cardId, (card) => {
      card.runs = [
        ...card.runs,
        { id, command: escapeControl(command), state: "running", exitCode: null, timedOut: false, status }
      ]
    })
    return id
  }

  /** A hook finished. */
  runFinished(cardId: number, runId: number, run: HookRun): void {
    this.update(cardId, (card) => {
      card.runs = card.runs.map(
        (r): CardRun =>
          r.id !== runId
            ? r
            : {
                ...r,
                state: "finished",
                exitCode: run.exitCode,
                durationMs: Math.round(run.durationMs),
                timedOut: run.timedOut,
                status: runStatus(run)
              }
      )
    })
  }

  /**
   * Ask a permission question on a card; `settle` is called exactly once
   * with the answer (a click, the timeout answer, or deny when closing).
   * Returns the question's id.
   */
  ask(
    cardId: number,
    request: PermissionRequest,
    options: AskOptions,
    settle: (answer: PermissionAnswer) => void
  ): string {
    const id = `q${this.nextQuestion++}-${cardId}`
    const timeoutMs = options.timeoutMs
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => this.answer(id, options.timeoutAnswer ?? "deny", "timeout", timeoutMs),
            Math.max(0, timeoutMs)
          )
    this.pending.set(id, { cardId, settle, timer })
    this.update(cardId, (card) => {
      if (request.tool !== undefined && card.tool === undefined) Object.assign(card, toolOf(request.tool))
      card.state = "waiting"
      card.question = { id, state: "pending", ...(request.reason === undefined ? {} : { reason: request.reason }) }
    })
    return id
  }

  /**
   * Answer a pending question. Returns false when there is no such question
   * or it was already settled.
   */
  answer(questionId: string, answer: PermissionAnswer, by: AnsweredBy = "user", timeoutMs?: number): boolean {
    const pending = this.pending.get(questionId)
    if (pending === undefined) return false
    this.pending.delete(questionId)
    if (pending.timer !== undefined) clearTimeout(pending.timer)
    this.update(pending.cardId, (card) => {
      if (card.question === undefined) return
      card.state = "running"
      card.question = {
        ...card.question,
        state: "answered",
        answer,
        by,
        outcome: questionOutcome(answer, by, timeoutMs)
      }
    })
    pending.settle(answer)
    return true
  }

  /** The asker stopped waiting: forget the question, the card is abandoned. */
  withdraw(questionId: string): void {
    const pending = this.pending.get(questionId)
    if (pending === undefined) return
    this.pending.delete(questionId)
    if (pending.timer !== undefined) clearTimeout(pending.timer)
    this.update(pending.cardId, (card) => {
      card.state = "abandoned"
      if (card.question !== undefined) {
        card.question = { ...card.question, state: "withdrawn", outcome: "The agent stopped waiting for an answer." }
      }
    })
  }

  /** The event was given up (its request went away): withdraw its question, mark it abandoned. */
  abandon(cardId: number): void {
    for (const [id, pending] of this.pending) if (pending.cardId === cardId) this.withdraw(id)
    this.update(cardId, (card) => {
      if (card.state !== "done") card.state = "abandoned"
    })
  }

  /** Deny every pending question (the server is closing). */
  denyAll(by: AnsweredBy = "closed"): void {
    for (const id of [...this.pending.keys()]) this.answer(id, "deny", by)
  }

  /** The effects of a card were carried out: show them and what they mean. */
  resolve(cardId: number, request: EffectsRequest, resolution: Resolution): void {
    this.update(cardId, (card) => {
      if (request.tool !== undefined && card.tool === undefined) Object.assign(card, toolOf(request.tool))
      card.state = "done"
      card.effects = request.effects.map(describeEffect)
      card.outcome = describeResolution(request.event, resolution)
      card.resolution = resolution
      const asked = resolution.asked
      if (asked !== undefined && (card.question === undefined || card.question.state !== "answered")) {
        const by: AnsweredBy = asked.timedOutAfterMs === undefined ? "elsewhere" : "timeout"
        const question: CardQuestion = {
          id: card.question?.id ?? `elsewhere-${card.id}`,
          ...(asked.reason === undefined ? {} : { reason: asked.reason }),
          state: "answered",
          answer: asked.answer,
          by,
          outcome: questionOutcome(asked.answer, by, asked.timedOutAfterMs, asked.couldNotAsk)
        }
        card.question = question
      }
    })
  }

  private update(cardId: number, change: (card: Mutable<Card>) => void): void {
    const card = this.cards.find((c) => c.id === cardId)
    if (card === undefined) return
    change(card)
    this.emit(card)
  }

  private emit(card: Card): void {
    if (this.listeners.size === 0) return
    const copy = snapshot(card)
    for (const listener of this.listeners) listener(copy)
  }

  private trim(): void {
    while (this.cards.length > this.limit) {
      // Never drop a card whose question still waits.
      const index = this.cards.findIndex((c) => c.state !== "waiting")
      if (index === -1) return
      this.cards.splice(index, 1)
    }
  }
}

const snapshot = (card: Card): Card => structuredClone(card)
