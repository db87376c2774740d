//! Exhaustive analysis of the game tree under the LED rules: the known figures of SPEC.md §6 are
//! computed here from the rules, not written down.

use crate::geometry::Geometry;
use crate::rules::{Outcome, Player, State};
use std::collections::HashSet;

/// Counts over every possible game (every sequence of possible moves to the end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Complete games.
    pub games: u64,
    /// Games x won.
    pub x_won: u64,
    /// Games o won.
    pub o_won: u64,
    /// Drawn games.
    pub drawn: u64,
    /// Nodes of the game tree, the empty board included.
    pub nodes: u64,
}

/// Plays every possible game from `state` with [`State::result`] over [`State::legal_moves`].
pub fn count_games(state: &State) -> GameCounts {
    let mut counts = GameCounts::default();
    walk(state, &mut counts);
    counts
}

fn walk(state: &State, counts: &mut GameCounts) {
    counts.nodes += 1;
    match state.outcome() {
        Some(outcome) => {
            counts.games += 1;
            match outcome {
                Outcome::Won(Player::X) => counts.x_won += 1,
                Outcome::Won(Player::O) => counts.o_won += 1,
                Outcome::Draw => counts.drawn += 1,
            }
        }
        None => {
            for c in state.legal_moves() {
                walk(&state.result(c), counts);
            }
        }
    }
}

/// Every position reachable from the empty board of `geometry` with `start` moving first, the empty
/// board included.
pub fn reachable_positions(geometry: Geometry, start: Player) -> Vec<State> {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut stack = vec![State::empty(geometry, start)];
    while let Some(s) = stack.pop() {
        if seen.insert(s) {
            order.push(s);
            stack.extend(s.legal_moves().map(|c| s.result(c)));
        }
    }
    order
}
