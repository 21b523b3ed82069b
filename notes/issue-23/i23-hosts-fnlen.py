import re,sys,subprocess
# Rough: top-level/indented "const x = (" or "function" or method starts, measured to the matching closing brace at the same indent.
for path in sys.argv[1:]:
    lines=open(path).read().split("\n")
    for i,l in enumerate(lines):
        m=re.match(r'^(\s*)(export )?(const|let) (\w+)\s*(:[^=]*)?=\s*(async )?(\(|<|\w+\s*=>)|^(\s*)(export )?(async )?function\*? (\w+)|^(\s+)(static |private |async |get )*(\w+)\([^)]*\)[^=]*\{$', l)
        if not m: continue
        ind=len(l)-len(l.lstrip())
        name=(m.group(4) or m.group(11) or m.group(14))
        for j in range(i+1,len(lines)):
            t=lines[j]
            if t.strip()=="" : continue
            ti=len(t)-len(t.lstrip())
            if ti<=ind and (t.strip().startswith("}") or t.strip().startswith(")")):
                n=j-i+1
                if n>=60: print(n, path+":"+str(i+1), name)
                break
            if ti<=ind and j>i+1 and not t.strip().startswith(("}",")","]")): 
                n=j-i
                if n>=60: print(n, path+":"+str(i+1), name)
                break
