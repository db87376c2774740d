//! The Windows build: `tictactoe.exe`, cross-built from the same sources for `x86_64-pc-windows-gnu`
//! with mingw-w64, checked as a file (a GUI-subsystem program carrying the game's icon and its
//! version information) and run under wine: the command line prints, and the window opens on a
//! virtual X server (Xvfb), takes a click, restarts and quits on Esc, as a person would see it
//! (clicks with xdotool, screenshots with ImageMagick's `import`).
//!
//! Each test builds the .exe first (`cargo build --release --target x86_64-pc-windows-gnu`; a no-op
//! when it is up to date). Without the Windows target, mingw-w64, wine, Xvfb, xdotool or import the
//! tests print "windows: SKIPPED (…)" and pass, unless `TICTACTOE_REQUIRE_WINE=1`, when they fail
//! (`.ci/run` sets it).
//!
//! Rust's standard library imports `ProcessPrng` from `bcryptprimitives.dll`, which Windows 10 and
//! 11 have and wine 8.0 lacks. [`prepare`] builds a stand-in DLL from [`PROCESS_PRNG_C`] with mingw
//! into `target/tmp/wine-standin/` and only these tests put it on wine's DLL path; it is never
//! shipped. Wine's prefix (its simulated `C:`) is `target/tmp/wine-prefix`, made on first use.

mod support;

use std::fs::File;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use support::*;

const TARGET: &str = "x86_64-pc-windows-gnu";
const WINE: &str = "/usr/lib/wine/wine64";
const WINESERVER: &str = "/usr/lib/wine/wineserver64";
const OBJDUMP: &str = "x86_64-w64-mingw32-objdump";
const MINGW_GCC: &str = "x86_64-w64-mingw32-gcc";

/// The stand-in for Windows' `bcryptprimitives.dll`: `ProcessPrng` (which always succeeds and fills
/// the buffer with random bytes) on top of `RtlGenRandom` (advapi32's `SystemFunction036`, which wine
/// has). For these tests only.
const PROCESS_PRNG_C: &str = r#"
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!RtlGenRandom(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
"#;

// ---------------------------------------------------------------------------------------------
// Tools, the build, wine.
// ---------------------------------------------------------------------------------------------

/// One test at a time: they share wine's prefix and server, and each GUI test has its own Xvfb.
/// Whether rustc has the Windows target's standard library (`rustup target add …`).
fn target_installed() -> bool {
    Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args(["--print", "target-libdir", "--target", TARGET])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .is_some_and(|dir| {
            std::fs::read_dir(dir).is_ok_and(|mut entries| {
                entries.any(|e| {
                    e.is_ok_and(|e| e.file_name().to_string_lossy().starts_with("libstd-"))
                })
            })
        })
}

/// Whether what a test needs is there; skips (or fails, when required) if not. `wine`: the test
/// runs the .exe under wine (on Xvfb when `gui`), not only builds and inspects it.
fn available(wine: bool, gui: bool) -> bool {
    let mut missing: Vec<&str> = Vec::new();
    if !target_installed() {
        missing.push("the x86_64-pc-windows-gnu target (rustup target add x86_64-pc-windows-gnu)");
    }
    let mut tools = vec![MINGW_GCC, "x86_64-w64-mingw32-windres", OBJDUMP];
    if wine {
        tools.extend([WINE, WINESERVER]);
    }
    if gui {
        tools.extend(["Xvfb", "xdotool", "import"]);
    }
    missing.extend(tools.into_iter().filter(|t| !on_path(t)));
    if missing.is_empty() {
        return true;
    }
    let msg = format!("windows: SKIPPED ({} not installed)", missing.join(", "));
    if std::env::var("TICTACTOE_REQUIRE_WINE").is_ok_and(|v| v == "1") {
        panic!("{msg}, but TICTACTOE_REQUIRE_WINE=1 requires the Windows tests");
    }
    tell(&msg);
    false
}

/// The target directory (`target/tmp`'s parent).
fn target_dir() -> PathBuf {
    tmp_dir()
        .parent()
        .expect("CARGO_TARGET_TMPDIR is inside the target directory")
        .to_path_buf()
}

/// What the tests run: the .exe, and the folder holding the stand-in DLL.
struct Build {
    exe: PathBuf,
    standin: PathBuf,
}

/// Builds the .exe (release, as shipped) once per test run, and the stand-in DLL.
fn build() -> &'static Build {
    static BUILD: OnceLock<Build> = OnceLock::new();
    BUILD.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let out = run_with_timeout(
            Command::new(cargo)
                .args(["build", "--release", "--locked", "--bin", "tictactoe"])
                .args(["--target", TARGET])
                .current_dir(env!("CARGO_MANIFEST_DIR")),
            Duration::from_secs(1200),
        );
        assert!(
            out.status.success(),
            "cargo build --release --target {TARGET} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let exe = target_dir().join(TARGET).join("release/tictactoe.exe");
        assert!(exe.is_file(), "{} was not built", exe.display());

        let standin = tmp_dir().join("wine-standin");
        std::fs::create_dir_all(&standin).expect("create the stand-in's folder");
        let source = standin.join("process_prng.c");
        std::fs::write(&source, PROCESS_PRNG_C).expect("write the stand-in's source");
        let out = run_with_timeout(
            Command::new(MINGW_GCC)
                .args(["-shared", "-O2", "-o"])
                .arg(standin.join("bcryptprimitives.dll"))
                .arg(&source)
                .arg("-ladvapi32"),
            Duration::from_secs(120),
        );
        assert!(
            out.status.success(),
            "{MINGW_GCC} could not build the stand-in bcryptprimitives.dll:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        Build { exe, standin }
    })
}

