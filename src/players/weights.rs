//! The weight-grid player of seed 004 (SPEC.md §5), for any width × height and run length.
//!
//! Each turn, from the perspective of the player to move ("the player"; the other is "the
//! opponent"), every line of the board — [`Geometry::rows`](crate::geometry::Geometry::rows), lines of `run` cells — adds to the
//! weights of its empty cells ([`add_line`]):
//!
//! - more than one empty cell and marks of only one side (a *potential line cell*, PL): each empty
//!   cell gains 1;
//! - exactly one empty cell and the rest the opponent's (the *opponent's completion cell*, OC): that
//!   cell gains `w·h + 1` (10 on 3×3);
//! - exactly one empty cell and the rest the player's own (the *player's completion cell*, PC): that
//!   cell gains `(w·h + 1)²` (100 on 3×3).
//!
//! Lines with no mark, with marks of both sides, or with no empty cell add nothing. The player plays a
//! cell of maximal weight ([`weight_grid`]), uniformly at random among ties with the caller's rng.
//!
//! The rule reproduces every intermediate figure of the seed's worked example (checked in the tests):
//! there is no disagreement between the seed's prose and its figures to resolve.

use super::ComputerPlayer;
use crate::explain::{notes, CellNote, Explanation, Kind};
use crate::game::Game;
use crate::geometry::{Cell, CellSet, Geometry};
use crate::rules::{Player, State};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// The weight-grid player of seed 004 (name `weights`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Weights;

/// Adds `line`'s contribution (a set of cells, one of [`Geometry::rows`]) to `grid` (indexed by
/// cell − 1) from the perspective of `player` (SPEC.md §5).
pub fn add_line(state: &State, line: CellSet, player: Player, grid: &mut [u64]) {
    let n = state.geometry().cells() as u64;
    let mine = state.cells_of(player) & line;
    let theirs = state.cells_of(player.other()) & line;
    let empty = line - (mine | theirs);
    match empty.len() {
        0 => {}
        1 => {
            let c = empty.first().expect("one empty cell") - 1;
            if mine.is_empty() && !theirs.is_empty() {
                grid[c] += n + 1; // OC: the rest is the opponent's
            } else if theirs.is_empty() && !mine.is_empty() {
                grid[c] += (n + 1) * (n + 1); // PC: the rest is the player's own
            }
        }
        _ => {
            if mine.is_empty() != theirs.is_empty() {
                for c in empty {
                    grid[c - 1] += 1; // PL: marks of only one side
                }
            }
        }
    }
}

/// The weight grid (indexed by cell − 1, row-major from the top-left) from the perspective of
/// `player`, whoever is to move.
pub fn weight_grid_for(state: &State, player: Player) -> Vec<u64> {
    let mut grid = vec![0; state.geometry().cells()];
    for &line in state.geometry().rows().iter() {
        add_line(state, line, player, &mut grid);
    }
    grid
}

/// The weight grid of seed 004 for the player to move (indexed by cell − 1). Occupied cells weigh 0.
pub fn weight_grid(state: &State) -> Vec<u64> {
    weight_grid_for(state, state.player_to_move())
}

/// The free cells of maximal weight, in cell order (empty only when the game is over).
pub fn best_cells(state: &State) -> Vec<Cell> {
    let grid = weight_grid(state);
    let free: Vec<Cell> = state.legal_moves().collect();
    let max = free.iter().map(|&c| grid[c - 1]).max();
    free.into_iter()
        .filter(|&c| Some(grid[c - 1]) == max)
        .collect()
}

/// Seed 004's view from `perspective`'s side: every free cell's weight, and the free cells of
/// maximal weight. With `perspective` the player to move these are the cells the player picks
/// among at random ([`ComputerPlayer::explain`]).
pub fn explanation(state: &State, perspective: Player) -> Explanation {
    let grid = weight_grid_for(state, perspective);
    let per_cell = notes(state, |c| CellNote::Weight(grid[c - 1]));
    let max = state.legal_moves().map(|c| grid[c - 1]).max();
    let chosen = state
        .legal_moves()
        .filter(|&c| Some(grid[c - 1]) == max)
        .collect();
    Explanation {
        player: Weights.name(),
        state: *state,
        per_cell,
        chosen,
        kind: Kind::Weights { perspective },
    }
}

