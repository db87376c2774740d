//! Computer players: one module each, behind one trait, [`ComputerPlayer`].
//!
//! Every player is a pure function of the position (and, for players that need it, of the order in
//! which the cells were played) and of a seeded random number generator for breaking ties, so every
//! game can be repeated with the same seed.
//!
//! | name | module | specification |
//! |---|---|---|
//! | `bp` | [`bp`] | seed 001, SPEC.md §3: the behavioral program on the engine of [`crate::bp`] |
//! | `oxo` | [`oxo`] | seed 003, SPEC.md §4: the OXO square evaluation (`sqval`, `findmaxindex`) |
//! | `weights` | [`weights`] | seed 004, SPEC.md §5: the weight grid |
//! | `perfect` | [`perfect`] | game-theoretic solution of the board (SPEC.md §6: value with perfect play) |
//! | `search` | [`search`] | issue 9: alpha-beta and threat-space search ([`crate::search`]), any board |
//! | `random` | [`random`] | a uniformly random legal move |

pub mod bp;

use crate::explain::Explanation;
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use rand::rngs::StdRng;
use std::sync::atomic::AtomicBool;

pub mod oxo;
pub mod perfect;
pub mod random;
pub mod search;
pub mod weights;

/// A computer player: chooses a cell for the player to move.
pub trait ComputerPlayer: Sync {
    /// The player's name on the command line and in the window (`bp`, `oxo`, …).
    fn name(&self) -> &'static str;

    /// Whether this player plays boards of `geometry` (and, for `perfect`, plays them exactly).
    fn plays(&self, geometry: Geometry) -> bool;

    /// Whether this player plays games under `rule` (every player but `perfect`, whose solver
    /// proves freestyle games, does: each chooses among the state's legal moves, which leave out
    /// the first player's forbidden points under renju).
    fn plays_rule(&self, _rule: crate::rule::Rule) -> bool {
        true
    }

    /// The cell to play in `game`, for `game.state().player_to_move()`.
    ///
    /// `game.moves()` are the cells played so far, in order, starting with the starting player's
    /// first move. The game is not over when this is called, so there is at least one legal cell,
    /// and the answer must be one of `game.state().legal_moves()`; the board is one this player
    /// [`plays`](ComputerPlayer::plays). Ties are broken with `rng`.
    fn choose(&self, game: &Game, rng: &mut StdRng) -> Cell;

    /// How this player sees `game` for the side to move (issue 11): a note in each free cell and
    /// the cells it chooses among, worked out the player's own way. `game` is on a board this
    /// player [`plays`](ComputerPlayer::plays) and not over ([`crate::explain::explain`] checks
    /// both).
    fn explain(&self, game: &Game) -> Explanation;

    /// Whether an answer on boards of `geometry` may take long enough (tenths of a second or more)
    /// that the window must work it out away from its frames ([`ComputerPlayer::think`] on a
    /// worker thread).
    fn slow(&self, geometry: Geometry) -> bool {
        let _ = geometry;
        false
    }

    /// [`ComputerPlayer::choose`], giving up as soon as it can once `stop` is set (its answer is
    /// then thrown away). Players that answer at once need not look at `stop`.
    fn think(&self, game: &Game, rng: &mut StdRng, stop: &AtomicBool) -> Cell {
        let _ = stop;
        self.choose(game, rng)
    }
}

/// A computer player of the roster, by identity: a seat or a think request names its player with
/// one of these, never with a string. [`PlayerId::ALL`] is the roster, in the order the command line
/// and the arena list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayerId {
    /// [`bp::Bp`], seed 001.
    Bp,
    /// [`oxo::Oxo`], seed 003.
    Oxo,
    /// [`weights::Weights`], seed 004.
    Weights,
    /// [`perfect::Perfect`], the game's solution.
    Perfect,
    /// [`search::SEARCH`], the search player on its one-second budget.
    Search,
    /// [`random::Random`].
    Random,
}

impl PlayerId {
    /// Every computer player, in the roster's order.
    pub const ALL: [PlayerId; 6] = [
        PlayerId::Bp,
        PlayerId::Oxo,
        PlayerId::Weights,
        PlayerId::Perfect,
        PlayerId::Search,
        PlayerId::Random,
    ];

    /// The player.
    pub fn player(self) -> &'static dyn ComputerPlayer {
        match self {
            PlayerId::Bp => &bp::Bp,
            PlayerId::Oxo => &oxo::Oxo,
            PlayerId::Weights => &weights::Weights,
            PlayerId::Perfect => &perfect::Perfect,
            PlayerId::Search => &search::SEARCH,
            PlayerId::Random => &random::Random,
        }
    }

    /// The player's name ([`ComputerPlayer::name`]).
    pub fn name(self) -> &'static str {
        self.player().name()
    }

    /// The player called `name`, for the command line's arguments (the only place a player is
    /// looked up by name).
    pub fn named(name: &str) -> Option<PlayerId> {
        PlayerId::ALL.into_iter().find(|id| id.name() == name)
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Every computer player, in the order the command line and the arena list them
/// ([`PlayerId::ALL`]'s players).
pub fn all() -> Vec<&'static dyn ComputerPlayer> {
    PlayerId::ALL.into_iter().map(PlayerId::player).collect()
}

