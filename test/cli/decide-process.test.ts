/**
 * The built CLI as a real child process: `wave-hooks decide` and
 * `wave-hooks explain` (ARCHITECTURE section 8).
 *
 * Every invocation is started at once in `beforeAll` (node start-up dominates),
 * then each test checks its own result.
 */
import { assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "vitest"
import { hookEvents } from "../../src/index.ts"
import { cliBin, ensureCliBuilt, nodeBin, repoRoot as root } from "../helpers/cli-process.ts"

interface Ran {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Run the CLI with `args`, writing `input` to its stdin. */
const runCli = (args: ReadonlyArray<string>, input = ""): Promise<Ran> =>
  new Promise((resolve, reject) => {
    const child = spawn(nodeBin, [cliBin, ...args], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      // Node's on-disk compile cache makes the (CPU-bound) start-up of each run cheaper.
      env: { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), "wave-hooks-test-compile-cache") }
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, "SIGKILL")
      reject(new Error(`wave-hooks ${args.join(" ")} did not finish in 25 s`))
    }, 25_000)
    child.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on("close", (status) => {
      clearTimeout(timer)
      resolve({ status, stdout, stderr })
    })
    child.stdin.on("error", () => {}) // the CLI may exit before reading stdin
    child.stdin.end(input)
  })

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-cli-"))
const stdoutFile = join(tmp, "stdout.json")
const stderrFile = join(tmp, "stderr.txt")
writeFileSync(stdoutFile, '\uFEFF{"decision": "block", "reason": "keep going: 2 tests fail"}\n')
writeFileSync(stderrFile, "  from a file  \n")

const denyJson = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "no writes to /etc"
  }
})
const allowJson = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })

const cases = {
  exit2: { args: ["decide", "--event", "PreToolUse", "--exit-code", "2", "--stderr", "rm -rf is not allowed here\n"] },
  exit2Json: {
    args: ["decide", "--json", "--event", "PreToolUse", "--exit-code", "2", "--stderr", "rm -rf is not allowed here\n"]
  },
  exit2JsonFull: {
    args: [
      "decide",
      "--event",
      "PreToolUse",
      "--exit-code",
      "2",
      "--stderr",
      "rm -rf is not allowed here\n",
      "--json",
      "true"
    ]
  },
  jsonDeny: { args: ["decide", "--event", "PreToolUse", "--stdout", denyJson] },
  nothing: { args: ["decide", "--event", "Stop"] },
  timedOutBlock: {
    args: ["decide", "--event", "Stop", "--timed-out", "--on-failure", "block", "--command", "./slow-check.sh"]
  },
  claudeExit2: {
    args: [
      "decide",
      "--event",
      "PreToolUse",
      "--exit-code",
      "2",
      "--stdout",
      allowJson,
      "--stderr",
      "nope",
      "--dialect",
      "claude-code"
    ]
  },
  waveExit2: {
    args: [
      "decide",
      "--event",
      "PreToolUse",
      "--exit-code",
      "2",
      "--stdout",
      allowJson,
      "--stderr",
      "nope",
      "--dialect",
      "wave"
    ]
  },
  truncated: {
    args: [
      "decide",
      "--event",
      "PreToolUse",
      "--exit-code",
      "2",
      "--stderr",
      "partial",
      "--truncated",
      "--command",
      "big.sh"
    ]
  },
  stdoutFile: { args: ["decide", "--event", "Stop", "--stdout-file", stdoutFile] },
  stdoutStdin: {
    args: ["decide", "--event", "UserPromptSubmit", "--stdout-file", "-"],
    input: "  context from stdin\n"
  },
  stderrFile: { args: ["decide", "--event", "PreCompact", "--exit-code", "2", "--stderr-file", stderrFile] },
  badFlag: { args: ["decide", "--event", "PreToolUse", "--bogus"] },
  missingEvent: { args: ["decide", "--exit-code", "2"] },
  badDialect: { args: ["decide", "--event", "PreToolUse", "--dialect", "kiro"] },
  unknownEvent: { args: ["decide", "--event", "PreTooluse", "--exit-code", "2"] },
  bothStdout: { args: ["decide", "--event", "PreToolUse", "--stdout", "{}", "--stdout-file", stdoutFile] },
  missingFile: { args: ["decide", "--event", "PreToolUse", "--stdout-file", join(tmp, "does-not-exist.json")] },
  worktree: {
    args: [
      "decide",
      "--event",
      "WorktreeCreate",
      "--stdout",
      "preparing\n/tmp/wt/feature\n",
      "--dialect",
      "claude-code"
    ]
  },
  modelSwitch: {
    args: [
      "decide",
      "--event",
      "PreModelSwitch",
      "--exit-code",
      "2",
      "--stderr",
      "stay on the warm cache",
      "--dialect",
      "claude-code"
    ]
  },
  explainText: {
    args: [
      "explain",
      "--event",
      "PreToolUse",
      "--exit-code",
      "2",
      "--stderr",
      "rm -rf is not allowed here",
      "--command",
      "./guard.sh"
    ]
  },
  explainJson: {
    args: [
      "explain",
      "--json",
      "--event",
      "PreToolUse",
      "--stdout",
      JSON.stringify({
        systemMessage: "s",
        hookSpecificOutput: { permissionDecision: "allow", permissionDecisionReason: "ok" }
      })
    ]
  }
} satisfies Record<string, { readonly args: ReadonlyArray<string>; readonly input?: string }>

