/**
 * A small browser program over the package root: the browser bundle test
 * bundles it for the browser (rolldown, platform "browser", Node built-ins
 * forbidden), runs `compute()` in headless Chromium and compares the result
 * with `compute()` run in Node. Everything it returns is plain JSON.
 */
import { combine, decide, formatSettingsDiagnostic, hookRun, parseStdout, validateSettings } from "../../src/index.ts"

const denyJson =
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}'
const allowJson = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'

/** The effects and diagnostics the root computes for a few fixed inputs. */
export const compute = () => {
  const deny = decide("PreToolUse", hookRun({ exitCode: 0, stdout: denyJson }))
  const allow = decide("PreToolUse", hookRun({ exitCode: 0, stdout: allowJson }))
  const exit2 = decide("Stop", hookRun({ exitCode: 2, stderr: "tests fail" }))
  const settings = validateSettings(
    '{"hooks":{"PreToolUs":[{"hooks":[{"type":"command","command":"x.sh"}]}],"Stop":[{"hooks":[{"type":"command","command":"y.sh","timeout":5000}]}]}}',
    {
      file: ".wave/settings.json",
      scope: "project",
      dialect: "wave"
    }
  )
  return {
    deny,
    allow,
    exit2,
    combined: combine([deny, allow]),
    combinedReversed: combine([allow, deny]),
    parsed: parseStdout(`noise\n${denyJson}`, "wave"),
    diagnostics: settings.diagnostics.map(formatSettingsDiagnostic),
    hooks: settings.hooks.map((hook) => hook.command)
  }
}
