/**
 * `appendAuditLine` keeps every line whole on a line of its own when another
 * writer died in the middle of its write (Linux stops a write of more than a
 * page at a page boundary on SIGKILL; a full disk stops one anywhere): the
 * torn line stays, the next line starts after a "\n", and a line that landed
 * glued to a torn one (the writer died between the look at the file's end
 * and the write) is written again, whole. Real files; the write-only case
 * runs in a process of another user when the tests run as root.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { type AuditLine, appendAuditLine, appendOnALineOfItsOwn, openOr } from "../../src/runner/audit-log.ts"
import { nodeBin, repoRoot } from "../helpers/cli-process.ts"

const tmp = fs.mkdtempSync(join(tmpdir(), "wave-hooks-audit-append-"))
fs.chmodSync(tmp, 0o755)
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const auditLine = (session: string): AuditLine => ({
  time: "2026-11-27T04:00:00.000Z",
  session,
  event: "Stop",
  projectDir: "/p",
  hooks: [],
  effects: [],
  blocking: false
})
const jsonLine = (session: string) => `${JSON.stringify(auditLine(session))}\n`
const append = (file: string, session: string) => Effect.runSync(appendAuditLine(file, auditLine(session)))

describe("appendAuditLine after a torn line", () => {
  it("given lines that each end in a newline, when one more is appended, then it follows with no blank line between", () => {
    const file = join(tmp, "whole.jsonl")
    append(file, "a")
    append(file, "b")
    assert.strictEqual(fs.readFileSync(file, "utf8"), jsonLine("a") + jsonLine("b"))
  })

  it("given a file ending in a torn line, when a line is appended, then it starts on a line of its own and the torn line stays", () => {
    const file = join(tmp, "torn.jsonl")
    const torn = jsonLine("killed").slice(0, 40)
    fs.writeFileSync(file, jsonLine("a") + torn, { mode: 0o600 })
    append(file, "b")
    append(file, "c")
    assert.strictEqual(fs.readFileSync(file, "utf8"), `${jsonLine("a")}${torn}\n${jsonLine("b")}${jsonLine("c")}`)
  })

  it("given a writer torn between the look at the end and the write, when the line lands glued to it, then it is written again whole", () => {
    const file = join(tmp, "glued.jsonl")
    fs.writeFileSync(file, jsonLine("a"), { mode: 0o600 })
    const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_APPEND)
    try {
      const looked = fs.fstatSync(fd).size
      // The killed writer's bytes arrive after the look, before the write.
      const torn = jsonLine("killed").slice(0, 40)
      fs.appendFileSync(file, torn)
      const short = appendOnALineOfItsOwn(fs, fd, looked, Buffer.from(jsonLine("b")))
      assert.isUndefined(short)
      assert.strictEqual(fs.readFileSync(file, "utf8"), `${jsonLine("a")}${torn}${jsonLine("b")}${jsonLine("b")}`)
    } finally {
      fs.closeSync(fd)
    }
    // Whatever reads the log line by line gets a and b whole; the one unreadable line is the torn one.
    const readable = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .flatMap((l) => {
        try {
          return [(JSON.parse(l) as AuditLine).session]
        } catch {
          return []
        }
      })
    assert.deepStrictEqual(readable, ["a", "b"])
  })

  it("given an open for reading and writing refused with EACCES, when the log is opened, then it is opened for writing only", () => {
    // Root reads any file, so the refusal is made here; the file and the second open are real.
    const file = join(tmp, "refused-rdwr.jsonl")
    fs.writeFileSync(file, jsonLine("a"), { mode: 0o600 })
    const opened: Array<number> = []
    const refusingReads = {
      ...fs,
      openSync: (path: fs.PathLike, flags: number, mode: number) => {
        opened.push(flags)
        if ((flags & fs.constants.O_RDWR) !== 0)
          throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" })
        return fs.openSync(path, flags, mode)
      }
    } as typeof fs
    const { O_APPEND, O_RDWR, O_WRONLY } = fs.constants
    const fd = openOr(refusingReads, file, O_RDWR | O_APPEND, O_WRONLY | O_APPEND)
    try {
      assert.deepStrictEqual(opened, [O_RDWR | O_APPEND, O_WRONLY | O_APPEND])
      // Write-only: the look at the end cannot read, and the line is appended as it is.
      assert.isUndefined(appendOnALineOfItsOwn(fs, fd, fs.fstatSync(fd).size, Buffer.from(jsonLine("b"))))
    } finally {
      fs.closeSync(fd)
    }
    assert.strictEqual(fs.readFileSync(file, "utf8"), jsonLine("a") + jsonLine("b"))
  })

  /** Whether `nobody` (65534) can run the repository's node: not when the checkout sits in a private folder. */
  const nobodyCanRunNode = (): boolean =>
    spawnSync(nodeBin, ["-e", ""], { uid: 65534, gid: 65534, timeout: 60_000 }).status === 0

  it("given a file its owner may write but not read (mode 0200), when a line is appended, then it is (the look at the end is skipped)", (ctx) => {
    // Root reads any file: as root the writer runs as nobody, who needs to reach the checkout (else the test above holds it).
    if (process.getuid?.() === 0 && !nobodyCanRunNode()) ctx.skip()
    const dir = join(tmp, "write-only")
    fs.mkdirSync(dir, { mode: 0o777 })
    fs.chmodSync(dir, 0o777)
    const file = join(dir, "log.jsonl")
    const script = join(dir, "append.ts")
    fs.writeFileSync(
      script,
      `import { Effect } from ${JSON.stringify(join(repoRoot, "node_modules", "effect", "dist", "index.js"))}\n` +
        `import { appendAuditLine } from ${JSON.stringify(join(repoRoot, "src", "runner", "audit-log.ts"))}\n` +
        `import { writeFileSync } from "node:fs"\n` +
        `const [file, session] = process.argv.slice(2)\n` +
        `const line = { time: "2026-11-27T04:00:00.000Z", session, event: "Stop", projectDir: "/p", hooks: [], effects: [], blocking: false }\n` +
        `Effect.runSync(appendAuditLine(file, line))\n`
    )
    fs.chmodSync(script, 0o644)
    // Root reads any file: as root, the writer runs as nobody (65534), who then owns the log.
    const asRoot = process.getuid?.() === 0
    const ids = asRoot ? { uid: 65534, gid: 65534 } : {}
    const run = (session: string) =>
      spawnSync(nodeBin, [script, file, session], { cwd: dir, encoding: "utf8", ...ids, timeout: 60_000 })
    const first = run("a")
    assert.strictEqual(first.status, 0, first.stderr)
    fs.chmodSync(file, 0o200)
    const second = run("b")
    assert.strictEqual(second.status, 0, second.stderr)
    fs.chmodSync(file, 0o600)
    assert.strictEqual(fs.readFileSync(file, "utf8"), jsonLine("a") + jsonLine("b"))
  })
})
