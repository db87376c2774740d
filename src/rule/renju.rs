//! Renju's forbidden points for black, the first player (Renju International Federation rules,
//! SPEC.md §9).
//!
//! The definitions implemented, for black, after a black stone is put on the point `p`:
//! - a *five* is an unbroken line of exactly five black stones; a move that makes a five wins, even
//!   if it also makes one of the patterns below, so it is never forbidden;
//! - an *overline* is an unbroken line of six or more black stones through `p`;
//! - a *four* through `p` is a line of four black stones, `p` among them, that one more stone turns
//!   into a five (exactly five); a *straight four* is an unbroken four that two different stones
//!   turn into a five. One line can hold two fours through `p` (`X.XXX.X` with `p` in the middle
//!   three); a straight four is one four;
//! - a *three* through `p` is a line of three black stones, `p` among them, that one more stone turns
//!   into a straight four — where that stone makes no five and is itself not a forbidden point (with
//!   `p` on the board): the test is recursive, and a "three" that can only grow through a forbidden
//!   point is no three;
//! - `p` is forbidden if it makes no five and makes an overline ([`Forbidden::Overline`]), or two or
//!   more fours ([`Forbidden::DoubleFour`]), or threes in two or more directions
//!   ([`Forbidden::DoubleThree`]).
//!
//! How it is computed: along one direction, the black stones connected to `p` form an unbroken run;
//! a stone that extends a line through `p` must be the first empty cell at either end of that run
//! (anything farther would leave a gap between it and `p`). So each direction has at most two
//! candidate points, for fours and threes alike, and each is checked by counting the black stones it
//! joins. The board is a padded byte grid (a wall around it), so no scan needs a bounds check.

use crate::geometry::{Cell, CellSet, Geometry};
use std::fmt;

/// Why black may not play a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// The move makes threes in two or more directions.
    DoubleThree,
    /// The move makes two or more fours (two in one line count).
    DoubleFour,
    /// The move makes an unbroken line of six or more.
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        })
    }
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// A board for the forbidden-point test: black and white stones on `width` × `height` cells, kept
/// as a byte grid with a one-cell wall around it. Cells are the core's 1-based cell numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenjuBoard {
    width: usize,
    height: usize,
    grid: Vec<u8>,
    /// The grid steps of the four directions: along a row, down a column, down-right, down-left.
    steps: [isize; 4],
}

impl RenjuBoard {
    /// An empty `width` × `height` board.
    pub fn new(width: usize, height: usize) -> RenjuBoard {
        let stride = width + 2;
        let mut grid = vec![WALL; stride * (height + 2)];
        for r in 0..height {
            for c in 0..width {
                grid[(r + 1) * stride + c + 1] = EMPTY;
            }
        }
        let s = stride as isize;
        RenjuBoard {
            width,
            height,
            grid,
            steps: [1, s, s + 1, s - 1],
        }
    }

