//! The search engine of the `search` player and of `tictactoe pbrain`: m,n,k-games on boards up to
//! 26 × 26 with any run length.
//!
//! - `board`: the board with incremental window counts (threats, evaluation, Zobrist hash).
//! - `tt`: the lock-free transposition table.
//! - `engine`: iterative-deepening negamax with alpha-beta and principal-variation search,
//!   threat-aware move ordering, forced-block extensions and threat-space searches (VCF: a sequence
//!   of fours, each forcing the one block, ending in a double four, at the root and at the leaves;
//!   VCT: threats of a double four too, each answered by every move that could stop it, at the
//!   root).
//! - `pattern`: the board of five in a row with line patterns and per-cell threats from tables
//!   (one per rule: five or more, or exactly five; renju's forbidden points for black), and
//!   `gomoku`: its search (PVS with aspiration windows, threat-driven move
//!   generation, LMR and pruning, VCF at the leaves), which `engine` uses for a run of five on
//!   boards of more than 49 cells.
//! - `eval_weights`: the pattern search's evaluation weights (line patterns, threats, 645
//!   combinations of four line patterns, both sides' threats and their pairs), fitted to Rapfi's
//!   evaluations of its self-play positions (`scripts/eval_data.py`, `scripts/fit_eval.py`).
//! - `time`: the move's time under the Gomocup clock (turn limit, match clock, best-move
//!   stability).
//!
//! A [`Search`] thinks about a [`State`](crate::rules::State) within its [`Limits`] (time, nodes) and stops at once
//! when its cancel flag is set. Where the search reaches every end of the game it returns a proven
//! value ([`SearchResult::proven`]).

pub mod analysis;
mod board;
pub mod calibration;
mod engine;
mod eval_weights;
mod gomoku;
mod order_weights;
mod order_weights_renju_white;
mod pattern;
mod rule;
pub mod time;
mod tt;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

pub use engine::{Hooks, Search, SearchResult, Slices};

/// The value of a won game for the side that wins it at the root; a win in `n` plies is worth
/// `MATE - n`, a loss in `n` plies `-(MATE - n)`.
pub const MATE: i32 = 1_000_000_000;

/// Values at least this far from 0 are wins or losses, not heuristic estimates.
pub const MATE_BOUND: i32 = MATE - 1000;

/// How long a search may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the move, the hard limit (`None`: no limit).
    pub time: Option<Duration>,
    /// The time the move aims at under a match clock ([`time::Budget::optimum`]): no new
    /// iteration starts after it, scaled by the best move's stability. `None`: `time` is spent
    /// whole.
    pub optimum: Option<Duration>,
    /// Nodes for the move (`None`: no limit). With a node limit and one thread the search is
    /// reproducible.
    pub nodes: Option<u64>,
    /// Threads searching together (lazy SMP: they share the transposition table).
    pub threads: usize,
    /// The deepest iteration (plies).
    pub max_depth: u32,
}

impl Limits {
    /// A time budget per move, on one thread: one thread keeps the choices among equal proven
    /// moves repeatable. A Gomocup manager asks for more with `INFO thread_num`: on five in a row
    /// a second thread pays (docs/search.md, "Thirtieth round").
    pub const fn time(ms: u64) -> Limits {
        Limits {
            time: Some(Duration::from_millis(ms)),
            optimum: None,
            nodes: None,
            threads: 1,
            max_depth: 64,
        }
    }

