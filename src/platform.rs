//! What the desktop and the browser (`wasm32-unknown-unknown`, macroquad's JS loader) do
//! differently, in one place: where the arguments come from, where a one-line error or a help text
//! goes, how slow computers' work runs beside the frames, how the loop wakes, and the window's
//! set-up. Everything else — the `App`, its `images()`, the input path — is the same program.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tictactoe::app::ThinkRequest;

#[cfg(not(target_arch = "wasm32"))]
pub use desktop::*;
#[cfg(target_arch = "wasm32")]
pub use web::*;

/// A slow computer's move to work out away from the frames ([`think`]): `answer` is called with
/// the cell unless `stop` was set first.
pub struct Thinking {
    pub request: ThinkRequest,
    pub stop: Arc<AtomicBool>,
    pub answer: Box<dyn FnOnce(usize) + Send>,
}

/// The analysis job to run away from the frames ([`analyse`]): each finding goes to `send`, with
/// whether the window should wake for it now; the work stops when `stop` is set or `send`
/// returns false.
pub struct Analysing {
    pub job: tictactoe::app::analysis::Job,
    pub stop: Arc<AtomicBool>,
    pub send: Box<dyn FnMut(tictactoe::app::analysis::Answer, bool) -> bool + Send>,
}

/// The desktop: a process with arguments, standard streams, threads and environment variables.
#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use std::ffi::OsString;
    use std::time::Duration;

    /// Esc closes the window.
    pub const ESC_QUITS: bool = true;

    /// Ctrl+letter comes as a character (X11 and Windows report one), not as the key.
    pub const CTRL_BY_KEY: bool = false;

    /// The command line.
    pub fn args() -> Vec<OsString> {
        std::env::args_os().collect()
    }

    /// Shows a one-line error (standard error).
    pub fn show_error(line: &str) {
        eprintln!("{line}");
    }

    /// Shows a text asked for (`--help`, `--version`): standard output; a closed pipe
    /// (`tictactoe --help | head`) ends it quietly. False when it could not be written.
    pub fn show_text(text: &str) -> bool {
        use std::io::Write;
        match std::io::stdout().lock().write_all(text.as_bytes()) {
            Ok(()) => true,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => true,
            Err(e) => {
                eprintln!("tictactoe: cannot write the output: {e}");
                false
            }
        }
    }

    /// Works out a slow computer's move on a thread of its own.
    pub fn think(t: super::Thinking) {
        std::thread::spawn(move || {
            if let Some(cell) = tictactoe::app::answer(&t.request, &t.stop) {
                (t.answer)(cell);
            }
        });
    }

    /// Runs an analysis job on a thread of its own.
    pub fn analyse(mut a: super::Analysing) {
        std::thread::spawn(move || {
            tictactoe::app::analysis::run_job(&a.job, &a.stop, &mut a.send);
        });
    }

    /// Nothing: the threads work by themselves.
    pub fn work_a_slice() {}

    /// Asks for the next frame after `wait` (when the program will change by itself), or when a
    /// worker's answer comes (`thinking`), and otherwise waits for input without drawing. On X11
    /// the vendored miniquad's blocking loop wakes at that moment, or when a worker calls
    /// `miniquad::window::wake_up`; elsewhere the shell wakes every 50 ms until then, or while a
    /// computer thinks.
    pub fn wake_after(wait: Option<Duration>, thinking: bool) {
        use macroquad::miniquad;
        if cfg!(target_os = "linux") {
            miniquad::window::schedule_update_after(wait);
        } else if wait.is_some() || thinking {
            let poll = Duration::from_millis(50);
            std::thread::sleep(wait.map_or(poll, |w| w.min(poll)));
            miniquad::window::schedule_update();
        }
    }

    /// Gets the process ready for the window: fails with a one-line reason when there is evidently
    /// no display to open a window on; quietens the OpenGL libraries' own warnings; and replaces
    /// the panic report with one line and exit code 1.
    pub fn prepare_window() -> Result<(), String> {
        if cfg!(target_os = "linux")
            && std::env::var_os("DISPLAY").is_none()
            && std::env::var_os("WAYLAND_DISPLAY").is_none()
        {
            return Err("cannot open a window: no display (DISPLAY is not set)".into());
        }
        // Mesa's own warnings ("libGL error: …") would come before the one line that says what
        // failed; LIBGL_DEBUG and EGL_LOG_LEVEL set by the user still apply.
        for (name, quiet) in [("LIBGL_DEBUG", "quiet"), ("EGL_LOG_LEVEL", "fatal")] {
            if std::env::var_os(name).is_none() {
                std::env::set_var(name, quiet);
            }
        }
        quiet_panics();
        Ok(())
    }

    /// Replaces the panic report with one line and exit code 1: when the window cannot be opened
    /// or the display fails under it (no OpenGL, an X error, the window destroyed from outside),
    /// the vendored miniquad panics with the reason, and a person should read that, not a
    /// backtrace.
    fn quiet_panics() {
        std::panic::set_hook(Box::new(|info| {
            let payload = info.payload();
            let reason = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown error".into());
            eprintln!("tictactoe: cannot run the window: {reason}");
            std::process::exit(1);
        }));
    }
}

