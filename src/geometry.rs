//! Board geometry as a value: width × height cells and the run length that wins.
//!
//! The LED program's board (seed 000, §2) is the default case, [`Geometry::LED`]: 3 × 3 cells,
//! three in a row. Cells are numbered from 1, row-major from the top-left, as in the LED program:
//!
//! ```text
//! 1 2 3
//! 4 5 6
//! 7 8 9
//! ```
//!
//! Boards run from 1 × 1 to 26 × 26 (the m,n,k-games of SPEC.md §7, free-style gomoku's 15 × 15
//! included). A set of cells is a [`CellSet`]; the lines of a geometry (its `rows`, in the LED
//! program's word) are computed once per geometry and shared: a [`Geometry`] is a small `Copy` value
//! that carries a reference to them.

use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{BitAnd, BitOr, Not, Sub};
use std::sync::{Mutex, OnceLock};

/// A cell: an integer in `1..=width·height` (LED: "a cell is an integer in {1, …, 9}").
pub type Cell = usize;

/// The longest side a board may have: 26, so that columns can be lettered A–Z (Gomocup's
/// freestyle league plays on 20 × 20; free-style gomoku is usually played on 15 × 15).
pub const MAX_SIDE: usize = 26;

/// The largest number of cells a board may have, `MAX_SIDE²` = 676.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

const WORDS: usize = MAX_CELLS.div_ceil(64);

/// A set of cells of a board of up to [`MAX_CELLS`] cells: cell `c` is bit `c − 1`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct CellSet([u64; WORDS]);

impl Hash for CellSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for &w in &self.0 {
            state.write_u64(w);
        }
    }
}

impl CellSet {
    /// ∅.
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    /// The set of cells 1–64 whose bits are set in `bits` (cell `c` is bit `c − 1`).
    pub const fn from_bits(bits: u64) -> CellSet {
        let mut words = [0; WORDS];
        words[0] = bits;
        CellSet(words)
    }

    /// `{c}`.
    pub fn single(c: Cell) -> CellSet {
        let mut s = CellSet::EMPTY;
        s.insert(c);
        s
    }

    /// Adds cell `c`.
    pub fn insert(&mut self, c: Cell) {
        debug_assert!((1..=MAX_CELLS).contains(&c), "cell {c}");
        self.0[(c - 1) / 64] |= 1 << ((c - 1) % 64);
    }

    /// Removes cell `c`.
    pub fn remove(&mut self, c: Cell) {
        debug_assert!((1..=MAX_CELLS).contains(&c), "cell {c}");
        self.0[(c - 1) / 64] &= !(1 << ((c - 1) % 64));
    }

    /// `c ∈ self`.
    pub fn contains(&self, c: Cell) -> bool {
        (1..=MAX_CELLS).contains(&c) && self.0[(c - 1) / 64] & (1 << ((c - 1) % 64)) != 0
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// `self = ∅`.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// `self ⊆ other`.
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    /// Whether the two sets share a cell.
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The smallest cell, if any.
    pub fn first(&self) -> Option<Cell> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize + 1)
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> CellSetIter {
        CellSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The cells of a [`CellSet`], in increasing order.
#[derive(Clone, Debug)]
pub struct CellSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for CellSetIter {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        while self.word < WORDS {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let c = self.word * 64 + w.trailing_zeros() as usize + 1;
                *w &= *w - 1;
                return Some(c);
            }
            self.word += 1;
        }
        None
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;

    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in cells {
            s.insert(c);
        }
        s
    }
}

macro_rules! word_op {
    ($trait:ident, $method:ident, $op:expr) => {
        impl $trait for CellSet {
            type Output = CellSet;
            fn $method(self, other: CellSet) -> CellSet {
                let mut words = self.0;
                for (a, b) in words.iter_mut().zip(other.0) {
                    *a = $op(*a, b);
                }
                CellSet(words)
            }
        }
    };
}

