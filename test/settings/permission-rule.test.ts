/**
 * The `if` condition of a hook: permission rules in Claude Code's syntax,
 * parsed (a table of good and bad rules, and properties: parsing never
 * throws, a written rule reads back as its parts) and tested against tool
 * calls (a table per tool kind; Bash commands split on && || ; |).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { spawnSync } from "node:child_process"
import { bashSubcommands, parsePermissionRule, ruleMatches } from "../../src/settings/permission-rule.ts"
import type { RuleContext, RuleOutcome } from "../../src/settings/permission-rule.ts"
import { conditionOutcome } from "../../src/settings/hook-condition.ts"

const parse = (text: string) => {
  const parsed = parsePermissionRule(text)
  if (Result.isFailure(parsed)) throw new Error(`${text}: ${parsed.failure.message}`)
  return parsed.success
}

describe("parsePermissionRule", () => {
  const good: ReadonlyArray<readonly [string, { tool: string; wholeServer: boolean; specifier: string | undefined }]> =
    [
      ["Bash", { tool: "Bash", wholeServer: false, specifier: undefined }],
      ["Bash(git commit:*)", { tool: "Bash", wholeServer: false, specifier: "git commit:*" }],
      ["Bash(npm run test *)", { tool: "Bash", wholeServer: false, specifier: "npm run test *" }],
      ["Edit(src/**)", { tool: "Edit", wholeServer: false, specifier: "src/**" }],
      ["WebFetch(domain:example.com)", { tool: "WebFetch", wholeServer: false, specifier: "domain:example.com" }],
      ["mcp__github", { tool: "mcp__github", wholeServer: true, specifier: undefined }],
      ["mcp__github__*", { tool: "mcp__github", wholeServer: true, specifier: undefined }],
      ["mcp__github__create_issue", { tool: "mcp__github__create_issue", wholeServer: false, specifier: undefined }],
      ["  Read(~/.ssh/**)  ", { tool: "Read", wholeServer: false, specifier: "~/.ssh/**" }],
      ["Bash(echo (x))", { tool: "Bash", wholeServer: false, specifier: "echo (x)" }]
    ]
  for (const [text, expected] of good) {
    it(`given ${JSON.stringify(text)}, when parsed, then it names ${expected.tool}`, () => {
      const rule = parse(text)
      assert.deepStrictEqual({ tool: rule.tool, wholeServer: rule.wholeServer, specifier: rule.specifier }, expected)
    })
  }

  const bad: ReadonlyArray<readonly [string, RegExp]> = [
    ["", /empty/],
    ["   ", /empty/],
    ["Bash(git commit", /without a closing/],
    ["Bash)", /without "\("/],
    ["(ls)", /no tool name/],
    ["Bash()", /empty specifier/],
    ["Ba sh(ls)", /not a tool name/],
    ["Bash(git:*commit)", /can only end/],
    ["WebFetch(example.com)", /domain:example.com/],
    ["mcp__github(x)", /MCP rules take no specifier/],
    ["mcp__", /not an MCP rule/],
    ["mcp__a__b__c", /not an MCP rule/],
    ["Bash((ls)", /unbalanced/]
  ]
  for (const [text, message] of bad) {
    it(`given ${JSON.stringify(text)}, when parsed, then it fails saying ${message}`, () => {
      const parsed = parsePermissionRule(text)
      assert.isTrue(Result.isFailure(parsed), `${text} parsed`)
      if (Result.isFailure(parsed)) assert.match(parsed.failure.message, message)
    })
  }

  it("never throws, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii" }), (text) => {
        parsePermissionRule(text)
      })
    )
  })

  it("a written rule Tool(specifier) reads back as its tool and specifier", () => {
    const name = fc
      .stringMatching(/^[A-Z][A-Za-z0-9_]{0,8}$/)
      .filter((n) => !n.startsWith("mcp__") && n !== "Bash" && n !== "WebFetch")
    const specifier = fc
      .string({ unit: fc.constantFrom(..."abc /*._-~:"), minLength: 1, maxLength: 12 })
      .filter((s) => s.trim() !== "")
    fc.assert(
      fc.property(name, specifier, (tool, spec) => {
        const rule = parse(`${tool}(${spec})`)
        assert.strictEqual(rule.tool, tool)
        assert.strictEqual(rule.specifier, spec)
      })
    )
  })
})

describe("bashSubcommands", () => {
  const table: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ["git commit -m x", ["git commit -m x"]],
    [`cd src && git commit -m "a b"`, ["cd src", "git commit -m a b"]],
    ["a || b; c | d & e", ["a", "b", "c", "d", "e"]],
    ["FOO=1 BAR=2 git   push", ["git push"]],
    ["echo $(git rev-parse HEAD)", ["git rev-parse HEAD", "echo"]],
    ["echo `git status`", ["git status", "echo"]],
    ["(cd x; make)", ["cd x", "make"]],
    ["if git diff --quiet; then git commit; fi", ["git diff --quiet", "git commit", "fi"]],
    ["ls 2>&1 >/dev/null", ["ls 2>&1 >/dev/null"]],
    ["echo 'a && b'", ["echo a && b"]],
    ["echo hi # && git push", ["echo hi"]]
  ]
  for (const [line, expected] of table) {
    it(`given ${JSON.stringify(line)}, then the simple commands are ${JSON.stringify(expected)}`, () => {
      assert.deepStrictEqual(bashSubcommands(line), Result.succeed(expected))
    })
  }
  for (const line of [`echo "unclosed`, "echo 'unclosed", "echo $(date", "echo `date", "echo )", "echo \\"]) {
    it(`given ${JSON.stringify(line)}, then it cannot be parsed`, () => {
      assert.isTrue(Result.isFailure(bashSubcommands(line)))
    })
  }
  it("never throws, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."ab $()`'\"\\;&|#\n") }), (line) => {
        bashSubcommands(line)
      })
    )
  })
})

describe("bashSubcommands: a command's words are bash's words (bash is the oracle)", () => {
  /** The words bash runs for `printf %s WORD`: `printf`, `%s` and what it prints. */
  const bashWord = (word: string): string => {
    const done = spawnSync("/bin/bash", ["--norc", "--noprofile", "-c", `printf '%s' ${word}`], {
      env: { LC_ALL: "C.UTF-8", PATH: "/usr/bin:/bin" },
      timeout: 20_000
    })
    if (done.error !== undefined) throw done.error
    return new TextDecoder().decode(done.stdout)
  }
  const piece = fc.oneof(
    fc.constantFrom("a", "git", "é", "-x", "=", "\\a", "\\ ", "\\'", "\\\n", '\\"'),
    fc.array(fc.constantFrom("a", " ", "\\", '"', "&&", ";", "\n"), { maxLength: 4 }).map((cs) => `'${cs.join("")}'`),
    fc
      .array(fc.constantFrom("a", " ", "\\\\", '\\"', "\\$", "\\a", "\\\n", "'", "|"), { maxLength: 4 })
      .map((cs) => `"${cs.join("")}"`),
    fc
      .array(fc.constantFrom("a", " ", "\\'", "\\x67", "\\n", "\\t", "\\u00e9", "\\101", "\\0", "\\q", ";"), {
        maxLength: 4
      })
      .map((cs) => `$'${cs.join("")}'`),
    fc.constantFrom('$"a b"', '$""')
  )
  it("for any word of quoted pieces and escapes, the command printf %s WORD has the word bash gives printf", () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 4 }), (pieces) => {
        const word = pieces.join("")
        const bash = bashWord(word)
        const expected = bash === "" ? "printf %s" : `printf %s ${bash}`
        assert.deepStrictEqual(bashSubcommands(`printf %s ${word}`), Result.succeed([expected]), JSON.stringify(word))
      }),
      { numRuns: Number(process.env["FC_NUM_RUNS"] ?? 300) }
    )
  }, 300_000)

  it("a command word quoted with $'...' or escaped as bash reads it still runs the guard on that command", () => {
    const rule = parse("Bash(git commit:*)")
    for (const command of ["$'git' commit -m x", "$'\\x67it' commit", 'g"i"t commit', 'ls; $"git" commit']) {
      assert.deepStrictEqual(ruleMatches(rule, "Bash", { command }, {}), { _tag: "Match" }, command)
    }
  })

  it("inside double quotes a backslash before another character stays, as in bash", () => {
    assert.deepStrictEqual(bashSubcommands('echo "a\\b" "c\\"d"'), Result.succeed(['echo a\\b c"d']))
  })
})

