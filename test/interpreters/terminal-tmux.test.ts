/**
 * The terminal interpreter's permission dialog in a real terminal: tmux runs
 * test/fixtures/terminal/ask.ts, test/interpreters/fixtures/ask-promise.ts
 * (the Promise form) and the built CLI's `demo --interactive`,
 * keys are sent with `tmux send-keys` and the screen is read with
 * `tmux capture-pane -p`. tmux is required: without it the suite fails.
 *
 * Every session lives on its own private tmux server (`-L`, a socket named
 * with this process's pid and the session), which is killed with the session
 * when its test ends (and in afterAll). One server per session: a server whose
 * last session was just killed exits asynchronously, and a `new-session` on
 * its socket in that moment fails with "server exited unexpectedly" (seen
 * under CPU load). A fresh socket never meets a dying server.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn, spawnSync } from "node:child_process"
import { rmSync } from "node:fs"
import { join } from "node:path"
import { hookEffectTags } from "../../src/index.ts"
import { cliBin, ensureCliBuilt, nodeBin, repoRoot } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"

const prefix = `wave-hooks-tmux-${process.pid}`
/** The live sessions; each session's name is also its server's socket name. */
const sessions = new Set<string>()
let counter = 0

/** tmux on the session's own server. Generous timeout: under CPU load tmux can be slow to answer. */
const tmux = (name: string, args: ReadonlyArray<string>) => {
  const result = spawnSync("tmux", ["-L", name, ...args], { encoding: "utf8", timeout: 30_000 })
  if (result.error !== undefined) throw result.error
  return result
}

const socketPath = (name: string): string | undefined => {
  const uid = process.getuid?.()
  return uid === undefined ? undefined : join(process.env["TMUX_TMPDIR"] ?? "/tmp", `tmux-${uid}`, name)
}

/**
 * Start `command` in a new detached tmux session on a new server of its own;
 * the pane stays after it exits (it prints `EXIT:<status>`).
 */
const start = (label: string, command: string): string => {
  const name = `${prefix}-${label}-${++counter}`
  const script = `cd ${shq(repoRoot)} && ${command}; echo "EXIT:$?"; sleep 600`
  sessions.add(name)
  const r = tmux(name, ["new-session", "-d", "-s", name, "-x", "120", "-y", "40", "-e", "NO_COLOR=1", script])
  assert.strictEqual(r.status, 0, `tmux new-session failed: ${r.stderr}`)
  return name
}

/** End the session's server (and so the session and its processes) and remove its socket. */
const kill = (name: string): void => {
  if (!sessions.delete(name)) return
  tmux(name, ["kill-server"])
  const path = socketPath(name)
  if (path !== undefined) rmSync(path, { force: true })
}

/** The pane's text, including the scrollback history. */
const screen = (name: string): string => {
  const r = tmux(name, ["capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", name])
  assert.strictEqual(r.status, 0, `tmux capture-pane failed: ${r.stderr}`)
  return r.stdout
}

