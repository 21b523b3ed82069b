/**
 * End to end in a real headless Chromium: `wave-hooks serve` runs as a child
 * process on a temp project whose PreToolUse hook (a shell script in the
 * project) asks for permission; the page shows the question, a click answers
 * it, and the agent (POST /run) gets the resolution.
 *
 * The hook is configured in the temp HOME's user settings, which always run:
 * project settings run only once trusted (`wave-hooks trust`), and this test
 * is about the page, not about trust.
 *
 * Chromium must be at /usr/bin/chromium (CI installs it: .ci/run). When it is
 * missing, every test here fails with a message saying so; nothing is skipped.
 */
import { spawn } from "node:child_process"
import type { ChildProcess } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { connect } from "node:net"
import { networkInterfaces, tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { chromium } from "playwright-core"
import type { BrowserContext, Page } from "playwright-core"
import type { Resolution } from "../../src/interpreters/resolution.ts"
import { userDeniedReason } from "../../src/interpreters/resolution.ts"
import type { HookEffect } from "../../src/effects/hook-effect.ts"

const chromiumPath = "/usr/bin/chromium"
const repo = resolve(import.meta.dirname, "../..")
const artifacts = join(repo, "test-artifacts")
const created: Array<string> = []

const pushReason = "Pushing to origin needs a human. <script>alert(1)</script> & <b>not bold</b>"
const deleteReason = "Deleting the build folder needs a human."

// A real hook: reads the event on stdin and asks, with a reason naming the command.
const askScript = `#!/bin/sh
input=$(cat)
case "$input" in
  *"git push"*) reason='${pushReason}' ;;
  *) reason='${deleteReason}' ;;
esac
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"%s"}}\\n' "$reason"
`

interface Serve {
  readonly child: ChildProcess
  readonly url: string
  readonly base: string
  readonly token: string
  readonly stdout: () => string
  readonly stderr: () => string
  readonly exited: Promise<number | null>
}

/** Start `wave-hooks serve` (src/bin.ts under this Node) and wait for its URL. */
const startServe = (projectDir: string, home: string, extraArgs: ReadonlyArray<string> = []): Promise<Serve> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [join(repo, "src/bin.ts"), "serve", "--project-dir", projectDir, ...extraArgs],
      {
        cwd: repo,
        env: { ...process.env, HOME: home, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"]
      }
    )
    let out = ""
    let err = ""
    // "close", not "exit": by then stdout and stderr are drained, so what serve printed last is there.
    const exited = new Promise<number | null>((r) => child.once("close", (code) => r(code)))
    const timer = setTimeout(
      () => reject(new Error(`serve printed no URL in 15 s.\nstdout: ${out}\nstderr: ${err}`)),
      15_000
    )
    child.stderr!.on("data", (chunk: Buffer) => void (err += chunk.toString()))
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const match = /open (http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+))/.exec(out)
      if (match === null) return
      clearTimeout(timer)
      resolvePromise({
        child,
        url: match[1]!,
        base: `http://127.0.0.1:${match[2]}`,
        token: match[3]!,
        stdout: () => out,
        stderr: () => err,
        exited
      })
    })
    void exited.then((code) => reject(new Error(`serve exited (${code}) before printing its URL.\nstderr: ${err}`)))
  })

interface RunAnswer {
  readonly effects: ReadonlyArray<HookEffect>
  readonly resolution: Resolution
}

