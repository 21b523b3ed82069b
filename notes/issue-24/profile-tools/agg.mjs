import { readFileSync, readdirSync } from "node:fs"
const dir = process.argv[2]; const files = readdirSync(dir).filter(f => f.endsWith(".cpuprofile"))
const self = new Map(); let total = 0
const byFile = new Map()
for (const f of files) {
  const p = JSON.parse(readFileSync(dir + "/" + f, "utf8")); const byId = new Map(); for (const n of p.nodes) byId.set(n.id, n)
  for (let i = 0; i < p.samples.length; i++) { const n = byId.get(p.samples[i]); const t = p.timeDeltas[i] ?? 0; const cf = n.callFrame
    const file = cf.url.replace(/.*node_modules\//, "nm/").replace(/.*\/work\/main\//, ""); const k = `${cf.functionName || "(anon)"} ${file}:${cf.lineNumber+1}`
    self.set(k, (self.get(k) ?? 0) + t); byFile.set(file, (byFile.get(file) ?? 0) + t); total += t }
}
console.log("total ms per run", (total / files.length / 1000).toFixed(1))
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 30))) console.log((t / total * 100).toFixed(1).padStart(5) + "%", (t/files.length/1000).toFixed(2).padStart(6)+"ms", k)
console.log("--- by file")
for (const [k, t] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((t / total * 100).toFixed(1).padStart(5) + "%", (t/files.length/1000).toFixed(2).padStart(6)+"ms", k)
