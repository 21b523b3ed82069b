/**
 * `wave-hooks/terminal`: renders effects for a person at a terminal and asks
 * permission with an arrow-key dialog.
 *
 * @since 0.1.0
 */
export * from "./format.ts"
export * from "./terminal-interpreter.ts"
