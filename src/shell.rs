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

    fn key_down_event(&mut self, code: KeyCode, _mods: KeyMods, repeat: bool) {
        if code == KeyCode::Escape {
            self.quit = true;
        } else if let Some(key) = special_key(code, repeat) {
            self.push(false, Some(key));
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

/// The Easel key of a key with no character: the arrows (which repeat when held) and Enter.
fn special_key(code: KeyCode, repeat: bool) -> Option<easel::Key> {
    match code {
        KeyCode::Left => Some(easel::Key::Left),
        KeyCode::Right => Some(easel::Key::Right),
        KeyCode::Up => Some(easel::Key::Up),
        KeyCode::Down => Some(easel::Key::Down),
        KeyCode::Enter | KeyCode::KpEnter if !repeat => Some(easel::Key::Enter),
        _ => None,
    }
}

fn window_color(c: easel::Color) -> Color {
    Color::from_rgba(c.r, c.g, c.b, 255)
}

/// Draws a set of Easel images, the picture scaled and centred by `viewport`, white around it.
fn draw(images: &[Image], font: &Font, viewport: Viewport) {
    clear_background(WHITE);
    // Whole-pixel Easel coordinates name pixels: a line goes through their centres, as wide as an
    // Easel pixel, rounded to whole pixels of the screen so that every line is equally sharp.
    let dpi = screen_dpi_scale();
    let width = (viewport.scale * dpi).round().max(1.0) / dpi;
    let half = vec2(width, width) / 2.0;
    let snap = |p: Vec2| (p * dpi).round() / dpi;
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
                let size = (*height as f32 * viewport.scale).round().max(1.0) as u16;
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

/// Asks for the next frame when the program will change by itself (`App::next_change_at`), and
/// otherwise waits for input without drawing. On X11 the vendored miniquad's blocking loop wakes
/// at that moment, or when a worker brings an answer ([`Thinker`]); elsewhere the shell wakes
/// every 50 ms until then, or while a computer thinks.
fn wake_for(state: &App) {
    let wait = state
        .next_change_at()
        .map(|at| std::time::Duration::from_secs_f64((at - get_time()).max(0.0)));
    if cfg!(target_os = "linux") {
        miniquad::window::schedule_update_after(wait);
    } else if wait.is_some() || state.thinking.is_some() {
        let poll = std::time::Duration::from_millis(50);
        std::thread::sleep(wait.map_or(poll, |w| w.min(poll)));
        miniquad::window::schedule_update();
    }
}

/// Works out slow computers' moves away from the cycle ([`App::thinking`]): each request on a
/// worker thread, whose answer comes back as a step ([`easel::Input::answer`]) and wakes the
/// window. Work the app no longer wants (a new game, a seat changed) is told to stop.
struct Thinker {
    /// The ticket of the request being worked on, and the flag that stops its work.
    current: Option<(u64, Arc<AtomicBool>)>,
    /// Where workers send their answers: the ticket and the cell.
    send: mpsc::Sender<(u64, usize)>,
    /// The answers that came.
    answers: mpsc::Receiver<(u64, usize)>,
}

impl Thinker {
    fn new() -> Thinker {
        let (send, answers) = mpsc::channel();
        Thinker {
            current: None,
            send,
            answers,
        }
    }

    /// Starts work on the app's request if it is new; stops work the app no longer wants.
    fn follow(&mut self, state: &App) {
        let wanted = state.thinking.as_ref().map(|r| r.ticket);
        if self.current.as_ref().map(|(ticket, _)| *ticket) == wanted {
            return;
        }
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
        let Some(request) = &state.thinking else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let (request, ticket) = (request.clone(), request.ticket);
        let (send, stopped) = (self.send.clone(), Arc::clone(&stop));
        std::thread::spawn(move || {
            if let Some(cell) = app::answer(&request, &stopped) {
                if send.send((ticket, cell)).is_ok() {
                    miniquad::window::wake_up();
                }
            }
        });
        self.current = Some((ticket, stop));
    }

    /// The answers that came since the last call, as steps at time `now`.
    fn answers(&self, now: f64) -> Vec<easel::Input> {
        self.answers
            .try_iter()
            .map(|(ticket, cell)| easel::Input::answer(ticket, cell, now))
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
async fn run(mut state: App) {
    let font = load_ttf_font_from_bytes(FONT).expect("the embedded font is a valid TTF");
    let subscriber = macroquad::input::utils::register_input_subscriber();
    let mut steps = Steps {
        pointer: Viewport::current().to_easel(mouse_position()),
        ..Steps::default()
    };
    let mut change_log = ChangeLog::from_env();
    let mut thinker = Thinker::new();
    loop {
        let viewport = Viewport::current();
        steps.viewport = Some(viewport);
        steps.dpi_scale = screen_dpi_scale();
        macroquad::input::utils::repeat_all_miniquad_input(&mut steps, subscriber);
        if steps.quit {
            break;
        }
        let now = get_time();
        for step in steps.steps.drain(..) {
            state = app::new_state(&step.at(now), state);
        }
        for answer in thinker.answers(now) {
            state = app::new_state(&answer, state);
        }
        let tick = easel::Input {
            mouse_x: steps.pointer.0,
            mouse_y: steps.pointer.1,
            ..easel::Input::tick(now)
        };
        state = app::new_state(&tick, state);
        let images = app::images(&state);
        draw(&images, &font, viewport);
        change_log.frame(&images);
        thinker.follow(&state);
        wake_for(&state);
        next_frame().await;
    }
}

/// The window's configuration: "Tic-tac-toe", 800 × 800 where the screen has room (square and
/// smaller where it does not), resizable, sharp on high-DPI screens, X window class `tictactoe`,
/// drawn only when there is input or the program asks for a frame (miniquad's blocking loop).
fn conf() -> macroquad::conf::Conf {
    let mut miniquad_conf = miniquad::conf::Conf {
        window_title: "Tic-tac-toe".to_string(),
        window_width: SIZE as i32,
        window_height: SIZE as i32,
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

/// Fails with a one-line reason when there is evidently no display to open a window on.
fn check_display() -> Result<(), String> {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err("cannot open a window: no display (DISPLAY is not set)".into());
    }
    Ok(())
}

/// Replaces the panic report with one line and exit code 1: when the window cannot be opened or
/// the display fails under it (no OpenGL, an X error, the window destroyed from outside), the
/// vendored miniquad panics with the reason, and a person should read that, not a backtrace.
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

/// Opens the window and plays until it is closed: exit code 0, or 1 with one line on stderr when
/// the window cannot run.
pub fn run_window(app: App) -> ExitCode {
    if let Err(e) = check_display() {
        eprintln!("tictactoe: {e}");
        return ExitCode::FAILURE;
    }
    // Mesa's own warnings ("libGL error: …") would come before the one line that says what
    // failed; LIBGL_DEBUG and EGL_LOG_LEVEL set by the user still apply.
    for (name, quiet) in [("LIBGL_DEBUG", "quiet"), ("EGL_LOG_LEVEL", "fatal")] {
        if std::env::var_os(name).is_none() {
            std::env::set_var(name, quiet);
        }
    }
    quiet_panics();
    macroquad::Window::from_config(conf(), run(app));
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
            player: tictactoe::players::PlayerId::Perfect,
            game: app.game.clone(),
            seed: 1,
        };
        let app = App {
            thinking: Some(request),
            ..app
        };
        let mut thinker = Thinker::new();
        thinker.follow(&app);
        thinker.follow(&app); // the same request: no second worker
        let (ticket, cell) = thinker
            .answers
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("an answer");
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