type CaseName = keyof typeof cases
const results = new Map<CaseName, Ran>()
const result = (name: CaseName): Ran => {
  const ran = results.get(name)
  if (ran === undefined) throw new Error(`no result for ${name}`)
  return ran
}

beforeAll(async () => {
  ensureCliBuilt()
  const names = Object.keys(cases) as Array<CaseName>
  // A few at a time: node start-up is CPU bound.
  const queue = [...names]
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const c: { readonly args: ReadonlyArray<string>; readonly input?: string } = cases[name]
      results.set(name, await runCli(c.args, c.input))
    }
  }
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker))
}, 180_000)

afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const assertEffectsOutput = (name: CaseName, effects: ReadonlyArray<unknown>) => {
  const ran = result(name)
  assert.strictEqual(ran.status, 0, ran.stderr)
  assert.strictEqual(ran.stdout, JSON.stringify({ effects }) + "\n")
  assert.strictEqual(ran.stderr, "")
}

const parsedEffects = (name: CaseName): ReadonlyArray<Record<string, unknown>> => {
  const ran = result(name)
  assert.strictEqual(ran.status, 0, ran.stderr)
  assert.strictEqual(ran.stdout.split("\n").filter((l) => l.length > 0).length, 1, "one line of JSON")
  const parsed = JSON.parse(ran.stdout) as { effects: ReadonlyArray<Record<string, unknown>> }
  assert.deepStrictEqual(Object.keys(parsed), ["effects"])
  return parsed.effects
}

const assertUsageError = (name: CaseName) => {
  const ran = result(name)
  assert.strictEqual(ran.status, 2, `exit status of ${name}`)
  assert.strictEqual(ran.stdout, "", "nothing on stdout")
  assert.isAbove(ran.stderr.length, 0, "a message on stderr")
}

describe("wave-hooks decide (child process)", () => {
  it("exit 2 with stderr prints the BlockTool with the trimmed stderr and exits 0", () => {
    assertEffectsOutput("exit2", [{ _tag: "BlockTool", reason: "rm -rf is not allowed here" }])
  })

  it("a JSON deny on stdout prints the BlockTool with the JSON's reason", () => {
    assertEffectsOutput("jsonDeny", [{ _tag: "BlockTool", reason: "no writes to /etc" }])
  })

  it("takes the events of issue 12: WorktreeCreate's path, PreModelSwitch's block (fast path)", () => {
    assertEffectsOutput("worktree", [{ _tag: "SetWorktreePath", path: "/tmp/wt/feature" }])
    assertEffectsOutput("modelSwitch", [{ _tag: "BlockAction", reason: "stay on the warm cache" }])
  })

  it("no output prints an empty effect list", () => {
    assertEffectsOutput("nothing", [])
  })

  it("--timed-out with --on-failure block takes the exit-2 row of the event with the description", () => {
    const effects = parsedEffects("timedOutBlock")
    assert.strictEqual(effects.length, 1)
    assert.strictEqual(effects[0]!["_tag"], "BlockStop")
    assert.include(String(effects[0]!["reason"]), "./slow-check.sh")
    assert.include(String(effects[0]!["reason"]), "timed out")
  })

  it("--dialect claude-code: exit 2 takes the blocking row even with valid JSON", () => {
    assertEffectsOutput("claudeExit2", [{ _tag: "BlockTool", reason: "nope" }])
  })

  it("--dialect wave: the same run is decided by the JSON", () => {
    assertEffectsOutput("waveExit2", [{ _tag: "AllowTool" }])
  })

  it("--truncated adds the output-truncated Diagnostic and a ShowUser warning", () => {
    const effects = parsedEffects("truncated")
    assert.deepStrictEqual(effects.map((e) => e["_tag"]).sort(), ["BlockTool", "Diagnostic", "ShowUser"])
    assert.strictEqual(effects.find((e) => e["_tag"] === "Diagnostic")!["code"], "output-truncated")
    assert.strictEqual(effects.find((e) => e["_tag"] === "ShowUser")!["level"], "warning")
  })

  it("--stdout-file reads a file (BOM and white space stripped)", () => {
    assertEffectsOutput("stdoutFile", [{ _tag: "BlockStop", reason: "keep going: 2 tests fail" }])
  })

  it("--stdout-file - reads stdin", () => {
    assertEffectsOutput("stdoutStdin", [{ _tag: "InjectContext", text: "context from stdin" }])
  })

  it("--stderr-file reads a file", () => {
    assertEffectsOutput("stderrFile", [{ _tag: "BlockCompaction", reason: "from a file" }])
  })

  it("effects carry no source field", () => {
    for (const name of ["exit2", "jsonDeny", "truncated"] as const) {
      for (const effect of parsedEffects(name)) assert.notProperty(effect, "source")
    }
  })
})

