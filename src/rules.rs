//! The rules of tic-tac-toe, as the LED program defines them (seed 000 §2, seed 002 (1)–(10)).
//!
//! The state Γ is the set of moves made so far. It is stored as one cell set per player (a move
//! (p, c) ∈ Γ is cell c of p's set), which is the same set of pairs in a form the computer can test
//! quickly. Every definition of the LED rules is a method here, under its LED name in snake case.
//!
//! The rules hold on every board of the m,n,k family (SPEC.md §7): `rows` are the geometry's lines of
//! `run` cells, and a player with a run of k or more holds some k-line. The line that won is found
//! when the move is made, from the lines through the cell just played, and kept in the state.
//!
//! [`Game`](crate::game::Game) is the game record: the state and the moves in the order they were
//! played.

use crate::geometry::{Cell, CellSet, Geometry};
use std::fmt;

/// A player: the symbol 'x or the symbol 'o.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// 'x
    X,
    /// 'o
    O,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The symbol as the LED program writes it on the board: "x" or "o".
    pub fn symbol(self) -> &'static str {
        match self {
            Player::X => "x",
            Player::O => "o",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A move (c, p): player p marks cell c.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell marked.
    pub cell: Cell,
    /// The player who marks it.
    pub player: Player,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player has three in a row.
    Won(Player),
    /// The board is full and nobody has three in a row ("cat got it").
    Draw,
}

/// Γ: the set of moves made so far, on a board of some [`Geometry`], with the player who moved first
/// (OXO's `startplayer`; the LED program always starts with 'x).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    geometry: Geometry,
    start: Player,
    x: CellSet,
    o: CellSet,
    /// The row that won (an index into `geometry.rows()`) and its owner, once some player has one.
    won: Option<(Player, u16)>,
}

impl Default for State {
    fn default() -> Self {
        State::initial_state()
    }
}

impl State {
    /// `initialState := ∅` (seed 002 (1); seed 000's `startState`): no moves, 'x to move, LED board.
    pub fn initial_state() -> State {
        State::empty(Geometry::LED, Player::X)
    }

    /// The empty state on any board, with `start` to move first.
    pub fn empty(geometry: Geometry, start: Player) -> State {
        State {
            geometry,
            start,
            x: CellSet::EMPTY,
            o: CellSet::EMPTY,
            won: None,
        }
    }

