/**
 * Settings: the schema, validation and planning, re-exported from one place
 * for older import sites. New code imports the file that holds the concept:
 * `settings-schema.ts`, `validate-settings.ts` or `plan.ts`.
 *
 * @since 0.1.0
 */
export * from "./plan.ts"
export * from "./settings-schema.ts"
export * from "./validate-settings.ts"
