//! The shell: runs the Easel cycle on macroquad. Each mouse press and each key is one step
//! `new_state(input, state)`, in the order the events came, each press at its own position; then a
//! step with neither lets time act (a computer's move), and the window shows `images(state)`.
//! Easel ↔ window coordinates are converted here, in [`Viewport`], and nowhere else.

use macroquad::miniquad::{self, EventHandler, KeyCode, KeyMods};
use macroquad::prelude::*;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use tictactoe::app::{self, App};
use tictactoe::easel::{self, Image};

use crate::platform;

/// What persists between runs: where the settings are kept (a file on the desktop; on the page,
/// the browser's local storage) and the settings read at start (the shell's own parts, the
/// window's size and the engines, are kept in it).
pub struct Kept {
    /// The settings file, when the system names a config folder.
    #[cfg(not(target_arch = "wasm32"))]
    pub store: Option<tictactoe::settings::Store>,
    /// The settings read at start.
    pub settings: tictactoe::settings::Settings,
    /// On the page: the settings' text last kept in the browser's local storage.
    #[cfg(target_arch = "wasm32")]
    pub saved: Option<String>,
}

/// The desktop's files and processes: saved games, dropped files, external engines. The page
/// has none of them.
#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use tictactoe::app::{self, App};
    use tictactoe::easel;

    /// Saves the game as a new `.psq` in the user's data folder (`games/`), never over another
    /// file: the status line's report of where, or why not.
    pub fn save_game(state: &App) -> String {
        let Some(dir) = tictactoe::settings::games_dir() else {
            return "cannot save: the system names no data folder".into();
        };
        let record = app::game_record(state);
        let stamp = tictactoe::record::timestamp(std::time::SystemTime::now());
        let text = tictactoe::record::write_psq(&record);
        match tictactoe::record::save_new(&dir, &stamp, "psq", &text) {
            Ok(path) => format!("saved {}", path.display()),
            Err(e) => format!("cannot save in {}: {e}", dir.display()),
        }
    }

    /// Opens a file dropped onto the window: the step that opens it, or says why it cannot.
    pub fn open_dropped(path: &std::path::Path, state: &App, now: f64) -> easel::Input {
        match tictactoe::record::read_file(path, state.geometry()) {
            Ok((record, _)) => {
                easel::Input::open(record.game, format!("opened {}", path.display()), now)
            }
            Err(e) => easel::Input::note(format!("{}: {e}", path.display()), now),
        }
    }

    /// Appends a status line to the file `TICTACTOE_STATUS_LOG` names (the e2e tests read what a
    /// person is told).
    pub fn log_status(path: &std::ffi::OsStr, line: &str) {
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(f, "{line}");
        }
    }

    /// An external engine's time a move in the window (`INFO timeout_turn`).
    pub const ENGINE_TURN: std::time::Duration = std::time::Duration::from_secs(2);
}

/// The Easel picture's side in Easel units (the LED canvas is 800 × 800), and the window's side
/// where the screen has room.
pub const SIZE: f32 = 800.0;

/// The one conversion between Easel coordinates (origin bottom-left, y up) and the window's
/// (origin top-left, y down, in macroquad's screen units, which the DPI scale may make larger
/// than pixels): the 800 × 800 picture scaled uniformly to fit the window, centred in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Window units per Easel unit, the same across and up.
    scale: f32,
    /// Where the picture's left edge is in the window (the margin beside it).
    left: f32,
    /// Where the picture's top edge is in the window (the margin above it).
    top: f32,
}

impl Viewport {
    /// The viewport of a window `width` × `height` (screen units): the largest square that fits,
    /// centred, with equal plain margins on the two sides that have room to spare.
    pub fn fit(width: f32, height: f32) -> Viewport {
        let scale = (width.min(height) / SIZE).max(f32::MIN_POSITIVE);
        Viewport {
            scale,
            left: ((width - SIZE * scale) / 2.0).round(),
            top: ((height - SIZE * scale) / 2.0).round(),
        }
    }

    /// The viewport of the window as it is now.
    pub fn current() -> Viewport {
        Viewport::fit(screen_width(), screen_height())
    }

    /// An Easel point in window coordinates: `window_y = top + (800 − easel_y) · scale`.
    pub fn to_window(self, p: easel::Point) -> Vec2 {
        vec2(
            self.left + p.x as f32 * self.scale,
            self.top + (SIZE - p.y as f32) * self.scale,
        )
    }