    /// The state reached by playing `cells` in order from the empty board, the starting player first.
    /// Fails with the index of the first cell that is not a possible move.
    pub fn from_cells(geometry: Geometry, start: Player, cells: &[Cell]) -> Result<State, usize> {
        let mut s = State::empty(geometry, start);
        for (i, &c) in cells.iter().enumerate() {
            if !geometry.game_board().contains(&c) || !s.legal_to_move_in(c) {
                return Err(i);
            }
            s = s.result(c);
        }
        Ok(s)
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The player who moved first.
    pub fn start(&self) -> Player {
        self.start
    }

    /// The cells `p` occupies.
    pub fn cells_of(&self, p: Player) -> CellSet {
        match p {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The occupied cells.
    pub fn occupied_cells(&self) -> CellSet {
        self.x | self.o
    }

    /// |Γ|: the number of moves made.
    pub fn moves_count(&self) -> usize {
        self.x.len() + self.o.len()
    }

    /// The moves of Γ, in cell order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.geometry
            .game_board()
            .filter_map(|c| self.occupant(c).map(|player| Move { cell: c, player }))
    }

    /// The player occupying `c`, if any.
    pub fn occupant(&self, c: Cell) -> Option<Player> {
        if self.occupies(Player::X, c) {
            Some(Player::X)
        } else if self.occupies(Player::O, c) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// `occupies(p, c) ≡ (p, c) ∈ Γ` (seed 000; seed 002 (2)).
    pub fn occupies(&self, p: Player, c: Cell) -> bool {
        self.cells_of(p).contains(c)
    }

    /// `occupied(c) ≡ occupies('x, c) ∨ occupies('o, c)` (seed 000; seed 002 (3)).
    pub fn occupied(&self, c: Cell) -> bool {
        self.occupies(Player::X, c) || self.occupies(Player::O, c)
    }

    /// `threeInRow(p) ≡ ∃ R ∈ rows : ∀ c ∈ R : occupies(p, c)` (seed 000; seed 002 (5)).
    /// `rows` is [`Geometry::rows`]. The row is found when the move that completes it is made
    /// ([`State::result`]), from the rows through that cell: no later move can be made (the game is
    /// over), so this is the same as scanning every row.
    pub fn three_in_row(&self, p: Player) -> bool {
        self.won.is_some_and(|(q, _)| q == p)
    }

    /// The player who has `run` in a row and the cells of that row, in order along the line.
    pub fn winning_line(&self) -> Option<(Player, &'static [Cell])> {
        self.won
            .map(|(p, i)| (p, self.geometry.row_cells(i as usize)))
    }

    /// `boardFull ≡ ∀ c ∈ gameBoard : occupied(c)`, which seed 002 (6) writes `|currentState| = 9`.
    pub fn board_full(&self) -> bool {
        self.moves_count() == self.geometry.cells()
    }

    /// `gameOver ≡ boardFull ∨ threeInRow('x) ∨ threeInRow('o)` (seed 000; seed 002 (7)).
    pub fn game_over(&self) -> bool {
        self.board_full() || self.three_in_row(Player::X) || self.three_in_row(Player::O)
    }

    /// `even(n) ≡ n mod 2 = 0` (seed 000; seed 002 (9)).
    #[allow(clippy::manual_is_multiple_of)] // written as the definition reads
    pub fn even(n: usize) -> bool {
        n % 2 == 0
    }

    /// `playerToMove := 'x if even(|Γ|), 'o otherwise` (seed 000; seed 002 (8)), generalised with
    /// OXO's `startplayer`: the starting player if even(|Γ|), the other otherwise.
    pub fn player_to_move(&self) -> Player {
        if State::even(self.moves_count()) {
            self.start
        } else {
            self.start.other()
        }
    }

    /// `legalToMoveIn(c) ≡ ¬occupied(c) ∧ ¬gameOver` (seed 002 (10)).
    pub fn legal_to_move_in(&self, c: Cell) -> bool {
        !self.occupied(c) && !self.game_over()
    }

    /// `possible(c, p) ≡ (playerToMove = p) ∧ ¬occupied(c) ∧ ¬gameOver` (seed 000).
    pub fn possible(&self, c: Cell, p: Player) -> bool {
        self.player_to_move() == p && self.legal_to_move_in(c)
    }

    /// `result(m) := Γ ∪ {m}` for m = (c, playerToMove) (seed 000). The caller makes sure the move
    /// is possible; an impossible move is a logic error (checked in debug builds).
    pub fn result(&self, c: Cell) -> State {
        debug_assert!(self.legal_to_move_in(c), "result({c}) in {self:?}");
        let mut next = *self;
        let p = self.player_to_move();
        let mine = match p {
            Player::X => &mut next.x,
            Player::O => &mut next.o,
        };
        mine.insert(c);
        let mine = *mine;
        let rows = self.geometry.rows();
        next.won = self
            .geometry
            .rows_through(c)
            .iter()
            .find(|&&i| rows[i as usize].is_subset(&mine))
            .map(|&i| (p, i));
        next
    }

    /// The empty cells (whether or not the game is over).
    pub fn free_cells(&self) -> CellSet {
        self.geometry.full() - self.occupied_cells()
    }

    /// The cells where the player to move may play: `{c ∈ gameBoard : legalToMoveIn(c)}`.
    pub fn legal_moves(&self) -> impl Iterator<Item = Cell> {
        let free = if self.game_over() {
            CellSet::EMPTY
        } else {
            self.free_cells()
        };
        free.into_iter()
    }

    /// The outcome of a finished game (`None` while it is in play). A win is checked before the full
    /// board, as the LED `gameResultDisplay` does.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.three_in_row(Player::X) {
            Some(Outcome::Won(Player::X))
        } else if self.three_in_row(Player::O) {
            Some(Outcome::Won(Player::O))
        } else if self.board_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// OXO's text board (seed 003 `concatxo`): 'X', 'O' and '.' for each square, a newline after
    /// each row.
    pub fn board_text(&self) -> String {
        let mut s = String::new();
        for c in self.geometry.game_board() {
            s.push(match self.occupant(c) {
                Some(Player::X) => 'X',
                Some(Player::O) => 'O',
                None => '.',
            });
            if c % self.geometry.width() == 0 {
                s.push('\n');
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_on_a_small_example() {
        // x: 1, 5; o: 2 — x to move? |Γ| = 3 is odd, so o is to move.
        let s = State::from_cells(Geometry::LED, Player::X, &[1, 2, 5]).unwrap();
        assert!(s.occupies(Player::X, 1) && s.occupies(Player::X, 5));
        assert!(s.occupies(Player::O, 2) && !s.occupies(Player::X, 2));
        assert!(s.occupied(2) && !s.occupied(9));
        assert_eq!(s.player_to_move(), Player::O);
        assert!(s.possible(9, Player::O) && !s.possible(9, Player::X) && !s.possible(1, Player::O));
        let s = s.result(3).result(9);
        assert!(s.three_in_row(Player::X) && s.game_over());
        assert!(!s.legal_to_move_in(4));
        assert_eq!(s.outcome(), Some(Outcome::Won(Player::X)));
        assert_eq!(s.board_text(), "XOO\n.X.\n..X\n");
        assert_eq!(s.legal_moves().count(), 0);
    }

    #[test]
    fn oxo_start_player_o_moves_first() {
        let s = State::empty(Geometry::LED, Player::O);
        assert_eq!(s.player_to_move(), Player::O);
        assert_eq!(s.result(5).player_to_move(), Player::X);
        assert!(s.result(5).occupies(Player::O, 5));
    }

    #[test]
    fn from_cells_reports_the_first_bad_cell() {
        assert_eq!(State::from_cells(Geometry::LED, Player::X, &[1, 1]), Err(1));
        assert_eq!(State::from_cells(Geometry::LED, Player::X, &[10]), Err(0));
        assert_eq!(State::from_cells(Geometry::LED, Player::X, &[0]), Err(0));
        // A move after the game is over is not possible.
        assert_eq!(
            State::from_cells(Geometry::LED, Player::X, &[1, 4, 2, 5, 3, 6]),
            Err(5)
        );
    }
}