describe("ruleMatches", () => {
  const context: RuleContext = { projectDir: "/repo", homeDir: "/home/u" }
  const match: RuleOutcome = { _tag: "Match" }
  const noMatch: RuleOutcome = { _tag: "NoMatch" }
  const table: ReadonlyArray<readonly [string, string, unknown, RuleOutcome]> = [
    ["Bash", "Bash", { command: "anything" }, match],
    ["Bash", "Edit", { file_path: "/repo/a" }, noMatch],
    ["Bash(git commit:*)", "Bash", { command: "git commit -m x" }, match],
    ["Bash(git commit:*)", "Bash", { command: "git commit" }, match],
    ["Bash(git commit:*)", "Bash", { command: "git commitx" }, noMatch],
    ["Bash(git commit:*)", "Bash", { command: "git status" }, noMatch],
    ["Bash(git commit:*)", "Bash", { command: "npm test && git commit -m x" }, match],
    ["Bash(git commit:*)", "Bash", { command: "echo 'git commit'" }, noMatch],
    ["Bash(git push:*)", "Bash", { command: "make | tee log; git push origin" }, match],
    ["Bash(git *)", "Bash", { command: "git log" }, match],
    ["Bash(git *)", "Bash", { command: "gitk" }, noMatch],
    ["Bash(npm run test *)", "Bash", { command: "npm run test --watch" }, match],
    ["Bash(npm run test *)", "Bash", { command: "npm run build" }, noMatch],
    ["Bash(rm -rf /)", "Bash", { command: "rm -rf /" }, match],
    ["Bash(rm -rf /)", "Bash", { command: "rm -rf /tmp" }, noMatch],
    [
      "Bash(git commit:*)",
      "Bash",
      { command: 'git commit -m "unclosed' },
      { _tag: "Unparseable", reason: "a double quote is not closed" }
    ],
    ["Edit(src/**)", "Edit", { file_path: "/repo/src/a/b.ts" }, match],
    ["Edit(src/**)", "Edit", { file_path: "/repo/test/a.ts" }, noMatch],
    ["Edit(src/**)", "Edit", { file_path: "/elsewhere/src/a.ts" }, noMatch],
    ["Edit(*.ts)", "Edit", { file_path: "/repo/deep/in/x.ts" }, match],
    ["Edit(*.ts)", "Edit", { file_path: "/repo/x.tsx" }, noMatch],
    ["Write(/docs/*.md)", "Write", { file_path: "/repo/docs/a.md" }, match],
    ["Write(/docs/*.md)", "Write", { file_path: "/repo/docs/sub/a.md" }, noMatch],
    ["Read(//etc/**)", "Read", { file_path: "/etc/passwd" }, match],
    ["Read(~/.ssh/**)", "Read", { file_path: "/home/u/.ssh/id_rsa" }, match],
    ["Read(~/.ssh/**)", "Read", { file_path: "/repo/.ssh/x" }, noMatch],
    ["NotebookEdit(src/**)", "NotebookEdit", { notebook_path: "/repo/src/n.ipynb" }, match],
    ["Grep(src)", "Grep", { pattern: "x", path: "/repo/src/a" }, match],
    ["Edit(src/**)", "Edit", { file_path: "/repo/src/../secret/a" }, noMatch],
    ["WebFetch(domain:example.com)", "WebFetch", { url: "https://example.com/x" }, match],
    ["WebFetch(domain:example.com)", "WebFetch", { url: "https://evil.com/?example.com" }, noMatch],
    ["WebFetch(domain:*.example.com)", "WebFetch", { url: "https://api.example.com/" }, match],
    ["WebSearch(claude *)", "WebSearch", { query: "claude hooks" }, match],
    ["Task(reviewer)", "Task", { subagent_type: "reviewer", prompt: "x" }, match],
    ["Task(reviewer)", "Task", { subagent_type: "other", prompt: "reviewer" }, noMatch],
    ["mcp__github", "mcp__github__create_issue", {}, match],
    ["mcp__github__*", "mcp__github__list", {}, match],
    ["mcp__github", "mcp__githubx__list", {}, noMatch],
    ["mcp__github__create_issue", "mcp__github__create_issue", {}, match],
    ["mcp__github__create_issue", "mcp__github__list", {}, noMatch]
  ]
  for (const [rule, tool, input, expected] of table) {
    it(`given ${rule}, when ${tool} ${JSON.stringify(input)}, then ${expected._tag}`, () => {
      assert.deepStrictEqual(ruleMatches(parse(rule), tool, input, context), expected)
    })
  }
})