describe("wave-hooks decide: bad arguments", () => {
  it("an unknown flag prints the usage on stderr, nothing on stdout, exit 2", () => {
    assertUsageError("badFlag")
    assert.include(result("badFlag").stderr, "--bogus")
    assert.include(result("badFlag").stderr, "--event")
  })

  it("a missing --event is a usage error", () => {
    assertUsageError("missingEvent")
    assert.include(result("missingEvent").stderr, "--event")
  })

  it("an unknown --dialect is a usage error", () => {
    assertUsageError("badDialect")
    assert.include(result("badDialect").stderr, "claude-code")
  })

  it("an unknown event lists the valid events and the closest one, exit 2", () => {
    assertUsageError("unknownEvent")
    const { stderr } = result("unknownEvent")
    assert.include(stderr, "PreTooluse")
    assert.include(stderr, 'Did you mean "PreToolUse"')
    for (const event of hookEvents) assert.include(stderr, event)
  })

  it("--stdout and --stdout-file together is a usage error", () => {
    assertUsageError("bothStdout")
    assert.include(result("bothStdout").stderr, "--stdout-file")
  })

  it("an unreadable --stdout-file is a usage error naming the path", () => {
    assertUsageError("missingFile")
    assert.include(result("missingFile").stderr, "does-not-exist.json")
  })
})

describe("wave-hooks explain (child process)", () => {
  it("prints each effect with who sees it and the rule behind it", () => {
    const ran = result("explainText")
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.include(ran.stdout, "BlockTool")
    assert.include(ran.stdout, "rm -rf is not allowed here")
    assert.include(ran.stdout, "seen by")
    assert.include(ran.stdout, "the model")
    assert.include(ran.stdout, "rule")
    assert.include(
      ran.stdout,
      "PreToolUse exit 2 (docs/reference/decision-table.md#no-valid-json-the-exit-code-decides)"
    )
  })

  it("--json prints effect, audience and rule for each effect", () => {
    const ran = result("explainJson")
    assert.strictEqual(ran.status, 0, ran.stderr)
    const parsed = JSON.parse(ran.stdout) as {
      effects: ReadonlyArray<{ effect: { _tag: string }; audience: string; rule: string }>
    }
    const summary = parsed.effects.map((e) => [e.effect._tag, e.audience])
    assert.deepStrictEqual(summary, [
      ["ShowUser", "user"],
      ["AllowTool", "none"],
      ["ShowUser", "user"]
    ])
    for (const e of parsed.effects) {
      assert.isString(e.rule)
      assert.isAbove(e.rule.length, 0)
    }
    assert.include(parsed.effects[1]!.rule, "allow")
    assert.strictEqual(
      (parsed.effects[1] as unknown as { cites: string }).cites,
      "docs/reference/decision-table.md#pretooluse"
    )
    assert.strictEqual((parsed.effects[1] as unknown as { id: string }).id, "PreToolUse.allow")
  })

  it("decide takes --json like every command that prints JSON, on the fast path and in the full tree: the same output", () => {
    for (const name of ["exit2Json", "exit2JsonFull"] as const) {
      assert.strictEqual(result(name).status, 0, result(name).stderr)
      assert.strictEqual(result(name).stdout, result("exit2").stdout)
    }
  })
})
