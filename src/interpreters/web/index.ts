/**
 * `wave-hooks/web`: the web interpreter. A local page (127.0.0.1, guarded by
 * a random token) shows hook runs and their effects live and asks permission
 * questions with Allow and Deny buttons.
 *
 * @since 0.1.0
 */
export * from "./card.ts"
export * from "./describe.ts"
export * from "./feed.ts"
export * from "./page.ts"
export * from "../../hosts/web/run-endpoint.ts"
export * from "./token.ts"
export * from "./web-interpreter.ts"
export * from "./web-server.ts"
