//! The shell: runs the Easel cycle on macroquad. Each frame it reads the input, computes
//! `new_state(input, state)`, and draws `images(state)`. Easel ↔ window coordinates are converted
//! here, in [`Viewport`], and nowhere else.

use macroquad::prelude::*;
use tictactoe::app::{self, App};
use tictactoe::easel::{self, Image};

/// The window's side in Easel units (the LED canvas is 800 high; this window is 800 × 800).
pub const SIZE: f32 = 800.0;

/// The one conversion between Easel coordinates (origin bottom-left, y up) and the window's
/// (origin top-left, y down, in macroquad's screen units, which may be scaled by the DPI).
#[derive(Clone, Copy, Debug)]
pub struct Viewport {
    scale_x: f32,
    scale_y: f32,
}

impl Viewport {
    /// The viewport of the window as it is now.
    pub fn current() -> Viewport {
        Viewport {
            scale_x: screen_width() / SIZE,
            scale_y: screen_height() / SIZE,
        }
    }

    /// An Easel point in window coordinates: `window_y = 800 − easel_y`.
    pub fn to_window(self, p: easel::Point) -> Vec2 {
        vec2(
            p.x as f32 * self.scale_x,
            (SIZE - p.y as f32) * self.scale_y,
        )
    }

    /// A window position (the mouse's) in Easel coordinates.
    pub fn to_easel(self, (x, y): (f32, f32)) -> (f32, f32) {
        (x / self.scale_x, SIZE - y / self.scale_y)
    }
}

/// Reads this frame's input, in Easel coordinates.
fn read_input(viewport: Viewport) -> easel::Input {
    let (mouse_x, mouse_y) = viewport.to_easel(mouse_position());
    let mut key = None;
    while let Some(c) = get_char_pressed() {
        key = c.to_lowercase().next().map(easel::Key::Char);
    }
    easel::Input {
        mouse_clicked: is_mouse_button_pressed(MouseButton::Left),
        mouse_x,
        mouse_y,
        key,
        time: get_time(),
        answer: None,
    }
}

fn window_color(c: easel::Color) -> Color {
    Color::from_rgba(c.r, c.g, c.b, 255)
}

/// Draws a set of Easel images.
fn draw(images: &[Image], font: &Font, viewport: Viewport) {
    clear_background(WHITE);
    // Whole-pixel Easel coordinates name pixels: draw 1-pixel lines through their centres.
    let half = vec2(0.5, 0.5);
    for image in images {
        match image {
            Image::Segment { from, to, color } => {
                let (a, b) = (
                    viewport.to_window(*from) + half,
                    viewport.to_window(*to) + half,
                );
                draw_line(
                    a.x,
                    a.y,
                    b.x,
                    b.y,
                    viewport.scale_y.max(1.0),
                    window_color(*color),
                );
            }
            Image::Text {
                text,
                at,
                height,
                color,
            } => {
                let size = (*height as f32 * viewport.scale_y).round() as u16;
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
                draw_text_ex(text, x.round(), y.round(), params);
            }
        }
    }
}

/// Runs the game until the window is closed or Esc is pressed.
pub async fn run(mut state: App) {
    let font = load_ttf_font_from_bytes(include_bytes!("../assets/DejaVuSansMono.ttf"))
        .expect("the embedded font is a valid TTF");
    loop {
        if is_key_pressed(KeyCode::Escape) {
            break;
        }
        let viewport = Viewport::current();
        let input = read_input(viewport);
        state = app::new_state(&input, state);
        draw(&app::images(&state), &font, viewport);
        if let Some(at) = state.next_change_at() {
            // A computer is about to move: ask for another frame, without spinning meanwhile.
            let wait = (at - get_time()).clamp(0.0, 0.05);
            std::thread::sleep(std::time::Duration::from_secs_f64(wait));
            miniquad::window::schedule_update();
        }
        next_frame().await;
    }
}

/// The window's configuration: 800 × 800, titled "Tic-tac-toe", drawn only when there is input or
/// the program asks for a frame (miniquad's blocking event loop).
pub fn conf() -> macroquad::conf::Conf {
    let mut miniquad_conf = miniquad::conf::Conf {
        window_title: "Tic-tac-toe".to_string(),
        window_width: SIZE as i32,
        window_height: SIZE as i32,
        window_resizable: false,
        high_dpi: false,
        icon: Some(icon()),
        ..Default::default()
    };
    miniquad_conf.platform.blocking_event_loop = true;
    macroquad::conf::Conf {
        miniquad_conf,
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            ..Default::default()
        }),
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
pub fn check_display() -> Result<(), String> {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err("cannot open a window: no display (DISPLAY is not set)".into());
    }
    Ok(())
}

/// Replaces the panic report with one line and exit code 1: when the window cannot be opened,
/// miniquad panics, and a person should read why, not a backtrace.
pub fn quiet_panics() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe::easel::point;

    #[test]
    fn easel_and_window_coordinates_meet_in_one_conversion() {
        let v = Viewport {
            scale_x: 1.0,
            scale_y: 1.0,
        };
        // window_y = 800 − easel_y: the grid's top-left end (200,700) is 100 px below the top.
        assert_eq!(v.to_window(point(200, 700)), vec2(200.0, 100.0));
        assert_eq!(v.to_window(point(0, 0)), vec2(0.0, 800.0));
        assert_eq!(v.to_easel((150.0, 150.0)), (150.0, 650.0));
        // A window twice as large in screen units (a DPI scale of 2) maps to the same Easel points.
        let v2 = Viewport {
            scale_x: 2.0,
            scale_y: 2.0,
        };
        assert_eq!(v2.to_window(point(450, 750)), vec2(900.0, 100.0));
        assert_eq!(v2.to_easel((900.0, 100.0)), (450.0, 750.0));
        for (x, y) in [(0, 0), (123, 456), (800, 800)] {
            let w = v2.to_window(point(x, y));
            assert_eq!(v2.to_easel((w.x, w.y)), (x as f32, y as f32));
        }
    }
}
