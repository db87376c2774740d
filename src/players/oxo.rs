//! The OXO player: the square evaluation of the 1994 OXO definitive script (seed 003), as SPEC.md §4
//! gives it from the model's EDEN code.
//!
//! - [`linval`]: a line's worth from the computer's side ("mine" and "theirs"): −1 if it holds marks
//!   of both sides; 100 if two of theirs and a blank (a block); 20 if two of mine and a blank (a win);
//!   3 if none of mine (empty, or one of theirs); 1 if one of mine and none of theirs.
//! - [`sqval`]: the sum of `linval` over `linesthru(square)` ([`Geometry::rows_through`]). On the empty
//!   board: centre 12, corner 9, edge 6.
//! - [`findmaxindex`]: contemplate s1 … s9 in turn and keep an available square whose value is ≥ the
//!   best so far, so ties go to the highest-numbered square.
//!
//! **Deviation from 1994 (product decision, SPEC.md §4):** the 1994 `findmaxindex` starts from 0, so
//! when every available square is negative it plays nothing and the game stalls. This player starts
//! from "no square yet" instead, so it then plays the highest-valued square (ties again to the
//! highest-numbered). When some available square is ≥ 0 the two agree.
//!
//! Faithfully it prefers blocking (100) to winning (20), looks no further than one move, and can be
//! forked. It is deterministic: the random number generator is not used.
//!
//! **Other geometries.** The line values are stated for lines of three. On a board whose run length
//! is `k` (lines of `k` cells from [`Geometry::rows`]) this player reads "two of theirs and a blank"
//! as "`k − 1` of theirs and a blank" and "two of mine and a blank" as "`k − 1` of mine and a blank";
//! the other cases are unchanged ("none of mine" → 3, "some of mine, none of theirs" → 1, both → −1).
//! For `k = 3` this is exactly the table above. The squares are contemplated in cell order 1 … w·h.

use super::ComputerPlayer;
use crate::explain::{notes, CellNote, Explanation, Kind};
use crate::game::Game;
use crate::geometry::{Cell, CellSet, Geometry};
use crate::rules::{Player, State};
use rand::rngs::StdRng;

/// The OXO player of seed 003 (name `oxo`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Oxo;

/// `linval(line)`: the worth of `line` (a set of the board's cells, one of [`Geometry::rows`]) for
/// the side `me`, in `state` (SPEC.md §4).
pub fn linval(state: &State, line: CellSet, me: Player) -> i32 {
    let mine = (state.cells_of(me) & line).len();
    let theirs = (state.cells_of(me.other()) & line).len();
    let blanks = line.len() - mine - theirs;
    let two = state.geometry().run() - 1; // "two" on the 3-in-a-row board
    if mine > 0 && theirs > 0 {
        -1
    } else if theirs == two && blanks == 1 {
        100
    } else if mine == two && blanks == 1 {
        20
    } else if mine == 0 {
        3
    } else {
        1
    }
}

/// `sqval(square)`: the sum of [`linval`] over the lines through `square` (`linesthru`), for the
/// side `me` (SPEC.md §4). Empty board: centre 12, corner 9, edge 6.
pub fn sqval(state: &State, square: Cell, me: Player) -> i32 {
    let g = state.geometry();
    g.rows_through(square)
        .iter()
        .map(|&i| linval(state, g.rows()[i as usize], me))
        .sum()
}

/// `findmaxindex(allsquares)`: the available square with the highest [`sqval`] for the player to
/// move, contemplating the squares in order and keeping one whose value is ≥ the best so far (ties go
/// to the highest-numbered square). When every available square is negative it returns the
/// highest-valued one (the 1994 model would return none). `None` only when the game is over.
pub fn findmaxindex(state: &State) -> Option<Cell> {
    let me = state.player_to_move();
    let g: Geometry = state.geometry();
    let mut best: Option<(Cell, i32)> = None;
    for square in g.game_board() {
        // availsquare is allsquares[square] == u (and the game not over).
        if !state.legal_to_move_in(square) {
            continue;
        }
        let v = sqval(state, square, me);
        if best.is_none_or(|(_, b)| v >= b) {
            best = Some((square, v));
        }
    }
    best.map(|(square, _)| square)
}