/// The browser: the page's address gives the arguments ([`tictactoe::web::args_from_query`]), the
/// page shows errors and texts, and there is one thread, the page's.
#[cfg(target_arch = "wasm32")]
mod web {
    use std::ffi::OsString;
    use std::time::Duration;

    // The page's side: `web/tictactoe.js`, a plugin of macroquad's loader.
    extern "C" {
        fn tictactoe_query_length() -> u32;
        fn tictactoe_query_copy(to: *mut u8, length: u32);
        fn tictactoe_show_text(text: *const u8, length: u32, error: bool);
    }

    /// Esc does nothing: a page is closed by the browser, and a game that ended would leave its
    /// last picture frozen on the page.
    pub const ESC_QUITS: bool = false;

    /// Ctrl+letter comes as the key: a browser sends no character (`keypress`) for it.
    pub const CTRL_BY_KEY: bool = true;

    /// The version of `web/tictactoe.js` this program is made for; the loader checks it.
    #[no_mangle]
    pub extern "C" fn tictactoe_crate_version() -> u32 {
        1
    }

    /// The page's query string as arguments, seeded from the time unless it gives a seed.
    pub fn args() -> Vec<OsString> {
        // SAFETY: the page copies exactly `length` bytes into the buffer of that size.
        let query = unsafe {
            let mut bytes = vec![0u8; tictactoe_query_length() as usize];
            tictactoe_query_copy(bytes.as_mut_ptr(), bytes.len() as u32);
            String::from_utf8_lossy(&bytes).into_owned()
        };
        let seed = (macroquad::miniquad::date::now() * 1000.0) as u64;
        tictactoe::web::args_from_query(&query, seed)
            .into_iter()
            .map(OsString::from)
            .collect()
    }

    fn show(text: &str, error: bool) {
        // SAFETY: the page reads `length` bytes of UTF-8 at `text` and keeps none of them.
        unsafe { tictactoe_show_text(text.as_ptr(), text.len() as u32, error) }
    }

    /// Shows a one-line error on the page, in place of the game.
    pub fn show_error(line: &str) {
        show(line, true);
    }

    /// Shows a text asked for (`?help`, `?version`) on the page, in place of the game.
    pub fn show_text(text: &str) -> bool {
        show(text, false);
        true
    }

    /// The page's one thread works out a slow computer's move between frames, in slices
    /// ([`work_a_slice`]): the search a slice of its nodes a frame, other players all at once on
    /// the frame after the request (which shows that they think).
    pub fn think(t: super::Thinking) {
        use tictactoe::players::{search::SEARCH, PlayerId};
        use tictactoe::search::Search;
        let search = (t.request.player == PlayerId::Search).then(|| {
            let mut search = Search::new(SEARCH.limits, tictactoe::search::cancel_flag());
            let slices = search.begin_slices(&t.request.game.state().setup());
            (search, slices)
        });
        // (No slices when the game is over: then the player's own think says so.)
        let search = search.and_then(|(search, slices)| Some((search, slices?)));
        JOB.with(|job| {
            *job.borrow_mut() = Some(Job {
                thinking: t,
                search,
                budget: FIRST_BUDGET,
            })
        });
    }

    /// The page's one thread runs an analysis job between frames: a slice of the live analysis a
    /// frame ([`tictactoe::search::analysis::Analysis::step`]), or one point of a review.
    pub fn analyse(a: super::Analysing) {
        ANALYSIS.with(|slot| {
            *slot.borrow_mut() = Some(WebAnalysis {
                a,
                live: None,
                next: 0,
            })
        });
    }

