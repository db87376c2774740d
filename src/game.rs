//! The game record: the LED state Γ and the moves in the order they were played.
//!
//! The LED rules need only the set Γ ([`State`]); the behavioral program, the command line, undo
//! and the display of the last move need the order. A [`Game`] keeps both, and only
//! [`Game::play`] changes them, so they cannot disagree. A move is checked before it is made:
//! `play` returns a typed [`MoveError`] instead of a new game when the move is not possible.

use crate::geometry::{Cell, Geometry};
use crate::rule::{Forbidden, Rule};
use crate::rules::{Outcome, Player, State};
use std::fmt;

/// Why a move cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The cell is not on the board (`c ∉ gameBoard`).
    OffBoard {
        /// The cell asked for.
        cell: Cell,
        /// The board's number of cells.
        cells: usize,
    },
    /// The cell is occupied (`occupied(c)`).
    Occupied {
        /// The cell asked for.
        cell: Cell,
        /// Who occupies it.
        by: Player,
    },
    /// The game is over (`gameOver`).
    GameOver {
        /// The cell asked for.
        cell: Cell,
        /// How the game ended.
        outcome: Outcome,
    },
    /// Under renju, the cell is a forbidden point for the first player, who is to move.
    Forbidden {
        /// The cell asked for.
        cell: Cell,
        /// The pattern the move would make.
        pattern: Forbidden,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::OffBoard { cell, cells } => {
                write!(f, "cell {cell} is out of range 1-{cells}")
            }
            MoveError::Occupied { cell, by } => {
                write!(f, "cell {cell} is already occupied by {by}")
            }
            MoveError::GameOver { cell, outcome } => write!(
                f,
                "cell {cell} is played after the end of the game ({outcome})"
            ),
            MoveError::Forbidden { cell, pattern } => {
                write!(f, "cell {cell} is forbidden under renju: {pattern}")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A game: the state and the cells played, in order, the starting player's first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    state: State,
    moves: Vec<Cell>,
}

impl Game {
    /// A new game on `geometry` with `start` to move first (LED: `initialState`), under freestyle.
    pub fn new(geometry: Geometry, start: Player) -> Game {
        Game::new_under(geometry, Rule::Freestyle, start)
    }

    /// A new game on `geometry` under `rule`, with `start` to move first.
    pub fn new_under(geometry: Geometry, rule: Rule, start: Player) -> Game {
        Game {
            state: State::empty_under(geometry, rule, start),
            moves: Vec::new(),
        }
    }

    /// The game of the LED program: 3 × 3, x first.
    pub fn led() -> Game {
        Game::new(Geometry::LED, Player::X)
    }

    /// The game reached by playing `cells` in order; the error says which move (0-based) failed.
    pub fn from_cells(
        geometry: Geometry,
        start: Player,
        cells: &[Cell],
    ) -> Result<Game, (usize, MoveError)> {
        Game::from_cells_under(geometry, Rule::Freestyle, start, cells)
    }

    /// [`Game::from_cells`] under `rule`.
    pub fn from_cells_under(
        geometry: Geometry,
        rule: Rule,
        start: Player,
        cells: &[Cell],
    ) -> Result<Game, (usize, MoveError)> {
        cells
            .iter()
            .enumerate()
            .try_fold(Game::new_under(geometry, rule, start), |g, (i, &c)| {
                g.play(c).map_err(|e| (i, e))
            })
    }

    /// Whether `c` may be played now, and why not: `possible(c, playerToMove)` of the LED rules.
    pub fn check(&self, c: Cell) -> Result<(), MoveError> {
        let s = &self.state;
        if !s.geometry().game_board().contains(&c) {
            return Err(MoveError::OffBoard {
                cell: c,
                cells: s.geometry().cells(),
            });
        }
        if let Some(outcome) = s.outcome() {
            return Err(MoveError::GameOver { cell: c, outcome });
        }
        if let Some(by) = s.occupant(c) {
            return Err(MoveError::Occupied { cell: c, by });
        }
        if s.player_to_move() == s.start() {
            if let Some(pattern) = s.forbidden(c) {
                return Err(MoveError::Forbidden { cell: c, pattern });
            }
        }
        Ok(())
    }

    /// The game after the player to move plays `c` (LED: `result((c, playerToMove))`), or why it
    /// cannot be played.
    pub fn play(&self, c: Cell) -> Result<Game, MoveError> {
        self.check(c)?;
        let mut moves = Vec::with_capacity(self.moves.len() + 1);
        moves.extend_from_slice(&self.moves);
        moves.push(c);
        Ok(Game {
            state: self.state.result(c),
            moves,
        })
    }

    /// Plays `c` in place, or leaves the game as it is and says why not.
    pub fn play_in_place(&mut self, c: Cell) -> Result<(), MoveError> {
        self.check(c)?;
        self.state = self.state.result(c);
        self.moves.push(c);
        Ok(())
    }

    /// The game without its last move (`None` on an empty board).
    pub fn undo(&self) -> Option<Game> {
        let (_, earlier) = self.moves.split_last()?;
        Some(
            Game::from_cells_under(self.geometry(), self.rule(), self.start(), earlier)
                .expect("a prefix of a game is a game"),
        )
    }

    /// Γ, the LED state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The cells played, in order.
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The last cell played.
    pub fn last_move(&self) -> Option<Cell> {
        self.moves.last().copied()
    }

    /// The board.
    pub fn geometry(&self) -> Geometry {
        self.state.geometry()
    }

    /// Who moved first.
    pub fn start(&self) -> Player {
        self.state.start()
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.state.rule()
    }

    /// The same board, rule and start player, with no moves (LED: `initialState`).
    pub fn restarted(&self) -> Game {
        Game::new_under(self.geometry(), self.rule(), self.start())
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won(p) => write!(f, "{p} won"),
            Outcome::Draw => f.write_str("cat got it"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_checks_each_move_and_keeps_the_order() {
        let g = Game::led().play(5).unwrap().play(1).unwrap();
        assert_eq!(g.moves(), [5, 1]);
        assert_eq!(g.last_move(), Some(1));
        assert!(g.state().occupies(Player::X, 5) && g.state().occupies(Player::O, 1));
        assert_eq!(
            g.play(5),
            Err(MoveError::Occupied {
                cell: 5,
                by: Player::X
            })
        );
        assert_eq!(g.play(10), Err(MoveError::OffBoard { cell: 10, cells: 9 }));
        assert_eq!(g.play(0), Err(MoveError::OffBoard { cell: 0, cells: 9 }));
        let won = Game::from_cells(Geometry::LED, Player::X, &[1, 4, 2, 5, 3]).unwrap();
        assert_eq!(
            won.play(9),
            Err(MoveError::GameOver {
                cell: 9,
                outcome: Outcome::Won(Player::X)
            })
        );
        assert_eq!(
            won.play(9).unwrap_err().to_string(),
            "cell 9 is played after the end of the game (x won)"
        );
        assert_eq!(
            Game::from_cells(Geometry::LED, Player::X, &[1, 2, 1]).unwrap_err(),
            (
                2,
                MoveError::Occupied {
                    cell: 1,
                    by: Player::X
                }
            )
        );
        let mut h = g.clone();
        assert!(h.play_in_place(5).is_err());
        assert_eq!(h, g, "a refused move changes nothing");
        h.play_in_place(9).unwrap();
        assert_eq!(h.undo().unwrap(), g);
        assert_eq!(Game::led().undo(), None);
    }
}