describe("ruleMatches: a guard is never skipped for a command it guards", () => {
  it("any chain of commands (&& || ; | and newlines, quoted words) with a git commit in it runs a Bash(git commit:*) guard", () => {
    const rule = parse("Bash(git commit:*)")
    const word = fc.oneof(
      fc.stringMatching(/^[a-z0-9._/-]{1,8}$/),
      fc.stringMatching(/^[a-z &;|]{0,8}$/).map((w) => `'${w}'`),
      fc.stringMatching(/^[a-z &;|]{0,8}$/).map((w) => `"${w}"`)
    )
    const command = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(" "))
    const separator = fc.constantFrom(" && ", " || ", "; ", " | ", "\n", " & ")
    fc.assert(
      fc.property(
        fc.array(fc.tuple(command, separator), { maxLength: 4 }),
        fc.array(word, { maxLength: 3 }),
        fc.array(fc.tuple(separator, command), { maxLength: 4 }),
        (before, args, after) => {
          const line =
            before.map(([c, s]) => `${c}${s}`).join("") +
            ["git", "commit", ...args].join(" ") +
            after.map(([s, c]) => `${s}${c}`).join("")
          assert.deepStrictEqual(ruleMatches(rule, "Bash", { command: line }, {}), { _tag: "Match" }, line)
        }
      )
    )
  })
})

