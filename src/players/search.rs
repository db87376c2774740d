//! `search`: the player of the search engine ([`crate::search`]) — iterative-deepening alpha-beta
//! with a transposition table, threat-aware ordering and evaluation, and a threat-space search, on
//! any board up to 26 × 26 with any run length. Where the search reaches every end of the game it
//! plays exactly (on 3 × 3 it proves every position in well under a millisecond).

use super::ComputerPlayer;
use crate::explain::{notes, CellNote, Explanation, Kind};
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::rules::{Outcome, State};
use crate::search::{Limits, Search, SearchResult};
use crate::value::{Value, Verdict};
use rand::rngs::StdRng;
use std::sync::atomic::AtomicBool;

/// The search player with its limits per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchPlayer {
    /// How long it thinks.
    pub limits: Limits,
}

/// The search player of the roster: one second a move.
pub static SEARCH: SearchPlayer = SearchPlayer {
    limits: Limits::time(1000),
};

impl SearchPlayer {
    /// A search player with `limits`.
    pub const fn new(limits: Limits) -> SearchPlayer {
        SearchPlayer { limits }
    }

    /// Thinks about `game` until the limits are reached or `stop` is set (the best move found so
    /// far is returned then), with the search's figures: value, proof, depth, nodes, line.
    /// `None` when the game is over.
    pub fn analyse(&self, game: &Game, stop: &AtomicBool) -> Option<SearchResult> {
        if game.state().game_over() {
            return None;
        }
        Search::new(self.limits, crate::search::cancel_flag())
            .think_until(&game.state().setup(), stop)
    }
}

/// The proven value of `pos` for its side to move, by `engine`. A forced reply (a lone threat
/// blocked) comes back from the search unproven: the value is then the reply's, one ply on.
fn proven_value(engine: &mut Search, pos: &State) -> Option<Value> {
    // A value seen `n` plies later, from the side to move `n` plies earlier.
    fn flip(v: Value, n: u32) -> Value {
        (0..n).fold(v, |v, _| Value::of_move(v))
    }
    let mut pos = *pos;
    let mut flips = 0;
    loop {
        let r = engine.think(&pos.setup())?;
        match r.proven {
            Some(v) => return Some(flip(v, flips)),
            None if r.depth == 0 && flips < 8 => {
                pos = pos.result(r.best);
                flips += 1;
                if let Some(outcome) = pos.outcome() {
                    // The forced reply ended the game: the side to move now has lost, or the
                    // board is full.
                    let v = Value {
                        verdict: Verdict::of(outcome, pos.player_to_move()),
                        plies: Some(0),
                    };
                    return Some(flip(v, flips));
                }
            }
            None => return None,
        }
    }
}

impl ComputerPlayer for SearchPlayer {
    fn name(&self) -> &'static str {
        "search"
    }

    fn plays(&self, _geometry: Geometry) -> bool {
        true
    }

    fn choose(&self, game: &Game, rng: &mut StdRng) -> Cell {
        ComputerPlayer::think(self, game, rng, &AtomicBool::new(false))
    }

    /// Each legal move's value for the mover, where a search of a small node budget after the move
    /// proves it (`W`, `D`, `L` with the plies to the end; `?` where it does not), and the move the
    /// search player chooses within a budget of its own. One engine (and its transposition table)
    /// serves every move. The budgets are the explanation's own, whatever the player's limits: a
    /// window can wait for them (tens of milliseconds on 15 × 15).
    fn explain(&self, game: &Game) -> Explanation {
        let state = game.state();
        let nodes_per_move = if state.geometry().cells() <= 49 {
            20_000
        } else {
            1_000
        };
        let mut engine = Search::new(Limits::nodes(nodes_per_move), crate::search::cancel_flag());
        let per_cell = notes(state, |c| {
            let child = state.result(c);
            match child.outcome() {
                Some(Outcome::Won(_)) => CellNote::Value(Value::win(1)),
                Some(Outcome::Draw) => CellNote::Value(Value::draw(1)),
                None => match proven_value(&mut engine, &child) {
                    Some(v) => CellNote::Value(Value::of_move(v)),
                    None => CellNote::Unproven,
                },
            }
        });
        let chosen = SearchPlayer::new(Limits::nodes(4 * nodes_per_move))
            .analyse(game, &AtomicBool::new(false))
            .map(|r| vec![r.best])
            .unwrap_or_default();
        Explanation {
            player: self.name(),
            state: *state,
            per_cell,
            chosen,
            kind: Kind::Search { nodes_per_move },
        }
    }

    /// True: an answer takes up to the time limit (on boards it cannot prove at once).
    fn slow(&self, _geometry: Geometry) -> bool {
        true
    }

    fn think(&self, game: &Game, _rng: &mut StdRng, stop: &AtomicBool) -> Cell {
        let r = self
            .analyse(game, stop)
            .expect("think is only called while the game is not over");
        r.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;
    use rand::SeedableRng;

    #[test]
    fn takes_a_win_and_blocks_a_loss() {
        // 3×3: x has 1 and 2, o has 4 and 5; x to move wins at 3.
        let g = Geometry::LED;
        let mut rng = StdRng::seed_from_u64(0);
        let game = Game::from_cells(g, Player::X, &[1, 4, 2, 5]).unwrap();
        assert_eq!(SEARCH.choose(&game, &mut rng), 3);
        // o to move after x 1, 2: o must block at 3.
        let game = Game::from_cells(g, Player::X, &[1, 5, 2]).unwrap();
        assert_eq!(SEARCH.choose(&game, &mut rng), 3);
    }

    #[test]
    fn is_slow_and_stops_thinking_when_told() {
        assert!(SEARCH.slow(Geometry::LED));
        let g = Geometry::new(15, 15, 5).unwrap();
        let game = Game::from_cells(g, Player::X, &[113, 114]).unwrap();
        let unlimited = SearchPlayer::new(Limits {
            time: None,
            nodes: None,
            threads: 1,
            max_depth: 64,
        });
        let stop = AtomicBool::new(true);
        let mut rng = StdRng::seed_from_u64(0);
        let c = ComputerPlayer::think(&unlimited, &game, &mut rng, &stop);
        assert!(game.check(c).is_ok(), "{c}");
    }
}
