#!/usr/bin/env python3
"""The web page in a real browser: Debian's Chromium (headless, software WebGL), driven by
Playwright for Python, on the page that scripts/web.sh builds, served from 127.0.0.1.

    bash scripts/web.sh && python3 tests/web/test_web.py [target/web]

Needs: `chromium` (Debian) and `pip install playwright` (its own browser download is not used:
the system Chromium is, at $CHROMIUM or /usr/bin/chromium). Prints one line per check and a
closing `web: N passed, N failed`; exits 1 when any failed. Every check also fails on an error in
the page's console or an uncaught exception.

The LED picture is 800 × 800 Easel units; on an 800 × 800 page at device scale 1 an Easel point
(x, y) is the pixel (x, 800 − y): the cell c of the 3 × 3 board is centred on
(150 + 100·((c − 1) mod 3), 150 + 100·⌊(c − 1) / 3⌋) (seed 002 (18)–(19)), its x drawn BLUE and
its o GREEN.
"""

import base64
import functools
import http.server
import os
import sys
import threading
import time
import traceback

from playwright.sync_api import sync_playwright

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/web")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Headless Chromium as root on a machine without a GPU or a network.
ARGS = [
    "--no-sandbox",
    "--headless=new",
    "--disable-gpu",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]

# Every requestAnimationFrame callback's end (performance.now(), ms since the page's start); and
# while `window.__watch` is [x, y, width, height, colour] — a box of the canvas (GL pixels, y up:
# Easel units on an 800 × 800 page) and "orange" or "green" — the number of pixels of that colour
# the frame drew in it (in `window.__seen`, one per frame), read back from the drawing buffer
# right after the frame (before the page shows and clears it).
FRAME_COUNTER = """
window.__frames = [];
window.__watch = window.__watch || null;
window.__seen = [];
const COLOURS = {
  orange: (r, g, b) => r > 220 && g > 100 && g < 180 && b < 60,
  green: (r, g, b) => g > 180 && r < 90 && b < 90,
};
window.__count = () => {
  const canvas = document.getElementById('glcanvas');
  const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
  const [x, y, w, h, colour] = window.__watch;
  const test = COLOURS[colour];
  const px = new Uint8Array(w * h * 4);
  gl.readPixels(x, y, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
  let n = 0;
  for (let i = 0; i < px.length; i += 4) {
    if (test(px[i], px[i + 1], px[i + 2])) n++;
  }
  return n;
};
const raf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (cb) => raf((t) => {
  cb(t);
  window.__frames.push(performance.now());
  if (window.__watch) window.__seen.push(window.__count());
});
"""

# The board of the larger boards, Easel 20–600 × 110–710, as a box of GL pixels.
BOARD = [20, 110, 580, 600]

# The page's pixels as base64 RGBA, decoded by the browser from a screenshot.
DECODE = """async (png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const g = canvas.getContext("2d");
  g.drawImage(bitmap, 0, 0);
  const data = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
  let s = "";
  for (let i = 0; i < data.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
  }
  return [bitmap.width, bitmap.height, btoa(s)];
}"""


class Shot:
    """A screenshot's pixels."""

    def __init__(self, page):
        png = base64.b64encode(page.screenshot()).decode()
        self.width, self.height, rgba = page.evaluate(DECODE, png)
        self.rgba = base64.b64decode(rgba)

    def pixel(self, x, y):
        i = 4 * (y * self.width + x)
        return tuple(self.rgba[i : i + 3])

    def count(self, box, test):
        """How many pixels of the box (left, top, right, bottom) pass `test`."""
        left, top, right, bottom = box
        return sum(
            1 for y in range(top, bottom) for x in range(left, right) if test(self.pixel(x, y))
        )


def blue(p):
    return p[2] > 180 and p[0] < 90 and p[1] < 90


def green(p):
    return p[1] > 180 and p[0] < 90 and p[2] < 90


