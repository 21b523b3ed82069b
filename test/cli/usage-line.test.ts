/**
 * Usage lines are made from the flag specs (`usageLine`), so they cannot drift
 * from the flags a command takes: pinned for decide, explain and run, and every
 * spec of each command appears in its line.
 */
import { describe, expect, it } from "vitest"
import { explainParams } from "../../src/cli/decide-command.ts"
import { decideParams, decideUsage } from "../../src/cli/decide-program.ts"
import type { ParamSpecs } from "../../src/cli/flag-spec.ts"
import { FlagSpec, usageLine } from "../../src/cli/flag-spec.ts"
import { runParams, runUsage } from "../../src/cli/run-program.ts"

describe("usageLine", () => {
  it("shows each kind of parameter: arguments first, then flags in spec order", () => {
    const specs = {
      json: FlagSpec.boolean("json", "j"),
      event: FlagSpec.argument("event", "e", "Event"),
      name: FlagSpec.string("name", "n"),
      file: FlagSpec.optionalString("file", "f", "PATH"),
      count: FlagSpec.int("count", 1, "c"),
      mode: FlagSpec.choice("mode", ["a", "b"], "a", "m"),
      dir: FlagSpec.strings("dir", "d", "DIR")
    }
    expect(usageLine("x", specs)).toBe(
      "wave-hooks x <Event> [--json] --name TEXT [--file PATH] [--count N] [--mode a|b] [--dir DIR]..."
    )
  })

  it("shows finite numbers like integers, and a rest argument last, after an optional --", () => {
    const specs = {
      command: FlagSpec.rest("command", "c", "COMMAND"),
      wait: FlagSpec.number("wait", 900, "w", "SECONDS"),
      timeout: FlagSpec.optionalNumber("timeout", "t"),
      event: FlagSpec.argument("event", "e")
    }
    expect(usageLine("x", specs)).toBe("wave-hooks x <event> [--wait SECONDS] [--timeout N] [--] [<COMMAND>...]")
  })

  it("gives the usage lines of decide and run", () => {
    expect(decideUsage).toBe(
      "wave-hooks decide --event <Event> [--exit-code N] [--stdout TEXT] [--stdout-file PATH|-] [--stderr TEXT] [--stderr-file PATH|-] " +
        "[--timed-out] [--truncated] [--on-failure continue|block] [--command TEXT] [--dialect wave|claude-code|gemini-cli|codex|cursor|copilot] [--json]"
    )
    expect(runUsage).toBe(
      "wave-hooks run <Event> [--payload PATH|-] [--json] [--explain] [--wait-async] [--audit-log FILE] [--project-dir DIR] " +
        "[--dialect auto|wave|claude-code|gemini-cli|codex|cursor|copilot] [--plugin-dir DIR]..."
    )
  })

  it.each<[string, ParamSpecs]>([
    ["decide", decideParams],
    ["explain", explainParams],
    ["run", runParams]
  ])("names every parameter of %s", (command, specs) => {
    const line = usageLine(command, specs)
    for (const spec of Object.values(specs)) {
      expect(line).toContain(spec._tag === "Argument" ? `<${spec.placeholder ?? spec.name}>` : `--${spec.name}`)
    }
  })
})