const postRun = async (serve: Serve, command: string): Promise<RunAnswer> => {
  const response = await fetch(`${serve.base}/run`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${serve.token}` },
    body: JSON.stringify({ event: "PreToolUse", payload: { tool_name: "Bash", tool_input: { command } } })
  })
  assert.strictEqual(response.status, 200, await response.clone().text())
  return (await response.json()) as RunAnswer
}

/** The local address a listening TCP port is bound to, from /proc/net/tcp{,6} (Linux). */
const listeners = (port: number): ReadonlyArray<string> => {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0")
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    existsSync(file)
      ? readFileSync(file, "utf8")
          .split("\n")
          .slice(1)
          .map((line) => line.trim().split(/\s+/))
          .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) === true && cols[3] === "0A")
          .map((cols) => `${file}:${cols[1]}`)
      : []
  )
}

const refused = (host: string, port: number): Promise<boolean> =>
  new Promise((r) => {
    const socket = connect({ host, port })
    socket.once("connect", () => {
      socket.destroy()
      r(false)
    })
    socket.once("error", () => r(true))
  })

// A command that, printed raw, would hide itself: \r, ESC [2K (erase the line), U+202E (right-to-left override).
const sneakyCommand = "true # \r\u001b[2Kecho safe \u202eexe.hsab"

const cardFor = (page: Page, command: string) => page.locator("article.card", { hasText: command })

/** A temp HOME whose user settings hold the asking hook (and the sneaky one), and a project. */
const makeHome = (): { readonly root: string; readonly home: string; readonly projectDir: string } => {
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-web-e2e-"))
  created.push(root)
  const home = join(root, "home")
  const projectDir = join(root, "project")
  mkdirSync(join(home, ".wave"), { recursive: true })
  mkdirSync(join(projectDir, "hooks"), { recursive: true })
  writeFileSync(join(projectDir, "hooks/ask.sh"), askScript, { mode: 0o755 })
  writeFileSync(
    join(home, ".wave/settings.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: '"$WAVE_PROJECT_DIR"/hooks/ask.sh' }] },
          { matcher: "Write", hooks: [{ type: "command", command: sneakyCommand }] }
        ]
      }
    })
  )
  return { root, home, projectDir }
}

const launchBrowser = (root: string): Promise<BrowserContext> =>
  chromium.launchPersistentContext(join(root, "chromium-profile"), {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1100, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync"
    ]
  })

const stopServe = (serve: Serve | undefined): void => {
  if (serve !== undefined && serve.child.exitCode === null && serve.child.pid !== undefined)
    process.kill(serve.child.pid, "SIGKILL")
}

const missingChromium =
  `Chromium is missing at ${chromiumPath}; the browser tests cannot run. Install it with ` +
  "`apt-get update && apt-get install -y chromium chromium-driver` (.ci/run does this in CI)."

// Its own test, so a missing browser is a failure by name (the suite below then fails in beforeAll).
it("has Chromium for the browser tests", () => {
  assert.isTrue(existsSync(chromiumPath), missingChromium)
})

describe("web interpreter in a real browser", () => {
  let serve: Serve
  let context: BrowserContext
  const dialogs: Array<string> = []

  beforeAll(async () => {
    if (!existsSync(chromiumPath)) throw new Error(missingChromium)
    const { root, home, projectDir } = makeHome()
    mkdirSync(artifacts, { recursive: true })
    serve = await startServe(projectDir, home)
    context = await launchBrowser(root)
  }, 60_000)

  afterAll(async () => {
    await context?.close()
    stopServe(serve)
  })

  it("answers 403 without the token or with a wrong one; the page itself holds no data and no token", async () => {
    const wrong = "x".repeat(43)
    const cases: ReadonlyArray<readonly [string, RequestInit | undefined]> = [
      [`${serve.base}/events?token=${wrong}`, undefined],
      [`${serve.base}/events`, { headers: { authorization: `Bearer ${wrong}` } }],
      [`${serve.base}/history`, undefined],
      [`${serve.base}/history`, { headers: { cookie: `wave_hooks_${new URL(serve.base).port}=${serve.token}` } }],
      [`${serve.base}/run`, { method: "POST", body: JSON.stringify({ event: "Stop", payload: {} }) }],
      [`${serve.base}/answer`, { method: "POST", headers: { "x-wave-hooks-token": wrong }, body: "{}" }],
      [`${serve.base}/answer`, { method: "POST", headers: { authorization: `Bearer ${wrong}` }, body: "{}" }]
    ]
    for (const [url, init] of cases) {
      const response = await fetch(url, init)
      assert.strictEqual(response.status, 403, `${init?.method ?? "GET"} ${url}`)
      assert.include(await response.text(), "token")
    }
    const ok = await fetch(`${serve.base}/history?token=${serve.token}`)
    assert.strictEqual(ok.status, 200)
    const page = await fetch(`${serve.base}/`)
    assert.strictEqual(page.status, 200)
    assert.isNull(page.headers.get("set-cookie"))
    assert.notInclude(await page.text(), serve.token)
  })

  it("listens on 127.0.0.1 only", async () => {
    assert.match(serve.url, /^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{32,}$/)
    const port = Number(new URL(serve.url).port)
    const bound = listeners(port)
    assert.deepStrictEqual(
      bound.map((b) => b.split(":").slice(1).join(":")),
      [`0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`]
    )
    assert.isTrue(bound[0]!.startsWith("/proc/net/tcp:"), "an IPv4 socket, none on IPv6")
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i !== undefined && !i.internal && i.family === "IPv4")
    for (const address of others)
      assert.isTrue(await refused(address!.address, port), `${address!.address}:${port} must refuse`)
  })

  it("asks in the page: Allow allows, Deny denies, late pages get the history", async () => {
    const page = await context.newPage()
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(serve.url)
    await page.locator("#status.live").waitFor({ timeout: 10_000 })
    // The token left the address bar, and no cookie holds it (cookies ignore ports).
    assert.strictEqual(page.url(), `${serve.base}/`)
    assert.deepStrictEqual(await context.cookies(serve.base), [])
    assert.strictEqual(await page.evaluate("document.cookie"), "")

    // 1. An ask appears with its reason (shown as text, never as HTML) and the hook command.
    const first = postRun(serve, "git push origin main")
    const push = cardFor(page, "git push origin main")
    await push.locator(".question button[data-answer=allow]").waitFor({ timeout: 15_000 })
    assert.strictEqual(await push.locator(".question .reason").textContent(), pushReason)
    assert.strictEqual(await push.locator(".question script, .question b").count(), 0)
    assert.include(await push.locator(".runs .command").textContent(), "hooks/ask.sh")
    assert.strictEqual(await push.getAttribute("data-state"), "waiting")

    await push.locator("button[data-answer=allow]").click()
    const allowed = await first
    assert.strictEqual(allowed.resolution.permission, "allow")
    assert.deepStrictEqual(allowed.resolution.asked, { reason: pushReason, answer: "allow" })
    assert.deepStrictEqual(allowed.effects, [{ _tag: "AskPermission", reason: pushReason }])
    await page.locator("article.card[data-state=done]", { hasText: "git push origin main" }).waitFor()
    assert.strictEqual(await push.locator(".question .answer").textContent(), "You allowed it.")
    assert.include(await push.locator(".outcome").textContent(), "Tool call allowed.")
    assert.include(await push.locator(".effects").textContent(), "you see this")

    // 2. A second ask, answered Deny.
    const second = postRun(serve, "rm -rf build")
    const remove = cardFor(page, "rm -rf build")
    await remove.locator("button[data-answer=deny]").waitFor({ timeout: 15_000 })
    assert.strictEqual(await remove.locator(".question .reason").textContent(), deleteReason)
    // Newest at the top.
    assert.include(await page.locator("article.card").first().textContent(), "rm -rf build")
    await page.screenshot({ path: join(artifacts, "web-approval.png"), fullPage: true })

    await remove.locator("button[data-answer=deny]").click()
    const denied = await second
    assert.strictEqual(denied.resolution.permission, "deny")
    assert.strictEqual(denied.resolution.denyReason, userDeniedReason())
    await page.locator("article.card[data-state=done]", { hasText: "rm -rf build" }).waitFor()
    assert.strictEqual(await remove.locator(".question .answer").textContent(), "You denied it.")
    assert.include(await remove.locator(".outcome").textContent(), `Tool call denied: ${userDeniedReason()}`)

    // A reload (the address no longer holds the token) follows the feed again: the tab kept the token.
    await page.reload()
    await page.locator("#status.live").waitFor({ timeout: 10_000 })
    assert.strictEqual(await page.locator("article.card").count(), 2)

    // 3. A page opened now replays the history.
    const late = await context.newPage()
    await late.goto(serve.url)
    await late.locator("#status.live").waitFor({ timeout: 10_000 })
    assert.strictEqual(await late.locator("article.card").count(), 2)
    assert.strictEqual(
      await cardFor(late, "git push origin main").locator(".question .answer").textContent(),
      "You allowed it."
    )
    assert.strictEqual(await cardFor(late, "rm -rf build").locator(".question .answer").textContent(), "You denied it.")
    assert.strictEqual(await late.locator("button[data-answer]").count(), 0)
    assert.deepStrictEqual(dialogs, [], "hook text must never run as script")
    await late.close()
    await page.close()
  }, 60_000)

  it("shows the control characters of commands and tool input as escapes", async () => {
    const page = await context.newPage()
    await page.goto(serve.url)
    await page.locator("#status.live").waitFor({ timeout: 10_000 })
    const response = await fetch(`${serve.base}/run`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${serve.token}` },
      body: JSON.stringify({
        event: "PreToolUse",
        payload: { tool_name: "Write", tool_input: { file_path: "notes\u202etxt.sh\r" } }
      })
    })
    assert.strictEqual(response.status, 200, await response.text())
    const card = page.locator("article.card[data-state=done]", { hasText: "Write" })
    await card.waitFor({ timeout: 15_000 })
    assert.strictEqual(
      await card.locator(".runs .command").textContent(),
      "true # \\r\\x1b[2Kecho safe \\u202eexe.hsab"
    )
    assert.strictEqual(await card.locator(".input").textContent(), '{"file_path":"notes\\u202etxt.sh\\r"}')
    const text = (await card.textContent()) ?? ""
    assert.notMatch(text, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u)
    await page.close()
  }, 60_000)

  it("refuses a question's answer from another origin's page: the browser holds no credential to send", async () => {
    // Same site (127.0.0.1), another port: another origin. No cookie holds the token; the Origin check refuses too.
    const attacker = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" })
      res.end("<!doctype html><title>elsewhere</title>")
    })
    await new Promise<void>((r) => attacker.listen(0, "127.0.0.1", () => r()))
    const page = await context.newPage()
    try {
      // The user opened the page; the browser holds no cookie for it.
      await page.goto(serve.url)
      await page.locator("#status.live").waitFor({ timeout: 10_000 })
      assert.deepStrictEqual(await context.cookies(serve.base), [])
      const pending = postRun(serve, "git push --tags")
      let id: string | undefined
      const deadline = Date.now() + 15_000
      while (id === undefined) {
        const history = (await (await fetch(`${serve.base}/history?token=${serve.token}`)).json()) as {
          cards: ReadonlyArray<{ state: string; question?: { id: string; state: string } }>
        }
        id = history.cards.find((c) => c.question?.state === "pending")?.question?.id
        if (Date.now() > deadline) assert.fail(`no question appeared: ${JSON.stringify(history)}`)
        if (id === undefined) await new Promise((r) => setTimeout(r, 100))
      }
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`)
      const sent = await page.evaluate(
        async ({ base, question }) => {
          try {
            await fetch(`${base}/answer`, {
              method: "POST",
              mode: "no-cors",
              credentials: "include",
              headers: { "content-type": "text/plain" },
              body: JSON.stringify({ id: question, answer: "allow" })
            })
            return "sent"
          } catch (error) {
            return String(error)
          }
        },
        { base: serve.base, question: id }
      )
      assert.strictEqual(sent, "sent", "the browser did send the request")
      const after = (await (await fetch(`${serve.base}/history?token=${serve.token}`)).json()) as {
        cards: ReadonlyArray<{ question?: { id: string; state: string } }>
      }
      assert.strictEqual(
        after.cards.find((c) => c.question?.id === id)?.question?.state,
        "pending",
        "the foreign page answered nothing"
      )
      const answered = await fetch(`${serve.base}/answer`, {
        method: "POST",
        headers: { authorization: `Bearer ${serve.token}` },
        body: JSON.stringify({ id, answer: "deny" })
      })
      assert.strictEqual(answered.status, 200)
      assert.strictEqual((await pending).resolution.permission, "deny")
    } finally {
      await page.close()
      attacker.closeAllConnections()
      await new Promise((r) => attacker.close(r))
    }
  }, 60_000)

  it("never hands the token to another server on 127.0.0.1 (cookies ignore ports)", async () => {
    // The report's cookieleak.mjs: the user opens serve's page, then any other local server (a dev server, another user's listener).
    const seen: Array<{ readonly url: string; readonly headers: string }> = []
    const other = createServer((req, res) => {
      seen.push({ url: req.url ?? "", headers: JSON.stringify(req.headers) })
      res.writeHead(200, { "content-type": "text/html" })
      res.end("<!doctype html><title>dev server</title><h1>dev server</h1>")
    })
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", () => r()))
    const otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
    const page = await context.newPage()
    try {
      await page.goto(serve.url)
      await page.locator("#status.live").waitFor({ timeout: 10_000 })
      await page.goto(`${otherBase}/`)
      await page.goto(`${otherBase}/again`)
      // The other server's page asks serve for data with whatever the browser would attach: refused.
      const status = await page.evaluate(async (base) => {
        try {
          const response = await fetch(`${base}/history`, { credentials: "include" })
          return response.status
        } catch (error) {
          return String(error)
        }
      }, serve.base)
      assert.notStrictEqual(status, 200, "a foreign page got the history")
      assert.isAtLeast(seen.length, 2)
      for (const request of seen) {
        assert.notInclude(request.url, serve.token)
        assert.notInclude(request.headers, serve.token, "the other server received the token")
        assert.notInclude(request.headers, "cookie")
      }
      assert.deepStrictEqual(await context.cookies(), [])
    } finally {
      await page.close()
      other.closeAllConnections()
      await new Promise((r) => other.close(r))
    }
  }, 60_000)

  it("stops on Ctrl+C (SIGINT), denying a question still open", async () => {
    const pending = postRun(serve, "git push --force")
    const deadline = Date.now() + 15_000
    for (;;) {
      const history = (await (await fetch(`${serve.base}/history?token=${serve.token}`)).json()) as {
        cards: ReadonlyArray<{ state: string }>
      }
      if (history.cards.some((c) => c.state === "waiting")) break
      if (Date.now() > deadline) assert.fail(`no question appeared: ${JSON.stringify(history)}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    process.kill(serve.child.pid!, "SIGINT")
    const answer = await pending
    assert.strictEqual(answer.resolution.permission, "deny")
    assert.strictEqual(await serve.exited, 130)
    assert.include(serve.stderr(), "wave-hooks serve: stopped")
  }, 30_000)
})