    /// The nodes of one frame's slice of the live analysis.
    const ANALYSIS_SLICE: u64 = 20_000;

    /// An analysis job in hand, and where it is.
    struct WebAnalysis {
        a: super::Analysing,
        live: Option<tictactoe::search::analysis::Analysis>,
        /// The review's next point.
        next: usize,
    }

    thread_local! {
        static ANALYSIS: std::cell::RefCell<Option<WebAnalysis>> =
            const { std::cell::RefCell::new(None) };
    }

    /// One frame's work on the analysis job in hand.
    fn analyse_a_slice() {
        use std::sync::atomic::Ordering;
        use tictactoe::app::analysis::{Answer, JobKind, REVIEW_NODES, SHOWN_LINES};
        use tictactoe::search::analysis::{x_win_probability, Analysis};
        let Some(mut w) = ANALYSIS.with(|slot| slot.borrow_mut().take()) else {
            return;
        };
        if w.a.stop.load(Ordering::Relaxed) {
            return;
        }
        let ticket = w.a.job.ticket;
        let more = match &w.a.job.kind {
            JobKind::Live(state) => {
                let live = w
                    .live
                    .get_or_insert_with(|| Analysis::new(state, SHOWN_LINES));
                let report = live.step(Some(ANALYSIS_SLICE), None, &w.a.stop).pop();
                let finished = live.finished();
                let sent =
                    report.is_none_or(|report| (w.a.send)(Answer::Report { ticket, report }, true));
                sent && !finished
            }
            JobKind::Review(points) => match points.get(w.next) {
                Some((index, state)) => {
                    let x_probability = x_win_probability(state, REVIEW_NODES);
                    w.next += 1;
                    let answer = Answer::Point {
                        ticket,
                        index: *index,
                        x_probability,
                    };
                    (w.a.send)(answer, true) && w.next < points.len()
                }
                None => false,
            },
        };
        if more {
            ANALYSIS.with(|slot| *slot.borrow_mut() = Some(w));
        }
    }

    /// The nodes of a search's first slice after its threat searches; then as many as took
    /// [`SLICE`] in the slice before.
    const FIRST_BUDGET: u64 = 4096;

    /// A search slice's time: half a frame at 60 frames a second.
    const SLICE: f64 = 0.008;

    /// The work in hand: a request, with its search and the nodes of its next slice.
    struct Job {
        thinking: super::Thinking,
        search: Option<(tictactoe::search::Search, tictactoe::search::Slices)>,
        budget: u64,
    }

    thread_local! {
        static JOB: std::cell::RefCell<Option<Job>> = const { std::cell::RefCell::new(None) };
    }

    /// One frame's work on the request in hand: a slice of the search, or the whole answer of
    /// another player.
    pub fn work_a_slice() {
        use std::sync::atomic::Ordering;
        analyse_a_slice();
        let Some(mut job) = JOB.with(|job| job.borrow_mut().take()) else {
            return;
        };
        if job.thinking.stop.load(Ordering::Relaxed) {
            return;
        }
        let Some((search, slices)) = &mut job.search else {
            // Another player: the whole answer now (none if the request was stopped).
            if let Some(cell) = tictactoe::app::answer(&job.thinking.request, &job.thinking.stop) {
                (job.thinking.answer)(cell);
            }
            return;
        };
        let (nodes, started) = (slices.nodes(), macroquad::miniquad::date::now());
        let answer = search.slice(slices, job.budget);
        let took = macroquad::miniquad::date::now() - started;
        let used = (slices.nodes() - nodes).max(1) as f64;
        job.budget = (used * SLICE / took.max(0.001)).clamp(1024.0, 1e6) as u64;
        match answer {
            Some(r) => (job.thinking.answer)(r.best),
            None => JOB.with(|slot| *slot.borrow_mut() = Some(job)),
        }
    }

    /// Asks for the next frame while the program will change by itself or a computer thinks; the
    /// page's animation frames wake it, and input does otherwise.
    pub fn wake_after(wait: Option<Duration>, thinking: bool) {
        if wait.is_some() || thinking {
            macroquad::miniquad::window::schedule_update();
        }
    }

    /// Nothing to prepare: the page has a canvas, and miniquad's panic hook reports to its console.
    pub fn prepare_window() -> Result<(), String> {
        Ok(())
    }
}
