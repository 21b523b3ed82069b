/**
 * `POST /run` reads the settings files again for each event: an edited user
 * settings file, a newly trusted project file and a changed
 * `askTimeoutSeconds` apply to the next request, without restarting, and the
 * session id stays. Real files, real hook processes, real HTTP.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { HookEffect, Resolution } from "../../src/index.ts"
import { serveHookRunsPromise } from "../../src/hosts/web/run-endpoint.ts"
import { askTimedOutReason } from "../../src/interpreters/resolution.ts"
import { startWebServer } from "../../src/interpreters/web/web-server.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

interface RunAnswer {
  readonly effects: ReadonlyArray<HookEffect>
  readonly resolution: Resolution
}

/** `POST /run` with the server's token; the answer must be 200. */
const postRun = async (
  server: { readonly port: number; readonly token: string },
  body: unknown
): Promise<RunAnswer> => {
  const response = await fetch(`http://127.0.0.1:${server.port}/run`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.token}` },
    body: JSON.stringify(body)
  })
  assert.strictEqual(response.status, 200, await response.clone().text())
  return (await response.json()) as RunAnswer
}

const contextHook = (text: string) => hook(`cat > /dev/null; echo '${text}'`)
const askHook = hook(
  `cat > /dev/null; printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "r" } })}'`
)

describe("serveHookRuns reloads the settings", () => {
  it("applies an edited settings file, a newly trusted one and a new ask timeout to the next request", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ UserPromptSubmit: [group([contextHook("first")])] }))
    const server = await startWebServer()
    try {
      const session = await serveHookRunsPromise(server, { projectDir: p.dir, homeDir: p.home, env: p.env })
      const run = (body: unknown): Promise<RunAnswer> => postRun(server, body)
      const prompt = { event: "UserPromptSubmit", payload: { prompt: "hi" } }
      assert.deepStrictEqual((await run(prompt)).resolution.context, ["first"])

      // 1. The user settings file is edited.
      p.writeSettings("user", settings({ UserPromptSubmit: [group([contextHook("second")])] }))
      assert.deepStrictEqual((await run(prompt)).resolution.context, ["second"])

      // 2. A project file appears: skipped until trusted, then it runs.
      p.writeSettings("project", settings({ UserPromptSubmit: [group([contextHook("project")])] }))
      const untrusted = await run(prompt)
      assert.deepStrictEqual(untrusted.resolution.context, ["second"])
      assert.isTrue(untrusted.effects.some((e) => e._tag === "Diagnostic" && e.code === "untrusted-settings"))
      await p.trust()
      assert.deepStrictEqual((await run(prompt)).resolution.context, ["second", "project"])

      // 3. askTimeoutSeconds is set: the next question is denied after it.
      p.writeSettings("user", { ...settings({ PreToolUse: [group([askHook])] }), askTimeoutSeconds: 0.2 })
      const started = Date.now()
      const asked = await run({ event: "PreToolUse", tool: { id: "t1", name: "Bash", input: { command: "ls" } } })
      assert.isAtLeast(Date.now() - started, 190)
      assert.strictEqual(asked.resolution.permission, "deny")
      assert.strictEqual(asked.resolution.denyReason, askTimedOutReason(200))

      // 4. After all these reloads, hooks still get the session id the endpoint started with.
      p.writeSettings(
        "user",
        settings({ UserPromptSubmit: [group([hook(`sed -n 's/.*"session_id": *"\\([^"]*\\)".*/\\1/p'`)])] })
      )
      assert.deepStrictEqual((await run(prompt)).resolution.context.slice(0, 1), [session.sessionFields.session_id])
    } finally {
      await server.close()
    }
  }, 30_000)

  it("stops running a trusted project script that was replaced while the server runs, and says which file changed", async () => {
    const p = makeProject()
    p.writeFile(".wave/context.sh", "#!/bin/sh\ncat > /dev/null\necho v1\n", 0o755)
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("./.wave/context.sh")])] }))
    await p.trust()
    const server = await startWebServer()
    try {
      await serveHookRunsPromise(server, { projectDir: p.dir, homeDir: p.home, env: p.env })
      const run = (body: unknown): Promise<RunAnswer> => postRun(server, body)
      const prompt = { event: "UserPromptSubmit", payload: { prompt: "hi" } }
      assert.deepStrictEqual((await run(prompt)).resolution.context, ["v1"])

      p.writeFile(".wave/context.sh", "#!/bin/sh\ncat > /dev/null\necho v2\n", 0o755)
      const changed = await run(prompt)
      assert.deepStrictEqual(changed.resolution.context, [], "the replaced script did not run")
      const warning = changed.effects.find((e) => e._tag === "ShowUser" && e.text.includes("context.sh"))
      assert.isDefined(warning, JSON.stringify(changed.effects))
    } finally {
      await server.close()
    }
  }, 30_000)
})
