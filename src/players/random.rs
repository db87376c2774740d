//! The random player: a uniformly random legal move.
//!
//! It is the arena's baseline and the "fallible opponent" the [`perfect`](super::perfect) player
//! measures its chances against. It plays any geometry, either side, either start.

use super::ComputerPlayer;
use crate::explain::{notes, CellNote, Explanation, Kind};
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// Plays a cell chosen uniformly at random among `state.legal_moves()`, with the caller's `rng`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl ComputerPlayer for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn plays(&self, _geometry: Geometry) -> bool {
        true
    }

    /// Every legal move with probability 1/n.
    fn explain(&self, game: &Game) -> Explanation {
        let state = game.state();
        let n = state.legal_moves().count();
        Explanation {
            player: self.name(),
            state: *state,
            per_cell: notes(state, |_| CellNote::Chance { one_in: n }),
            chosen: state.legal_moves().collect(),
            kind: Kind::Random,
        }
    }

    fn choose(&self, game: &Game, rng: &mut StdRng) -> Cell {
        let moves: Vec<Cell> = game.state().legal_moves().collect();
        *moves
            .choose(rng)
            .expect("choose is only called while the game is not over")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;
    use rand::SeedableRng;

    #[test]
    fn plays_every_free_cell_roughly_equally_often() {
        let g = Game::from_cells(Geometry::LED, Player::X, &[5, 1]).unwrap();
        let mut rng = StdRng::seed_from_u64(7);
        let mut counts = [0usize; 10];
        for _ in 0..7000 {
            counts[Random.choose(&g, &mut rng)] += 1;
        }
        assert_eq!(counts[1] + counts[5], 0);
        for c in [2, 3, 4, 6, 7, 8, 9] {
            assert!((800..1200).contains(&counts[c]), "cell {c}: {counts:?}");
        }
    }

    #[test]
    fn same_seed_same_move() {
        let a: Vec<Cell> = (0..20)
            .map(|i| Random.choose(&Game::led(), &mut StdRng::seed_from_u64(i)))
            .collect();
        let b: Vec<Cell> = (0..20)
            .map(|i| Random.choose(&Game::led(), &mut StdRng::seed_from_u64(i)))
            .collect();
        assert_eq!(a, b);
        assert!(
            a.iter().any(|&c| c != a[0]),
            "different seeds give different moves"
        );
    }
}
