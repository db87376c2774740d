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

/// What the environment reads in one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// `mouseClicked`: the left button was pressed in this frame.
    pub mouse_clicked: bool,
    /// `mouseX`, in Easel coordinates.
    pub mouse_x: f32,
    /// `mouseY`, in Easel coordinates (y up).
    pub mouse_y: f32,
    /// Keys pressed in this frame, as lower-case characters ('1'–'9', 'r', …). An addition to
    /// Easel, for keyboard play.
    pub keys: Vec<char>,
    /// Seconds since the program started (an addition, to pace the computer players).
    pub time: f64,
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

    /// A frame in which one key was pressed, at time 0.
    pub fn key(k: char) -> Input {
        Input {
            keys: vec![k],
            ..Input::default()
        }
    }

    /// The same input at another time.
    pub fn at(mut self, time: f64) -> Input {
        self.time = time;
        self
    }
}
