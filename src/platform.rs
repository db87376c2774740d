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

/// A slow computer's move, hint or explanation to work out away from the frames ([`think`]):
/// `answer` is called with the reply unless `stop` was set first.
pub struct Thinking {
    pub request: ThinkRequest,
    pub stop: Arc<AtomicBool>,
    pub answer: Box<dyn FnOnce(tictactoe::app::Reply) + Send>,
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
            if let Some(reply) = tictactoe::app::answer(&t.request, &t.stop) {
                (t.answer)(reply);
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
        fn tictactoe_download(name: *const u8, name_length: u32, text: *const u8, length: u32);
        fn tictactoe_settings_length() -> u32;
        fn tictactoe_settings_copy(to: *mut u8, length: u32);
        fn tictactoe_settings_save(text: *const u8, length: u32) -> bool;
    }

    /// The settings the page kept in the browser's local storage (the desktop's `settings.toml`
    /// text), if any.
    pub fn kept_settings() -> Option<String> {
        // SAFETY: the page writes exactly `length` bytes at the buffer's start.
        let bytes = unsafe {
            let mut bytes = vec![0u8; tictactoe_settings_length() as usize];
            tictactoe_settings_copy(bytes.as_mut_ptr(), bytes.len() as u32);
            bytes
        };
        (!bytes.is_empty()).then(|| String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Keeps `text` (the settings as TOML) in the browser's local storage; false where the page
    /// may not (storage off or full).
    pub fn keep_settings(text: &str) -> bool {
        // SAFETY: the page reads `length` bytes of UTF-8 at `text` and keeps a copy.
        unsafe { tictactoe_settings_save(text.as_ptr(), text.len() as u32) }
    }

    /// Saves the game (Ctrl+S): the page downloads it as a `.psq` file named by the time, as the
    /// desktop names the files it saves; the status line's words.
    pub fn save_game(state: &tictactoe::app::App) -> String {
        let record = tictactoe::app::game_record(state);
        let text = tictactoe::record::write_psq(&record);
        let now = Duration::from_secs_f64(macroquad::miniquad::date::now().max(0.0));
        let stamp = tictactoe::record::timestamp(std::time::UNIX_EPOCH + now);
        let name = format!("tictactoe-{stamp}.psq");
        // SAFETY: the page reads the two UTF-8 texts at these places and lengths, and keeps none.
        unsafe {
            tictactoe_download(
                name.as_ptr(),
                name.len() as u32,
                text.as_ptr(),
                text.len() as u32,
            )
        }
        format!("downloaded {name}")
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

    /// The page's one thread works out slow computers' moves, hints and explanations between
    /// frames, in slices ([`work_a_slice`]): the search's a slice of its nodes a frame, perfect's
    /// proofs off the LED board a slice of the solver's nodes, the search player's explanation a
    /// slice of its moves' searches; other players all at once on the frame after the request
    /// (which shows that they think).
    pub fn think(t: super::Thinking) {
        use tictactoe::app::{hint_player, Task, HINT_SEARCH};
        use tictactoe::geometry::Geometry;
        use tictactoe::players::{perfect, search, PlayerId};
        let game = &t.request.game;
        let g = game.geometry();
        let searching = |limits| {
            let mut engine = Search::new(limits, tictactoe::search::cancel_flag());
            // (No slices when the game is over: then the player's own answer says so.)
            let slices = engine.begin_slices(&game.state().setup());
            slices.map_or(Work::Whole, |slices| {
                Work::Search(Box::new((engine, slices)))
            })
        };
        let perfect = PlayerId::Perfect.player();
        let work = match t.request.task {
            Task::Move if t.request.player == PlayerId::Search => searching(search::SEARCH.limits),
            Task::Move if t.request.player == PlayerId::Perfect && g != Geometry::LED => {
                Work::Perfect(Box::new(perfect::Choosing::new(game.state())))
            }
            Task::Hint if std::ptr::addr_eq(hint_player(g, game.rule()), perfect) => {
                Work::Perfect(Box::new(perfect::Choosing::new(game.state())))
            }
            Task::Hint => searching(HINT_SEARCH.limits),
            Task::Explain if t.request.player == PlayerId::Search => {
                Work::Explain(Box::new(search::Explaining::new(game)))
            }
            _ => Work::Whole,
        };
        JOBS.with(|jobs| {
            jobs.borrow_mut().push(Job {
                thinking: t,
                work,
                budget: FIRST_BUDGET,
            })
        });
    }

    use tictactoe::search::Search;

    /// The page's one thread runs an analysis job between frames: a slice of the live analysis a
    /// frame ([`tictactoe::search::analysis::Analysis::step`]), or a slice of one point of a
    /// review.
    pub fn analyse(a: super::Analysing) {
        ANALYSIS.with(|slot| {
            *slot.borrow_mut() = Some(WebAnalysis {
                a,
                live: None,
                point: None,
                next: 0,
            })
        });
    }

    /// The most nodes of one frame's slice of an analysis (its time is [`SLICE`]).
    const ANALYSIS_SLICE: u64 = 20_000;

    /// The most nodes of one call of the exact solver's proofs in an analysis.
    const SOLVER_SLICE: u64 = 2_000;

    /// An analysis job in hand, and where it is.
    struct WebAnalysis {
        a: super::Analysing,
        live: Option<tictactoe::search::analysis::Analysis>,
        /// The review's point being searched.
        point: Option<tictactoe::search::analysis::Analysis>,
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
        use tictactoe::search::analysis::{x_win_probability, x_win_probability_of, Analysis};
        let Some(mut w) = ANALYSIS.with(|slot| slot.borrow_mut().take()) else {
            return;
        };
        if w.a.stop.load(Ordering::Relaxed) {
            return;
        }
        let ticket = w.a.job.ticket;
        let time = Some(std::time::Duration::from_secs_f64(SLICE));
        let more = match &w.a.job.kind {
            JobKind::Live(state) => {
                let live = w.live.get_or_insert_with(|| {
                    Analysis::new(state, SHOWN_LINES).with_solver_slices(SOLVER_SLICE)
                });
                let report = live.step(Some(ANALYSIS_SLICE), time, &w.a.stop).pop();
                let finished = live.finished();
                let sent =
                    report.is_none_or(|report| (w.a.send)(Answer::Report { ticket, report }, true));
                sent && !finished
            }
            JobKind::Review(points) => match points.get(w.next) {
                Some((index, state)) => {
                    // A finished position's chance at once; another's after its search.
                    let done = if state.game_over() {
                        Some(x_win_probability(state, 0))
                    } else {
                        let point = w.point.get_or_insert_with(|| {
                            Analysis::new(state, 1).with_solver_slices(SOLVER_SLICE)
                        });
                        let left = REVIEW_NODES.saturating_sub(point.nodes());
                        point.step(Some(left.min(ANALYSIS_SLICE)), time, &w.a.stop);
                        (point.nodes() >= REVIEW_NODES || point.finished())
                            .then(|| x_win_probability_of(point))
                    };
                    match done {
                        Some(x_probability) => {
                            w.point = None;
                            w.next += 1;
                            let answer = Answer::Point {
                                ticket,
                                index: *index,
                                x_probability,
                            };
                            (w.a.send)(answer, true) && w.next < points.len()
                        }
                        None => true,
                    }
                }
                None => false,
            },
        };
        if more {
            ANALYSIS.with(|slot| *slot.borrow_mut() = Some(w));
        }
    }

    /// The units of a job's first slice (the search's or the solver's nodes, or for an
    /// explanation its searches' nodes); then as many as took [`SLICE`] in the slice before.
    const FIRST_BUDGET: u64 = 4096;

    /// A slice's time: half a frame at 60 frames a second.
    const SLICE: f64 = 0.008;

    /// The solver's nodes of one step of perfect's proofs (each goes on from where the last
    /// stopped, through the table).
    const SOLVER_STEP: u64 = 4096;

    /// The nodes of one step of an explanation.
    const EXPLAIN_STEP: u64 = 1024;

    /// `step` again and again until it answers or the slice's time from `started` is up.
    fn until_time_is_up<T>(started: f64, mut step: impl FnMut() -> Option<T>) -> Option<T> {
        loop {
            if let Some(answer) = step() {
                return Some(answer);
            }
            if macroquad::miniquad::date::now() - started >= SLICE {
                return None;
            }
        }
    }

    /// How a request is worked out in slices.
    enum Work {
        /// A search (a move or a hint by the search player).
        Search(Box<(Search, tictactoe::search::Slices)>),
        /// perfect's proofs off the LED board (a move or a hint), then its choice among the
        /// moves they keep, by the request's seed.
        Perfect(Box<tictactoe::players::perfect::Choosing>),
        /// The search player's explanation.
        Explain(Box<tictactoe::players::search::Explaining>),
        /// Another player's answer, all at once.
        Whole,
    }

    /// A request in hand, how it is worked out, and the units of its next slice.
    struct Job {
        thinking: super::Thinking,
        work: Work,
        budget: u64,
    }

    thread_local! {
        /// The requests in hand, the one worked on first.
        static JOBS: std::cell::RefCell<Vec<Job>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    /// One frame's work: a slice of the analysis job, and a slice of the first request in hand
    /// (or the whole answer of a quick player). Requests no longer wanted are dropped.
    pub fn work_a_slice() {
        use rand::SeedableRng;
        use std::sync::atomic::Ordering;
        use tictactoe::app::Reply;
        analyse_a_slice();
        let job = JOBS.with(|jobs| {
            let mut jobs = jobs.borrow_mut();
            jobs.retain(|j| !j.thinking.stop.load(Ordering::Relaxed));
            (!jobs.is_empty()).then(|| jobs.remove(0))
        });
        let Some(mut job) = job else {
            return;
        };
        let started = macroquad::miniquad::date::now();
        let (reply, used) = match &mut job.work {
            Work::Whole => {
                // Another player: the whole answer now (none if the request was stopped).
                if let Some(reply) =
                    tictactoe::app::answer(&job.thinking.request, &job.thinking.stop)
                {
                    (job.thinking.answer)(reply);
                }
                return;
            }
            Work::Search(work) => {
                let (search, slices) = &mut **work;
                let nodes = slices.nodes();
                let r = search.slice(slices, job.budget);
                (r.map(|r| Reply::Cell(r.best)), slices.nodes() - nodes)
            }
            // Small steps until the slice's time is up: a step's time varies too much (threat
            // searches, proofs) for one budget to fit.
            Work::Perfect(choosing) => {
                let candidates = until_time_is_up(started, || choosing.slice(SOLVER_STEP));
                let r = candidates.map(|candidates| {
                    use rand::seq::SliceRandom;
                    let mut rng = rand::rngs::StdRng::seed_from_u64(job.thinking.request.seed);
                    let c = candidates.choose(&mut rng).copied();
                    Reply::Cell(c.expect("a game on has a candidate"))
                });
                (r, job.budget)
            }
            Work::Explain(explaining) => {
                let r = until_time_is_up(started, || explaining.slice(EXPLAIN_STEP));
                (r.map(|e| Reply::Explanation(Some(Box::new(e)))), job.budget)
            }
        };
        let took = macroquad::miniquad::date::now() - started;
        job.budget = (used.max(1) as f64 * SLICE / took.max(0.001)).clamp(256.0, 1e6) as u64;
        match reply {
            Some(reply) => (job.thinking.answer)(reply),
            None => JOBS.with(|jobs| jobs.borrow_mut().insert(0, job)),
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
