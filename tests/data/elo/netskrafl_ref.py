# netskrafl_ref.py RESULTS LIST — an independent reference for elocalc: SPEC §3
# computed in Python floats, the arithmetic Netskrafl itself uses (10.0 ** x,
# round() half to even).  LIST: 0 all, 1 human, 2 manual.  Prints the table.
import sys
def adj(r0, r1, s0, s1, e0, e1):
    q0 = 10.0 ** (float(r0) / 400); q1 = 10.0 ** (float(r1) / 400)
    x0 = q0 / (q0 + q1); x1 = q1 / (q0 + q1)
    a0, a1 = (1.0, 0.0) if s0 > s1 else (0.0, 1.0) if s1 > s0 else (0.5, 0.5)
    d0 = int(round((a0 - x0) * (20.0 if e0 else 32.0)))
    d1 = int(round((a1 - x1) * (20.0 if e1 else 32.0)))
    if d0 + r0 < 0: d0 = -r0
    if d1 + r1 < 0: d1 = -r1
    if e0 and not e1: d0 = 0
    if e1 and not e0: d1 = 0
    return d0, d1
P = {}
def rec(n, robot):
    if n not in P:
        P[n] = {'robot': robot, 'L': [[1200, 0, 0, 0, 0] for _ in range(3)]}
    return P[n]
for line in open(sys.argv[1]):
    if line.startswith('#') or not line.strip(): continue
    f = line.rstrip('\n').split('\t')
    flags = f[5].split(',') if len(f) > 5 else []
    s0, s1 = int(f[3]), int(f[4])
    if s0 == 0 and s1 == 0: continue
    a = rec(f[1], 'robot1' in flags); b = rec(f[2], 'robot2' in flags)
    human = not a['robot'] and not b['robot']
    lists = [0] + ([1] if human else []) + ([2] if human and 'manual' in flags else [])
    for l in lists:
        for x, s, t in ((a, s0, s1), (b, s1, s0)):
            r = x['L'][l]; r[1] += 1
            if s > t: r[2] += 1
            elif s < t: r[3] += 1
            else: r[4] += 1
    for l in lists:
        if l == 0:
            e0 = a['robot'] or a['L'][0][1] > 10; e1 = b['robot'] or b['L'][0][1] > 10
        else:
            e0 = a['L'][1][1] > 10; e1 = b['L'][1][1] > 10
        d0, d1 = adj(a['L'][l][0], b['L'][l][0], s0, s1, e0, e1)
        a['L'][l][0] += d0; b['L'][l][0] += d1
lst = int(sys.argv[2])
rows = sorted(((v['L'][lst][0], n) for n, v in P.items() if v['L'][lst][1] > 0), key=lambda t: (-t[0], t[1].encode()))
for i, (r, n) in enumerate(rows):
    g = P[n]['L'][lst]
    print('%d\t%s\t%d\t%d\t%d\t%d\t%d' % (i + 1, n, r, g[1], g[2], g[3], g[4]))