def cell_box(c):
    """A 60 × 60 square inside cell c of the LED board, clear of the grid's lines."""
    x = 150 + 100 * ((c - 1) % 3)
    y = 150 + 100 * ((c - 1) // 3)
    return (x - 30, y - 30, x + 30, y + 30)


def marks(page):
    """The 3 × 3 board as it is drawn: 'x', 'o' or '.' for each cell, 1 to 9."""
    shot = Shot(page)
    out = ""
    for c in range(1, 10):
        b, g = shot.count(cell_box(c), blue), shot.count(cell_box(c), green)
        assert not (b and g), f"cell {c} has both colours"
        out += "x" if b > 20 else "o" if g > 20 else "."
    return out


def wait_for(predicate, seconds=10.0, what="the condition"):
    end = time.monotonic() + seconds
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class Web:
    """The server and the browser, shared by the checks; a fresh page for each."""

    def __init__(self):
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        Quiet.extensions_map = {**Quiet.extensions_map, ".wasm": "application/wasm"}
        handler = functools.partial(Quiet, directory=ROOT)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)

    def open(self, query="", frame=True, watch=None):
        """A new 800 × 800 page on index.html with the query, its first frame drawn (`frame`),
        each frame counting the pixels of a colour in a box from the first on (`watch`)."""
        page = self.browser.new_page(viewport={"width": 800, "height": 800})
        page.errors = []
        page.on(
            "console",
            lambda m: m.type == "error" and page.errors.append(f"console: {m.text}"),
        )
        page.on("pageerror", lambda e: page.errors.append(f"exception: {e}"))
        if watch:
            page.add_init_script(f"window.__watch = {watch!r};")
        page.add_init_script(FRAME_COUNTER)
        page.goto(self.base + "index.html" + query)
        if frame:
            wait_for(lambda: page.evaluate("window.__frames.length") > 0, what="a frame")
        return page

    def close(self):
        self.browser.close()
        self.playwright.stop()
        self.server.shutdown()


def settle(page, seconds=0.3):
    """Lets pending input and frames run."""
    page.wait_for_timeout(seconds * 1000)


def click_cell(page, c):
    x, y, _, _ = cell_box(c)
    page.mouse.click(x + 30, y + 30)


def check_the_page(web):
    page = web.open()
    assert page.title() == "Tic-tac-toe", page.title()
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    assert web.browser.new_context().request.get(icon).ok, icon
    assert "keys work as on the desktop" in page.inner_text("#keys")
    assert page.evaluate("document.getElementById('glcanvas').width") == 800
    assert marks(page) == "." * 9
    return page


def check_clicks_draw_marks_where_the_led_program_draws_them(web):
    page = web.open("?seed=1")
    expected = list("." * 9)
    for c, mark in [(5, "x"), (1, "o"), (9, "x"), (3, "o")]:
        click_cell(page, c)
        expected[c - 1] = mark
        settle(page)
        assert marks(page) == "".join(expected), (c, marks(page))
    # A click on a taken cell changes nothing.
    click_cell(page, 5)
    settle(page)
    assert marks(page) == "".join(expected)
    return page


def check_perfect_answers(web):
    page = web.open("?o=perfect")
    click_cell(page, 1)
    # Perfect play answers a corner with the centre.
    wait_for(lambda: marks(page) == "x...o....", what="o's answer in the centre")
    return page


def check_restart(web):
    page = web.open("?moves=1,2,3")
    assert marks(page) == "xox......"
    page.mouse.click(450, 50)  # the restart button, (350,725)–(550,775) in Easel units
    settle(page)
    assert marks(page) == "." * 9
    return page


def check_keys(web):
    page = web.open()
    page.mouse.click(790, 400)  # focus the canvas, away from everything
    for key, expected in [("5", "....x...."), ("1", "o...x...."), ("u", "....x....")]:
        page.keyboard.press(key)
        settle(page)
        assert marks(page) == expected, (key, marks(page))
    page.keyboard.press("Control+z")
    settle(page)
    assert marks(page) == "." * 9, "Ctrl+Z undoes"
    page.keyboard.press("Control+y")
    settle(page)
    assert marks(page) == "....x....", "Ctrl+Y redoes"
    page.keyboard.press("r")
    settle(page)
    assert marks(page) == "." * 9
    return page