    /// A window position (the mouse's) in Easel coordinates.
    pub fn to_easel(self, (x, y): (f32, f32)) -> (f32, f32) {
        (
            (x - self.left) / self.scale,
            SIZE - (y - self.top) / self.scale,
        )
    }
}

/// The steps of the Easel cycle made from the input events of one frame, in the order they came:
/// one per left press (at the position of that press) and one per key. macroquad replays its
/// event queue into this through [`EventHandler`].
#[derive(Debug, Default)]
struct Steps {
    /// The conversion for this frame's events.
    viewport: Option<Viewport>,
    /// Window pixels per screen unit.
    dpi_scale: f32,
    /// The pointer's last known position, in Easel coordinates.
    pointer: (f32, f32),
    /// The steps, oldest first.
    steps: Vec<easel::Input>,
    /// Esc was pressed.
    quit: bool,
}

impl Steps {
    /// An event position (window pixels) in Easel coordinates.
    fn easel(&self, x: f32, y: f32) -> (f32, f32) {
        let viewport = self.viewport.unwrap_or(Viewport::fit(SIZE, SIZE));
        viewport.to_easel((x / self.dpi_scale, y / self.dpi_scale))
    }

    fn push(&mut self, mouse_clicked: bool, key: Option<easel::Key>) {
        if self.quit {
            return;
        }
        self.steps.push(easel::Input {
            mouse_clicked,
            mouse_x: self.pointer.0,
            mouse_y: self.pointer.1,
            key,
            time: 0.0,
            answer: None,
            note: None,
            open: None,
            fault: None,
            engine_name: None,
            analysis: None,
            explanation: None,
        });
    }
}

impl EventHandler for Steps {
    fn update(&mut self) {}
    fn draw(&mut self) {}

    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        self.pointer = self.easel(x, y);
    }

    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        self.pointer = self.easel(x, y);
        if button == MouseButton::Left {
            self.push(true, None);
        }
    }

    fn char_event(&mut self, c: char, mods: KeyMods, repeat: bool) {
        if let Some(key) = char_key(c, mods, repeat) {
            self.push(false, Some(key));
        }
    }

    fn key_down_event(&mut self, code: KeyCode, mods: KeyMods, repeat: bool) {
        if code == KeyCode::Escape {
            self.quit = platform::ESC_QUITS;
        } else if let Some(key) = special_key(code, repeat) {
            self.push(false, Some(key));
        } else if let Some(letter) = ctrl_letter(code, mods).filter(|_| platform::CTRL_BY_KEY) {
            self.push(false, Some(easel::Key::Ctrl(letter)));
        }
    }
}

/// The Easel key of a typed character: lower-case, or with Ctrl a letter (X11 reports Ctrl+Z as
/// 'z', Windows as the control character 26: both give `Ctrl('z')`). Held-down characters do not
/// repeat; Ctrl+letter does (undo, redo); control characters without Ctrl (Enter, Tab) are not
/// characters here.
fn char_key(c: char, mods: KeyMods, repeat: bool) -> Option<easel::Key> {
    if mods.ctrl {
        let letter = match c as u32 {
            code @ 1..=26 => char::from(b'a' + code as u8 - 1),
            _ => c.to_ascii_lowercase(),
        };
        letter
            .is_ascii_lowercase()
            .then_some(easel::Key::Ctrl(letter))
    } else if repeat || c.is_control() {
        None
    } else {
        c.to_lowercase().next().map(easel::Key::Char)
    }
}

/// The letter of Ctrl+letter pressed (`KeyCode::A` to `KeyCode::Z`, whose codes are the capitals').
/// Where the platform reports no character for it ([`platform::CTRL_BY_KEY`]: a browser sends no
/// `keypress`), the key itself is the step.
fn ctrl_letter(code: KeyCode, mods: KeyMods) -> Option<char> {
    let code = code as u16;
    (mods.ctrl && (KeyCode::A as u16..=KeyCode::Z as u16).contains(&code))
        .then(|| char::from(b'a' + (code - KeyCode::A as u16) as u8))
}

