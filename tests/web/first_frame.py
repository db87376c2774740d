#!/usr/bin/env python3
"""Time to the web page's first frame in headless Chromium: for each of N fresh browser contexts
(no cache), the end of the first requestAnimationFrame callback (the first picture drawn), in ms
after the navigation started. Usage: python3 tests/web/first_frame.py [target/web] [N=5]
(after scripts/web.sh). Needs what tests/web/test_web.py needs."""
import sys, time, functools, http.server, threading, statistics
from playwright.sync_api import sync_playwright
root = sys.argv[1] if len(sys.argv) > 1 else "target/web"
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
Quiet.extensions_map = {**Quiet.extensions_map, ".wasm": "application/wasm"}
srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=root))
threading.Thread(target=srv.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{srv.server_address[1]}/index.html"
args = ["--no-sandbox","--headless=new","--disable-gpu","--use-angle=swiftshader","--enable-unsafe-swiftshader",
        "--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"]
init = "window.__frames=[];const raf=window.requestAnimationFrame.bind(window);window.requestAnimationFrame=(cb)=>raf((t)=>{cb(t);window.__frames.push(performance.now());});"
times = []
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
    for i in range(int(sys.argv[2]) if len(sys.argv) > 2 else 5):
        ctx = b.new_context(viewport={"width": 800, "height": 800})
        page = ctx.new_page(); page.add_init_script(init)
        page.goto(url)
        while page.evaluate("window.__frames.length") == 0: time.sleep(0.02)
        times.append(page.evaluate("window.__frames[0]"))
        ctx.close()
    b.close()
print("first frame (ms after navigation start):", " ".join(f"{t:.0f}" for t in times), f"median {statistics.median(times):.0f}")
