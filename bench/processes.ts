/**
 * Child processes for the load benchmarks (`gateway-load`, `serve`): servers
 * started until they print their address, load clients driven one command a
 * line, and what `/proc` says about a process (CPU time, resident memory).
 * Processes are ended by pid only.
 */
import type { ChildProcess } from "node:child_process"
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createInterface } from "node:readline"

/** A started child process: its pid, what it wrote on stderr, and how to end it. */
export interface Started {
  readonly child: ChildProcess
  readonly pid: number
  /** The first match of `ready` in its output (stdout and stderr together). */
  readonly match: RegExpExecArray
  readonly stderr: () => string
  /** SIGTERM by pid, then wait for the exit (SIGKILL after 5 s). */
  readonly stop: () => Promise<void>
}

/** Start `command args` and wait until its output matches `ready` (rejects when it exits first). */
export const startUntil = (
  command: string,
  args: ReadonlyArray<string>,
  options: { readonly env?: NodeJS.ProcessEnv; readonly cwd?: string; readonly ready: RegExp }
): Promise<Started> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      stdio: ["pipe", "pipe", "pipe"]
    })
    let output = ""
    let stderr = ""
    const exited = new Promise<void>((done) => child.once("exit", () => done()))
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      process.kill(child.pid!, "SIGTERM")
      const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid!, "SIGKILL"), 5000)
      await exited
      clearTimeout(timer)
    }
    const look = (chunk: string) => {
      output += chunk
      const match = options.ready.exec(output)
      if (match !== null) resolve({ child, pid: child.pid!, match, stderr: () => stderr, stop })
    }
    child.stdout!.setEncoding("utf8").on("data", look)
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk
      look(chunk)
    })
    void exited.then(() => reject(new Error(`${command} ${args.join(" ")} exited before it was ready: ${stderr}`)))
  })

/** A load client process that takes one command a line on stdin and answers one JSON line on stdout. */
export interface LineClient {
  readonly pid: number
  /** Send a command and resolve with the next JSON line it prints. */
  readonly send: <T>(command: string) => Promise<T>
  /** End it (`quit`, then the end of stdin) and wait for its exit. */
  readonly quit: () => Promise<void>
}

/** Start a load client process and wait for its first line (`{"ready":true}`). */
export const startLineClient = async (command: string, args: ReadonlyArray<string>): Promise<LineClient> => {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] })
  const exited = new Promise<void>((done) => child.once("exit", () => done()))
  const waiting: Array<(line: string) => void> = []
  const lines = createInterface({ input: child.stdout! })
  lines.on("line", (line) => waiting.shift()?.(line))
  const next = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve)
      void exited.then(() => reject(new Error(`the load client ${args.join(" ")} exited`)))
    })
  await next()
  return {
    pid: child.pid!,
    send: async <T>(command: string) => {
      const line = next()
      child.stdin!.write(`${command}\n`)
      return JSON.parse(await line) as T
    },
    quit: async () => {
      child.stdin!.end("quit\n")
      await exited
    }
  }
}

/** The CPU time a process used so far (user and system), in milliseconds (Linux `/proc`, 100 ticks a second). */
export const cpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  // After the name: state is field 3 of stat(5), so utime (14) and stime (15) are at 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** A process's resident memory, in MiB. */
export const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024

/** The load average over the last minute. */
export const loadAverage = (): number => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0])
