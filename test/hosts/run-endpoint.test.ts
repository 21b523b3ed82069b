/**
 * The web run endpoint without Effect: `startWebServer`, then
 * `serveHookRunsPromise`, agents POST hook events (real hook processes in a
 * temp project), a question is answered over HTTP, and `serveRuns(undefined)`
 * / `close()` stop it.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { HookEffect, Resolution } from "../../src/index.ts"
import { serveHookRunsPromise } from "../../src/hosts/web/run-endpoint.ts"
import { startWebServer, tokenHeader } from "../../src/interpreters/web/web-server.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

const askOutput = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "ask",
    permissionDecisionReason: "pushes to the remote"
  }
})

describe("serveHookRunsPromise", () => {
  it("serves POST /run with the project's hooks; a question waits for an answer over HTTP", async () => {
    const p = makeProject()
    p.writeFile(".wave/hooks/ask.sh", `#!/bin/sh\ncat > /dev/null\nprintf '%s' '${askOutput}'\n`)
    p.writeFile(".wave/hooks/context.sh", "#!/bin/sh\ncat > /dev/null\necho 'branch: main'\n")
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook("./.wave/hooks/ask.sh")])],
        UserPromptSubmit: [group([hook("./.wave/hooks/context.sh")])]
      })
    )
    await p.trust()
    const server = await startWebServer()
    try {
      const session = await serveHookRunsPromise(server, { projectDir: p.dir, homeDir: p.home, env: p.env })
      assert.strictEqual(session.settings.hooks.length, 2, "the session read the project's settings")
      const run = (body: unknown) =>
        fetch(`http://127.0.0.1:${server.port}/run`, {
          method: "POST",
          headers: { [tokenHeader]: server.token },
          body: JSON.stringify(body)
        })

      const prompt = await run({ event: "UserPromptSubmit", payload: { prompt: "push it" } })
      assert.strictEqual(prompt.status, 200)
      const promptBody = (await prompt.json()) as { effects: ReadonlyArray<HookEffect>; resolution: Resolution }
      assert.deepStrictEqual(promptBody.resolution.context, ["branch: main"])

      const pending = run({ event: "PreToolUse", tool: { id: "t1", name: "Bash", input: { command: "git push" } } })
      const deadline = Date.now() + 10_000
      while (server.feed.pendingQuestions().length === 0) {
        if (Date.now() > deadline) assert.fail("the question never reached the page")
        await new Promise((r) => setTimeout(r, 10))
      }
      const [id] = server.feed.pendingQuestions()
      const answer = await fetch(`http://127.0.0.1:${server.port}/answer`, {
        method: "POST",
        headers: { [tokenHeader]: server.token },
        body: JSON.stringify({ id, answer: "allow" })
      })
      assert.strictEqual(answer.status, 200)
      const response = await pending
      assert.strictEqual(response.status, 200)
      const body = (await response.json()) as { effects: ReadonlyArray<HookEffect>; resolution: Resolution }
      assert.deepStrictEqual(body.effects, [{ _tag: "AskPermission", reason: "pushes to the remote" }])
      assert.strictEqual(body.resolution.permission, "allow")
      assert.deepStrictEqual(body.resolution.asked, { reason: "pushes to the remote", answer: "allow" })

      server.serveRuns(undefined)
      assert.strictEqual((await run({ event: "Stop", payload: {} })).status, 404, "no longer served")
    } finally {
      await server.close()
    }
  }, 30_000)
  it('answers a SessionStart with the variables its hooks wrote to their env files under "env"', async () => {
    const p = makeProject()
    p.writeSettings(
      "user",
      settings({ SessionStart: [group([hook("echo 'export FROM_HOOK=yes' >> \"$CLAUDE_ENV_FILE\"")])] })
    )
    const server = await startWebServer()
    try {
      await serveHookRunsPromise(server, { projectDir: p.dir, homeDir: p.home, env: p.env })
      const response = await fetch(`http://127.0.0.1:${server.port}/run`, {
        method: "POST",
        headers: { [tokenHeader]: server.token },
        body: JSON.stringify({ event: "SessionStart", payload: { source: "startup" } })
      })
      assert.strictEqual(response.status, 200)
      assert.deepStrictEqual(((await response.json()) as { env?: unknown }).env, { FROM_HOOK: "yes" })
    } finally {
      await server.close()
    }
  }, 30_000)
})