def check_search_keeps_the_page_alive_while_it_thinks(web):
    # o to move after x in the centre of gomoku's board: the search thinks (about a second).
    page = web.open("?o=search&width=15&height=15&run=5&moves=113")
    # While it thinks the page asks for every frame; when the answer is on the board it stops.
    def quiet():
        frames = page.evaluate("window.__frames")
        return len(frames) > 1 and performance_now(page) - frames[-1] > 1000 and frames

    frames = wait_for(quiet, seconds=30, what="the search's answer")
    gaps = [b - a for a, b in zip(frames, frames[1:])]
    thinking = frames[-1] - frames[0]
    print(f"    {len(frames)} frames in {thinking:.0f} ms of thinking, longest gap {max(gaps):.0f} ms")
    print("    gaps (ms): " + " ".join(f"{g:.0f}" for g in gaps))
    assert thinking > 300, f"it thought for {thinking:.0f} ms only"
    # A search at once would hold one frame for its whole time (about a second).
    assert max(gaps) < 400, f"the page froze for {max(gaps):.0f} ms"
    # The answer: one o (GREEN) on the board, beside the x.
    shot = Shot(page)
    assert shot.count((20, 100, 600, 680), green) > 10, "o's answer is on the board"
    return page


def performance_now(page):
    return page.evaluate("performance.now()")


def check_a_hint_on_gomoku_thinks_while_the_page_draws(web):
    # A quiet opening, x to move: the hint is the search's, about 30,000 nodes (a fifth of a
    # second at once). (Which cell it marks is tests/app.rs's: there it must block an open four.)
    page = web.open("?width=15&height=15&run=5&moves=113,97")
    page.mouse.click(790, 790)  # focus the canvas, away from everything
    settle(page)
    # From now on each frame counts the ORANGE pixels it draws on the board (the hint's frame).
    page.evaluate(f"window.__watch = {BOARD + ['orange']!r}; window.__seen = []")
    settle(page, 0.2)
    assert max(page.evaluate("window.__seen"), default=0) == 0, "no hint before it is asked for"
    page.evaluate("window.__frames = []; window.__seen = []")
    pressed = performance_now(page)
    page.keyboard.press("h")

    # Worked out at once (the old way) the hint is on the first frame after the key, which waits
    # for it; in slices the page draws frame after frame ("hint thinking") until it comes.
    first = wait_for(lambda: first_seen(page), seconds=20, what="the hint") - 1
    frames = page.evaluate("window.__frames")[: first + 1]
    gaps = [b - a for a, b in zip([pressed] + frames, frames)]
    print(f"    the hint on frame {first + 1} after the key, {frames[-1] - pressed:.0f} ms; "
          f"longest gap {max(gaps):.0f} ms")
    assert first >= 5, f"the hint came on frame {first + 1}: worked out at once"
    assert max(gaps) < 150, f"the page froze for {max(gaps):.0f} ms"
    page.evaluate("window.__watch = null")
    return page


def first_seen(page):
    """1 + the index of the first frame that drew more than 20 pixels of the watched colour."""
    seen = page.evaluate("window.__seen")
    return next((i + 1 for i, n in enumerate(seen) if n > 20), None)


def check_perfect_proves_beyond_3x3_while_the_page_draws(web):
    # 5 × 5, four in a row, x in a corner: perfect's proofs of o's moves take about 780,000 of the
    # solver's nodes (0.4 s natively, at once).
    page = web.open("?o=perfect&width=5&height=5&run=4&moves=1", watch=BOARD + ["green"])
    first = wait_for(lambda: first_seen(page), seconds=30, what="o's answer") - 1
    frames = page.evaluate("window.__frames")[: first + 1]
    gaps = [b - a for a, b in zip(frames, frames[1:])]
    # Proved at once (the old way), the frame before the answer is the one before the proof.
    before = [t for t in frames[:-1] if t > frames[-1] - 250]
    print(f"    o answered on frame {first + 1}, {frames[-1] - frames[0]:.0f} ms after the first, "
          f"{len(before)} frames in the 250 ms before; longest gap {max(gaps):.0f} ms")
    assert len(before) >= 4, f"{len(before)} frames in the 250 ms before the answer: proved at once"
    # (The solver's table grows in one step, a rehash of all it holds: the longest gap, about
    # 100 ms here.)
    assert max(gaps) < 300, f"the page froze for {max(gaps):.0f} ms"
    page.evaluate("window.__watch = null")
    return page


def check_an_engine_seat_is_refused_with_one_line(web):
    page = web.open("?o=engine:/usr/bin/true", frame=False)
    text = wait_for(lambda: page.inner_text("#message"), what="the message")
    assert text.startswith("tictactoe: error:") and "\n" not in text, text
    assert "desktop only" in text, text
    assert page.evaluate("document.getElementById('glcanvas').hidden")
    return page