impl ComputerPlayer for Weights {
    fn name(&self) -> &'static str {
        "weights"
    }

    fn plays(&self, _geometry: Geometry) -> bool {
        true
    }

    /// The weight grid of the player to move, and the cells of maximal weight.
    fn explain(&self, game: &Game) -> Explanation {
        let state = game.state();
        explanation(state, state.player_to_move())
    }

    fn choose(&self, game: &Game, rng: &mut StdRng) -> Cell {
        *best_cells(game.state())
            .choose(rng)
            .expect("choose is only called while the game is not over")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Cell (row, column), 1-based, as the seed writes it.
    fn rc(r: usize, c: usize) -> Cell {
        Geometry::LED.cell(r - 1, c - 1)
    }

    /// The seed's worked example: X on (1,1), (1,2), O on (3,1); O to move.
    fn example() -> State {
        State::from_cells(Geometry::LED, Player::X, &[rc(1, 1), rc(3, 1), rc(1, 2)]).unwrap()
    }

    #[test]
    fn worked_example_line_by_line() {
        let s = example();
        assert_eq!(s.player_to_move(), Player::O);
        let cells = |cs: [Cell; 3]| CellSet::from_iter(cs);
        // The seed's order: rows, columns, diagonal 1 ((1,1)–(3,3)), diagonal 2 ((1,3)–(3,1)), with
        // the weight grid after each line, as its figures show it.
        let steps: [([Cell; 3], [u64; 9]); 8] = [
            ([1, 2, 3], [0, 0, 10, 0, 0, 0, 0, 0, 0]),
            ([4, 5, 6], [0, 0, 10, 0, 0, 0, 0, 0, 0]),
            ([7, 8, 9], [0, 0, 10, 0, 0, 0, 0, 1, 1]),
            ([1, 4, 7], [0, 0, 10, 0, 0, 0, 0, 1, 1]),
            ([2, 5, 8], [0, 0, 10, 0, 1, 0, 0, 2, 1]),
            ([3, 6, 9], [0, 0, 10, 0, 1, 0, 0, 2, 1]),
            ([1, 5, 9], [0, 0, 10, 0, 2, 0, 0, 2, 2]),
            ([3, 5, 7], [0, 0, 11, 0, 3, 0, 0, 2, 2]),
        ];
        let mut grid = vec![0; 9];
        for (line, expected) in steps {
            add_line(&s, cells(line), Player::O, &mut grid);
            assert_eq!(grid, expected, "after line {line:?}");
        }
        assert_eq!(weight_grid(&s), [0, 0, 11, 0, 3, 0, 0, 2, 2]);
        assert_eq!(weight_grid(&s)[rc(1, 3) - 1], 11);
        // The only cell of maximal weight is (1,3): O blocks.
        assert_eq!(best_cells(&s), [rc(1, 3)]);
        for seed in 0..10 {
            assert_eq!(
                Weights.choose(
                    &Game::from_cells(Geometry::LED, Player::X, &[1, 7, 2]).unwrap(),
                    &mut StdRng::seed_from_u64(seed)
                ),
                3
            );
        }
    }

    #[test]
    fn worked_example_on_x_turn_weighs_101() {
        let grid = weight_grid_for(&example(), Player::X);
        assert_eq!(grid[rc(1, 3) - 1], 101);
        assert_eq!(grid, [0, 0, 101, 0, 3, 0, 0, 2, 2]);
    }

    #[test]
    fn empty_board_is_all_ties_broken_at_random() {
        let s = State::initial_state();
        assert_eq!(weight_grid(&s), [0; 9]);
        assert_eq!(best_cells(&s), (1..=9).collect::<Vec<_>>());
        let picks: std::collections::BTreeSet<Cell> = (0..64)
            .map(|seed| Weights.choose(&Game::led(), &mut StdRng::seed_from_u64(seed)))
            .collect();
        assert!(picks.len() >= 5, "ties are broken at random: {picks:?}");
    }

    #[test]
    fn general_board_uses_w_h_plus_one() {
        // 4×3 (width 4, height 3), three in a row: OC weighs 13, PC weighs 169.
        let g = Geometry::new(4, 3, 3).unwrap();
        //  1  2  3  4     x: 1, 2; o: 5, 6; x to move.
        //  5  6  7  8
        //  9 10 11 12
        // Cell 3: {1,2,3} PC 169, {2,3,4} x only (+1), {3,6,9} o only (+1), {3,7,11} empty.
        let s = State::from_cells(g, Player::X, &[1, 5, 2, 6]).unwrap();
        let grid = weight_grid(&s);
        assert_eq!(grid[3 - 1], 169 + 1 + 1);
        // Cell 7: {5,6,7} OC 13, {6,7,8} o only (+1), {2,7,12} x only (+1), {3,7,11} and {4,7,10}
        // empty.
        assert_eq!(grid[7 - 1], 13 + 1 + 1);
        assert_eq!(best_cells(&s), [3]);
    }

    #[test]
    fn lines_holding_both_sides_add_nothing_even_with_several_empty_cells() {
        // 4×4, four in a row: x on 1, o on 2, x to move. Row {1,2,3,4} has two empty cells but
        // marks of both sides: no potential line cell. Cells 3 and 4 lie on no other marked line.
        let g = Geometry::new(4, 4, 4).unwrap();
        let s = State::from_cells(g, Player::X, &[1, 2]).unwrap();
        let grid = weight_grid(&s);
        assert_eq!((grid[3 - 1], grid[4 - 1]), (0, 0));
        // Column {1,5,9,13} (x only) and diagonal {1,6,11,16} (x only) do count; cell 6 also lies
        // on column {2,6,10,14} (o only).
        assert_eq!((grid[5 - 1], grid[6 - 1], grid[16 - 1]), (1, 2, 1));
    }
}
