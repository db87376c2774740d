//! The search engine of the `search` player and of `tictactoe pbrain`: m,n,k-games on boards up to
//! 19 × 19 with any run length.
//!
//! - [`board`]: the board with incremental window counts (threats, evaluation, Zobrist hash).
//! - [`tt`]: the lock-free transposition table.
//! - [`engine`]: iterative-deepening negamax with alpha-beta and principal-variation search,
//!   threat-aware move ordering, forced-block extensions and threat-space searches (VCF: a sequence
//!   of fours, each forcing the one block, ending in a double four, at the root and at the leaves;
//!   VCT: threats of a double four too, each answered by every move that could stop it, at the
//!   root).
//!
//! A [`Search`] thinks about a [`Position`] within its [`Limits`] (time, nodes) and stops at once
//! when its cancel flag is set. Where the search reaches every end of the game it returns a proven
//! value ([`SearchResult::proven`]).

pub mod board;
pub mod engine;
pub mod gomoku;
pub mod pattern;
pub mod tt;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

pub use engine::{Search, SearchResult};

/// The value of a won game for the side that wins it at the root; a win in `n` plies is worth
/// `MATE - n`, a loss in `n` plies `-(MATE - n)`.
pub const MATE: i32 = 1_000_000_000;

/// Values at least this far from 0 are wins or losses, not heuristic estimates.
pub const MATE_BOUND: i32 = MATE - 1000;

/// What the game-theoretic value of a position is, as far as a search proved it, for the side to
/// move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins in this many plies (its own moves and the replies).
    Win(u32),
    /// The side to move loses in this many plies at the latest.
    Loss(u32),
    /// Neither side can force a run.
    Draw,
}

/// How long a search may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the move (`None`: no limit).
    pub time: Option<Duration>,
    /// Nodes for the move (`None`: no limit). With a node limit and one thread the search is
    /// reproducible.
    pub nodes: Option<u64>,
    /// Threads searching together (lazy SMP: they share the transposition table).
    pub threads: usize,
    /// The deepest iteration (plies).
    pub max_depth: u32,
}

impl Limits {
    /// A time budget per move, on one thread: a second thread (lazy SMP) did not pay on the
    /// two-core machine (see benches/search.rs), and one thread keeps the choices among equal
    /// proven moves repeatable.
    pub const fn time(ms: u64) -> Limits {
        Limits {
            time: Some(Duration::from_millis(ms)),
            nodes: None,
            threads: 1,
            max_depth: 64,
        }
    }

    /// A node budget per move, on one thread: reproducible.
    pub const fn nodes(n: u64) -> Limits {
        Limits {
            time: None,
            nodes: Some(n),
            threads: 1,
            max_depth: 64,
        }
    }
}

impl Default for Limits {
    /// One second a move.
    fn default() -> Limits {
        Limits::time(1000)
    }
}

/// The cores the machine offers (threads beyond them do not help).
pub fn available_cores() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// A fresh cancel flag.
pub fn cancel_flag() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

/// A position to search: the board's shape, the stones and the colour to move. Cells are
/// `row · width + column`, 0-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    width: usize,
    height: usize,
    run: usize,
    /// The stone on each cell: `Some(0)` for the colour that moved first, `Some(1)` for the other.
    stones: Vec<Option<u8>>,
    to_move: u8,
    /// The colour that has a run, if one has.
    won: Option<u8>,
}

/// Why a position cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not a board of at most 19 × 19 with `1 ≤ run ≤ max(width, height)`.
    Shape,
    /// A cell off the board.
    OffBoard(usize),
    /// A cell that already holds a stone.
    Occupied(usize),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Shape => f.write_str(
                "the search plays boards of 1 to 19 cells a side with a run of 1 to the longer side",
            ),
            PositionError::OffBoard(c) => write!(f, "cell index {c} is off the board"),
            PositionError::Occupied(c) => write!(f, "cell index {c} is already occupied"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The empty `width` × `height` board, `run` in a line winning, colour 0 to move.
    pub fn new(width: usize, height: usize, run: usize) -> Result<Position, PositionError> {
        if !(1..=board::MAX_SIDE).contains(&width)
            || !(1..=board::MAX_SIDE).contains(&height)
            || run == 0
            || run > width.max(height)
        {
            return Err(PositionError::Shape);
        }
        Ok(Position {
            width,
            height,
            run,
            stones: vec![None; width * height],
            to_move: 0,
            won: None,
        })
    }

    /// The position after `cells` were played in turn from the empty board.
    pub fn from_moves(
        width: usize,
        height: usize,
        run: usize,
        cells: &[usize],
    ) -> Result<Position, PositionError> {
        let mut p = Position::new(width, height, run)?;
        for &c in cells {
            p.play(c)?;
        }
        Ok(p)
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Run length.
    pub fn run(&self) -> usize {
        self.run
    }

    /// The colour to move, 0 or 1.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Makes `colour` the side to move.
    pub fn set_to_move(&mut self, colour: u8) {
        self.to_move = colour & 1;
    }

    /// The stone on cell `c`.
    pub fn stone(&self, c: usize) -> Option<u8> {
        self.stones.get(c).copied().flatten()
    }

    /// Puts a stone of `colour` on `c` without changing the side to move.
    pub fn place(&mut self, c: usize, colour: u8) -> Result<(), PositionError> {
        match self.stones.get(c) {
            None => Err(PositionError::OffBoard(c)),
            Some(Some(_)) => Err(PositionError::Occupied(c)),
            Some(None) => {
                self.stones[c] = Some(colour & 1);
                if self.won.is_none() && self.makes_run(c) {
                    self.won = Some(colour & 1);
                }
                Ok(())
            }
        }
    }

    /// Removes the stone on `c`, if any (a take-back).
    pub fn remove(&mut self, c: usize) {
        if let Some(s) = self.stones.get_mut(c) {
            *s = None;
        }
        self.won = None;
        for c in 0..self.stones.len() {
            if self.stones[c].is_some() && self.makes_run(c) {
                self.won = self.stones[c];
                break;
            }
        }
    }

    /// The side to move plays `c`; then the other side is to move.
    pub fn play(&mut self, c: usize) -> Result<(), PositionError> {
        self.place(c, self.to_move)?;
        self.to_move ^= 1;
        Ok(())
    }

    /// The colour with a run of `run` (or more), if any.
    pub fn winner(&self) -> Option<u8> {
        self.won
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.stones.len()).filter(|&c| self.stones[c].is_none())
    }

    /// True when someone has a run or the board is full.
    pub fn game_over(&self) -> bool {
        self.won.is_some() || self.stones.iter().all(Option::is_some)
    }

    /// True when the stone on `c` is part of a run of `run`.
    fn makes_run(&self, c: usize) -> bool {
        let Some(colour) = self.stones[c] else {
            return false;
        };
        let (r, col) = ((c / self.width) as isize, (c % self.width) as isize);
        [(0isize, 1isize), (1, 0), (1, 1), (1, -1)]
            .iter()
            .any(|&(dr, dc)| {
                let count = |sign: isize| {
                    (1..)
                        .take_while(|&i| {
                            let (nr, nc) = (r + sign * dr * i, col + sign * dc * i);
                            (0..self.height as isize).contains(&nr)
                                && (0..self.width as isize).contains(&nc)
                                && self.stones[(nr * self.width as isize + nc) as usize]
                                    == Some(colour)
                        })
                        .count()
                };
                1 + count(1) + count(-1) >= self.run
            })
    }
}
