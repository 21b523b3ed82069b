import { renderTerminal } from "../../src/interpreters/terminal/terminal-interpreter.ts"
import { makeInterpreter } from "../../src/interpreters/contract.ts"
import { conformance } from "./conformance.ts"

// The terminal renders for a person (its dialog is tested in a real terminal with
// tmux); it has no model channel: it labels what the model is told.
conformance("terminal", () => {
  const lines: Array<string> = []
  return {
    layer: makeInterpreter("terminal", renderTerminal({ write: (text) => lines.push(text), color: false })),
    shown: () => ({ user: lines.join(""), model: undefined })
  }
})
