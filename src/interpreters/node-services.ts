/**
 * Node's implementations of Effect's platform services (child processes, files,
 * paths, stdio, the terminal), composed from `@effect/platform-node-shared`.
 * `@effect/platform-node` offers the same layer, but it declares a peer
 * dependency on a Redis client that npm then installs into every project that
 * installs wave-hooks.
 *
 * @since 0.3.0
 */
import * as NodeChildProcessSpawner from "@effect/platform-node-shared/NodeChildProcessSpawner"
import * as NodeFileSystem from "@effect/platform-node-shared/NodeFileSystem"
import * as NodePath from "@effect/platform-node-shared/NodePath"
import * as NodeStdio from "@effect/platform-node-shared/NodeStdio"
import * as NodeTerminal from "@effect/platform-node-shared/NodeTerminal"
import type { FileSystem } from "effect/FileSystem"
import * as Layer from "effect/Layer"
import type { Path } from "effect/Path"
import type { ChildProcessSpawner } from "effect/process/ChildProcessSpawner"
import type { Stdio } from "effect/Stdio"
import type { Terminal } from "effect/Terminal"

/**
 * The services `layer` provides.
 *
 * @category services
 * @since 0.3.0
 */
export type NodeServices = ChildProcessSpawner | FileSystem | Path | Stdio | Terminal

/**
 * Node's child processes, file system, paths, stdio and terminal.
 *
 * **Example** (Run a program on Node)
 *
 * ```ts
 * import { Effect } from "effect"
 * import { nodeServicesLayer } from "wave-hooks/terminal"
 *
 * Effect.runPromise(program.pipe(Effect.provide(nodeServicesLayer)))
 * ```
 *
 * @category layers
 * @since 0.3.0
 */
export const layer: Layer.Layer<NodeServices> = Layer.provideMerge(
  NodeChildProcessSpawner.layer,
  Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeStdio.layer, NodeTerminal.layer)
)
