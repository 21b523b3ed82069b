/**
 * effect/cli flags and arguments made from the plain specs of `flag-spec.ts`,
 * so a command's flags are defined once for both parsers.
 *
 * @since 0.1.0
 */
import { Argument, Flag } from "effect/cli"
import type { ArgumentSpec, FlagSpec, ParamSpecs, ValueOf } from "./flag-spec.ts"

/**
 * The effect/cli parameter of a spec: a `Flag` for flags, an `Argument` for
 * positional arguments.
 *
 * @category models
 * @since 0.1.0
 */
type EffectParamOf<S> = S extends ArgumentSpec ? Argument.Argument<ValueOf<S>> : Flag.Flag<ValueOf<S>>

/**
 * The effect/cli config record of a command (what `Command.make` takes).
 *
 * @category models
 * @since 0.1.0
 */
export type EffectParamsOf<P extends ParamSpecs> = { readonly [K in keyof P]: EffectParamOf<P[K]> }

/** The effect/cli flag of a flag spec, with its default and description. */
const toFlag = (spec: FlagSpec): Flag.Flag<unknown> => {
  switch (spec._tag) {
    case "String":
      return Flag.String(spec.name).pipe(Flag.withDescription(spec.description))
    case "OptionalString":
      return Flag.String(spec.name).pipe(Flag.optional, Flag.withDescription(spec.description))
    case "Int":
      return Flag.Int(spec.name).pipe(Flag.withDefault(spec.default), Flag.withDescription(spec.description))
    case "Boolean":
      return Flag.Boolean(spec.name).pipe(Flag.withDefault(false), Flag.withDescription(spec.description))
    case "Choice":
      return Flag.Literals(spec.name, spec.choices).pipe(
        Flag.withDefault(spec.default),
        Flag.withDescription(spec.description)
      )
    case "Strings":
      return Flag.String(spec.name).pipe(Flag.atLeast(0), Flag.withDescription(spec.description))
    case "Number":
      return Flag.Finite(spec.name).pipe(Flag.withDefault(spec.default), Flag.withDescription(spec.description))
    case "OptionalNumber":
      return Flag.Finite(spec.name).pipe(Flag.optional, Flag.withDescription(spec.description))
  }
}

/** The effect/cli argument of a positional spec: one word (with `optional`, maybe none), or with `variadic` the rest of the command line. */
const toArgument = (spec: ArgumentSpec): Argument.Argument<unknown> =>
  spec.variadic === true
    ? Argument.String(spec.name).pipe(Argument.variadic(), Argument.withDescription(spec.description))
    : spec.optional === true
      ? Argument.String(spec.name).pipe(Argument.optional, Argument.withDescription(spec.description))
      : Argument.String(spec.name).pipe(Argument.withDescription(spec.description))

/**
 * The effect/cli flags and arguments of a command's specs, under the same keys.
 *
 * **Example**
 *
 * ```ts
 * const command = Command.make("run", toEffectParams(runParams), (flags) => ...)
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const toEffectParams = <P extends ParamSpecs>(specs: P): EffectParamsOf<P> => {
  const params: Record<string, unknown> = {}
  for (const [key, spec] of Object.entries(specs)) {
    params[key] = spec._tag === "Argument" ? toArgument(spec) : toFlag(spec)
  }
  return params as EffectParamsOf<P>
}
