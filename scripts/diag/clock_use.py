"""Each engine's use of the clock in match runs (match.py --out DIRs): the clock used a game (mean, most),
its longest move, and the mean time of its first twelve moves after the opening (eighty-second round)."""
import sys, glob, statistics
sys.path.insert(0, __import__('os').path.join(__import__('os').path.dirname(__file__), '..'))
from match import read_psq
for d in sys.argv[1:]:
    per = {}
    for f in sorted(glob.glob(d + '/game-*.psq')):
        g = read_psq(f)
        if not g: continue
        n = g['opening']
        for side, name in ((0, g['black']), (1, g['white'])):
            ts = [m[2] for i, m in enumerate(g['moves']) if i >= n and i % 2 == side]
            r = per.setdefault(name, {'tot': [], 'by': {}, 'max': 0})
            r['tot'].append(sum(ts)); r['max'] = max([r['max']] + ts)
            for k, t in enumerate(ts[:12]): r['by'].setdefault(k, []).append(t)
    for name, r in per.items():
        by = ' '.join(f"{statistics.mean(r['by'][k]):.0f}" for k in sorted(r['by']))
        print(f"{d} {name:6} games {len(r['tot'])} clock used mean {statistics.mean(r['tot'])/1000:.1f} s max {max(r['tot'])/1000:.1f} s, longest move {r['max']} ms; by move: {by}")
