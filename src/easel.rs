//! The Easel environment's vocabulary (SPEC.md §1): points, colours, images and the input of one
//! frame, as plain values. Coordinates are Easel's: origin at the bottom-left, y pointing up.
//! Nothing here knows about windows or pixels on a screen; the shell converts, in one place.

/// `point(x, y)`: a point in Easel coordinates (whole pixels, origin bottom-left, y up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Distance from the left edge.
    pub x: i32,
    /// Distance from the bottom edge.
    pub y: i32,
}

/// `color(r, g, b)` with 0–255 channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
}

/// An Easel image: what `images` returns a set of.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Image {
    /// `segment(p1, p2, colour)`: a thin straight line.
    Segment {
        /// One end.
        from: Point,
        /// The other end.
        to: Point,
        /// Its colour.
        color: Color,
    },
    /// `text(string, point, height, colour)`: the string in a monospace font of pixel size
    /// `height`, centred on the point horizontally and vertically.
    Text {
        /// The string.
        text: String,
        /// Its centre.
        at: Point,
        /// Its pixel size.
        height: u32,
        /// Its colour.
        color: Color,
    },
}

/// `point(x, y)`.
pub const fn point(x: i32, y: i32) -> Point {
    Point { x, y }
}

/// `color(r, g, b)`.
pub const fn color(r: u8, g: u8, b: u8) -> Color {
    Color { r, g, b }
}

/// `segment(p1, p2, c)`.
pub fn segment(from: Point, to: Point, color: Color) -> Image {
    Image::Segment { from, to, color }
}

/// `text(s, p, height, c)`.
pub fn text(s: impl Into<String>, at: Point, height: u32, color: Color) -> Image {
    Image::Text {
        text: s.into(),
        at,
        height,
        color,
    }
}

/// A key a person pressed (an addition to Easel, for keyboard play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A character key, lower-case ('1'–'9', 'r', ' ', …).
    Char(char),
    /// A character key with Ctrl held ('z' for Ctrl+Z, …).
    Ctrl(char),
    /// An arrow key.
    Left,
    /// An arrow key.
    Right,
    /// An arrow key.
    Up,
    /// An arrow key.
    Down,
    /// Enter (Return, or the keypad's Enter).
    Enter,
    /// Home: to the start of the game (undo every move).
    Home,
    /// End: to the last move taken back (redo every move).
    End,
    /// Page Up: one move back.
    PageUp,
    /// Page Down: one move forward.
    PageDown,
}

/// What the environment reads in one step of the cycle: at most one mouse press or one key, with
/// the time. The shell makes one step per press and per key, in the order they came, each with the
/// mouse position of its own press, and a step with neither when time alone may change the state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// `mouseClicked`: the left button was pressed in this step.
    pub mouse_clicked: bool,
    /// `mouseX`, in Easel coordinates.
    pub mouse_x: f32,
    /// `mouseY`, in Easel coordinates (y up).
    pub mouse_y: f32,
    /// The key pressed in this step, if any (an addition to Easel, for keyboard play).
    pub key: Option<Key>,
    /// Seconds since the program started (an addition, to pace the computer players).
    pub time: f64,
    /// A computer's answer, worked out away from the cycle (an addition): the ticket of the
    /// request it answers and the cell chosen.
    pub answer: Option<(u64, usize)>,
    /// A line for the status line from the shell (an addition): where a game was saved, why a
    /// file could not be opened, an engine's message.
    pub note: Option<String>,
    /// A game to open (an addition): a saved game the shell has read, dropped onto the window.
    pub open: Option<crate::game::Game>,
    /// An external engine's fault (an addition): the ticket of the request it failed and the
    /// one-line reason. It loses the game.
    pub fault: Option<(u64, String)>,
    /// An external engine's name (an addition), once it has said it: its number and the name.
    pub engine_name: Option<(u8, String)>,
    /// What the analysis worker found (an addition): a report, or a point of the evaluation
    /// graph.
    pub analysis: Option<crate::search::analysis::Answer>,
    /// An explanation worked out away from the cycle (an addition): the ticket of the request it
    /// answers and the explanation (`None` when the player has none for the position).
    pub explanation: Option<(u64, Option<Box<crate::explain::Explanation>>)>,
}

impl Input {
    /// A frame with a left click at Easel (x, y), at time 0.
    pub fn click(x: f32, y: f32) -> Input {
        Input {
            mouse_clicked: true,
            mouse_x: x,
            mouse_y: y,
            ..Input::default()
        }
    }

    /// A step in which one character key was pressed, at time 0.
    pub fn key(k: char) -> Input {
        Input::special(Key::Char(k))
    }

    /// A step in which `key` was pressed, at time 0.
    pub fn special(key: Key) -> Input {
        Input {
            key: Some(key),
            ..Input::default()
        }
    }

    /// A step with no press at all: only time passes (a computer may move).
    pub fn tick(time: f64) -> Input {
        Input {
            time,
            ..Input::default()
        }
    }

    /// A step that brings a computer's answer to the request `ticket`.
    pub fn answer(ticket: u64, cell: usize, time: f64) -> Input {
        Input {
            answer: Some((ticket, cell)),
            time,
            ..Input::default()
        }
    }

    /// A step that brings a line for the status line.
    pub fn note(text: impl Into<String>, time: f64) -> Input {
        Input {
            note: Some(text.into()),
            time,
            ..Input::default()
        }
    }

    /// A step that opens a game read from a file, with a line for the status line.
    pub fn open(game: crate::game::Game, note: impl Into<String>, time: f64) -> Input {
        Input {
            open: Some(game),
            note: Some(note.into()),
            time,
            ..Input::default()
        }
    }

    /// A step that brings what the analysis worker found.
    pub fn analysis(answer: crate::search::analysis::Answer, time: f64) -> Input {
        Input {
            analysis: Some(answer),
            time,
            ..Input::default()
        }
    }

    /// The same input at another time.
    pub fn at(mut self, time: f64) -> Input {
        self.time = time;
        self
    }
}
