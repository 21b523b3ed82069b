#!/bin/bash
T=$(cat /tmp/cli-T); N=/work/main/node_modules/.bin/node; cd $T/p
for i in $(seq 1 ${1:-20}); do HOME=$T/h $N /work/main/dist/bin.marked.js run PreToolUse --payload $T/payload.json 2>&1 >/dev/null; done > /tmp/marks.txt
python3 - <<'PY'
import collections,statistics
d=collections.defaultdict(list)
for l in open('/tmp/marks.txt'):
    p=l.split()
    if len(p)>=3 and p[1]=='ms': d[p[2]].append(float(p[0]))
rows=sorted(((statistics.median(v),k,len(v)) for k,v in d.items()),reverse=True)
print("sum of medians", round(sum(r[0] for r in rows),1))
for m,k,n in rows[:22]: print(f"{m:7.2f} ms  {k}")
PY