/// A wine command running the .exe with `args`: its own prefix under target/, the stand-in DLL on
/// its DLL search path (`WINEPATH`), no debug chatter, no offer to install Mono or Gecko, started
/// from a folder without assets (the .exe carries its font and icon).
fn wine(args: &[&str]) -> Command {
    let build = build();
    let mut cmd = Command::new(WINE);
    cmd.arg(&build.exe)
        .args(args)
        .current_dir(std::env::temp_dir())
        .env("WINEPREFIX", tmp_dir().join("wine-prefix"))
        .env(
            "WINEPATH",
            format!("Z:{}", build.standin.display()).replace('/', "\\"),
        )
        .env("WINEDEBUG", "-all")
        .env("WINEDLLOVERRIDES", "mscoree,mshtml=d")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    cmd
}

/// Ends wine's server and the wine processes it keeps (services, devices): none is left running
/// after a test, and the next one starts afresh (on its own X display).
fn stop_wineserver() {
    let _ = run_with_timeout(
        Command::new(WINESERVER)
            .arg("-k")
            .env("WINEPREFIX", tmp_dir().join("wine-prefix")),
        Duration::from_secs(30),
    );
}

/// Runs the .exe's command line under wine (the first run makes the prefix: some seconds).
fn wine_output(args: &[&str]) -> Output {
    let out = run_with_timeout(&mut wine(args), Duration::from_secs(180));
    stop_wineserver();
    out
}