word_op!(BitOr, bitor, |a: u64, b: u64| a | b);
word_op!(BitAnd, bitand, |a: u64, b: u64| a & b);
word_op!(Sub, sub, |a: u64, b: u64| a & !b);

impl Not for CellSet {
    type Output = CellSet;
    /// The complement among all [`MAX_CELLS`] cells (intersect with [`Geometry::full`] for a
    /// board's).
    fn not(self) -> CellSet {
        let mut words = self.0.map(|w| !w);
        words[WORDS - 1] &= (1 << (MAX_CELLS % 64)) - 1;
        CellSet(words)
    }
}

/// The lines of one geometry — every run of `run` cells, horizontal, vertical or diagonal — with
/// the lines through each cell, computed once per geometry.
#[derive(Debug)]
pub struct Lines {
    rows: &'static [CellSet],
    cells: &'static [Cell],
    through: &'static [&'static [u16]],
    full: CellSet,
}

/// The LED program's eight rows, literally: hRows ∪ vRows ∪ dRows (seed 000), as cell sets.
static LED_ROWS: [CellSet; 8] = [
    CellSet::from_bits(0b000_000_111), // {1,2,3}
    CellSet::from_bits(0b000_111_000), // {4,5,6}
    CellSet::from_bits(0b111_000_000), // {7,8,9}
    CellSet::from_bits(0b001_001_001), // {1,4,7}
    CellSet::from_bits(0b010_010_010), // {2,5,8}
    CellSet::from_bits(0b100_100_100), // {3,6,9}
    CellSet::from_bits(0b100_010_001), // {1,5,9}
    CellSet::from_bits(0b001_010_100), // {3,5,7}
];

/// The same rows as lists of cells.
static LED_ROW_CELLS: [Cell; 24] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 4, 7, 2, 5, 8, 3, 6, 9, 1, 5, 9, 3, 5, 7,
];

/// The rows through each cell (OXO's `linesthru`), as indices into [`LED_ROWS`].
static LED_THROUGH: [&[u16]; 9] = [
    &[0, 3, 6],
    &[0, 4],
    &[0, 5, 7],
    &[1, 3],
    &[1, 4, 6, 7],
    &[1, 5],
    &[2, 3, 7],
    &[2, 4],
    &[2, 5, 6],
];

static LED_LINES: Lines = Lines {
    rows: &LED_ROWS,
    cells: &LED_ROW_CELLS,
    through: &LED_THROUGH,
    full: CellSet::from_bits(0b111_111_111),
};

/// The lines of every geometry asked for so far (each computed once, and kept for the run).
type LinesCache = HashMap<(u8, u8, u8), &'static Lines>;

/// The shape of a board: `width` × `height` cells, and `run` marks in a line to win.
#[derive(Clone, Copy)]
pub struct Geometry {
    width: u8,
    height: u8,
    run: u8,
    lines: &'static Lines,
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        (self.width, self.height, self.run) == (other.width, other.height, other.run)
    }
}

impl Eq for Geometry {}

impl Hash for Geometry {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.width, self.height, self.run).hash(state)
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{} k{}", self.width, self.height, self.run)
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Why a requested geometry cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// The width is not from 1 to [`MAX_SIDE`].
    Width(usize),
    /// The height is not from 1 to [`MAX_SIDE`].
    Height(usize),
    /// The run length is not from 1 to the board's longer side.
    Run {
        /// The run asked for.
        run: usize,
        /// The board's longer side.
        longer_side: usize,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GeometryError::Width(n) => {
                write!(
                    f,
                    "the board's width must be between 1 and {MAX_SIDE}, not {n}"
                )
            }
            GeometryError::Height(n) => {
                write!(
                    f,
                    "the board's height must be between 1 and {MAX_SIDE}, not {n}"
                )
            }
            GeometryError::Run { run, longer_side } => write!(
                f,
                "the run length must be between 1 and {longer_side} (the board's longer side), \
                 not {run}"
            ),
        }
    }
}

