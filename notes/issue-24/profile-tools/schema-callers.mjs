import { readFileSync, readdirSync } from "node:fs"
const dir = process.argv[2]; const bundle = process.argv[3]; const base = bundle.split("/").pop()
const lines = readFileSync(bundle, "utf8").split("\n"); const regionAt = []; let cur = "?"
for (let i = 0; i < lines.length; i++) { const m = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(lines[i]); if (m) cur = m[1]; regionAt[i] = cur }
const files = readdirSync(dir).filter(f => f.endsWith(".cpuprofile"))
const callers = new Map(); let schemaTotal = 0, total = 0
for (const f of files) {
  const p = JSON.parse(readFileSync(dir + "/" + f, "utf8")); const byId = new Map(); for (const n of p.nodes) byId.set(n.id, n)
  const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  for (let i = 0; i < p.samples.length; i++) { const t = p.timeDeltas[i] ?? 0; total += t
    let id = p.samples[i]; let inSchema = false; let caller
    while (id !== undefined) { const n = byId.get(id); const cf = n.callFrame
      if (cf.url.endsWith(base)) { const r = regionAt[cf.lineNumber] ?? "?"
        if (/effect\/dist\/(Schema|internal\/schema)/.test(r)) inSchema = true
        else if (inSchema && (r.startsWith("src/") || cf.lineNumber === 0)) { caller = `${cf.functionName || "(top-level)"} ${r}:${cf.lineNumber+1}`; break } }
      id = parent.get(id) }
    if (inSchema) { schemaTotal += t; callers.set(caller ?? "?", (callers.get(caller ?? "?") ?? 0) + t) }
  }
}
console.log("schema ms/run", (schemaTotal/files.length/1000).toFixed(1), "of", (total/files.length/1000).toFixed(1))
for (const [k, t] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((t/files.length/1000).toFixed(2).padStart(7) + "ms", k)
