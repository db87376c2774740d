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
use crate::rule::{Forbidden, RenjuBoard, Rule};
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

/// One value per player, as shakmaty's `ByColor<T>`: the x value and the o value, indexed by
/// [`Player`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T> {
    /// x's value.
    pub x: T,
    /// o's value.
    pub o: T,
}

impl<T> ByPlayer<T> {
    /// The value of `p`.
    #[inline]
    pub fn get(&self, p: Player) -> &T {
        match p {
            Player::X => &self.x,
            Player::O => &self.o,
        }
    }

    /// The value of `p`, to change.
    #[inline]
    pub fn get_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::X => &mut self.x,
            Player::O => &mut self.o,
        }
    }

    /// Both values, each made from its player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer {
            x: f(Player::X),
            o: f(Player::O),
        }
    }
}

impl<T> std::ops::Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        self.get(p)
    }
}

impl<T> std::ops::IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        self.get_mut(p)
    }
}

/// The stone layout: the cells each player holds. This is the one representation of the stones
/// on a board in the program; every engine (the solver's symmetric bitboards, the search's window
/// counts) derives its own view from it.
pub type Stones = ByPlayer<CellSet>;

impl Stones {
    /// Every occupied cell.
    pub fn occupied(&self) -> CellSet {
        self.x | self.o
    }

    /// Who holds cell `c`, if anyone.
    #[inline]
    pub fn at(&self, c: Cell) -> Option<Player> {
        if self.x.contains(c) {
            Some(Player::X)
        } else if self.o.contains(c) {
            Some(Player::O)
        } else {
            None
        }
    }
}

impl Player {
    /// Both players, x first.
    pub const BOTH: [Player; 2] = [Player::X, Player::O];

    /// 0 for x, 1 for o: an index into per-player arrays inside an engine.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
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

/// Γ: the set of moves made so far, on a board of some [`Geometry`] under a [`Rule`], with the
/// player who moved first (OXO's `startplayer`; the LED program always starts with 'x).
///
/// The rule (freestyle unless asked) decides which lines win ([`Rule::wins_with`]) and, under
/// renju, where the first player may not play ([`State::forbidden`]): a forbidden point is not a
/// legal move for the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    geometry: Geometry,
    rule: Rule,
    start: Player,
    /// The moves made, as the cells each player holds.
    stones: Stones,
    /// The row that won (an index into `geometry.rows()`) and its owner, once some player has one.
    won: Option<(Player, u16)>,
    /// Under renju: the first player is to move and every free cell is a forbidden point (the
    /// game ends drawn: this program does not pass).
    stalled: bool,
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

    /// The empty state on any board, with `start` to move first, under freestyle.
    pub fn empty(geometry: Geometry, start: Player) -> State {
        State::empty_under(geometry, Rule::Freestyle, start)
    }

    /// The empty state on any board under `rule`, with `start` to move first. Renju is five in a
    /// row: its geometry's run should be 5 (the commands make it so); on another run no row of the
    /// geometry is a five and nobody wins.
    pub fn empty_under(geometry: Geometry, rule: Rule, start: Player) -> State {
        State {
            geometry,
            rule,
            start,
            stones: Stones::default(),
            won: None,
            stalled: false,
        }
    }

    /// The state reached by playing `cells` in order from the empty board, the starting player first.
    /// Fails with the index of the first cell that is not a possible move.
    pub fn from_cells(geometry: Geometry, start: Player, cells: &[Cell]) -> Result<State, usize> {
        State::from_cells_under(geometry, Rule::Freestyle, start, cells)
    }

