#!/usr/bin/env node
/**
 * The `wave-hooks` executable: turns on Node's compile cache, then loads only
 * what the command needs. `decide` and `run` have lean entries (no effect/cli,
 * no platform barrel); every other command, and `--help` or a usage error of
 * those two, loads the full effect/cli tree. `WAVE_HOOKS_FULL_CLI=1` skips
 * every fast path (the parity test runs each fast-path command line both ways).
 * Built as one bundle whose subcommands are separate chunks (`scripts/build-cli.ts`).
 *
 * @since 0.1.0
 */
import module from "node:module"
import { closeInheritedFds } from "./cli/inherited-fds.ts"
import { unsupportedNodeWarning } from "./cli/node-support.ts"

// Caches V8's compiled code of the modules loaded after this (os.tmpdir()/node-compile-cache,
// or $NODE_COMPILE_CACHE); NODE_DISABLE_COMPILE_CACHE=1 turns it off. Absent before Node 22.1.
module.enableCompileCache?.()

const args = process.argv.slice(2)
// On a Node older than the supported ones: one line on stderr, then go on (see node-support.ts).
const nodeWarning = unsupportedNodeWarning(process.versions.node)
if (nodeWarning !== undefined) process.stderr.write(`${nodeWarning}\n`)
// Commands that run hooks first close inherited descriptors that would reach them (decide runs none).
if (args[0] !== "decide") closeInheritedFds()
// WAVE_HOOKS_FULL_CLI=1: the full effect/cli tree for decide and run too (the fast paths must agree with it).
const fastPaths = process.env["WAVE_HOOKS_FULL_CLI"] !== "1"
if (args[0] === "decide" && fastPaths) await (await import("./cli/fast-decide.ts")).main(args)
else if (args[0] === "run" && fastPaths) await (await import("./cli/fast-run.ts")).main(args)
// The detached worker a one-shot run leaves its background hooks to (src/cli/async-worker.ts).
else if (args[0] === "__async-worker") await (await import("./cli/async-worker.ts")).main(args)
else (await import("./cli/full.ts")).runFull(args)