impl ComputerPlayer for Oxo {
    fn name(&self) -> &'static str {
        "oxo"
    }

    fn plays(&self, _geometry: Geometry) -> bool {
        true
    }

    /// Every available square's `sqval` for the player to move, and the square `findmaxindex`
    /// keeps.
    fn explain(&self, game: &Game) -> Explanation {
        let state = game.state();
        let me = state.player_to_move();
        Explanation {
            player: self.name(),
            state: *state,
            per_cell: notes(state, |c| CellNote::Sqval(sqval(state, c, me))),
            chosen: findmaxindex(state).into_iter().collect(),
            kind: Kind::Oxo,
        }
    }

    fn choose(&self, game: &Game, _rng: &mut StdRng) -> Cell {
        findmaxindex(game.state()).expect("choose is only called while the game is not over")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn state(start: Player, cells: &[Cell]) -> State {
        State::from_cells(Geometry::LED, start, cells).unwrap()
    }

    #[test]
    fn empty_board_values_centre_12_corner_9_edge_6() {
        for start in [Player::X, Player::O] {
            let s = State::empty(Geometry::LED, start);
            for me in [Player::X, Player::O] {
                let values: Vec<i32> = (1..=9).map(|c| sqval(&s, c, me)).collect();
                assert_eq!(values, [9, 6, 9, 6, 12, 6, 9, 6, 9]);
            }
            assert_eq!(
                Oxo.choose(
                    &Game::new(Geometry::LED, start),
                    &mut StdRng::seed_from_u64(0)
                ),
                5
            );
        }
    }

    #[test]
    fn line_values_from_each_side() {
        // x: 1, 2; o: 4, 5 — x to move (x started).
        let s = state(Player::X, &[1, 4, 2, 5]);
        let [row1, row2, row3] =
            [0b000_000_111, 0b000_111_000, 0b111_000_000].map(CellSet::from_bits);
        let col1 = CellSet::from_bits(0b001_001_001);
        assert_eq!(linval(&s, row1, Player::X), 20); // two of mine and a blank
        assert_eq!(linval(&s, row1, Player::O), 100); // two of theirs and a blank
        assert_eq!(linval(&s, row2, Player::X), 100);
        assert_eq!(linval(&s, row2, Player::O), 20);
        assert_eq!(linval(&s, row3, Player::X), 3); // empty
        assert_eq!(linval(&s, col1, Player::X), -1); // both sides
        let s = state(Player::X, &[1]);
        assert_eq!(linval(&s, row1, Player::X), 1); // one of mine, none of theirs
        assert_eq!(linval(&s, row1, Player::O), 3); // one of theirs, none of mine
    }

    #[test]
    fn prefers_blocking_to_winning() {
        // x: 1, 2; o: 4, 5. For x, square 3 = 20 + 3 + 3 = 26 (win), square 6 = 100 + 3 = 103 (block).
        let s = state(Player::X, &[1, 4, 2, 5]);
        assert_eq!(sqval(&s, 3, Player::X), 26);
        assert_eq!(sqval(&s, 6, Player::X), 103);
        assert_eq!(
            Oxo.choose(
                &Game::from_cells(Geometry::LED, Player::X, &[1, 4, 2, 5]).unwrap(),
                &mut StdRng::seed_from_u64(0)
            ),
            6
        );
    }

    #[test]
    fn ties_go_to_the_highest_numbered_square() {
        // After x in the centre, every corner is worth 9 to o (each line holds one of theirs or is
        // empty) and every edge 6: o takes square 9.
        let s = state(Player::X, &[5]);
        let values: Vec<i32> = (1..=9)
            .filter(|&c| c != 5)
            .map(|c| sqval(&s, c, Player::O))
            .collect();
        assert_eq!(values, [9, 6, 9, 6, 6, 9, 6, 9]);
        assert_eq!(findmaxindex(&s), Some(9));
        // O starting, x answers in the centre too: the same for x.
        let s = state(Player::O, &[1]);
        assert_eq!(findmaxindex(&s), Some(5));
        let s = state(Player::O, &[5]);
        assert_eq!(findmaxindex(&s), Some(9));
    }

    #[test]
    fn plays_the_highest_valued_square_when_all_are_negative() {
        // Every reachable position (both starts): the choice is the last square in cell order with
        // the maximal value, including the positions where every free square is negative.
        let mut found = 0;
        let mut stack = vec![
            State::initial_state(),
            State::empty(Geometry::LED, Player::O),
        ];
        let mut seen = std::collections::HashSet::new();
        while let Some(s) = stack.pop() {
            if !seen.insert(s) || s.game_over() {
                continue;
            }
            let me = s.player_to_move();
            let free: Vec<(Cell, i32)> = s.legal_moves().map(|c| (c, sqval(&s, c, me))).collect();
            let max = free.iter().map(|&(_, v)| v).max().unwrap();
            // The definition restated: the last square (in cell order) with the maximal value.
            let expected = free.iter().rev().find(|&&(_, v)| v == max).unwrap().0;
            assert_eq!(findmaxindex(&s), Some(expected), "\n{}", s.board_text());
            if max < 0 {
                found += 1;
            }
            stack.extend(s.legal_moves().map(|c| s.result(c)));
        }
        assert!(found > 0, "some positions have only negative squares");
        // One by hand: x: 1, 3, 8; o: 2, 5, 7 (o started: o 2, x 1, o 5, x 8, o 7, x 3); o to move.
        // Free 4, 6, 9: 4 = row {4,5,6} one of mine (1) + col {1,4,7} both (−1) = 0;
        // 6 = row {4,5,6} (1) + col {3,6,9} one of theirs (3) = 4; 9 = row {7,8,9} both (−1) +
        // col {3,6,9} (3) + diag {1,5,9} both (−1) = 1: the highest value wins over the number.
        let s = state(Player::O, &[2, 1, 5, 8, 7, 3]);
        assert_eq!([4, 6, 9].map(|c| sqval(&s, c, Player::O)), [0, 4, 1]);
        assert_eq!(findmaxindex(&s), Some(6));
    }

    #[test]
    fn negative_only_by_hand() {
        // x: 1, 5, 6, 8; o: 2, 3, 4, 9 — x started, x to move, only 7 free:
        // row {7,8,9} both (−1), col {1,4,7} both (−1), diag {3,5,7} both (−1) → −3.
        let s = state(Player::X, &[1, 2, 5, 9, 6, 4, 8, 3]);
        assert!(!s.game_over());
        assert_eq!(sqval(&s, 7, Player::X), -3);
        assert_eq!(findmaxindex(&s), Some(7));
    }

    #[test]
    fn run_length_generalisation_on_4x4_four_in_a_row() {
        let g = Geometry::new(4, 4, 4).unwrap();
        // x: 1, 2, 3; o: 5, 6, 7; x to move. Row {1..4}: three of mine and a blank → 20;
        // row {5..8}: three of theirs and a blank → 100.
        let s = State::from_cells(g, Player::X, &[1, 5, 2, 6, 3, 7]).unwrap();
        assert_eq!(linval(&s, CellSet::from_bits(0b1111), Player::X), 20);
        assert_eq!(linval(&s, CellSet::from_bits(0b1111_0000), Player::X), 100);
        assert_eq!(findmaxindex(&s), Some(8));
    }
}
