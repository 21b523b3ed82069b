/**
 * Issue 21, "Wave's own tests: the last differences (wave dialect)": what a
 * hook sees and what its answer does where Wave and Claude Code differ,
 * with real hook processes in a real project (ARCHITECTURE 2, 5.4, 6).
 *
 * - SubagentStop's stdin has neither `background_tasks` nor `session_crons`
 *   in the wave dialect (Stop keeps them; the claude-code dialect sends
 *   them on both).
 * - WorktreeCreate (wave): the path is the first successful hook's stdout,
 *   trimmed; a failing hook does not fail the creation when another hook
 *   gave a path (claude-code: any failure fails it, the last line is the path).
 * - WorktreeRemove (wave): a failing hook is shown and the removal goes on
 *   (claude-code: it blocks).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { Dialect } from "../../src/index.ts"
import { effectsOf, group, hook, makeProject, printing, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

/** A hook that saves its stdin to `file` in the project. */
const saveStdin = (file: string): string => `cat > ${file}`

describe("SubagentStop's payload (wave dialect)", () => {
  const payloadsIn = async (dialect: Dialect) => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        Stop: [group([hook(saveStdin("stop.json"))])],
        SubagentStop: [group([hook(saveStdin("subagent.json"))])]
      }),
      dialect
    )
    await p.run("Stop", { stop_hook_active: false }, { dialect })
    await p.run(
      "SubagentStop",
      { stop_hook_active: false, agent_id: "a1", agent_type: "Explore", agent_transcript_path: "/t/a1.jsonl" },
      { dialect }
    )
    return {
      stop: JSON.parse(p.read("stop.json")) as Record<string, unknown>,
      subagent: JSON.parse(p.read("subagent.json")) as Record<string, unknown>
    }
  }

  it("wave: SubagentStop's stdin has neither background_tasks nor session_crons; Stop's has both, empty", async () => {
    const { stop, subagent } = await payloadsIn("wave")
    assert.deepStrictEqual([stop["background_tasks"], stop["session_crons"]], [[], []])
    assert.isFalse("background_tasks" in subagent, JSON.stringify(subagent))
    assert.isFalse("session_crons" in subagent, JSON.stringify(subagent))
    assert.strictEqual(subagent["agent_id"], "a1")
  })

  it("claude-code: both events carry the two lists, empty when the agent sent none", async () => {
    const { stop, subagent } = await payloadsIn("claude-code")
    assert.deepStrictEqual([stop["background_tasks"], stop["session_crons"]], [[], []])
    assert.deepStrictEqual([subagent["background_tasks"], subagent["session_crons"]], [[], []])
  })

  it("wave: lists the agent did send reach the SubagentStop hook as sent", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ SubagentStop: [group([hook(saveStdin("subagent.json"))])] }))
    await p.run("SubagentStop", { agent_id: "a1", agent_type: "", background_tasks: [{ id: "b1" }] })
    const subagent = JSON.parse(p.read("subagent.json")) as Record<string, unknown>
    assert.deepStrictEqual(subagent["background_tasks"], [{ id: "b1" }])
    assert.isFalse("session_crons" in subagent)
  })
})

/** A WorktreeCreate hook that fails with exit `code` and says why on stderr. */
const failing = (code: number, why: string): string => `echo ${JSON.stringify(why)} >&2; exit ${code}`

