/**
 * The unreadable-settings laws (unreadable-settings.hosts.laws.test.ts) over the hosts that are real
 * processes: the CLI's `run`, `serve` and `mcp-proxy`. A file of their own, so they run beside the
 * in-process hosts in another worker.
 */
import { afterAll, beforeAll } from "@effect/vitest"
import { processHosts } from "./support/tool-hosts.ts"
import { unreadableSettingsLaws } from "./support/unreadable-settings-laws.ts"
import { ensureCliBuilt } from "../test/helpers/cli-process.ts"
import { removeTempProjects } from "../test/helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

unreadableSettingsLaws(processHosts)