/// The Easel key of a key with no character: the arrows (which repeat when held) and Enter.
fn special_key(code: KeyCode, repeat: bool) -> Option<easel::Key> {
    match code {
        KeyCode::Left => Some(easel::Key::Left),
        KeyCode::Right => Some(easel::Key::Right),
        KeyCode::Up => Some(easel::Key::Up),
        KeyCode::Down => Some(easel::Key::Down),
        KeyCode::Enter | KeyCode::KpEnter if !repeat => Some(easel::Key::Enter),
        KeyCode::Home => Some(easel::Key::Home),
        KeyCode::End => Some(easel::Key::End),
        KeyCode::PageUp => Some(easel::Key::PageUp),
        KeyCode::PageDown => Some(easel::Key::PageDown),
        _ => None,
    }
}

fn window_color(c: easel::Color) -> Color {
    Color::from_rgba(c.r, c.g, c.b, 255)
}

/// Draws a set of Easel images, the picture scaled and centred by `viewport`, white around it.
/// The font size of a text `height` Easel units high.
fn text_size(height: u32, viewport: Viewport) -> u16 {
    (height as f32 * viewport.scale).round().max(1.0) as u16
}

fn draw(images: &[Image], font: &Font, viewport: Viewport) {
    clear_background(WHITE);
    // Whole-pixel Easel coordinates name pixels: a line goes through their centres, as wide as an
    // Easel pixel, rounded to whole pixels of the screen so that every line is equally sharp.
    let dpi = screen_dpi_scale();
    let width = (viewport.scale * dpi).round().max(1.0) / dpi;
    let half = vec2(width, width) / 2.0;
    let snap = |p: Vec2| (p * dpi).round() / dpi;
    // Every glyph of the frame's text sizes goes into the font's atlas before anything is drawn:
    // a glyph cached between two texts grows the atlas, whose old texture the texts drawn before
    // still use when the frame is flushed (WebGL: "glBindTexture called with an already deleted
    // texture"; the desktop's GL draws them wrong for a frame).
    let mut glyphs: Vec<(u16, char)> = images
        .iter()
        .flat_map(|image| match image {
            // At the size on the screen, as measure_text and draw_text_ex cache them.
            Image::Text { text, height, .. } => {
                let size = (text_size(*height, viewport) as f32 * dpi).ceil() as u16;
                // 'x' too: its height places every text.
                text.chars().chain(['x']).map(|c| (size, c)).collect()
            }
            Image::Segment { .. } => Vec::new(),
        })
        .collect();
    glyphs.sort_unstable();
    glyphs.dedup();
    for (size, c) in glyphs {
        font.populate_font_cache(&[c], size);
    }
    for image in images {
        match image {
            Image::Segment { from, to, color } => {
                let (a, b) = (
                    snap(viewport.to_window(*from)) + half,
                    snap(viewport.to_window(*to)) + half,
                );
                draw_line(a.x, a.y, b.x, b.y, width, window_color(*color));
            }
            Image::Text {
                text,
                at,
                height,
                color,
            } => {
                let size = text_size(*height, viewport);
                let dims = measure_text(text, Some(font), size, 1.0);
                // Easel centres text on its point, horizontally and vertically. Vertically, the
                // middle of the lower-case letters' height goes on the point, so that texts on one
                // line share a baseline whatever their ascenders and descenders ("o: bp").
                let x_height = measure_text("x", Some(font), size, 1.0);
                let centre = viewport.to_window(*at);
                let x = centre.x - dims.width / 2.0;
                let y = centre.y - x_height.height / 2.0 + x_height.offset_y;
                let params = TextParams {
                    font: Some(font),
                    font_size: size,
                    color: window_color(*color),
                    ..Default::default()
                };
                // On whole pixels of the screen, so that glyphs stay sharp.
                let at = snap(vec2(x, y));
                draw_text_ex(text, at.x, at.y, params);
            }
        }
    }
}

/// The font: the printable ASCII characters of DejaVu Sans Mono, all the program draws
/// (`scripts/subset-font.sh` makes the subset from the full font).
const FONT: &[u8] = include_bytes!("../assets/DejaVuSansMono-ASCII.ttf");

/// Asks for the next frame when the program will change by itself (`App::next_change_at`) or a
/// computer's answer is awaited, and otherwise waits for input without drawing
/// ([`platform::wake_after`]).
fn wake_for(state: &App) {
    let wait = state
        .next_change_at()
        .map(|at| std::time::Duration::from_secs_f64((at - get_time()).max(0.0)));
    platform::wake_after(
        wait,
        state.requests().next().is_some() || state.analysing.job.is_some(),
    );
}

