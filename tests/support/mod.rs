//! What the end-to-end tests (`tests/e2e.rs`, the game on Xvfb) and the Windows tests
//! (`tests/windows.rs`, the .exe under wine on Xvfb) share: running processes with time limits, and
//! reading screenshots (binary PPM from ImageMagick's `import`) as a person would see them.
#![allow(dead_code)] // each test file uses its own part

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The window's side in pixels at its natural size (the Easel canvas, 800 × 800).
pub const WINDOW: usize = 800;

/// One scenario at a time: each starts its own X server and game.
pub static SERIAL: Mutex<()> = Mutex::new(());

pub fn serial() -> MutexGuard<'static, ()> {
    SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Writes to the real standard error, past the test harness's capture, so a skip is always seen.
pub fn tell(msg: &str) {
    let _ = writeln!(std::io::stderr(), "{msg}");
}

pub fn on_path(tool: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if tool.starts_with('/') {
        return executable(Path::new(tool));
    }
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| executable(&dir.join(tool))))
}

pub fn tmp_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

pub fn unique_path(stem: &str, ext: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    tmp_dir().join(format!("{stem}-{}-{n}.{ext}", std::process::id()))
}

/// Runs a command to its end with a time limit; stdout and stderr go through files, so large
/// outputs cannot block it.
pub fn run_with_timeout(cmd: &mut Command, limit: Duration) -> Output {
    let out_path = unique_path("out", "txt");
    let err_path = unique_path("err", "txt");
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).expect("create stdout file"))
        .stderr(File::create(&err_path).expect("create stderr file"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let status = wait_with_timeout(&mut child, limit)
        .unwrap_or_else(|| panic!("{cmd:?} did not finish within {limit:?}"));
    let output = Output {
        status,
        stdout: std::fs::read(&out_path).unwrap_or_default(),
        stderr: std::fs::read(&err_path).unwrap_or_default(),
    };
    let _ = std::fs::remove_file(out_path);
    let _ = std::fs::remove_file(err_path);
    output
}

/// Waits for a process to end, at most `limit`; kills it and returns `None` if it does not.
pub fn wait_with_timeout(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Ends a process: SIGTERM (so Xvfb removes its lock and socket), then SIGKILL if it lingers.
pub fn stop(child: &mut Child) {
    if matches!(child.try_wait(), Ok(Some(_))) {
        return;
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .stderr(Stdio::null())
        .status();
    if wait_with_timeout(child, Duration::from_secs(2)).is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// An Easel point in window pixels.
pub fn win(easel_x: i32, easel_y: i32) -> (usize, usize) {
    (easel_x as usize, WINDOW - easel_y as usize)
}

/// A screenshot: RGB pixels, row-major from the top-left.
#[derive(Clone)]
pub struct Shot {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<u8>,
}

/// A window-pixel rectangle: x in `x0..x1`, y in `y0..y1`.
#[derive(Clone, Copy, Debug)]
pub struct Rect {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

/// The rectangle between two Easel corners, in window pixels (both corners included).
pub fn easel_rect(left: i32, bottom: i32, right: i32, top: i32) -> Rect {
    let (x0, y0) = win(left, top);
    let (x1, y1) = win(right, bottom);
    Rect {
        x0,
        y0,
        x1: x1 + 1,
        y1: y1 + 1,
    }
}

pub type Px = [u8; 3];

pub fn is_white(p: Px) -> bool {
    p == [255, 255, 255]
}
/// Black, or nearly: the core of a black line or glyph.
pub fn is_dark(p: Px) -> bool {
    p.iter().all(|&c| c <= 90)
}
pub fn is_blue(p: Px) -> bool {
    p[2] >= 200 && p[0] <= 100 && p[1] <= 100
}
pub fn is_green(p: Px) -> bool {
    p[1] >= 200 && p[0] <= 100 && p[2] <= 100
}
pub fn is_red(p: Px) -> bool {
    p[0] >= 200 && p[1] <= 100 && p[2] <= 100
}

impl Shot {
    /// Parses a binary PPM (P6, maxval 255).
    pub fn from_ppm(data: &[u8]) -> Result<Shot, String> {
        let mut fields = Vec::new();
        let mut i = 0;
        while fields.len() < 4 {
            match data.get(i) {
                None => return Err("truncated PPM header".into()),
                Some(b'#') => {
                    while data.get(i).is_some_and(|&b| b != b'\n') {
                        i += 1;
                    }
                }
                Some(b) if b.is_ascii_whitespace() => i += 1,
                Some(_) => {
                    let start = i;
                    while data.get(i).is_some_and(|b| !b.is_ascii_whitespace()) {
                        i += 1;
                    }
                    fields.push(String::from_utf8_lossy(&data[start..i]).into_owned());
                }
            }
        }
        if fields[0] != "P6" || fields[3] != "255" {
            return Err(format!("not an 8-bit binary PPM: {fields:?}"));
        }
        let number = |s: &str| s.parse::<usize>().map_err(|e| format!("{s}: {e}"));
        let (width, height) = (number(&fields[1])?, number(&fields[2])?);
        let pixels = &data[i + 1..];
        if pixels.len() < width * height * 3 {
            return Err(format!(
                "PPM {width}x{height} has {} bytes of pixels",
                pixels.len()
            ));
        }
        Ok(Shot {
            width,
            height,
            rgb: pixels[..width * height * 3].to_vec(),
        })
    }

    pub fn ppm(&self) -> Vec<u8> {
        let mut out = format!("P6\n{} {}\n255\n", self.width, self.height).into_bytes();
        out.extend_from_slice(&self.rgb);
        out
    }

    pub fn px(&self, x: usize, y: usize) -> Px {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    pub fn pixels(&self, r: Rect) -> impl Iterator<Item = (usize, usize, Px)> + '_ {
        (r.y0..r.y1.min(self.height))
            .flat_map(move |y| (r.x0..r.x1.min(self.width)).map(move |x| (x, y, self.px(x, y))))
    }

    pub fn count(&self, r: Rect, class: fn(Px) -> bool) -> usize {
        self.pixels(r).filter(|&(_, _, p)| class(p)).count()
    }

    /// The centre of the bounding box of the pixels of a class in a rectangle.
    pub fn centre(&self, r: Rect, class: fn(Px) -> bool) -> Option<(f64, f64)> {
        let mut bb: Option<(usize, usize, usize, usize)> = None;
        for (x, y, p) in self.pixels(r) {
            if class(p) {
                bb = Some(match bb {
                    None => (x, y, x, y),
                    Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
                });
            }
        }
        bb.map(|(a, b, c, d)| ((a + c) as f64 / 2.0, (b + d) as f64 / 2.0))
    }

    pub fn crop(&self, r: Rect) -> Vec<Px> {
        self.pixels(r).map(|(_, _, p)| p).collect()
    }

    /// Whether two screenshots show the same picture (see [`same_pixels`]).
    pub fn same_as(&self, other: &Shot) -> bool {
        (self.width, self.height) == (other.width, other.height)
            && same_pixels(&self.crop(self.whole()), &other.crop(other.whole()))
    }

    pub fn whole(&self) -> Rect {
        Rect {
            x0: 0,
            y0: 0,
            x1: self.width,
            y1: self.height,
        }
    }
}

/// Whether two pixel lists show the same picture: every channel within 8 of the other's. The same
/// text drawn by two processes can differ by 1 in an anti-aliased edge pixel; any real change
/// (a mark, a different letter) differs by far more.
pub fn same_pixels(a: &[Px], b: &[Px]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(p, q)| p.iter().zip(q).all(|(x, y)| x.abs_diff(*y) <= 8))
}

/// Inside cell `c`'s box, clear of the grid lines.
pub fn cell_box(c: i32) -> Rect {
    let (col, row) = ((c - 1) % 3, (c - 1) / 3);
    let (x_min, y_min) = (100 + 100 * col, 600 - 100 * row);
    easel_rect(x_min + 4, y_min + 4, x_min + 96, y_min + 96)
}

/// Marks a person sees: for each cell, 'x' (blue pixels in it), 'o' (green) or '.' (neither).
pub fn board(shot: &Shot) -> String {
    (1..=9)
        .map(|c| {
            let (b, g) = (
                shot.count(cell_box(c), is_blue),
                shot.count(cell_box(c), is_green),
            );
            match (b >= 20, g >= 20, b + g) {
                (true, false, _) => 'x',
                (false, true, _) => 'o',
                (false, false, 0) => '.',
                _ => '?',
            }
        })
        .collect()
}

/// The window rectangle x in `x0..x1`, y in `y0..y1`.
pub fn rect(x0: usize, y0: usize, x1: usize, y1: usize) -> Rect {
    Rect { x0, y0, x1, y1 }
}
