# Kayles by the definition, as a contestant writes it: options enumerated, mex, values 0..N.
import sys
N = int(sys.argv[1])
g = []
for n in range(N):
    opts = []
    for t in (1, 2):
        if n >= t:
            for a in range((n - t) // 2 + 1):
                opts.append((a, n - t - a))
    seen = set(g[a] ^ g[b] for a, b in opts)
    m = 0
    while m in seen:
        m += 1
    g.append(m)
print(g[-1])
