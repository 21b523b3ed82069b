/**
 * The Node file system as a service value, built once per process: callers
 * that run one event per call (`HookSession.firePromise`, the hosts) provide
 * it without building `NodeFileSystem.layer` (a scope and a memo map) each
 * time.
 *
 * @since 0.3.0
 */
import * as NodeFileSystem from "@effect/platform-node-shared/NodeFileSystem"
import { Context, Effect, FileSystem, Layer } from "effect"

let built: Context.Context<FileSystem.FileSystem> | undefined

/** The context holding Node's `FileSystem`, built on first use. */
const nodeFileSystemContext = (): Context.Context<FileSystem.FileSystem> =>
  (built ??= Effect.runSync(Effect.scoped(Layer.build(NodeFileSystem.layer))))

/**
 * `effect` with Node's `FileSystem` provided.
 *
 * **Example** (One event)
 *
 * ```ts
 * await Effect.runPromise(withNodeFileSystem(session.fire("Stop", {})))
 * ```
 *
 * @category running
 * @since 0.3.0
 */
export const withNodeFileSystem = <A, E, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E, Exclude<R, FileSystem.FileSystem>> => Effect.provideContext(effect, nodeFileSystemContext())

/**
 * Node's `FileSystem` service itself, for callers that provide it with
 * `Effect.provideService`.
 *
 * @category running
 * @since 0.3.0
 */
export const nodeFileSystem = (): FileSystem.FileSystem => Context.get(nodeFileSystemContext(), FileSystem.FileSystem)