// ---------------------------------------------------------------------------------------------
// The .exe as a file.
// ---------------------------------------------------------------------------------------------

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The value of a string in the version information (`VS_VERSIONINFO`'s string table): after the
/// key, its NUL and the padding to 32 bits, a NUL-terminated UTF-16 string.
fn version_string(exe: &[u8], key: &str) -> Option<String> {
    let mut at = find(exe, &[utf16(key), vec![0, 0]].concat())? + 2 * key.len() + 2;
    while exe.get(at..at + 2)? == [0, 0] {
        at += 2;
    }
    let units: Vec<u16> = exe[at..]
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16(&units).ok()
}

/// The resource types of the PE file, from `objdump -p`'s ".rsrc Resource Directory" listing: the
/// entries of the type table (three spaces in) and the number of names under each (five spaces).
fn resource_types(objdump: &str) -> Vec<(u32, usize)> {
    let rsrc = objdump
        .split("The .rsrc Resource Directory section:")
        .nth(1)
        .unwrap_or("");
    let id = |entry: &str| {
        entry
            .strip_prefix("ID: 0x")
            .and_then(|s| s.split(',').next())
            .and_then(|h| u32::from_str_radix(h, 16).ok())
    };
    let mut types: Vec<(u32, usize)> = Vec::new();
    for line in rsrc.lines() {
        // "010   Entry: ID: 0x000003, Value: …": the offset, then the entry, indented by depth.
        let Some((_, rest)) = line.split_once(' ') else {
            continue;
        };
        if let Some(t) = rest.strip_prefix("  Entry: ").and_then(id) {
            types.push((t, 0));
        } else if rest.starts_with("    Entry: ") {
            if let Some(last) = types.last_mut() {
                last.1 += 1;
            }
        }
    }
    types
}

#[test]
fn windows_exe_is_a_gui_program_with_the_icon_and_version_information() {
    let _serial = serial();
    if !available(false, false) {
        return;
    }
    let exe_path = &build().exe;
    let out = run_with_timeout(
        Command::new(OBJDUMP).arg("-p").arg(exe_path),
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{OBJDUMP} -p failed");
    let dump = String::from_utf8_lossy(&out.stdout);
    let subsystem = dump
        .lines()
        .find(|l| l.starts_with("Subsystem"))
        .unwrap_or("no Subsystem line");
    assert!(
        subsystem.ends_with("(Windows GUI)"),
        "not a GUI-subsystem program (a console window would open): {subsystem}"
    );
    // Resource types: 3 ICON (one image per size), 14 GROUP_ICON (the icon), 16 VERSION.
    let types = resource_types(&dump);
    let ico = ico::IconDir::read(
        File::open(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tictactoe.ico")).expect("the .ico"),
    )
    .expect("a valid .ico");
    let count = |t: u32| types.iter().find(|&&(id, _)| id == t).map(|&(_, n)| n);
    assert_eq!(
        count(3),
        Some(ico.entries().len()),
        "ICON images in the exe; resource types and names: {types:?}"
    );
    assert_eq!(count(14), Some(1), "GROUP_ICON: {types:?}");
    assert_eq!(count(16), Some(1), "VERSION: {types:?}");
    // The images are the game's own icon: each of the .ico's images is in the exe byte for byte.
    let exe = std::fs::read(exe_path).expect("read the exe");
    for entry in ico.entries() {
        assert!(
            find(&exe, entry.data()).is_some(),
            "the {} px image of assets/tictactoe.ico is not in the exe",
            entry.width()
        );
    }
    let version = env!("CARGO_PKG_VERSION");
    for (key, value) in [
        ("ProductName", "Tic-tac-toe"),
        ("FileDescription", "Tic-tac-toe"),
        ("ProductVersion", version),
        ("FileVersion", version),
        ("Comments", env!("CARGO_PKG_DESCRIPTION")),
        ("OriginalFilename", "tictactoe.exe"),
    ] {
        assert_eq!(
            version_string(&exe, key).as_deref(),
            Some(value),
            "version information {key}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The command line under wine.
// ---------------------------------------------------------------------------------------------

#[test]
fn windows_command_line_under_wine() {
    let _serial = serial();
    if !available(true, false) {
        return;
    }
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let out = wine_output(&["--version"]);
    assert!(
        out.status.success(),
        "--version: {}\n{}",
        out.status,
        text(&out.stderr)
    );
    assert_eq!(
        text(&out.stdout).trim(),
        format!("tictactoe {}", env!("CARGO_PKG_VERSION"))
    );
    // After x in a corner, the centre is o's only move that does not lose: perfect plays it.
    let out = wine_output(&["move", "--player", "perfect", "1"]);
    assert!(
        out.status.success(),
        "move: {}\n{}",
        out.status,
        text(&out.stderr)
    );
    assert_eq!(text(&out.stdout).trim(), "5", "perfect's answer to x in 1");
    // A person's mistake: one line, exit code 2.
    let out = wine_output(&["move", "--player", "nobody", "1"]);
    assert_eq!(out.status.code(), Some(2), "an unknown player");
    let err = text(&out.stderr);
    assert!(
        err.starts_with("tictactoe: ") && err.trim_end().lines().count() == 1,
        "an unknown player: {err:?}"
    );
    assert!(
        out.stdout.is_empty(),
        "an unknown player printed {:?}",
        text(&out.stdout)
    );
}

// ---------------------------------------------------------------------------------------------
// The window under wine, on Xvfb.
// ---------------------------------------------------------------------------------------------

/// Whether the cells are white but for their marks: white pixels fill at least half of each.
fn white_cells(shot: &Shot) -> bool {
    (1..=9).all(|c| shot.count(cell_box(c), |p| p == [255, 255, 255]) >= 92 * 92 / 2)
}

/// Whether the four grid lines (window x = 200 and 300, y = 200 and 300, between 100 and 400) are
/// black along their length.
fn shows_grid(shot: &Shot) -> bool {
    (110..=390).step_by(20).all(|t| {
        [200, 300].iter().all(|&line| {
            shot.count(rect(line - 2, t, line + 3, t + 1), is_dark) >= 1
                && shot.count(rect(t, line - 2, t + 1, line + 3), is_dark) >= 1
        })
    })
}

/// The game under wine on its own Xvfb. Dropping it ends the game, wine's server and Xvfb.
struct Session {
    display: String,
    window: String,
    game: Child,
    game_stderr: PathBuf,
    xvfb: Child,
}

impl Session {
    fn start() -> Session {
        let mut xvfb = start_xvfb_on_free_display();
        let display = xvfb.1;
        let game_stderr = tmp_dir().join("windows-game.stderr");
        let game = wine(&[])
            .env("DISPLAY", &display)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(&game_stderr).expect("create the game's stderr file"))
            .spawn();
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                stop(&mut xvfb.0);
                panic!("cannot start {WINE}: {e}");
            }
        };
        let mut session = Session {
            display,
            window: String::new(),
            game,
            game_stderr,
            xvfb: xvfb.0,
        };
        session.window = session.find_window();
        session
    }

    fn xdotool(&self, args: &[&str]) -> Output {
        let out = run_with_timeout(
            Command::new("xdotool")
                .args(args)
                .env("DISPLAY", &self.display),
            Duration::from_secs(10),
        );
        assert!(
            out.status.success(),
            "xdotool {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    fn game_stderr(&self) -> String {
        std::fs::read_to_string(&self.game_stderr).unwrap_or_default()
    }

    fn assert_running(&mut self) {
        if let Ok(Some(status)) = self.game.try_wait() {
            panic!(
                "the game exited ({status}); its stderr:\n{}",
                self.game_stderr()
            );
        }
    }

    /// The game's window once it is mapped (wine's first start on a display takes some seconds).
    fn find_window(&mut self) -> String {
        let start = Instant::now();
        loop {
            self.assert_running();
            let out = run_with_timeout(
                Command::new("xdotool")
                    .args(["search", "--onlyvisible", "--name", "^Tic-tac-toe$"])
                    .env("DISPLAY", &self.display),
                Duration::from_secs(10),
            );
            let stdout = String::from_utf8_lossy(&out.stdout);
            if let Some(id) = stdout.lines().map(str::trim).find(|l| !l.is_empty()) {
                return id.to_string();
            }
            assert!(
                start.elapsed() < Duration::from_secs(90),
                "no visible window named \"Tic-tac-toe\" after 90 s; the game's stderr:\n{}",
                self.game_stderr()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn screenshot(&mut self) -> Shot {
        self.assert_running();
        let out = run_with_timeout(
            Command::new("import")
                .args(["-window", &self.window, "-depth", "8", "ppm:-"])
                .env("DISPLAY", &self.display),
            Duration::from_secs(10),
        );
        assert!(
            out.status.success(),
            "import failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let shot = Shot::from_ppm(&out.stdout).unwrap_or_else(|e| panic!("import's output: {e}"));
        assert_eq!(
            (shot.width, shot.height),
            (WINDOW, WINDOW),
            "the screenshot is not the 800×800 window"
        );
        shot
    }

    /// Keeps a screenshot where a failing test can point to it.
    fn keep(&self, shot: &Shot) -> PathBuf {
        let path = tmp_dir().join("windows-game.ppm");
        let mut ppm = format!("P6\n{} {}\n255\n", shot.width, shot.height).into_bytes();
        ppm.extend_from_slice(&shot.rgb);
        let _ = std::fs::write(&path, ppm);
        path
    }

    /// Polls the screen until `pred` holds; on a timeout keeps the last screenshot and fails.
    fn wait_for(&mut self, what: &str, pred: impl Fn(&Shot) -> bool) -> Shot {
        let start = Instant::now();
        loop {
            let shot = self.screenshot();
            if pred(&shot) {
                return shot;
            }
            if start.elapsed() > Duration::from_secs(15) {
                let path = self.keep(&shot);
                panic!(
                    "timed out waiting for {what} (screenshot: {}); the game's stderr:\n{}",
                    path.display(),
                    self.game_stderr()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks the left button at a window pixel, as a person would (press, 80 ms, release).
    fn click(&mut self, x: usize, y: usize) {
        let window = self.window.clone();
        self.xdotool(&[
            "mousemove",
            "--window",
            &window,
            &x.to_string(),
            &y.to_string(),
            "mousedown",
            "1",
            "sleep",
            "0.08",
            "mouseup",
            "1",
        ]);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        stop(&mut self.game);
        stop_wineserver();
        stop(&mut self.xvfb);
    }
}

/// Starts Xvfb on a free display (it writes the number it picked to `-displayfd`) and waits until
/// clients can connect. `-noreset`: the server stays up when a client leaves.
fn start_xvfb_on_free_display() -> (Child, String) {
    let fd_file = unique_path("xvfb-display", "txt");
    let mut xvfb = Command::new("sh")
        .arg("-c")
        .arg(r#"exec Xvfb -displayfd 3 -screen 0 1024x1024x24 -nolisten tcp -noreset 3>"$1""#)
        .arg("sh")
        .arg(&fd_file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(File::create(tmp_dir().join("windows-xvfb.stderr")).expect("Xvfb's stderr file"))
        .spawn()
        .expect("cannot start Xvfb");
    let start = Instant::now();
    let display = loop {
        let number = std::fs::read_to_string(&fd_file).unwrap_or_default();
        if number.ends_with('\n') && number.trim().parse::<u32>().is_ok() {
            break format!(":{}", number.trim());
        }
        if start.elapsed() > Duration::from_secs(15) || matches!(xvfb.try_wait(), Ok(Some(_))) {
            stop(&mut xvfb);
            panic!("Xvfb did not report a display");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = std::fs::remove_file(&fd_file);
    loop {
        let probe = run_with_timeout(
            Command::new("xdotool")
                .arg("getmouselocation")
                .env("DISPLAY", &display),
            Duration::from_secs(10),
        );
        if probe.status.success() {
            return (xvfb, display);
        }
        if start.elapsed() > Duration::from_secs(15) {
            stop(&mut xvfb);
            panic!("Xvfb on {display} accepts no clients");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn windows_window_under_wine_plays_restarts_and_quits() {
    let _serial = serial();
    if !available(true, true) {
        return;
    }
    build(); // before the clock starts
    let started = Instant::now();
    let mut s = Session::start();
    // Wine shows the window black until the game's first frame: wait for the board on white.
    s.wait_for("the empty board: black grid lines on white", |sh| {
        shows_grid(sh) && board(sh) == "........." && white_cells(sh)
    });
    // A click in cell 5 shows the x there, in blue.
    s.click(250, 250);
    s.wait_for("a blue x in cell 5, and nothing elsewhere", |sh| {
        board(sh) == "....x...."
    });
    // The restart box (Easel (350..550, 725..775)) clears the board.
    s.click(450, 50);
    s.wait_for("the empty board after restart", |sh| {
        board(sh) == "........." && shows_grid(sh) && white_cells(sh)
    });
    // Esc quits: the process ends by itself, with exit code 0.
    let window = s.window.clone();
    s.xdotool(&[
        "mousemove",
        "--window",
        &window,
        "600",
        "700",
        "key",
        "Escape",
    ]);
    let status = wait_with_timeout(&mut s.game, Duration::from_secs(20));
    let stderr = s.game_stderr();
    assert!(
        status.is_some(),
        "the game did not quit on Esc within 20 s; its stderr:\n{stderr}"
    );
    assert_eq!(
        status.and_then(|s| s.code()),
        Some(0),
        "the game's exit code; its stderr:\n{stderr}"
    );
    drop(s);
    tell(&format!(
        "windows: the window under wine: {:.1} s",
        started.elapsed().as_secs_f64()
    ));
}