describe("WorktreeCreate: the first successful hook's path (wave dialect)", () => {
  const create = async (hooks: ReadonlyArray<string>, dialect: Dialect = "wave") => {
    const p = makeProject()
    p.writeSettings("project", settings({ WorktreeCreate: [group(hooks.map((command) => hook(command)))] }), dialect)
    return (await p.run("WorktreeCreate", { name: "feature-x" }, { dialect })).effects
  }

  it("an earlier failing hook does not block the creation when a later one prints a path; the failure is shown", async () => {
    const effects = await create([failing(1, "no space left on device"), printing("/tmp/worktrees/b")])
    assert.deepStrictEqual(effectsOf(effects, "BlockAction"), [])
    assert.deepStrictEqual(effectsOf(effects, "SetWorktreePath"), [
      { _tag: "SetWorktreePath", path: "/tmp/worktrees/b" }
    ])
    const errors = effectsOf(effects, "ShowUser")
      .filter((e) => e.level === "error")
      .map((e) => e.text)
    assert.strictEqual(errors.length, 1, JSON.stringify(effects))
    assert.include(errors[0], "no space left on device")
    assert.include(errors[0], "/tmp/worktrees/b")
  })

  it("an exit 2 before a success does not block either", async () => {
    const effects = await create([failing(2, "not on main"), printing("/tmp/worktrees/b")])
    assert.deepStrictEqual(effectsOf(effects, "BlockAction"), [])
    assert.deepStrictEqual(
      effectsOf(effects, "SetWorktreePath").map((e) => e.path),
      ["/tmp/worktrees/b"]
    )
  })

  it("the first successful hook's path counts, not the last; the later path is reported", async () => {
    const effects = await create([printing("/tmp/worktrees/a"), printing("/tmp/worktrees/b")])
    assert.deepStrictEqual(
      effectsOf(effects, "SetWorktreePath").map((e) => e.path),
      ["/tmp/worktrees/a"]
    )
    assert.isTrue(
      effectsOf(effects, "Diagnostic").some(
        (d) => d.code === "ignored-output" && d.message.includes("/tmp/worktrees/b")
      ),
      JSON.stringify(effects)
    )
  })

  it("the path is the hook's stdout, trimmed", async () => {
    const effects = await create([`printf '  /tmp/worktrees/with space  \\n\\n'`])
    assert.deepStrictEqual(
      effectsOf(effects, "SetWorktreePath").map((e) => e.path),
      ["/tmp/worktrees/with space"]
    )
  })

  it("a stdout over several lines is the path as Wave takes it, with a warning saying to print only the path", async () => {
    const effects = await create([`echo 'Preparing worktree'; echo /tmp/worktrees/a`])
    assert.deepStrictEqual(
      effectsOf(effects, "SetWorktreePath").map((e) => e.path),
      ["Preparing worktree\n/tmp/worktrees/a"]
    )
    const warnings = effectsOf(effects, "ShowUser")
      .filter((e) => e.level === "warning")
      .map((e) => e.text)
    assert.isTrue(
      warnings.some((w) => w.includes("2 lines") && w.includes("Print only the path")),
      JSON.stringify(warnings)
    )
  })

  it("when no hook succeeds the creation fails, with every hook's reason", async () => {
    const effects = await create([failing(1, "no space left on device"), `true`])
    const blocks = effectsOf(effects, "BlockAction")
    assert.strictEqual(blocks.length, 1)
    assert.include(blocks[0]!.reason, "no space left on device")
    assert.include(blocks[0]!.reason, "printed no worktree path")
    assert.deepStrictEqual(effectsOf(effects, "SetWorktreePath"), [])
  })

  it("claude-code keeps Claude Code's rule: any failure fails the creation, and the last line is the path", async () => {
    const blocked = await create([failing(1, "no space left on device"), printing("/tmp/worktrees/b")], "claude-code")
    assert.deepStrictEqual(effectsOf(blocked, "SetWorktreePath"), [])
    assert.include(effectsOf(blocked, "BlockAction")[0]!.reason, "no space left on device")
    const lastLine = await create([`echo 'Preparing worktree'; echo /tmp/worktrees/a`], "claude-code")
    assert.deepStrictEqual(
      effectsOf(lastLine, "SetWorktreePath").map((e) => e.path),
      ["/tmp/worktrees/a"]
    )
  })
})

describe("WorktreeRemove: a failing hook is shown and the removal goes on (wave dialect)", () => {
  const remove = async (command: string, dialect: Dialect = "wave") => {
    const p = makeProject()
    p.writeSettings("project", settings({ WorktreeRemove: [group([hook(command)])] }), dialect)
    return (await p.run("WorktreeRemove", { worktree_path: "/tmp/worktrees/a" }, { dialect })).effects
  }

  for (const code of [1, 2]) {
    it(`exit ${code}: no BlockAction; the hook's stderr is shown as an error`, async () => {
      const effects = await remove(failing(code, "could not delete the branch"))
      assert.deepStrictEqual(effectsOf(effects, "BlockAction"), [])
      assert.deepStrictEqual(effectsOf(effects, "ShowUser"), [
        { _tag: "ShowUser", level: "error", text: "could not delete the branch" }
      ])
    })
  }

  it("a timed-out hook does not block the removal either", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ WorktreeRemove: [group([hook("sleep 30", { timeout: 1 })])] }))
    const effects = (await p.run("WorktreeRemove", { worktree_path: "/tmp/worktrees/a" })).effects
    assert.deepStrictEqual(effectsOf(effects, "BlockAction"), [])
    assert.include(effectsOf(effects, "ShowUser")[0]!.text, "timed out")
  })

  it("claude-code: a failing hook blocks the removal", async () => {
    const effects = await remove(failing(1, "could not delete the branch"), "claude-code")
    assert.deepStrictEqual(effectsOf(effects, "BlockAction"), [
      { _tag: "BlockAction", reason: "could not delete the branch" }
    ])
  })
})