/// Works out slow computers' moves, hints and explanations away from the cycle
/// ([`App::requests`]): each request on a worker thread (or in slices between a page's frames),
/// whose answer comes back as a step ([`easel::Input::answer`], [`easel::Input::explanation`]) and
/// wakes the window. Work the app no longer wants (a new game, a seat changed) is told to stop.
struct Thinker {
    /// The tickets of the requests being worked on, and the flags that stop their work.
    current: Vec<(u64, Arc<AtomicBool>)>,
    /// Where workers send their answers: the ticket and the reply.
    send: mpsc::Sender<(u64, app::Reply)>,
    /// The answers that came.
    answers: mpsc::Receiver<(u64, app::Reply)>,
    /// The external engines' processes, asked on worker threads.
    #[cfg(not(target_arch = "wasm32"))]
    engines: tictactoe::engine_host::EngineHost,
}

impl Thinker {
    fn new() -> Thinker {
        let (send, answers) = mpsc::channel();
        #[cfg(not(target_arch = "wasm32"))]
        let mut engines = tictactoe::engine_host::EngineHost::new();
        #[cfg(not(target_arch = "wasm32"))]
        engines.set_waker(Arc::new(miniquad::window::wake_up));
        Thinker {
            current: Vec::new(),
            send,
            answers,
            #[cfg(not(target_arch = "wasm32"))]
            engines,
        }
    }

    /// Starts work on the app's new requests; stops work the app no longer wants.
    fn follow(&mut self, state: &App) {
        let wanted: Vec<u64> = state.requests().map(|r| r.ticket).collect();
        self.current.retain(|(ticket, stop)| {
            let keep = wanted.contains(ticket);
            if !keep {
                stop.store(true, Ordering::Relaxed);
            }
            keep
        });
        for request in state.requests() {
            if self.current.iter().any(|(t, _)| *t == request.ticket) {
                continue;
            }
            let stop = Arc::new(AtomicBool::new(false));
            self.current.push((request.ticket, Arc::clone(&stop)));
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(i) = request.engine {
                // The engines the app knows, in its order; each is started at its first request.
                while self.engines.len() < state.engines.len() {
                    let path = &state.engines[self.engines.len()].path;
                    let other = state.seat(request.game.state().player_to_move().other());
                    let limits = tictactoe::external::Limits {
                        turn: desktop::ENGINE_TURN,
                        game_type: u32::from(other != app::Seat::Human),
                        ..Default::default()
                    };
                    self.engines
                        .add(tictactoe::external::EngineCommand::path(path), limits);
                }
                self.engines
                    .ask(i as usize, request.ticket, request.game.clone());
                continue;
            }
            let (ticket, send) = (request.ticket, self.send.clone());
            platform::think(platform::Thinking {
                request: request.clone(),
                stop,
                answer: Box::new(move |reply| {
                    if send.send((ticket, reply)).is_ok() {
                        miniquad::window::wake_up();
                    }
                }),
            });
        }
    }

    /// The answers that came since the last call, as steps at time `now`: our players' cells,
    /// and each engine's name, messages (also written to the log beside the saved games), and
    /// cell or fault.
    fn answers(&mut self, now: f64) -> Vec<easel::Input> {
        #[allow(unused_mut)]
        let mut steps: Vec<easel::Input> = self
            .answers
            .try_iter()
            .map(|(ticket, reply)| reply.input(ticket, now))
            .collect();
        #[cfg(not(target_arch = "wasm32"))]
        for reply in self.engines.replies() {
            steps.push(easel::Input {
                engine_name: Some((reply.engine as u8, reply.name.clone())),
                time: now,
                ..Default::default()
            });
            if let Some(last) = reply.messages.last() {
                steps.push(easel::Input::note(format!("{}: {last}", reply.name), now));
                if let Some(dir) = tictactoe::settings::games_dir() {
                    let stamp = tictactoe::record::timestamp(std::time::SystemTime::now());
                    let _ = tictactoe::record::append_messages(
                        &dir,
                        &stamp,
                        &reply.name,
                        &reply.messages,
                    );
                }
            }
            steps.push(match reply.answer {
                Ok(cell) => easel::Input::answer(reply.ticket, cell, now),
                Err(fault) => easel::Input {
                    fault: Some((reply.ticket, fault.to_string())),
                    time: now,
                    ..Default::default()
                },
            });
        }
        steps
    }
}

