"""How long a move with nothing usable left on the match clock takes, as a manager reads it: positions
a third, two thirds and all but two moves into the games of two match directories, BOARD sent with
time_left ARGV[2] ms (eighty-second round). Usage, from the repository: python3 scripts/diag/fast_move.py "ENGINE pbrain" 50 [DIR15 DIR20]."""
import sys, glob, time, subprocess, statistics
sys.path.insert(0,__import__('os').path.join(__import__('os').path.dirname(__file__), '..'))
from match import read_psq
eng = sys.argv[1]; left = sys.argv[2]
res=[]
for f in sorted(glob.glob((sys.argv[4] if len(sys.argv) > 4 else 'docs/runs/s85/f20a') + '/*.psq'))[:40] + sorted(glob.glob((sys.argv[3] if len(sys.argv) > 3 else 'docs/runs/s85/f15a') + '/*.psq'))[:40]:
    g = read_psq(f); mv = g['moves']
    for k in (len(mv)//3, 2*len(mv)//3, len(mv)-2):
        if k < 4: continue
        p = subprocess.Popen(eng.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        def send(s): p.stdin.write(s+'\n'); p.stdin.flush()
        send(f"START {g['size']}"); p.stdout.readline()
        for s in ("INFO timeout_turn 5000", "INFO timeout_match 20000", f"INFO time_left {left}"): send(s)
        tomove = k % 2
        send("BOARD")
        for i,(x,y,_) in enumerate(mv[:k]): send(f"{x},{y},{1 if i%2==tomove else 2}")
        t=time.monotonic(); send("DONE")
        while True:
            l=p.stdout.readline()
            if not l or (',' in l and not l.startswith(('MESSAGE','DEBUG','INFO'))): break
        res.append((time.monotonic()-t)*1000)
        send("END"); p.wait()
res.sort()
print(f"{len(res)} moves: median {statistics.median(res):.1f} ms, p90 {res[int(.9*len(res))]:.1f}, max {res[-1]:.1f}")
