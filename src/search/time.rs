//! Time management under the Gomocup clock (issue 18, item 4): how long a move may take, from
//! `INFO timeout_turn`, `INFO timeout_match` and `INFO time_left`, and when a search with a match
//! clock stops starting new iterations.
//!
//! - With a turn limit alone, the move's time is the limit less a margin, and it is spent whole:
//!   time left over is not kept for later moves, so stopping early would only make the move
//!   worse (a proven result still stops at once).
//! - With a match clock, a move aims at an *optimum*: the time left, less a reserve (a twentieth,
//!   at most 1 s, and [`MOVE_RESERVE_MS`] for each move the board still has room for), shared
//!   among the moves a game of five in a row still likely has; it may run to a *maximum* (four
//!   optima, a fifth of what is left, and never past the turn limit less its margin). The search
//!   starts no new iteration once it has spent the optimum scaled by how settled its best move
//!   is: [`Stability`] shortens it when the best move stayed the same for several iterations and
//!   lengthens it when the last iterations changed their minds.

use std::time::Duration;

/// The clock the manager set, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// `timeout_turn`: the most one move may take (0: as fast as possible).
    pub turn_ms: u64,
    /// `time_left` when `timeout_match` is set (a match clock); `None`: no match limit.
    pub match_left_ms: Option<u64>,
    /// Stones on the board (the game's progress).
    pub stones: usize,
    /// Cells on the board (0 before `START`): less the stones, the most moves the game may still
    /// ask of both sides.
    pub cells: usize,
}

/// The time a move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// What the move aims at (`None`: the maximum is spent whole).
    pub optimum: Option<Duration>,
    /// The hard limit: the search stops by then, whatever it is doing.
    pub maximum: Duration,
}

/// The least time a move is given under a turn limit alone.
const FLOOR_MS: u64 = 10;

/// What the match clock keeps for each move the board still has room for (ours: half its empty
/// cells), so that a game played to a full board never runs out of time: a move with no time
/// left answers at once, in at most 2.3 ms as the manager reads it (`docs/search.md`, eighty-second
/// round). Before, each move took at least [`FLOOR_MS`] whatever was left, and a 15 × 15 game
/// drawn on a full board under a 20 s clock ended with 8 ms to spare.
pub const MOVE_RESERVE_MS: u64 = 5;

/// A stall of a loaded machine the turn's margin covers, in milliseconds (`docs/search.md`,
/// eightieth and eighty-first rounds). At 1 s a move with two matches on two cores, 4 of 13,866
/// of our moves were read by the match script 40 to 77 ms after the search's stop (every other
/// at most 9 ms after it), and Rapfi's had stalls of the same size: the machine's, not a
/// search's. With this allowance none of 16,992 moves passed 1,000 ms; the longest stall seen,
/// 89 ms, came with scripts running beside the two matches.
pub const STALL_MS: u64 = 60;

impl Clock {
    /// The margin kept from `timeout_turn` for the process, the pipes and a loaded machine: a
    /// fortieth of it, 25 ms to 500 ms (Rapfi keeps 30 ms), and [`STALL_MS`] more (at most a
    /// tenth of the turn) for a stall of the machine between the search's stop and the
    /// manager's reading of the answer.
    pub fn turn_margin_ms(&self) -> u64 {
        (self.turn_ms / 40).clamp(25, 500) + STALL_MS.min(self.turn_ms / 10)
    }

    /// The share of what is left a move aims at, as moves to go: 12 at the start, one more every
    /// eight stones. Most games of five in a row are settled within twenty moves a side, and
    /// with 35 (one fewer every eight stones, at least 15) three quarters of a 20 s clock were
    /// never spent; aiming at a twelfth first scored +14.5 of 320 games (se 5.5) against Rapfi
    /// at 5 s a move and 20 s a game (`docs/search.md`, eighty-second round). A longer game
    /// spends a smaller share each move, and the reserve keeps what a full board needs.
    pub fn moves_to_go(&self) -> u64 {
        12 + self.stones as u64 / 8
    }

    /// The moves the side to move may still have to make: half the empty cells, rounded up.
    pub fn moves_left(&self) -> u64 {
        self.cells.saturating_sub(self.stones).div_ceil(2) as u64
    }

    /// The move's budget (see the module's documentation).
    pub fn budget(&self) -> Budget {
        let turn_cap = self
            .turn_ms
            .saturating_sub(self.turn_margin_ms())
            .max(FLOOR_MS);
        let Some(left) = self.match_left_ms else {
            return Budget {
                optimum: None,
                maximum: Duration::from_millis(turn_cap),
            };
        };
        // A reserve for the process and the pipes (a twentieth of what is left, at most 1 s) and
        // for every move the board still has room for; no floor: with nothing usable left the
        // move is made at once.
        let reserve = (left / 20).min(1000) + self.moves_left() * MOVE_RESERVE_MS;
        let usable = left.saturating_sub(reserve);
        let optimum = usable / self.moves_to_go();
        let maximum = (optimum * 4).min(usable / 5).min(turn_cap);
        Budget {
            optimum: Some(Duration::from_millis(optimum.min(maximum))),
            maximum: Duration::from_millis(maximum),
        }
    }
}