/// The players that play boards of `geometry`, in the order of [`all`].
pub fn for_board(geometry: Geometry) -> Vec<&'static dyn ComputerPlayer> {
    all().into_iter().filter(|p| p.plays(geometry)).collect()
}

/// The player called `name` (as [`ComputerPlayer::name`] gives it), if there is one.
pub fn by_name(name: &str) -> Option<&'static dyn ComputerPlayer> {
    all().into_iter().find(|p| p.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Player, State};
    use rand::SeedableRng;
    use std::collections::HashMap;

    /// The search player on a node budget, so that the roster tests stay quick.
    static QUICK_SEARCH: search::SearchPlayer =
        search::SearchPlayer::new(crate::search::Limits::nodes(20_000));

    /// The player `id`, the quick search player in place of the one-second one.
    fn quick(id: PlayerId) -> &'static dyn ComputerPlayer {
        match id {
            PlayerId::Search => &QUICK_SEARCH,
            _ => id.player(),
        }
    }

    /// Every reachable position of the LED board with `start` moving first, with one cell sequence
    /// that reaches it.
    fn reachable(start: Player) -> HashMap<State, Vec<Cell>> {
        fn walk(s: State, path: &mut Vec<Cell>, seen: &mut HashMap<State, Vec<Cell>>) {
            if seen.contains_key(&s) {
                return;
            }
            seen.insert(s, path.clone());
            for c in s.legal_moves() {
                path.push(c);
                walk(s.result(c), path, seen);
                path.pop();
            }
        }
        let mut seen = HashMap::new();
        walk(
            State::empty(Geometry::LED, start),
            &mut Vec::new(),
            &mut seen,
        );
        seen
    }

    #[test]
    fn names_are_distinct_and_found_by_name() {
        let names: Vec<_> = all().iter().map(|p| p.name()).collect();
        assert_eq!(
            names,
            ["bp", "oxo", "weights", "perfect", "search", "random"]
        );
        for n in &names {
            assert_eq!(by_name(n).unwrap().name(), *n);
            assert_eq!(PlayerId::named(n).unwrap().name(), *n);
        }
        assert!(by_name("nobody").is_none());
        assert!(by_name("").is_none());
    }

    #[test]
    fn every_player_plays_a_legal_move_in_every_reachable_position_for_both_starts() {
        for start in [Player::X, Player::O] {
            let positions = reachable(start);
            // SPEC.md §6: 5,478 reachable positions including the empty board, whoever starts.
            assert_eq!(positions.len(), 5478, "start {start}");
            let mut non_terminal = 0;
            for (state, path) in &positions {
                if state.game_over() {
                    continue;
                }
                non_terminal += 1;
                for p in PlayerId::ALL.into_iter().map(quick) {
                    for seed in 0..2 {
                        let mut rng = StdRng::seed_from_u64(seed);
                        let game = Game::from_cells(Geometry::LED, start, path).unwrap();
                        let c = p.choose(&game, &mut rng);
                        assert!(
                            state.legal_moves().any(|m| m == c),
                            "{} played {c} in\n{}(start {start})",
                            p.name(),
                            state.board_text()
                        );
                    }
                }
            }
            assert_eq!(non_terminal, 5478 - 958);
        }
    }

    #[test]
    fn every_player_plays_legal_moves_on_other_geometries() {
        let geometries = [
            Geometry::new(4, 4, 3).unwrap(),
            Geometry::new(4, 3, 3).unwrap(),
            Geometry::new(5, 4, 4).unwrap(),
            Geometry::new(2, 2, 2).unwrap(),
            Geometry::new(7, 6, 4).unwrap(),
        ];
        for g in geometries {
            for start in [Player::X, Player::O] {
                for seed in 0..3u64 {
                    // Each player plays both sides against the random player.
                    for p in PlayerId::ALL.into_iter().map(quick).filter(|p| p.plays(g)) {
                        let mut rng = StdRng::seed_from_u64(seed);
                        let mut game = Game::new(g, start);
                        while !game.state().game_over() {
                            let c = if game.state().player_to_move() == start {
                                p.choose(&game, &mut rng)
                            } else {
                                random::Random.choose(&game, &mut rng)
                            };
                            if let Err(e) = game.play_in_place(c) {
                                panic!("{} on {g:?}: {e}", p.name());
                            }
                        }
                    }
                }
            }
        }
    }
}
