/**
 * The closed list of diagnostic codes a `Diagnostic` effect may carry
 * (ARCHITECTURE section 3).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * Every diagnostic code, in the order ARCHITECTURE section 3 lists them.
 *
 * @category constants
 * @since 0.1.0
 */
export const diagnosticCodes = [
  "malformed-json",
  "noisy-stdout",
  "invalid-field",
  "unknown-field",
  "unwrapped-field",
  "wrong-event",
  "deprecated-field",
  "missing-reason",
  "missing-tool-name",
  "output-truncated",
  "escaped-process",
  "conflicting-update",
  "skipped-entry",
  "untrusted-settings",
  "stop-loop-cap",
  "env-file",
  "managed-policy",
  "discarded-field",
  "ignored-output",
  "context-capped",
  "condition-failed-open",
  "shell-not-found",
  "async-decision-ignored",
  "invalid-env-variable",
  "transport-warning",
  "unreadable-settings",
  "async-spool",
  "timeout-unit",
  "stricter-than-agent",
  "source-priority",
  "overridden-deny"
] as const

/**
 * Schema of a diagnostic code.
 *
 * **Example** (Checking a code)
 *
 * ```ts
 * Schema.is(DiagnosticCode)("malformed-json") // => true
 * ```
 *
 * @category schemas
 * @since 0.1.0
 */
export const DiagnosticCode = Schema.Literals(diagnosticCodes)

/**
 * A diagnostic code such as `"invalid-field"`.
 *
 * @category models
 * @since 0.1.0
 */
export type DiagnosticCode = typeof DiagnosticCode.Type
