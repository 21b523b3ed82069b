/**
 * `tools/call` is hooked whatever the upstream declares: a hand-written
 * upstream that declares no capabilities (`raw-server.mjs notools`) still
 * answers `tools/call`, and clients do not enforce capabilities by default,
 * so the proxy must not forward such a call unhooked. Real processes: the
 * proxy on stdio, the raw upstream, shell hooks.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import { joinPath, startProxy, textsOf } from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const rawServer = fileURLToPath(new URL("./fixtures/raw-server.mjs", import.meta.url))

const linesOf = (file: string): ReadonlyArray<string> =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.length > 0)
    : []

describe("an upstream that does not declare tools", () => {
  for (const mode of ["normal", "notools"] as const) {
    it(`given the ${mode} upstream and a guard, when a client calls its tools, then PreToolUse denies or lets through and PostToolUse replaces the output`, async () => {
      const p = makeProject()
      const guardLog = joinPath(p.root, "guard.log")
      const rawLog = joinPath(p.root, "raw.log")
      p.writeSettings(
        "project",
        settings({
          PreToolUse: [
            group(
              [
                hook(
                  `input=$(cat); echo ran >> ${shq(guardLog)}; case "$input" in *id_rsa*) echo blocked >&2; exit 2;; esac`
                )
              ],
              { matcher: "*" }
            )
          ],
          PostToolUse: [
            group(
              [
                hook(
                  `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":"[redacted]"}}'`
                )
              ],
              { matcher: "mcp__raw__check" }
            )
          ]
        })
      )
      const proxy = await startProxy(p, ["--", nodeBin, rawServer, mode], { env: { RAW_LOG: rawLog } })
      try {
        const denied = await proxy.client.callTool({ name: "read", arguments: { path: "/home/victim/.ssh/id_rsa" } })
        assert.deepStrictEqual(
          { isError: denied.isError, texts: textsOf(denied) },
          { isError: true, texts: ["blocked"] }
        )
        const replaced = await proxy.client.callTool({ name: "check", arguments: {} })
        assert.deepStrictEqual(textsOf(replaced), ["[redacted]"])
        const plain = await proxy.client.callTool({ name: "read", arguments: { path: "README.md" } })
        assert.deepStrictEqual(textsOf(plain), ['ok {"path":"README.md"}'])
        assert.isDefined(
          proxy.client.getServerCapabilities()?.tools,
          "the proxy declares tools, so a strict client may call them"
        )
      } finally {
        await proxy.close()
      }
      // Read once the proxy has exited (its stderr is drained then): the answers above come over stdout,
      // a different pipe, so the warning may not have reached us when the last answer did.
      assert.strictEqual(
        /does not declare the tools capability; the proxy declares it and runs the hooks/.test(proxy.stderr()),
        mode === "notools",
        proxy.stderr()
      )
      assert.deepStrictEqual(linesOf(guardLog), ["ran", "ran", "ran"], "the guard ran for every call")
      assert.strictEqual(
        linesOf(rawLog).filter((l) => l.startsWith("got tools/call")).length,
        2,
        "the denied call never reached the upstream"
      )
    })
  }
})