def psq_moves(text, width, height):
    """The moves of a Piskvork .psq text as cells (row-major from 1), checked line by line: the
    header `Piskvorky WxH, a:b, s`, then `x,y,ms` lines, then the rest (names, result code,
    board line)."""
    lines = text.split("\r\n")
    assert lines[-1] == "", "CR LF line ends, the last one too"
    head = lines[0]
    assert head.startswith(f"Piskvorky {width}x{height}, "), head
    cells = []
    for line in lines[1:]:
        parts = line.split(",")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            break
        x, y, _ = map(int, parts)
        assert 1 <= x <= width and 1 <= y <= height, line
        cells.append((y - 1) * width + x)
    return cells


def check_saving_downloads_the_game_as_psq(web):
    page = web.open("?moves=5,1")
    click_cell(page, 9)
    settle(page)
    assert marks(page) == "o...x...x", marks(page)
    with page.expect_download(timeout=10_000) as download:
        page.keyboard.press("Control+s")
    d = download.value
    assert d.suggested_filename.startswith("tictactoe-") and d.suggested_filename.endswith(".psq")
    with open(d.path(), encoding="ascii", newline="") as f:
        text = f.read()
    assert psq_moves(text, 3, 3) == [5, 1, 9], text
    # The game plays on after saving.
    click_cell(page, 3)
    settle(page)
    assert marks(page) == "o.o.x...x", marks(page)
    return page


def check_settings_are_kept_in_the_browsers_local_storage(web):
    """The o seat chosen with `o` is kept in local storage and read back by the next visit (had
    the page not read it, its first frame would keep the defaults over it): o answers a click."""
    context = web.browser.new_context(viewport={"width": 800, "height": 800})

    def visit():
        page = context.new_page()
        page.errors = []
        page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
        page.add_init_script(FRAME_COUNTER)
        page.goto(web.base + "index.html")
        wait_for(lambda: page.evaluate("window.__frames.length") > 0, what="a frame")
        return page

    kept = "localStorage.getItem('tictactoe.settings')"
    page = visit()
    page.mouse.click(790, 400)  # focus the canvas, away from everything
    settle(page)
    first = page.evaluate(kept)
    assert first and 'o = "human"' in first, first
    page.keyboard.press("o")
    settle(page)
    chosen = page.evaluate(kept)
    assert 'o = "human"' not in chosen and 'o = "' in chosen, chosen
    assert not page.errors, page.errors
    page.close()
    page = visit()
    settle(page, 0.5)
    assert page.evaluate(kept) == chosen, page.evaluate(kept)
    page.mouse.click(790, 400)
    click_cell(page, 5)
    wait_for(lambda: "o" in marks(page), what="the kept o seat's answer")
    assert not page.errors, page.errors
    return page


def check_bad_parameters_show_the_command_lines_message(web):
    for query, words in [("?width=0", "--width"), ("?o=nobody", "nobody"), ("?pbrain", "--pbrain")]:
        page = web.open(query, frame=False)
        text = wait_for(lambda: page.inner_text("#message"), what="the message")
        assert text.startswith("tictactoe: error:") and "\n" not in text, text
        assert words in text, text
        assert page.evaluate("document.getElementById('glcanvas').hidden")
        assert not page.errors, page.errors
        page.close()
    return None


CHECKS = [
    check_the_page,
    check_clicks_draw_marks_where_the_led_program_draws_them,
    check_perfect_answers,
    check_restart,
    check_keys,
    check_search_keeps_the_page_alive_while_it_thinks,
    check_bad_parameters_show_the_command_lines_message,
    check_a_hint_on_gomoku_thinks_while_the_page_draws,
    check_perfect_proves_beyond_3x3_while_the_page_draws,
    check_an_engine_seat_is_refused_with_one_line,
    check_saving_downloads_the_game_as_psq,
    check_settings_are_kept_in_the_browsers_local_storage,
]


def main():
    only = os.environ.get("WEB_CHECK")
    web = Web()
    passed = failed = 0
    try:
        for check in CHECKS:
            if only and only not in check.__name__:
                continue
            try:
                page = check(web)
                if page is not None:
                    settle(page, 0.2)
                    assert not page.errors, "\n".join(page.errors)
                    page.close()
                print(f"ok   {check.__name__}")
                passed += 1
            except Exception:
                print(f"FAIL {check.__name__}\n{traceback.format_exc()}")
                failed += 1
    finally:
        web.close()
    print(f"web: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