/// Runs the app's analysis job ([`app::analysis::Job`]: the live analysis of the position, or a
/// review of the game's moves) away from the frames ([`platform::analyse`]: a thread of its own,
/// or slices between the page's frames), whose findings come back as steps
/// ([`easel::Input::analysis`]) and wake the window; a job the app no longer wants is told to
/// stop. With no job, no thread runs.
struct Analyst {
    /// The ticket of the job being worked on, and the flag that stops its work.
    current: Option<(u64, Arc<AtomicBool>)>,
    send: mpsc::Sender<app::analysis::Answer>,
    found: mpsc::Receiver<app::analysis::Answer>,
}

impl Analyst {
    fn new() -> Analyst {
        let (send, found) = mpsc::channel();
        Analyst {
            current: None,
            send,
            found,
        }
    }

    /// Starts the app's job if it is new; stops work the app no longer wants.
    fn follow(&mut self, state: &App) {
        let wanted = state.analysing.job.as_ref().map(|j| j.ticket);
        if self.current.as_ref().map(|(ticket, _)| *ticket) == wanted {
            return;
        }
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
        let Some(job) = state.analysing.job.clone() else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let send = self.send.clone();
        self.current = Some((job.ticket, Arc::clone(&stop)));
        platform::analyse(platform::Analysing {
            job,
            stop,
            send: Box::new(move |answer, wake| {
                let sent = send.send(answer).is_ok();
                if wake {
                    miniquad::window::wake_up();
                }
                sent
            }),
        });
    }

    /// What came since the last call, as steps at time `now`.
    fn found(&self, now: f64) -> Vec<easel::Input> {
        self.found
            .try_iter()
            .map(|a| easel::Input::analysis(a, now))
            .collect()
    }
}

/// With `TICTACTOE_CHANGE_LOG=path` set, one line is appended to that file for each frame whose
/// picture differs from the one before (`scripts/startup-vs-minimal.sh` divides the frames drawn
/// by it). Unset, it does nothing.
struct ChangeLog {
    file: Option<std::fs::File>,
    /// The picture last drawn.
    shown: Vec<Image>,
}

impl ChangeLog {
    fn from_env() -> ChangeLog {
        let file = std::env::var_os("TICTACTOE_CHANGE_LOG").and_then(|path| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .ok()
        });
        ChangeLog {
            file,
            shown: Vec::new(),
        }
    }

    /// Notes a frame that draws `images`.
    fn frame(&mut self, images: &[Image]) {
        if let Some(file) = &mut self.file {
            if images != self.shown {
                use std::io::Write;
                let _ = writeln!(file, "{:.3}", get_time());
                self.shown = images.to_vec();
            }
        }
    }
}