const sendKeys = (name: string, ...keys: ReadonlyArray<string>): void => {
  for (const key of keys) {
    const r = tmux(name, ["send-keys", "-t", name, key])
    assert.strictEqual(r.status, 0, `tmux send-keys ${key} failed: ${r.stderr}`)
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Wait until the screen satisfies `ready`; fail with the screen when it does not in time. */
const waitFor = async (
  name: string,
  what: string,
  ready: (text: string) => boolean,
  timeoutMs = 40_000
): Promise<string> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const text = screen(name)
    if (ready(text)) return text
    if (Date.now() > deadline)
      assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}; the screen shows:\n${text}`)
    await sleep(100)
  }
}

/** The exit status printed after the command, once it finished. */
const exitStatus = async (name: string): Promise<{ readonly status: number; readonly text: string }> => {
  const text = await waitFor(name, "the program to finish", (t) => /^EXIT:\d+/m.test(t))
  return { status: Number(/^EXIT:(\d+)/m.exec(text)![1]), text }
}

const askScript = join(repoRoot, "test", "fixtures", "terminal", "ask.ts")
const ask = (...flags: ReadonlyArray<string>): string => [nodeBin, askScript, ...flags].map(shq).join(" ")

const question = 'Allow Bash {"command":"git push origin main"}?'
const reason = "Reason: pushing publishes commits to the shared remote"

/** The dialog is up: question, reason and both choices, the cursor on Allow. */
const dialogShown = (text: string) => text.includes(question) && text.includes(reason) && /Deny\s*$/m.test(text)

beforeAll(() => {
  const version = spawnSync("tmux", ["-V"], { encoding: "utf8" })
  if (version.error !== undefined || version.status !== 0) {
    throw new Error(
      "tmux is required for the terminal dialog tests and was not found on PATH. Install it (apt-get install -y tmux) and run again."
    )
  }
  ensureCliBuilt()
}, 180_000)

afterAll(() => {
  removeTempProjects()
  for (const name of [...sessions]) kill(name)
})

describe("terminal permission dialog (tmux)", () => {
  it("shows the question, the reason and both choices; Down then Enter answers deny", async () => {
    const name = start("deny", ask("--interactive=true"))
    try {
      const text = await waitFor(name, "the permission dialog", dialogShown)
      assert.include(text, question)
      assert.include(text, reason)
      assert.match(text, /❯ Allow - run the tool call/)
      assert.match(text, /^\s+Deny\s*$/m)
      sendKeys(name, "Down")
      await waitFor(name, "the cursor on Deny", (t) => /❯ Deny/.test(t))
      sendKeys(name, "Enter")
      const done = await exitStatus(name)
      assert.strictEqual(done.status, 0, done.text)
      assert.match(done.text, /^ANSWER: deny$/m)
      assert.notMatch(done.text, /ANSWER: allow/)
    } finally {
      kill(name)
    }
  }, 90_000)

  it("Enter on the first choice answers allow", async () => {
    const name = start("allow", ask("--interactive=true"))
    try {
      await waitFor(name, "the permission dialog", dialogShown)
      sendKeys(name, "Enter")
      const done = await exitStatus(name)
      assert.strictEqual(done.status, 0, done.text)
      assert.match(done.text, /^ANSWER: allow$/m)
    } finally {
      kill(name)
    }
  }, 90_000)

  it("Down, Up, Enter comes back to allow", async () => {
    const name = start("updown", ask("--interactive=true"))
    try {
      await waitFor(name, "the permission dialog", dialogShown)
      sendKeys(name, "Down")
      await waitFor(name, "the cursor on Deny", (t) => /❯ Deny/.test(t))
      sendKeys(name, "Up")
      await waitFor(name, "the cursor back on Allow", (t) => /❯ Allow/.test(t))
      sendKeys(name, "Enter")
      const done = await exitStatus(name)
      assert.match(done.text, /^ANSWER: allow$/m)
    } finally {
      kill(name)
    }
  }, 90_000)

  it("with interactive: false it says there is no terminal and answers deny by default, without asking", async () => {
    const name = start("noninteractive", ask("--interactive=false"))
    try {
      const done = await exitStatus(name)
      assert.strictEqual(done.status, 0, done.text)
      assert.include(done.text, "No terminal to ask")
      assert.include(done.text, question)
      assert.match(done.text, /answered deny\.$/m)
      assert.match(done.text, /^ANSWER: deny$/m)
      assert.notInclude(done.text, "❯", "no dialog was shown")
    } finally {
      kill(name)
    }
  }, 90_000)

  it("with interactive: false and nonInteractiveAnswer allow it answers allow", async () => {
    const name = start("noninteractive-allow", ask("--interactive=false", "--otherwise=allow"))
    try {
      const done = await exitStatus(name)
      assert.match(done.text, /answered allow\.$/m)
      assert.match(done.text, /^ANSWER: allow$/m)
    } finally {
      kill(name)
    }
  }, 90_000)

  it("without a terminal (stdin and stdout piped) the default is non-interactive", async () => {
    const out = await new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(nodeBin, [askScript, "--interactive=auto"], {
        cwd: repoRoot,
        stdio: ["pipe", "pipe", "inherit"]
      })
      let stdout = ""
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
      const timer = setTimeout(() => {
        if (child.pid !== undefined) process.kill(child.pid, "SIGKILL")
        reject(new Error(`ask.ts did not finish; stdout: ${stdout}`))
      }, 40_000)
      child.on("error", reject)
      child.on("close", (status) => {
        clearTimeout(timer)
        resolve({ status, stdout })
      })
      child.stdin.end()
    })
    assert.strictEqual(out.status, 0)
    assert.include(out.stdout, "No terminal to ask")
    assert.match(out.stdout, /^ANSWER: deny$/m)
  }, 60_000)
})

describe("terminalInterpreterPromise in a terminal (tmux)", () => {
  const promiseScript = join(repoRoot, "test", "interpreters", "fixtures", "ask-promise.ts")

  it("plain TypeScript awaits carryOut: the dialog answers it (Down, Enter: deny), then disposes and exits 0", async () => {
    const name = start("promise", [nodeBin, promiseScript].map(shq).join(" "))
    try {
      await waitFor(name, "the permission dialog", dialogShown)
      sendKeys(name, "Down")
      await waitFor(name, "the cursor on Deny", (t) => /❯ Deny/.test(t))
      sendKeys(name, "Enter")
      const done = await exitStatus(name)
      assert.strictEqual(done.status, 0, done.text)
      assert.match(done.text, /^PERMISSION: deny$/m)
    } finally {
      kill(name)
    }
  }, 90_000)
})

describe("wave-hooks demo --interactive (tmux)", () => {
  it("stops at the permission dialog, takes the answer from the keys, and finishes", async () => {
    const name = start("demo", [nodeBin, cliBin, "demo", "--interactive"].map(shq).join(" "))
    try {
      const dialog = await waitFor(
        name,
        "the demo's permission dialog",
        (t) => t.includes('Allow Bash {"command":"git push origin feature/greeting"}?') && /Deny\s*$/m.test(t)
      )
      assert.include(dialog, "Reason: pushing publishes commits to the shared remote")
      assert.notMatch(dialog, /^EXIT:/m, "the demo waits for the answer")
      assert.notInclude(dialog, "agent wants to stop", "nothing after the push ran yet")
      sendKeys(name, "Down")
      await waitFor(name, "the cursor on Deny", (t) => /❯ Deny/.test(t))
      sendKeys(name, "Enter")
      const done = await exitStatus(name)
      assert.strictEqual(done.status, 0, done.text)
      assert.include(done.text, "you denied it")
      assert.include(done.text, "agent wants to stop")
      assert.include(done.text, `effect kinds shown: ${hookEffectTags.length} of ${hookEffectTags.length}.`)
    } finally {
      kill(name)
    }
  }, 120_000)
})

describe("wave-hooks demo --interactive --ask-timeout (tmux)", () => {
  it("closes a dialog nobody answers after the timeout, denies, and finishes", async () => {
    const name = start(
      "demo-timeout",
      [nodeBin, cliBin, "demo", "--interactive", "--ask-timeout", "2"].map(shq).join(" ")
    )
    try {
      await waitFor(name, "the demo's permission dialog", (t) =>
        t.includes('Allow Bash {"command":"git push origin feature/greeting"}?')
      )
      const started = Date.now()
      // No key is pressed.
      const done = await exitStatus(name)
      assert.isAtLeast(Date.now() - started, 1_000)
      assert.strictEqual(done.status, 0, done.text)
      assert.include(done.text, "nobody answered within 2 s: denied")
      assert.include(done.text, "agent wants to stop", "the session went on after the timeout")
    } finally {
      kill(name)
    }
  }, 120_000)
})

describe("wave-hooks run: the spinner (tmux)", () => {
  it("shows the running hook's command on stderr after half a second when stderr is a terminal, and clears it", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("sleep 2.5; echo slow-hook-done >&2")])] }))
    await p.trust()
    const command = `HOME=${shq(p.home)} ${[nodeBin, cliBin, "run", "Stop", "--project-dir", p.dir].map(shq).join(" ")}`
    const name = start("spinner", command)
    try {
      const spinning = await waitFor(name, "the spinner", (t) =>
        t.includes("Stop hook: sleep 2.5; echo slow-hook-done >&2")
      )
      assert.notMatch(spinning, /^EXIT:/m, "the spinner shows while the hook runs")
      const done = await exitStatus(name)
      assert.strictEqual(done.status, 0, done.text)
      assert.include(done.text, "1 hook ran")
      assert.notInclude(done.text, "Stop hook: sleep", "the spinner line was cleared")
    } finally {
      kill(name)
    }
  }, 60_000)

  it("draws nothing when stderr is not a terminal", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("sleep 0.8")])] }))
    await p.trust()
    const result = spawnSync(nodeBin, [cliBin, "run", "Stop", "--project-dir", p.dir], {
      encoding: "utf8",
      env: { ...p.env, HOME: p.home },
      timeout: 30_000
    })
    assert.strictEqual(result.status, 0, result.stderr)
    assert.notInclude(result.stderr, "Stop hook:")
    assert.include(result.stdout, "1 hook ran")
  }, 60_000)
})