    /// A node budget per move, on one thread: reproducible.
    pub const fn nodes(n: u64) -> Limits {
        Limits {
            time: None,
            optimum: None,
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

/// The gomoku evaluation's features of one position, for `examples/eval_features.rs` and
/// `scripts/fit_eval.py`.
#[doc(hidden)]
pub struct EvalFeatures {
    /// [`pattern::PatternBoard::eval_features`].
    pub dense: Vec<i32>,
    /// [`pattern::PatternBoard::eval_combinations`].
    pub combinations: Vec<(usize, i32)>,
    /// The hand-set evaluation the fitted ones replaced.
    pub hand_set: i32,
    /// The evaluation the search uses now.
    pub fitted: i32,
}

/// The gomoku evaluation's features of the position after `moves` (columns and rows, 0-based,
/// black first) on a `size` × `size` board under `rule` (renju: black's forbidden points count for
/// nothing); `None` for a size the pattern board does not play or a move off the board or on a
/// stone.
#[doc(hidden)]
pub fn eval_features(
    size: usize,
    rule: crate::rule::Rule,
    moves: &[(usize, usize)],
) -> Option<EvalFeatures> {
    let b = board_under(size, rule, moves)?;
    Some(EvalFeatures {
        dense: b.eval_features().to_vec(),
        combinations: b.eval_combinations(),
        hand_set: gomoku::hand_set_evaluation(&b),
        fitted: b.evaluation(),
    })
}

/// One candidate cell of a position, as the move-ordering fit sees it
/// ([`order_features`]).
#[doc(hidden)]
pub struct OrderCell {
    /// Column and row, 0-based.
    pub x: usize,
    pub y: usize,
    /// The combinations of line patterns ([`pattern::combination_key`]) of the side to move
    /// and of the side waiting at the cell.
    pub key_move: usize,
    pub key_wait: usize,
    /// Their threats there (`Threat as u8`).
    pub threat_move: u8,
    pub threat_wait: u8,
    /// The search's move-ordering score of the cell now ([`pattern::PatternBoard::order_score`]).
    pub score: i32,
}

/// The move-ordering fit's features of the position after `moves` under `rule` (as
/// [`eval_features`]), for `examples/order_features.rs` and `scripts/fit_order.py`: its candidate
/// cells (under renju, not black's forbidden points when black is to move: they are no moves).
#[doc(hidden)]
pub fn order_features(
    size: usize,
    rule: crate::rule::Rule,
    moves: &[(usize, usize)],
) -> Option<Vec<OrderCell>> {
    let b = board_under(size, rule, moves)?;
    let me = b.to_move();
    let key = |p: usize, c: usize| pattern::combination_key([0, 1, 2, 3].map(|d| b.line(p, c, d)));
    Some(
        b.candidates()
            .filter(|&c| !b.forbidden(me, c))
            .map(|c| {
                let (x, y) = b.coords(c);
                OrderCell {
                    x,
                    y,
                    key_move: key(me, c),
                    key_wait: key(1 - me, c),
                    threat_move: b.threat(me, c) as u8,
                    threat_wait: b.threat(1 - me, c) as u8,
                    score: b.order_score(c),
                }
            })
            .collect(),
    )
}

/// The freestyle pattern board after `moves`; `None` for a size it does not play or a move off
/// the board or on a stone.
#[cfg(test)]
fn board_after(size: usize, moves: &[(usize, usize)]) -> Option<pattern::PatternBoard> {
    board_under(size, crate::rule::Rule::Freestyle, moves)
}

/// The pattern board under `rule` (black the first player) after `moves`; `None` as
/// [`board_after`].
fn board_under(
    size: usize,
    rule: crate::rule::Rule,
    moves: &[(usize, usize)],
) -> Option<pattern::PatternBoard> {
    let tables = pattern::RuleTables::of(rule, 0);
    let mut b = pattern::PatternBoard::with_rule(size, size, tables)?;
    for &(x, y) in moves {
        if x >= size || y >= size {
            return None;
        }
        let c = b.index(x, y);
        if b.stone(c) != pattern::EMPTY {
            return None;
        }
        b.make(c);
    }
    Some(b)
}

/// For the fits' examples (`examples/eval_features.rs`, `examples/order_features.rs`): the rule
/// named by the first argument (`freestyle` when none); a name it does not know ends the program
/// with a one-line message naming `program`.
#[doc(hidden)]
pub fn rule_argument(program: &str) -> crate::rule::Rule {
    match std::env::args().nth(1) {
        None => crate::rule::Rule::Freestyle,
        Some(name) => name.parse().unwrap_or_else(|e| {
            eprintln!("{program}: {e}");
            std::process::exit(2);
        }),
    }
}

/// For the fits' examples (`examples/eval_features.rs`, `examples/order_features.rs`): each line
/// of stdin through `f`, its answers to stdout one a line, the lines it answers `None` counted on
/// stderr.
#[doc(hidden)]
pub fn map_stdin_lines(f: impl Fn(&str) -> Option<String>) {
    use std::io::{BufRead, BufWriter, Write};
    let mut out = BufWriter::new(std::io::stdout().lock());
    let (mut read, mut skipped) = (0, 0);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        read += 1;
        match f(&line) {
            Some(text) => {
                if writeln!(out, "{text}").is_err() {
                    return;
                }
            }
            None => skipped += 1,
        }
    }
    if skipped > 0 {
        eprintln!("{skipped} of {read} lines skipped");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::Rule;

    #[test]
    fn eval_features_are_counted_under_the_rule() {
        // Black two stones on row 7 and two on column 7 around the empty centre, white's four in
        // the corners: the centre makes two open threes, a double three, forbidden to black under
        // renju, where it counts for nothing; under freestyle it is black's best cell.
        let moves = [
            (6, 7),
            (0, 0),
            (8, 7),
            (0, 14),
            (7, 6),
            (14, 0),
            (7, 8),
            (14, 14),
        ];
        let b = board_under(15, Rule::Renju, &moves).unwrap();
        assert!(b.forbidden(0, b.index(7, 7)));
        let free = eval_features(15, Rule::Freestyle, &moves).unwrap();
        let renju = eval_features(15, Rule::Renju, &moves).unwrap();
        assert_ne!(free.dense, renju.dense);
        assert_ne!(free.combinations, renju.combinations);
        // The freestyle board as before: `board_after` is freestyle.
        assert_eq!(
            board_after(15, &moves).unwrap().eval_features().to_vec(),
            free.dense
        );
        assert!(eval_features(15, Rule::Renju, &[(7, 7), (7, 7)]).is_none());
    }
}