/// Runs the game until the window is closed or Esc is pressed.
#[allow(unused_mut, unused_variables)]
async fn run(mut state: App, mut kept: Kept) {
    prevent_quit();
    let mut saves = state.save_requests;
    let mut drawn: Vec<Image> = Vec::new();
    // With TICTACTOE_STATUS_LOG=path, each new status line is appended to that file.
    let status_log = std::env::var_os("TICTACTOE_STATUS_LOG");
    let mut status_shown: Option<String> = None;
    let font = load_ttf_font_from_bytes(FONT).expect("the embedded font is a valid TTF");
    let subscriber = macroquad::input::utils::register_input_subscriber();
    let mut steps = Steps {
        pointer: Viewport::current().to_easel(mouse_position()),
        ..Steps::default()
    };
    let mut change_log = ChangeLog::from_env();
    let mut thinker = Thinker::new();
    let mut analyst = Analyst::new();
    loop {
        let viewport = Viewport::current();
        steps.viewport = Some(viewport);
        steps.dpi_scale = screen_dpi_scale();
        macroquad::input::utils::repeat_all_miniquad_input(&mut steps, subscriber);
        if steps.quit || is_quit_requested() {
            break;
        }
        let now = get_time();
        #[cfg(not(target_arch = "wasm32"))]
        for dropped in get_dropped_files() {
            if let Some(path) = dropped.path {
                steps.steps.push(desktop::open_dropped(&path, &state, now));
            }
        }
        for step in steps.steps.drain(..) {
            state = app::new_state(&step.at(now), state);
        }
        platform::work_a_slice();
        for answer in thinker.answers(now) {
            state = app::new_state(&answer, state);
        }
        for found in analyst.found(now) {
            state = app::new_state(&found, state);
        }
        let tick = easel::Input {
            mouse_x: steps.pointer.0,
            mouse_y: steps.pointer.1,
            ..easel::Input::tick(now)
        };
        state = app::new_state(&tick, state);
        if state.save_requests != saves {
            saves = state.save_requests;
            #[cfg(not(target_arch = "wasm32"))]
            let line = desktop::save_game(&state);
            #[cfg(target_arch = "wasm32")]
            let line = platform::save_game(&state);
            state = app::new_state(&easel::Input::note(line, now), state);
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            if let Some(store) = &mut kept.store {
                let mut settings = app::settings_of(&state, &kept.settings);
                settings.window.width = screen_width().round() as u32;
                settings.window.height = screen_height().round() as u32;
                if let Err(e) = store.save(&settings) {
                    kept.store = None;
                    state = app::new_state(&easel::Input::note(e.to_string(), now), state);
                }
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            // The page keeps the settings in the browser's local storage when they change.
            let text = app::settings_of(&state, &kept.settings).to_toml();
            if kept.saved.as_deref() != Some(text.as_str()) {
                platform::keep_settings(&text);
                kept.saved = Some(text);
            }
        }
        let images = app::images(&state);
        draw(&images, &font, viewport);
        change_log.frame(&images);
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(path) = &status_log {
            let line = app::status_line(&state);
            if line != status_shown {
                if let Some(text) = &line {
                    desktop::log_status(path, text);
                }
                status_shown = line;
            }
        }
        thinker.follow(&state);
        analyst.follow(&state);
        wake_for(&state);
        // A picture that changed is drawn once more: text of a size not drawn before grows the
        // font's atlas during the frame, and glyphs drawn before the growth can come out as
        // blocks until the next frame, which the blocking loop would not draw until the next
        // input.
        if images != drawn {
            miniquad::window::schedule_update();
            drawn = images;
        }
        next_frame().await;
    }
}

/// The window's configuration: "Tic-tac-toe", 800 × 800 where the screen has room (square and
/// smaller where it does not), resizable, sharp on high-DPI screens, X window class `tictactoe`,
/// drawn only when there is input or the program asks for a frame (miniquad's blocking loop).
fn conf(size: Option<(u32, u32)>) -> macroquad::conf::Conf {
    let (width, height) = size.unwrap_or((SIZE as u32, SIZE as u32));
    let mut miniquad_conf = miniquad::conf::Conf {
        window_title: "Tic-tac-toe".to_string(),
        window_width: width as i32,
        window_height: height as i32,
        window_resizable: true,
        high_dpi: true,
        icon: Some(icon()),
        ..Default::default()
    };
    miniquad_conf.platform.blocking_event_loop = true;
    miniquad_conf.platform.linux_wm_class = "tictactoe";
    miniquad_conf.platform.linux_x11_fit_screen = true;
    macroquad::conf::Conf {
        miniquad_conf,
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            ..Default::default()
        }),
        // macroquad starts a draw call at each change between lines and text, and gives each one
        // buffers of this capacity, in memory and in the GL driver, zeroed. The default (10,000
        // vertices, 400 KB) cost the first frame 6 MB more than a minimal window; a quarter of a
        // thousand quads a call is plenty for any picture here (a longer call continues in the
        // next one).
        draw_call_vertex_capacity: 1000,
        draw_call_index_capacity: 1500,
        ..Default::default()
    }
}

/// The window icon at miniquad's three sizes, from the procedural icon of [`tictactoe::icon`].
fn icon() -> miniquad::conf::Icon {
    fn pixels<const N: usize>(size: usize) -> [u8; N] {
        tictactoe::icon::icon_rgba(size)
            .try_into()
            .expect("icon_rgba(size) has size·size·4 bytes")
    }
    miniquad::conf::Icon {
        small: pixels(16),
        medium: pixels(32),
        big: pixels(64),
    }
}