describe("serve --ask-timeout in a real browser", () => {
  let serve: Serve
  let context: BrowserContext
  let settingsFile: string

  beforeAll(async () => {
    if (!existsSync(chromiumPath)) throw new Error(missingChromium)
    const { root, home, projectDir } = makeHome()
    settingsFile = join(home, ".wave/settings.json")
    serve = await startServe(projectDir, home, ["--ask-timeout", "1.5"])
    context = await launchBrowser(root)
  }, 60_000)

  afterAll(async () => {
    await context?.close()
    stopServe(serve)
  })

  it("denies a question left unanswered on the page, telling the agent it timed out", async () => {
    const page = await context.newPage()
    await page.goto(serve.url)
    await page.locator("#status.live").waitFor({ timeout: 10_000 })
    const started = Date.now()
    const pending = postRun(serve, "git push origin main")
    const card = cardFor(page, "git push origin main")
    await card.locator(".question button[data-answer=allow]").waitFor({ timeout: 15_000 })
    const answer = await pending
    assert.isAtLeast(Date.now() - started, 1_400)
    assert.strictEqual(answer.resolution.permission, "deny")
    assert.strictEqual(
      answer.resolution.denyReason,
      "The permission question timed out after 1.5 s with no answer, so the tool call was denied."
    )
    assert.deepStrictEqual(answer.resolution.asked, { reason: pushReason, answer: "deny", timedOutAfterMs: 1_500 })
    await page.locator("article.card[data-state=done]", { hasText: "git push origin main" }).waitFor()
    assert.strictEqual(await card.locator(".question .answer").textContent(), "Nobody answered within 1.5 s: denied.")
    assert.strictEqual(await card.locator("button[data-answer]").count(), 0)
    assert.include(await card.locator(".outcome").textContent(), "timed out after 1.5 s")
    await page.close()
  }, 60_000)

  it("applies an edited settings file to the next POST /run, without a restart", async () => {
    const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as { hooks: Record<string, unknown> }
    settings.hooks["UserPromptSubmit"] = [
      { hooks: [{ type: "command", command: "cat > /dev/null; echo 'settings reloaded'" }] }
    ]
    writeFileSync(settingsFile, JSON.stringify(settings))
    const response = await fetch(`${serve.base}/run`, {
      method: "POST",
      headers: { authorization: `Bearer ${serve.token}` },
      body: JSON.stringify({ event: "UserPromptSubmit", payload: { prompt: "hello" } })
    })
    assert.strictEqual(response.status, 200)
    assert.deepStrictEqual(((await response.json()) as RunAnswer).resolution.context, ["settings reloaded"])
  }, 30_000)
})

afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true })
})
