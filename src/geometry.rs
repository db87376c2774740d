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
//! A set of cells is stored as a bit set (`u64`): cell `c` is bit `c − 1`. Boards have at most 64 cells.

use std::borrow::Cow;
use std::fmt;

/// A cell: an integer in `1..=width·height` (LED: "a cell is an integer in {1, …, 9}").
pub type Cell = usize;

/// The largest number of cells a board may have (cell sets are `u64` bit sets).
pub const MAX_CELLS: usize = 64;

/// The shape of a board: `width` × `height` cells, and `run` marks in a line to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    run: u8,
}

/// Why a requested geometry cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryError(String);

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GeometryError {}

/// The LED program's eight rows as bit sets: hRows ∪ vRows ∪ dRows.
const LED_ROWS: [u64; 8] = [
    0b000_000_111, // {1,2,3}
    0b000_111_000, // {4,5,6}
    0b111_000_000, // {7,8,9}
    0b001_001_001, // {1,4,7}
    0b010_010_010, // {2,5,8}
    0b100_100_100, // {3,6,9}
    0b100_010_001, // {1,5,9}
    0b001_010_100, // {3,5,7}
];

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
    };

    /// A `width` × `height` board where `run` marks in a line win.
    pub fn new(width: usize, height: usize, run: usize) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 {
            return Err(GeometryError(
                "a board needs at least one row and one column".into(),
            ));
        }
        if width * height > MAX_CELLS {
            return Err(GeometryError(format!(
                "a board has at most {MAX_CELLS} cells, {width}×{height} has {}",
                width * height
            )));
        }
        if run == 0 || run > width.max(height) {
            return Err(GeometryError(format!(
                "the run length must be between 1 and {}, not {run}",
                width.max(height)
            )));
        }
        Ok(Geometry {
            width: width as u8,
            height: height as u8,
            run: run as u8,
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

    /// The bit set holding every cell of the board.
    pub fn full_mask(&self) -> u64 {
        if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        }
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
    /// as bit sets. On the LED board these are the literal eight rows of seed 000.
    pub fn rows(&self) -> Cow<'static, [u64]> {
        if *self == Geometry::LED {
            return Cow::Borrowed(&LED_ROWS);
        }
        let mut rows = Vec::new();
        rows.extend(self.h_rows());
        rows.extend(self.v_rows());
        rows.extend(self.d_rows());
        Cow::Owned(rows)
    }

    /// `hRows`: the horizontal lines.
    pub fn h_rows(&self) -> Vec<u64> {
        self.lines(0, 1)
    }

    /// `vRows`: the vertical lines.
    pub fn v_rows(&self) -> Vec<u64> {
        self.lines(1, 0)
    }

    /// `dRows`: the diagonal lines, both directions.
    pub fn d_rows(&self) -> Vec<u64> {
        let mut rows = self.lines(1, 1);
        rows.extend(self.lines(1, -1));
        rows
    }

    /// Every run of `run` cells starting anywhere and stepping by (d_row, d_col).
    fn lines(&self, d_row: isize, d_col: isize) -> Vec<u64> {
        let (w, h, k) = (
            self.width() as isize,
            self.height() as isize,
            self.run() as isize,
        );
        let mut rows = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let (end_r, end_c) = (r + d_row * (k - 1), c + d_col * (k - 1));
                if !(0..h).contains(&end_r) || !(0..w).contains(&end_c) {
                    continue;
                }
                let mask = (0..k).fold(0u64, |m, i| {
                    let cell = self.cell((r + d_row * i) as usize, (c + d_col * i) as usize);
                    m | 1 << (cell - 1)
                });
                rows.push(mask);
            }
        }
        rows
    }

    /// The rows that pass through cell `c` (OXO's `linesthru`).
    pub fn rows_through(&self, c: Cell) -> Vec<u64> {
        self.rows()
            .iter()
            .copied()
            .filter(|r| r & bit(c) != 0)
            .collect()
    }
}

/// The bit of cell `c` in a cell set.
pub fn bit(c: Cell) -> u64 {
    1u64 << (c - 1)
}

/// The cells of a bit set, in increasing order.
pub fn cells_of(mut set: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros() as Cell + 1;
            set &= set - 1;
            Some(c)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn as_sets(rows: &[u64]) -> BTreeSet<BTreeSet<Cell>> {
        rows.iter().map(|&r| cells_of(r).collect()).collect()
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
        // The static table used for the LED board equals the general construction.
        let general: Vec<u64> = [g.h_rows(), g.v_rows(), g.d_rows()].concat();
        assert_eq!(as_sets(&g.rows()), as_sets(&general));
        assert_eq!(g.rows().len(), 8);
        assert_eq!(
            g.game_board().collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
    }

    #[test]
    fn general_boards_count_their_lines() {
        // 4×4, four in a row: 4 + 4 + 2 lines.
        assert_eq!(Geometry::new(4, 4, 4).unwrap().rows().len(), 10);
        // 5×4 (width 5), four in a row: 2·4 horizontal + 5 vertical + 2·2 per diagonal direction.
        assert_eq!(Geometry::new(5, 4, 4).unwrap().rows().len(), 8 + 5 + 4);
        // 7×6 Connect-Four-like board, four in a row: 69 lines.
        assert_eq!(Geometry::new(7, 6, 4).unwrap().rows().len(), 69);
    }

    #[test]
    fn rejects_unplayable_geometries() {
        assert!(Geometry::new(0, 3, 3).is_err());
        assert!(Geometry::new(9, 8, 3).is_err());
        assert!(Geometry::new(3, 3, 4).is_err());
        assert!(Geometry::new(8, 8, 5).is_ok());
    }

    #[test]
    fn rows_through_a_cell_match_oxo_linesthru() {
        let g = Geometry::LED;
        assert_eq!(g.rows_through(1).len(), 3);
        assert_eq!(g.rows_through(2).len(), 2);
        assert_eq!(g.rows_through(5).len(), 4);
    }
}
