//! Computer players: one module each, behind one trait, [`ComputerPlayer`].
//!
//! Every player is a pure function of the position (and, for players that need it, of the order in
//! which the cells were played) and of a seeded random number generator for breaking ties, so every
//! game can be repeated with the same seed.

pub mod bp;

use crate::geometry::Cell;
use crate::rules::State;
use rand::rngs::StdRng;

/// A computer player: chooses a cell for the player to move.
pub trait ComputerPlayer: Sync {
    /// The player's name on the command line and in the window (`bp`, `oxo`, …).
    fn name(&self) -> &'static str;

    /// The cell to play in `state`, for `state.player_to_move()`.
    ///
    /// `history` is the cells played so far, in order, starting with `state.start()`'s first move;
    /// it always agrees with `state`. The game is not over when this is called, so there is at least
    /// one legal cell, and the answer must be one of `state.legal_moves()`. Ties are broken with `rng`.
    fn choose(&self, state: &State, history: &[Cell], rng: &mut StdRng) -> Cell;
}