describe("ruleMatches: hostile input cannot hang it", () => {
  it("a many-star Bash rule against a 20,000-character command, and a many-** path rule against 2,000 folders, answer at once", () => {
    const started = Date.now()
    const bashRule = parse(`Bash(${"*a".repeat(12)}*b)`)
    assert.deepStrictEqual(ruleMatches(bashRule, "Bash", { command: "a".repeat(20_000) }, {}), { _tag: "NoMatch" })
    const pathRule = parse(`Edit(${"**/a/".repeat(6)}**/b)`)
    const deep = `/repo/${Array.from({ length: 2000 }, () => "a").join("/")}/c`
    assert.deepStrictEqual(ruleMatches(pathRule, "Edit", { file_path: deep }, { projectDir: "/repo" }), {
      _tag: "NoMatch"
    })
    assert.deepStrictEqual(
      ruleMatches(pathRule, "Edit", { file_path: deep.replace(/\/c$/, "/b") }, { projectDir: "/repo" }),
      { _tag: "Match" }
    )
    assert.isBelow(Date.now() - started, 2000)
  })
})

describe("conditionOutcome", () => {
  it("given a hook without if, then it matches on every event", () => {
    assert.deepStrictEqual(conditionOutcome(undefined, "Stop", {}, {}), { _tag: "Match" })
  })
  it("given a hook with if on an event that is not a tool event, then it never runs", () => {
    assert.deepStrictEqual(conditionOutcome("Bash", "Stop", { tool_name: "Bash" }, {}), { _tag: "NoMatch" })
    assert.deepStrictEqual(conditionOutcome("Bash", "UserPromptSubmit", {}, {}), { _tag: "NoMatch" })
  })
  it("given a relative tool path, then it is resolved against the payload's cwd", () => {
    const payload = { tool_name: "Edit", tool_input: { file_path: "a.ts" }, cwd: "/repo/src" }
    assert.deepStrictEqual(conditionOutcome("Edit(src/*.ts)", "PostToolUse", payload, { projectDir: "/repo" }), {
      _tag: "Match"
    })
  })
})