    /// The board of a geometry with black's stones `black` and white's `white`.
    pub fn from_stones(geometry: Geometry, black: &CellSet, white: &CellSet) -> RenjuBoard {
        let mut b = RenjuBoard::new(geometry.width(), geometry.height());
        for c in black.iter() {
            b.put(c, Some(true));
        }
        for c in white.iter() {
            b.put(c, Some(false));
        }
        b
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    fn index(&self, c: Cell) -> usize {
        debug_assert!((1..=self.width * self.height).contains(&c), "cell {c}");
        let (r, k) = ((c - 1) / self.width, (c - 1) % self.width);
        (r + 1) * (self.width + 2) + k + 1
    }

    fn cell_of(&self, i: usize) -> Cell {
        let stride = self.width + 2;
        (i / stride - 1) * self.width + i % stride
    }

    /// Puts a black (`Some(true)`) or white (`Some(false)`) stone on `c`, or empties it (`None`).
    pub fn put(&mut self, c: Cell, stone: Option<bool>) {
        let i = self.index(c);
        self.grid[i] = match stone {
            Some(true) => BLACK,
            Some(false) => WHITE,
            None => EMPTY,
        };
    }

    /// The stone on `c`: `Some(true)` black, `Some(false)` white, `None` empty.
    pub fn stone(&self, c: Cell) -> Option<bool> {
        match self.grid[self.index(c)] {
            BLACK => Some(true),
            WHITE => Some(false),
            _ => None,
        }
    }

    /// Whether black may not play `c`, and why. An occupied cell is not a forbidden point (it is
    /// no move at all): `None`.
    pub fn forbidden(&mut self, c: Cell) -> Option<Forbidden> {
        let i = self.index(c);
        if self.grid[i] != EMPTY || !self.near_black(i) {
            return None;
        }
        self.forbidden_at(i)
    }

    /// [`RenjuBoard::forbidden`] without its quick filter (black stones on two of the cell's
    /// lines within four, or four on one), for a caller that knows they are there: the same
    /// answer, sooner.
    pub fn forbidden_unfiltered(&mut self, c: Cell) -> Option<Forbidden> {
        let i = self.index(c);
        self.forbidden_at(i)
    }

    /// Every empty cell where black may not play.
    pub fn forbidden_points(&mut self) -> CellSet {
        let mut out = CellSet::EMPTY;
        for i in 0..self.grid.len() {
            if self.grid[i] == EMPTY && self.near_black(i) && self.forbidden_at(i).is_some() {
                out.insert(self.cell_of(i));
            }
        }
        out
    }

    /// Whether black stones lie on at least two of the lines through grid index `i` within four
    /// steps — a point with fewer cannot be forbidden (each pattern needs two stones on two lines,
    /// or five on one).
    fn near_black(&self, i: usize) -> bool {
        let mut lines = 0;
        for &d in &self.steps {
            let mut seen = 0;
            for sign in [-1, 1] {
                let mut j = i as isize;
                for _ in 0..4 {
                    j += sign * d;
                    match self.grid[j as usize] {
                        BLACK => seen += 1,
                        EMPTY => {}
                        _ => break,
                    }
                }
            }
            if seen >= 4 {
                return true;
            }
            if seen > 0 {
                lines += 1;
            }
        }
        lines >= 2
    }

    /// The number of black stones in an unbroken run from `i + d` on, stepping by `d`.
    fn count(&self, i: usize, d: isize) -> usize {
        let mut n = 0;
        let mut j = i as isize + d;
        while self.grid[j as usize] == BLACK {
            n += 1;
            j += d;
        }
        n
    }

    fn at(&self, i: usize, offset: isize) -> u8 {
        self.grid[(i as isize + offset) as usize]
    }

    /// Whether a black stone on the empty point `i` would make a five (exactly five).
    fn makes_five(&self, i: usize) -> bool {
        self.steps
            .iter()
            .any(|&d| self.count(i, -d) + self.count(i, d) + 1 == 5)
    }

    /// [`RenjuBoard::forbidden`] on grid index `i`.
    fn forbidden_at(&mut self, i: usize) -> Option<Forbidden> {
        if self.grid[i] != EMPTY {
            return None;
        }
        self.grid[i] = BLACK;
        let answer = self.classify(i);
        self.grid[i] = EMPTY;
        answer
    }

    /// With a black stone just put on `p`: the forbidden pattern it makes, if any.
    fn classify(&mut self, p: usize) -> Option<Forbidden> {
        let steps = self.steps;
        // (stones before p, stones after p) in each direction.
        let runs = steps.map(|d| (self.count(p, -d), self.count(p, d)));
        if runs.iter().any(|&(a, b)| a + b + 1 == 5) {
            return None; // a five wins
        }
        if runs.iter().any(|&(a, b)| a + b + 1 > 5) {
            return Some(Forbidden::Overline);
        }

        // Fours: an end of the run that, filled, joins exactly five.
        let mut fours = 0;
        for (&d, &(a, b)) in steps.iter().zip(&runs) {
            let len = a + b + 1;
            let before = p as isize - (a as isize + 1) * d;
            let after = p as isize + (b as isize + 1) * d;
            let joins = |end: isize, dir: isize| {
                self.grid[end as usize] == EMPTY && len + 1 + self.count(end as usize, dir) == 5
            };
            let (x, y) = (joins(before, -d), joins(after, d));
            fours += x as u32 + y as u32;
            if x && y && len == 4 {
                fours -= 1; // a straight four: one four with two ways to five
            }
        }
        if fours >= 2 {
            return Some(Forbidden::DoubleFour);
        }

        // Threes: an end of the run that, filled, makes a straight four through p. First the
        // candidates by the stones alone, then (only when two directions have one) the recursion.
        let mut candidates = [[None; 2]; 4];
        let mut directions = 0;
        for (k, (&d, &(a, b))) in steps.iter().zip(&runs).enumerate() {
            let before = p as isize - (a as isize + 1) * d;
            let after = p as isize + (b as isize + 1) * d;
            let len = a + b + 1;
            for (slot, (end, back, dir)) in [(before, after, -d), (after, before, d)]
                .into_iter()
                .enumerate()
            {
                if self.grid[end as usize] == EMPTY && self.straight_four_with(len, end, back, dir)
                {
                    candidates[k][slot] = Some(end as usize);
                }
            }
            if candidates[k].iter().any(Option::is_some) {
                directions += 1;
            }
        }
        if directions < 2 {
            return None;
        }
        let mut threes = 0;
        for pair in candidates {
            let real = pair
                .into_iter()
                .flatten()
                .any(|q| !self.makes_five(q) && self.forbidden_at(q).is_none());
            if real {
                threes += 1;
                if threes >= 2 {
                    return Some(Forbidden::DoubleThree);
                }
            }
        }
        None
    }

    /// With black on `p`, whose run has `len` stones and whose next cell in direction `dir` is the
    /// empty `end` (and `back` the cell just past the run the other way), whether a black stone on
    /// `end` makes a straight four: an unbroken four whose two ends are empty and each join exactly
    /// five.
    fn straight_four_with(&self, len: usize, end: isize, back: isize, dir: isize) -> bool {
        let beyond = self.count(end as usize, dir);
        if len + 1 + beyond != 4 {
            return false;
        }
        let far = end + (beyond as isize + 1) * dir;
        self.grid[far as usize] == EMPTY
            && self.at(far as usize, dir) != BLACK
            && self.grid[back as usize] == EMPTY
            && self.at(back as usize, -dir) != BLACK
    }
}

/// Whether black (the first player), with stones `black` against `white`, may not play `c`, and why.
pub fn forbidden(
    geometry: Geometry,
    black: &CellSet,
    white: &CellSet,
    c: Cell,
) -> Option<Forbidden> {
    RenjuBoard::from_stones(geometry, black, white).forbidden(c)
}

/// The empty cells where black (the first player), with stones `black` against `white`, may not
/// play.
pub fn forbidden_points(geometry: Geometry, black: &CellSet, white: &CellSet) -> CellSet {
    RenjuBoard::from_stones(geometry, black, white).forbidden_points()
}
