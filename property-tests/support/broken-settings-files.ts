/**
 * Broken settings cases on disk: a temp HOME, project and managed folder per
 * case (so the real user's and the system's settings are never read), the
 * broken file written as the case says, the allowing hook in another file,
 * and `repair` to fix the broken file in place (the same paths, for a host
 * that is still running).
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import type { AllowPlace, BrokenSettingsCase } from "../arbitraries/settings-breakages.ts"
import { brokenTextOf } from "../arbitraries/settings-breakages.ts"
import { projectSettingsToTrust } from "../../src/runner/settings-files.ts"
import { recordTrust } from "../../src/runner/trust-store.ts"
import { tempDir } from "../../test/helpers/project.ts"

/** The folders of one case, and the environment its hosts and hooks get. */
export interface CaseDirs {
  readonly dialect: "wave" | "claude-code"
  /** The CLI's `--dialect` flag for the case: `["--dialect", dialect]`, or none (both dialects' files read, issue 21). */
  readonly dialectArgs: ReadonlyArray<string>
  readonly root: string
  readonly home: string
  readonly projectDir: string
  readonly managedDir: string
  /** `process.env` with HOME and WAVE_HOOKS_MANAGED_SETTINGS_DIR set to the case's folders. */
  readonly env: { readonly [name: string]: string | undefined }
  /** Options every in-process host takes: the case's folders, never the real ones. */
  readonly sessionOptions: {
    readonly dialect?: "wave" | "claude-code"
    readonly projectDir: string
    readonly homeDir: string
    readonly managedSettingsDir: string
    readonly env: { readonly [name: string]: string | undefined }
  }
}

/**
 * Fresh, empty folders for one case (removed by `removeTempProjects`); the
 * hosts are given the dialect when `withFlag` (default), else none (both
 * dialects' files are read, each in its own).
 */
export const caseDirs = (dialect: "wave" | "claude-code" = "wave", withFlag = true): CaseDirs => {
  const root = tempDir("wave-hooks-unreadable-")
  const home = join(root, "home")
  const projectDir = join(root, "project")
  const managedDir = join(root, "managed")
  for (const dir of [home, projectDir, managedDir]) mkdirSync(dir, { recursive: true })
  const env = { ...process.env, HOME: home, WAVE_HOOKS_MANAGED_SETTINGS_DIR: managedDir }
  return {
    dialect,
    dialectArgs: withFlag ? ["--dialect", dialect] : [],
    root,
    home,
    projectDir,
    managedDir,
    env,
    sessionOptions: { ...(withFlag ? { dialect } : {}), projectDir, homeDir: home, managedSettingsDir: managedDir, env }
  }
}

/** Where a place's file lives (the user's and the project's in `.wave/` or `.claude/`, by dialect). */
export const placePath = (dirs: CaseDirs, place: AllowPlace): string =>
  place === "user" || place === "project"
    ? join(
        place === "user" ? dirs.home : dirs.projectDir,
        dirs.dialect === "wave" ? ".wave" : ".claude",
        "settings.json"
      )
    : place === "managed"
      ? join(dirs.managedDir, "managed-settings.json")
      : join(dirs.managedDir, "managed-settings.d", "50-policy.json")

/** The `managed-settings.d` folder of a case. */
const dropInFolder = (dirs: CaseDirs): string => join(dirs.managedDir, "managed-settings.d")

/**
 * The path a refusal must name: the broken file, or the `managed-settings.d`
 * folder that cannot be listed.
 */
export const brokenPathOf = (dirs: CaseDirs, c: BrokenSettingsCase): string =>
  c.breakage.kind === "drop-in-folder-not-listable" ? dropInFolder(dirs) : placePath(dirs, c.broken)

const write = (path: string, text: string): void => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

/** The PreToolUse and PermissionRequest outputs that explicitly allow a tool call. */
export const allowOutputs = {
  PreToolUse: {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      permissionDecisionReason: "the other file allows it"
    }
  },
  PermissionRequest: { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } }
} as const

/** A settings object whose hooks (real command processes) allow every tool call, on both tool-gating events. */
export const allowingSettings = (): Record<string, unknown> => ({
  hooks: Object.fromEntries(
    Object.entries(allowOutputs).map(([event, output]) => [
      event,
      [
        {
          matcher: "*",
          hooks: [{ type: "command", command: `cat > /dev/null; printf '%s' '${JSON.stringify(output)}'` }]
        }
      ]
    ])
  )
})

/** Record the project's settings files as trusted in the case's HOME, as `wave-hooks trust --yes` does. */
const trustProject = (dirs: CaseDirs): Promise<void> =>
  Effect.runPromise(
    projectSettingsToTrust(dirs.projectDir, dirs.home).pipe(
      Effect.flatMap((found) =>
        recordTrust(
          dirs.home,
          found.flatMap((f) => (f.trusted === undefined ? [] : [f.trusted]))
        )
      ),
      Effect.asVoid,
      Effect.orDie,
      Effect.provide(NodeServices.layer)
    )
  )

/** Write the allowing hook's file of a case (a project file is trusted too). */
export const writeAllowing = async (dirs: CaseDirs, place: AllowPlace): Promise<void> => {
  write(placePath(dirs, place), JSON.stringify(allowingSettings(), null, 2))
  if (place === "project") await trustProject(dirs)
}

/**
 * Write the case: the broken file as its breakage says (replacing what is
 * there, so a running host sees it break), and the allowing hook in `allowIn`.
 */
export const writeCase = async (dirs: CaseDirs, c: BrokenSettingsCase): Promise<void> => {
  await writeAllowing(dirs, c.allowIn)
  const path = placePath(dirs, c.broken)
  rmSync(c.breakage.kind === "drop-in-folder-not-listable" ? dropInFolder(dirs) : path, {
    recursive: true,
    force: true
  })
  switch (c.breakage.kind) {
    case "directory":
      mkdirSync(path, { recursive: true })
      return
    case "fifo": {
      mkdirSync(dirname(path), { recursive: true })
      const made = spawnSync("mkfifo", [path], { encoding: "utf8" })
      if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr}`)
      return
    }
    case "drop-in-folder-not-listable":
      // A regular file where the folder should be: listing it fails (ENOTDIR).
      write(dropInFolder(dirs), c.valid.text)
      return
    default:
      write(path, brokenTextOf(c.valid, c.breakage)!)
  }
}

/** Fix the broken file in place: its valid text at the same path (a folder or FIFO is replaced by the file). */
export const repair = (dirs: CaseDirs, c: BrokenSettingsCase): void => {
  if (c.breakage.kind === "drop-in-folder-not-listable") {
    rmSync(dropInFolder(dirs), { force: true })
    write(placePath(dirs, "managed-drop-in"), c.valid.text)
    return
  }
  const path = placePath(dirs, c.broken)
  rmSync(path, { recursive: true, force: true })
  write(path, c.valid.text)
}
