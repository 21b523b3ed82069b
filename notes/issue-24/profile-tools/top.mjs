import { readFileSync, readdirSync } from "node:fs"
const f = process.argv[2]
const p = JSON.parse(readFileSync(f, "utf8"))
const self = new Map(), byId = new Map()
for (const n of p.nodes) byId.set(n.id, n)
const dt = p.timeDeltas; const counts = new Map()
for (let i = 0; i < p.samples.length; i++) counts.set(p.samples[i], (counts.get(p.samples[i]) ?? 0) + (dt[i] ?? 0))
let total = 0
for (const [id, t] of counts) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || "(anon)"} ${cf.url.replace(/.*node_modules\//, "nm/").replace(/.*\/work\/main\//, "")}:${cf.lineNumber+1}`; self.set(k, (self.get(k) ?? 0) + t); total += t }
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 40))
for (const [k, t] of top) console.log((t / total * 100).toFixed(1).padStart(5) + "%", k)
// by file
const byFile = new Map()
for (const [k,t] of self) { const file = k.split(" ")[1].replace(/:\d+$/,""); byFile.set(file,(byFile.get(file)??0)+t) }
console.log("--- by file")
for (const [k,t] of [...byFile].sort((a,b)=>b[1]-a[1]).slice(0,25)) console.log((t/total*100).toFixed(1).padStart(5)+"%", k)
