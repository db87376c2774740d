//! `search`: the player of the search engine ([`crate::search`]) — iterative-deepening alpha-beta
//! with a transposition table, threat-aware ordering and evaluation, and a threat-space search, on
//! any board up to 26 × 26 with any run length. Where the search reaches every end of the game it
//! plays exactly (on 3 × 3 it proves every position in well under a millisecond).

use super::ComputerPlayer;
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::search::{Limits, Search, SearchResult};
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