impl std::error::Error for GeometryError {}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::LED
    }
}

impl Geometry {
    /// The LED program's board: `gameBoard := {1, …, 9}`, three in a row.
    pub const LED: Geometry = Geometry {
        width: 3,
        height: 3,
        run: 3,
        lines: &LED_LINES,
    };

    /// A `width` × `height` board where `run` marks in a line win: sides from 1 to [`MAX_SIDE`], a
    /// run from 1 to the longer side. Any `usize` may be asked for; none overflows.
    pub fn new(width: usize, height: usize, run: usize) -> Result<Geometry, GeometryError> {
        if !(1..=MAX_SIDE).contains(&width) {
            return Err(GeometryError::Width(width));
        }
        if !(1..=MAX_SIDE).contains(&height) {
            return Err(GeometryError::Height(height));
        }
        if run == 0 || run > width.max(height) {
            return Err(GeometryError::Run {
                run,
                longer_side: width.max(height),
            });
        }
        let (width, height, run) = (width as u8, height as u8, run as u8);
        if (width, height, run) == (3, 3, 3) {
            return Ok(Geometry::LED);
        }
        static CACHE: OnceLock<Mutex<LinesCache>> = OnceLock::new();
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let lines = *cache
            .entry((width, height, run))
            .or_insert_with(|| Box::leak(Box::new(Lines::compute(width, height, run))));
        Ok(Geometry {
            width,
            height,
            run,
            lines,
        })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows of cells.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Marks in a line needed to win.
    pub fn run(&self) -> usize {
        self.run as usize
    }

    /// Number of cells, `width · height`.
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// `gameBoard`: every cell of the board, `{1, …, width·height}`.
    pub fn game_board(&self) -> std::ops::RangeInclusive<Cell> {
        1..=self.cells()
    }

    /// Every cell of the board, as a set.
    pub fn full(&self) -> CellSet {
        self.lines.full
    }

    /// The cell in 0-based `row` and `column`.
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        row * self.width() + column + 1
    }

    /// The 0-based (row, column) of cell `c`.
    pub fn row_column(&self, c: Cell) -> (usize, usize) {
        ((c - 1) / self.width(), (c - 1) % self.width())
    }

    /// `rows := hRows ∪ vRows ∪ dRows`: every line of `run` cells, horizontal, vertical or diagonal,
    /// as cell sets (horizontal first, then vertical, then both diagonal directions). On the LED
    /// board these are the literal eight rows of seed 000.
    pub fn rows(&self) -> &'static [CellSet] {
        self.lines.rows
    }

    /// The cells of row `i` of [`Geometry::rows`], in order along the line.
    pub fn row_cells(&self, i: usize) -> &'static [Cell] {
        let k = self.run();
        &self.lines.cells[i * k..(i + 1) * k]
    }

    /// The indices (into [`Geometry::rows`]) of the rows through cell `c` (OXO's `linesthru`).
    pub fn rows_through(&self, c: Cell) -> &'static [u16] {
        self.lines.through[c - 1]
    }

    /// `hRows`: the horizontal lines.
    pub fn h_rows(&self) -> Vec<CellSet> {
        lines_in(self.width, self.height, self.run, 0, 1)
    }

    /// `vRows`: the vertical lines.
    pub fn v_rows(&self) -> Vec<CellSet> {
        lines_in(self.width, self.height, self.run, 1, 0)
    }

    /// `dRows`: the diagonal lines, both directions.
    pub fn d_rows(&self) -> Vec<CellSet> {
        let mut rows = lines_in(self.width, self.height, self.run, 1, 1);
        rows.extend(lines_in(self.width, self.height, self.run, 1, -1));
        rows
    }
}