    /// [`State::from_cells`] under `rule`.
    pub fn from_cells_under(
        geometry: Geometry,
        rule: Rule,
        start: Player,
        cells: &[Cell],
    ) -> Result<State, usize> {
        let mut s = State::empty_under(geometry, rule, start);
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

    /// The rule the game is played under.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Why the first player may not play `c` now, under renju (`None` under the other rules, on an
    /// occupied cell, and where the move is allowed). This asks for the first player whoever is to
    /// move; [`State::legal_to_move_in`] asks it only when the first player is to move.
    pub fn forbidden(&self, c: Cell) -> Option<Forbidden> {
        if self.rule != Rule::Renju || !self.geometry.game_board().contains(&c) {
            return None;
        }
        self.renju_board().forbidden(c)
    }

    /// The empty cells where the first player may not play now, under renju (none under the other
    /// rules), whoever is to move.
    pub fn forbidden_points(&self) -> CellSet {
        if self.rule != Rule::Renju {
            return CellSet::EMPTY;
        }
        self.renju_board().forbidden_points()
    }

    fn renju_board(&self) -> RenjuBoard {
        RenjuBoard::from_stones(
            self.geometry,
            &self.stones[self.start],
            &self.stones[self.start.other()],
        )
    }

    /// The player who moved first.
    pub fn start(&self) -> Player {
        self.start
    }

    /// The position as stones and the player to move (what an engine needs of it).
    pub fn setup(&self) -> Setup {
        Setup {
            geometry: self.geometry,
            rule: self.rule,
            stones: self.stones,
            to_move: self.player_to_move(),
        }
    }

    /// The stone layout: the cells each player holds.
    pub fn stones(&self) -> &Stones {
        &self.stones
    }

    /// The cells `p` occupies.
    pub fn cells_of(&self, p: Player) -> CellSet {
        self.stones[p]
    }

    /// The occupied cells.
    pub fn occupied_cells(&self) -> CellSet {
        self.stones.occupied()
    }

    /// |Γ|: the number of moves made.
    pub fn moves_count(&self) -> usize {
        self.stones.x.len() + self.stones.o.len()
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
        self.board_full()
            || self.stalled
            || self.three_in_row(Player::X)
            || self.three_in_row(Player::O)
    }

    /// Under renju, whether the first player is to move and may play nowhere: every free cell is
    /// a forbidden point. The game then ends in a draw (a full board's outcome; RIF lets black
    /// pass instead, which this program does not model).
    pub fn stalled(&self) -> bool {
        self.stalled
    }

    fn with_stalled(mut self) -> State {
        self.stalled = self.find_stalled();
        self
    }

    /// [`State::stalled`] worked out from the stones (at each move).
    fn find_stalled(&self) -> bool {
        if self.rule != Rule::Renju
            || self.player_to_move() != self.start
            || self.won.is_some()
            || self.board_full()
        {
            return false;
        }
        let mut board = self.renju_board();
        // Usually the first free cell far from black's stones ends the look at once.
        self.free_cells()
            .iter()
            .all(|c| board.forbidden(c).is_some())
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

    /// `legalToMoveIn(c) ≡ ¬occupied(c) ∧ ¬gameOver` (seed 002 (10)), and under renju, when the
    /// first player is to move, `c` is not a forbidden point.
    pub fn legal_to_move_in(&self, c: Cell) -> bool {
        !self.occupied(c) && !self.game_over() && !self.forbidden_to_mover(c)
    }

    /// Whether `c` is a forbidden point and the first player is to move.
    fn forbidden_to_mover(&self, c: Cell) -> bool {
        self.rule == Rule::Renju
            && self.player_to_move() == self.start
            && self.forbidden(c).is_some()
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
        let mine = &mut next.stones[p];
        mine.insert(c);
        let mine = *mine;
        next.won = won_row(self.geometry, self.rule, &mine, c, p == self.start).map(|i| (p, i));
        next.stalled = next.find_stalled();
        next
    }

    /// The empty cells (whether or not the game is over).
    pub fn free_cells(&self) -> CellSet {
        self.geometry.full() - self.occupied_cells()
    }

    /// The cells where the player to move may play: `{c ∈ gameBoard : legalToMoveIn(c)}` (under
    /// renju, the first player's forbidden points left out).
    pub fn legal_moves(&self) -> impl Iterator<Item = Cell> {
        let free = if self.game_over() {
            CellSet::EMPTY
        } else if self.rule == Rule::Renju && self.player_to_move() == self.start {
            self.free_cells() - self.forbidden_points()
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
        } else if self.board_full() || self.stalled {
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

/// The row of the geometry (an index into [`Geometry::rows`]) that wins for a player whose stones
/// are `mine`, through the cell `c`, under `rule`; `first` tells whether the player moved first.
/// Under freestyle any row of `mine` through `c`; under the other rules a row inside an unbroken
/// line through `c` whose length wins ([`Rule::winning_line`]).
fn won_row(geometry: Geometry, rule: Rule, mine: &CellSet, c: Cell, first: bool) -> Option<u16> {
    let rows = geometry.rows();
    let through = geometry.rows_through(c);
    if rule == Rule::Freestyle {
        return through
            .iter()
            .find(|&&i| rows[i as usize].is_subset(mine))
            .copied();
    }
    let line = rule.winning_line(geometry, mine, c, first)?;
    let cells: CellSet = line.cells(geometry).into_iter().collect();
    through
        .iter()
        .find(|&&i| rows[i as usize].is_subset(&cells))
        .copied()
}

/// A position given as stones rather than as moves (a `BOARD` from a Gomocup manager, a
/// constructed puzzle), before it is checked: shakmaty's `Setup`. [`Setup::position`] turns it
/// into a [`State`] or says why it is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub geometry: Geometry,
    /// The rule.
    pub rule: Rule,
    /// The cells each player holds.
    pub stones: Stones,
    /// The player to move.
    pub to_move: Player,
}

/// Why a [`Setup`] is not a position of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A cell off the board.
    OffBoard(Cell),
    /// A cell that both players hold.
    Shared(Cell),
    /// The counts of stones cannot come from players taking turns with this player to move.
    Counts {
        /// x's stones.
        x: usize,
        /// o's stones.
        o: usize,
        /// The player to move.
        to_move: Player,
    },
    /// Both players have a winning line.
    BothWon,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OffBoard(c) => write!(f, "cell {c} is off the board"),
            SetupError::Shared(c) => write!(f, "cell {c} holds both players' stones"),
            SetupError::Counts { x, o, to_move } => write!(
                f,
                "{x} x stones and {o} o stones cannot be a game with {to_move} to move"
            ),
            SetupError::BothWon => f.write_str("both players have a winning line"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// The position, if the stones are on the board, disjoint, counted as players taking turns
    /// would leave them (the starting player is whoever that makes consistent: with an even
    /// number of stones the player to move started), and at most one player has a line.
    pub fn position(&self) -> Result<State, SetupError> {
        let g = self.geometry;
        if let Some(c) = (self.stones.occupied() - g.full()).first() {
            return Err(SetupError::OffBoard(c));
        }
        if let Some(c) = (self.stones.x & self.stones.o).first() {
            return Err(SetupError::Shared(c));
        }
        let (x, o) = (self.stones.x.len(), self.stones.o.len());
        let n = x + o;
        let start = if State::even(n) {
            self.to_move
        } else {
            self.to_move.other()
        };
        let started = self.stones[start].len();
        if started != n.div_ceil(2) {
            return Err(SetupError::Counts {
                x,
                o,
                to_move: self.to_move,
            });
        }
        let line = |p: Player| {
            let first = p == start;
            self.stones[p]
                .iter()
                .find_map(|c| won_row(g, self.rule, &self.stones[p], c, first))
                .map(|i| (p, i))
        };
        let won = match (line(Player::X), line(Player::O)) {
            (Some(_), Some(_)) => return Err(SetupError::BothWon),
            (a, b) => a.or(b),
        };
        Ok(State {
            geometry: g,
            rule: self.rule,
            start,
            stones: self.stones,
            won,
            stalled: false,
        }
        .with_stalled())
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

    #[test]
    fn a_setup_is_the_state_of_any_move_order_that_reaches_it() {
        let g = Geometry::new(4, 4, 3).unwrap();
        // Every game of 0 to 6 moves on 4×4 k3 from a few orders: the setup of its stones is it.
        let games: [&[Cell]; 4] = [&[], &[6], &[6, 7, 11, 1, 16], &[1, 2, 5, 3, 9]];
        for start in Player::BOTH {
            for cells in games {
                let s = State::from_cells(g, start, cells).unwrap();
                let setup = Setup {
                    geometry: g,
                    rule: Rule::Freestyle,
                    stones: *s.stones(),
                    to_move: s.player_to_move(),
                };
                let p = setup.position().unwrap();
                assert_eq!(p.stones(), s.stones());
                assert_eq!(p.player_to_move(), s.player_to_move());
                assert_eq!(p.outcome(), s.outcome(), "{cells:?}");
            }
        }
    }

    #[test]
    fn setups_that_are_no_position_are_refused() {
        let g = Geometry::LED;
        let stones = |x: &[Cell], o: &[Cell]| Stones {
            x: x.iter().copied().collect(),
            o: o.iter().copied().collect(),
        };
        let setup = |st, to_move| Setup {
            geometry: g,
            rule: Rule::Freestyle,
            stones: st,
            to_move,
        };
        assert_eq!(
            setup(stones(&[1], &[1]), Player::O).position(),
            Err(SetupError::Shared(1))
        );
        assert_eq!(
            setup(stones(&[10], &[]), Player::O).position(),
            Err(SetupError::OffBoard(10))
        );
        assert!(matches!(
            setup(stones(&[1, 2], &[]), Player::O).position(),
            Err(SetupError::Counts { .. })
        ));
        assert_eq!(
            setup(stones(&[1, 2, 3], &[4, 5, 6]), Player::X).position(),
            Err(SetupError::BothWon)
        );
        // One stone each, x to move: x started; o to move with one x stone: x started.
        let p = setup(stones(&[5], &[1]), Player::X).position().unwrap();
        assert_eq!(p.start(), Player::X);
        let p = setup(stones(&[5], &[]), Player::O).position().unwrap();
        assert_eq!(p.start(), Player::X);
    }
}