/// Opens the window and plays until it is closed: exit code 0, or 1 with one line on stderr when
/// the window cannot run.
pub fn run_window(app: App, kept: Kept) -> ExitCode {
    if let Err(e) = platform::prepare_window() {
        eprintln!("tictactoe: {e}");
        return ExitCode::FAILURE;
    }
    #[cfg(not(target_arch = "wasm32"))]
    let size = kept
        .store
        .as_ref()
        .map(|_| (kept.settings.window.width, kept.settings.window.height));
    #[cfg(target_arch = "wasm32")]
    let size = None;
    macroquad::Window::from_config(conf(size), run(app, kept));
    // Every external engine still running ends with the window.
    #[cfg(not(target_arch = "wasm32"))]
    tictactoe::external::end_all();
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe::easel::{point, Key};

    #[test]
    fn at_800_by_800_the_conversion_is_the_identity_flipped() {
        let v = Viewport::fit(800.0, 800.0);
        // window_y = 800 − easel_y: the grid's top-left end (200,700) is 100 px below the top.
        assert_eq!(v.to_window(point(200, 700)), vec2(200.0, 100.0));
        assert_eq!(v.to_window(point(0, 0)), vec2(0.0, 800.0));
        assert_eq!(v.to_easel((150.0, 150.0)), (150.0, 650.0));
    }

    #[test]
    fn a_larger_window_scales_uniformly_and_centres() {
        // 1000 × 900: scale 900/800, a margin of 50 on each side, none above or below.
        let v = Viewport::fit(1000.0, 900.0);
        assert_eq!(v.to_window(point(0, 800)), vec2(50.0, 0.0));
        assert_eq!(v.to_window(point(800, 0)), vec2(950.0, 900.0));
        // A cell of 100 Easel units is as wide as it is high on the screen.
        let (a, b) = (v.to_window(point(100, 500)), v.to_window(point(200, 400)));
        assert_eq!(b.x - a.x, b.y - a.y);
        // 500 × 650: scale 500/800, 75 above and below.
        let v = Viewport::fit(500.0, 650.0);
        assert_eq!(v.to_window(point(0, 800)), vec2(0.0, 75.0));
        assert_eq!(v.to_window(point(800, 0)), vec2(500.0, 575.0));
        // A window twice as large in screen units (a DPI scale of 2) maps to the same Easel points.
        let v2 = Viewport::fit(1600.0, 1600.0);
        assert_eq!(v2.to_window(point(450, 750)), vec2(900.0, 100.0));
        assert_eq!(v2.to_easel((900.0, 100.0)), (450.0, 750.0));
    }

    #[test]
    fn window_and_easel_coordinates_convert_back_and_forth() {
        for (w, h) in [
            (800.0, 800.0),
            (1000.0, 900.0),
            (500.0, 650.0),
            (700.0, 700.0),
        ] {
            let v = Viewport::fit(w, h);
            for (x, y) in [(0, 0), (123, 456), (800, 800), (150, 650)] {
                let p = v.to_window(point(x, y));
                let (ex, ey) = v.to_easel((p.x, p.y));
                assert!(
                    (ex - x as f32).abs() < 1e-3 && (ey - y as f32).abs() < 1e-3,
                    "{w}×{h}: ({x},{y}) came back as ({ex},{ey})"
                );
            }
        }
    }

    fn mods(ctrl: bool) -> KeyMods {
        KeyMods {
            ctrl,
            ..KeyMods::default()
        }
    }

    #[test]
    fn events_become_steps_in_order_each_press_at_its_position() {
        let mut s = Steps {
            viewport: Some(Viewport::fit(800.0, 800.0)),
            dpi_scale: 1.0,
            ..Steps::default()
        };
        s.mouse_motion_event(10.0, 10.0);
        s.mouse_button_down_event(MouseButton::Left, 150.0, 150.0);
        s.mouse_button_up_event(MouseButton::Left, 150.0, 150.0);
        s.mouse_motion_event(240.0, 470.0);
        s.char_event('5', mods(false), false);
        s.key_down_event(KeyCode::Key5, mods(false), false);
        s.mouse_button_down_event(MouseButton::Right, 50.0, 50.0);
        s.mouse_button_down_event(MouseButton::Left, 250.0, 250.0);
        s.char_event('R', mods(false), false);
        s.char_event('r', mods(false), true);
        s.char_event('\r', mods(false), false);
        s.key_down_event(KeyCode::Enter, mods(false), false);
        s.key_down_event(KeyCode::Left, mods(false), true);
        s.char_event('z', mods(true), false);
        s.char_event('\u{19}', mods(true), false);
        s.key_down_event(KeyCode::Escape, mods(false), false);
        s.char_event('7', mods(false), false);
        let got: Vec<(bool, f32, f32, Option<Key>)> = s
            .steps
            .iter()
            .map(|i| (i.mouse_clicked, i.mouse_x, i.mouse_y, i.key))
            .collect();
        assert_eq!(
            got,
            vec![
                (true, 150.0, 650.0, None),
                (false, 240.0, 330.0, Some(Key::Char('5'))),
                (true, 250.0, 550.0, None),
                (false, 250.0, 550.0, Some(Key::Char('r'))),
                (false, 250.0, 550.0, Some(Key::Enter)),
                (false, 250.0, 550.0, Some(Key::Left)),
                (false, 250.0, 550.0, Some(Key::Ctrl('z'))),
                (false, 250.0, 550.0, Some(Key::Ctrl('y'))),
            ]
        );
        assert!(s.quit, "Esc quits");
    }

    #[test]
    fn ctrl_and_a_letter_key_is_that_letter() {
        assert_eq!(ctrl_letter(KeyCode::Z, mods(true)), Some('z'));
        assert_eq!(ctrl_letter(KeyCode::A, mods(true)), Some('a'));
        assert_eq!(ctrl_letter(KeyCode::Y, mods(true)), Some('y'));
        assert_eq!(ctrl_letter(KeyCode::Z, mods(false)), None);
        assert_eq!(ctrl_letter(KeyCode::Key5, mods(true)), None);
        assert_eq!(ctrl_letter(KeyCode::Enter, mods(true)), None);
    }

    #[test]
    fn event_positions_in_pixels_are_divided_by_the_dpi_scale() {
        let mut s = Steps {
            viewport: Some(Viewport::fit(800.0, 800.0)),
            dpi_scale: 2.0,
            ..Steps::default()
        };
        s.mouse_button_down_event(MouseButton::Left, 300.0, 300.0);
        assert_eq!(
            (s.steps[0].mouse_x, s.steps[0].mouse_y),
            (150.0, 650.0),
            "pixel (300,300) at DPI scale 2 is screen unit (150,150)"
        );
    }

    #[test]
    fn a_slow_computers_request_is_answered_by_a_worker() {
        let app = App::default();
        let request = app::ThinkRequest {
            ticket: 7,
            task: app::Task::Move,
            player: tictactoe::players::PlayerId::Perfect,
            game: app.game.clone(),
            seed: 1,
            engine: None,
        };
        let app = App {
            thinking: Some(request),
            ..app
        };
        let mut thinker = Thinker::new();
        thinker.follow(&app);
        thinker.follow(&app); // the same request: no second worker
        let (ticket, reply) = thinker
            .answers
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("an answer");
        let app::Reply::Cell(cell) = reply else {
            panic!("a move's answer is a cell: {reply:?}")
        };
        assert_eq!(ticket, 7);
        assert!(app.game.check(cell).is_ok(), "{cell} is not a legal move");
        let steps = thinker.answers(1.5);
        assert!(steps.is_empty(), "one answer per request: {steps:?}");
        // The answer, as a step, plays the cell.
        let played = app::new_state(&easel::Input::answer(ticket, cell, 1.5), app);
        assert!(played.thinking.is_none() && played.game.last_move() == Some(cell));
    }

    #[test]
    fn every_text_drawn_is_in_the_embedded_font_subset() {
        // The subset holds the printable ASCII characters (scripts/subset-font.sh).
        let mut states = vec![App::default()];
        for seat in app::seats() {
            states.push(App::new(seat, seat, tictactoe::rules::Player::O, 1));
        }
        let mut s = App::default();
        for c in [1, 5, 9, 2, 8, 3, 7, 4, 6] {
            s = app::new_state(&easel::Input::key(char::from(b'0' + c)), s);
            states.push(s.clone());
        }
        // Every board preset (the key b cycles through them), with a hint shown (h).
        let mut b = App::default();
        for _ in 0..12 {
            b = app::new_state(&easel::Input::key('b'), b);
            states.push(b.clone());
            states.push(app::new_state(&easel::Input::key('h'), b.clone()));
        }
        for state in &states {
            for image in app::images(state) {
                if let Image::Text { text, .. } = image {
                    assert!(
                        text.chars().all(|c| (' '..='~').contains(&c)),
                        "{text:?} has a character outside the font subset"
                    );
                }
            }
        }
    }
}