/// The cells of every run of `run` cells of a `width` × `height` board starting anywhere and
/// stepping by (d_row, d_col), each in order along its line.
fn line_cells(width: u8, height: u8, run: u8, d_row: isize, d_col: isize) -> Vec<Vec<Cell>> {
    let (w, h, k) = (width as isize, height as isize, run as isize);
    let mut lines = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let (end_r, end_c) = (r + d_row * (k - 1), c + d_col * (k - 1));
            if !(0..h).contains(&end_r) || !(0..w).contains(&end_c) {
                continue;
            }
            lines.push(
                (0..k)
                    .map(|i| ((r + d_row * i) * w + (c + d_col * i) + 1) as Cell)
                    .collect(),
            );
        }
    }
    lines
}

fn lines_in(width: u8, height: u8, run: u8, d_row: isize, d_col: isize) -> Vec<CellSet> {
    line_cells(width, height, run, d_row, d_col)
        .into_iter()
        .map(CellSet::from_iter)
        .collect()
}

impl Lines {
    fn compute(width: u8, height: u8, run: u8) -> Lines {
        let all: Vec<Vec<Cell>> = [(0, 1), (1, 0), (1, 1), (1, -1)]
            .into_iter()
            .flat_map(|(dr, dc)| line_cells(width, height, run, dr, dc))
            .collect();
        let n = width as usize * height as usize;
        let mut through = vec![Vec::new(); n];
        for (i, line) in all.iter().enumerate() {
            for &c in line {
                through[c - 1].push(i as u16);
            }
        }
        Lines {
            rows: Box::leak(all.iter().cloned().map(CellSet::from_iter).collect()),
            cells: Box::leak(all.concat().into_boxed_slice()),
            through: Box::leak(
                through
                    .into_iter()
                    .map(|t| &*Box::leak(t.into_boxed_slice()))
                    .collect(),
            ),
            full: (1..=n).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn as_sets(rows: &[CellSet]) -> BTreeSet<BTreeSet<Cell>> {
        rows.iter().map(|r| r.iter().collect()).collect()
    }

    fn literal(rows: &[[Cell; 3]]) -> BTreeSet<BTreeSet<Cell>> {
        rows.iter().map(|r| r.iter().copied().collect()).collect()
    }

    #[test]
    fn led_rows_are_the_literal_row_sets_of_seed_000() {
        let g = Geometry::LED;
        assert_eq!(
            as_sets(&g.h_rows()),
            literal(&[[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        );
        assert_eq!(
            as_sets(&g.v_rows()),
            literal(&[[1, 4, 7], [2, 5, 8], [3, 6, 9]])
        );
        assert_eq!(as_sets(&g.d_rows()), literal(&[[1, 5, 9], [3, 5, 7]]));
        // The static tables used for the LED board equal the general construction, in order.
        let general = Lines::compute(3, 3, 3);
        assert_eq!(g.rows(), general.rows);
        assert_eq!(LED_LINES.cells, general.cells);
        assert_eq!(LED_LINES.through, general.through);
        assert_eq!(LED_LINES.full, general.full);
        assert_eq!(g.rows().len(), 8);
        assert_eq!(Geometry::new(3, 3, 3).unwrap(), Geometry::LED);
        assert_eq!(
            g.game_board().collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
        for (i, row) in g.rows().iter().enumerate() {
            assert_eq!(CellSet::from_iter(g.row_cells(i).iter().copied()), *row);
        }
    }

    #[test]
    fn general_boards_count_their_lines() {
        // 4×4, four in a row: 4 + 4 + 2 lines.
        assert_eq!(Geometry::new(4, 4, 4).unwrap().rows().len(), 10);
        // 5×4 (width 5), four in a row: 2·4 horizontal + 5 vertical + 2·2 per diagonal direction.
        assert_eq!(Geometry::new(5, 4, 4).unwrap().rows().len(), 8 + 5 + 4);
        // 7×6 Connect-Four-like board, four in a row: 69 lines.
        assert_eq!(Geometry::new(7, 6, 4).unwrap().rows().len(), 69);
        // Gomoku, 15×15 five in a row: 11·15 per straight direction, 11·11 per diagonal one.
        assert_eq!(
            Geometry::new(15, 15, 5).unwrap().rows().len(),
            2 * 165 + 2 * 121
        );
        // 19×19, one in a row: every cell is a line, four times over.
        assert_eq!(Geometry::new(19, 19, 1).unwrap().rows().len(), 4 * 361);
    }

    #[test]
    fn rows_through_each_cell_are_the_rows_that_contain_it() {
        for (w, h, k) in [
            (3, 3, 3),
            (4, 3, 3),
            (7, 6, 4),
            (15, 15, 5),
            (19, 19, 5),
            (19, 2, 2),
        ] {
            let g = Geometry::new(w, h, k).unwrap();
            for c in g.game_board() {
                let through: Vec<usize> = g.rows_through(c).iter().map(|&i| i as usize).collect();
                let naive: Vec<usize> = (0..g.rows().len())
                    .filter(|&i| g.rows()[i].contains(c))
                    .collect();
                assert_eq!(through, naive, "{g:?} cell {c}");
            }
            assert_eq!(g.full().len(), g.cells());
            for (i, row) in g.rows().iter().enumerate() {
                assert_eq!(row.len(), k);
                assert!(row.is_subset(&g.full()));
                // Consecutive cells of a line are neighbours (no wrap-around at the edges).
                for pair in g.row_cells(i).windows(2) {
                    let (a, b) = (g.row_column(pair[0]), g.row_column(pair[1]));
                    assert!(
                        a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1,
                        "{g:?} {pair:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn rejects_unplayable_geometries_without_overflow() {
        assert!(Geometry::new(0, 3, 3).is_err());
        assert!(Geometry::new(27, 8, 3).is_err());
        assert!(Geometry::new(8, 27, 3).is_err());
        assert!(Geometry::new(3, 3, 4).is_err());
        assert!(Geometry::new(19, 19, 5).is_ok());
        assert!(Geometry::new(20, 20, 5).is_ok());
        assert!(Geometry::new(26, 26, 26).is_ok());
        assert!(Geometry::new(4611686018427387907, 4, 3).is_err());
        assert!(Geometry::new(4294967296, 4294967296, 1).is_err());
        assert!(Geometry::new(usize::MAX, usize::MAX, usize::MAX).is_err());
        assert!(Geometry::new(3, 3, usize::MAX).is_err());
    }

    #[test]
    fn rows_through_a_cell_match_oxo_linesthru() {
        let g = Geometry::LED;
        assert_eq!(g.rows_through(1).len(), 3);
        assert_eq!(g.rows_through(2).len(), 2);
        assert_eq!(g.rows_through(5).len(), 4);
    }

    #[test]
    fn cell_sets_hold_every_cell_of_the_largest_board() {
        let all: CellSet = (1..=MAX_CELLS).collect();
        assert_eq!(all.len(), MAX_CELLS);
        assert_eq!(!CellSet::EMPTY, all);
        assert_eq!(
            all.iter().collect::<Vec<_>>(),
            (1..=MAX_CELLS).collect::<Vec<_>>()
        );
        let some: CellSet = [1, 64, 65, 128, 200, 361].into_iter().collect();
        assert_eq!(some.iter().collect::<Vec<_>>(), [1, 64, 65, 128, 200, 361]);
        assert_eq!(some.first(), Some(1));
        assert_eq!((all - some).len(), MAX_CELLS - 6);
        assert_eq!(all & some, some);
        assert_eq!((!some & some), CellSet::EMPTY);
        assert!(some.contains(361) && !some.contains(360) && !some.contains(362));
        let mut s = some;
        s.remove(1);
        assert_eq!(s.first(), Some(64));
        assert!(s.is_subset(&some) && !some.is_subset(&s));
    }
}
