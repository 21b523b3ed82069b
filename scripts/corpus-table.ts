/**
 * Print the corpus's cases per event and dialect as a markdown table
 * (`node scripts/corpus-table.ts`), for test/corpus/README.md.
 */
import { hookEvents } from "../src/core/events.ts"
import { corpus } from "../test/corpus/cases.ts"

const count = (event: string, dialect: string): number => corpus.filter((c) => c.event === event && c.dialect === dialect).length
const lines = ["| event | claude-code | wave |", "|---|---|---|"]
for (const event of hookEvents) lines.push(`| ${event} | ${count(event, "claude-code")} | ${count(event, "wave") || "-"} |`)
lines.push(`| all | ${corpus.filter((c) => c.dialect === "claude-code").length} | ${corpus.filter((c) => c.dialect === "wave").length} |`)
console.log(lines.join("\n"))