/// How settled the search's best move is, iteration after iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stability {
    /// Changes of the best move, each halved by every later iteration.
    changes: f64,
    /// Iterations seen.
    iterations: u32,
}

impl Stability {
    /// Records a completed iteration: whether its best move differs from the previous one's.
    pub fn record(&mut self, changed: bool) {
        self.changes = self.changes * 0.5 + if changed { 1.0 } else { 0.0 };
        self.iterations += 1;
    }

    /// The share of the optimum to spend before starting no new iteration: 0.5 when the best move
    /// has not changed for several iterations, up to 2 when it keeps changing.
    pub fn scale(&self) -> f64 {
        if self.iterations < 4 {
            return 1.0;
        }
        (0.5 + 1.2 * self.changes).min(2.0)
    }

    /// Whether a new iteration should not start, `elapsed` into a move aiming at `optimum`.
    pub fn stop(&self, elapsed: Duration, optimum: Duration) -> bool {
        elapsed >= optimum.mul_f64(self.scale())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_limit_alone_is_spent_whole_less_its_margin() {
        for (turn, max) in [
            (1000, 915),
            (100, 65),
            (10_000, 9690),
            (200, 155),
            (0, FLOOR_MS),
            (30, FLOOR_MS),
        ] {
            let b = Clock {
                turn_ms: turn,
                match_left_ms: None,
                stones: 20,
                cells: 225,
            }
            .budget();
            assert_eq!(b.optimum, None);
            assert_eq!(b.maximum, Duration::from_millis(max), "turn {turn}");
        }
    }

    /// Over every reasonable clock: the optimum never exceeds the maximum, the maximum never
    /// exceeds the turn limit or a fifth of what is left, and a whole game's optima fit in the
    /// match time.
    #[test]
    fn a_match_clock_shares_the_time_left_and_never_overspends() {
        for turn in [0u64, 100, 1000, 5000, 30_000] {
            for left in [0u64, 5, 50, 500, 3000, 60_000, 180_000, 1_000_000] {
                for stones in [0usize, 5, 40, 100, 224] {
                    let clock = Clock {
                        turn_ms: turn,
                        match_left_ms: Some(left),
                        stones,
                        cells: 225,
                    };
                    let b = clock.budget();
                    let (opt, max) = (b.optimum.unwrap(), b.maximum);
                    assert!(opt <= max, "{clock:?}");
                    let max = max.as_millis() as u64;
                    assert!(max <= FLOOR_MS.max(turn), "{clock:?}");
                    assert!(max <= left / 5, "{clock:?}");
                }
            }
        }
        // A long game (60 moves each, spending each optimum) keeps a thirtieth of its time for
        // the moves after.
        let mut left = 180_000u64;
        for m in 0..60 {
            let b = Clock {
                turn_ms: 30_000,
                match_left_ms: Some(left),
                stones: 2 * m,
                cells: 400,
            }
            .budget();
            left -= b.optimum.unwrap().as_millis() as u64;
        }
        assert!(left > 6_000, "{left} ms left after 60 moves");
    }

    /// The worst case: a game played to a full board, each of our moves spending its whole
    /// maximum and 3 ms more (the process and the pipes), never runs out of the match clock,
    /// on every board from 8 × 8 to 26 × 26, whoever moves first. (Before the eighty-second
    /// round it did: each move took at least 10 ms whatever was left.)
    #[test]
    fn a_game_to_a_full_board_never_runs_out_of_time() {
        for side in [8usize, 15, 20, 26] {
            let cells = side * side;
            for match_ms in [5_000u64, 20_000, 180_000] {
                for turn in [1000u64, 5000, 30_000] {
                    for first in [0, 1] {
                        let mut left = match_ms;
                        for stones in (first..cells).step_by(2) {
                            let b = Clock {
                                turn_ms: turn,
                                match_left_ms: Some(left),
                                stones,
                                cells,
                            }
                            .budget();
                            let spent = b.maximum.as_millis() as u64 + 3;
                            assert!(
                                spent <= left,
                                "{side}x{side}, {match_ms} ms, turn {turn}: {left} ms left \
                                 at stone {stones}, the move may take {spent}"
                            );
                            left -= spent;
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_settled_best_move_stops_sooner_than_a_changing_one() {
        let optimum = Duration::from_millis(1000);
        let mut settled = Stability::default();
        let mut changing = Stability::default();
        for i in 0..8 {
            settled.record(i == 0);
            changing.record(true);
        }
        assert!(settled.scale() < 0.6, "{settled:?}");
        assert!(changing.scale() > 1.9, "{changing:?}");
        let at = Duration::from_millis(700);
        assert!(settled.stop(at, optimum));
        assert!(!changing.stop(at, optimum));
        // Early iterations are not judged.
        let mut young = Stability::default();
        young.record(false);
        assert_eq!(young.scale(), 1.0);
    }
}
