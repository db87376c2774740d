//! Explanations (issue 11): how a computer player sees the position for the side to move, as plain
//! data for the window's overlays and for `tictactoe explain` (`commands::explain`).
//!
//! Each player explains itself ([`ComputerPlayer::explain`], in its own module); this module keeps
//! the data and the captions. An [`Explanation`] has one optional [`CellNote`] per cell (none on
//! occupied cells), the cells the player chooses among, and what kind of reasoning it is
//! ([`Kind`]):
//!
//! | player | note in each free cell | chosen |
//! |---|---|---|
//! | `weights` (seed 004) | the cell's weight ([`crate::players::weights::weight_grid_for`]) | the cells of maximal weight |
//! | `oxo` (seed 003) | the square's [`crate::players::oxo::sqval`] for the player to move | the square `findmaxindex` keeps |
//! | `perfect` | the move's [`Value`]: win, draw or loss with perfect play, in plies | the moves the player picks among ([`crate::players::perfect::candidates`]) |
//! | `search` | the move's [`Value`] where a small search after it proves it, else unproven | the move it plays |
//! | `bp` (seed 001) | the O event's bids: the b-threads that request it and those that block it | the cell of the event selection picks |
//! | `random` | the probability 1/n of every legal move | every legal move |
//!
//! [`CellNote::label`] is a short label for a cell ("11", "W3", "D", "1/7", "+2"), and
//! [`Explanation::caption`] one sentence a teacher can read out.

use crate::bp::tictactoe::Event;
use crate::bp::Snapshot;
use crate::game::Game;
use crate::geometry::Cell;
use crate::players::ComputerPlayer;
use crate::rules::{Outcome, Player, State};
use crate::value::Value;
use std::fmt;

/// How a player sees a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The player's name ([`crate::players::ComputerPlayer::name`]).
    pub player: &'static str,
    /// The position explained.
    pub state: State,
    /// One note per cell (index cell − 1), `None` on occupied cells.
    pub per_cell: Vec<Option<CellNote>>,
    /// The cells the player chooses among (one cell for deterministic players), in cell order.
    pub chosen: Vec<Cell>,
    /// What the notes mean, with what a kind needs beyond them.
    pub kind: Kind,
}

/// The kind of reasoning an [`Explanation`] shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// Seed 004's weight grid, seen from `perspective` (the player to move, unless asked otherwise).
    Weights {
        /// Whose weights: "the player" of seed 004.
        perspective: Player,
    },
    /// Seed 003's square values (`sqval`) and `findmaxindex`.
    Oxo,
    /// Each move's exact game-theoretic value, from a player that solves the game.
    Exact,
    /// Seed 001's behavioral program between two events.
    Bp(BpView),
    /// A uniformly random choice.
    Random,
    /// The search player: each move's value where a small search proves it.
    Search {
        /// Nodes searched after each move.
        nodes_per_move: u64,
    },
}

/// The behavioral program as `bp` runs it for the side to move, just before it selects its move.
#[derive(Clone, Debug, PartialEq)]
pub struct BpView {
    /// The real player who plays the program's O: the side to move (`bp` always takes the
    /// program's O side and swaps the colours when that is x; see [`crate::players::bp`]).
    pub program_o: Player,
    /// Every live b-thread's bid, and the event selection picks (in the program's colours).
    pub snapshot: Snapshot<Event>,
}

/// What a player sees in one free cell.
#[derive(Clone, Debug, PartialEq)]
pub enum CellNote {
    /// Seed 004: the cell's weight.
    Weight(u64),
    /// Seed 003: the square's `sqval`.
    Sqval(i32),
    /// The value of playing the cell, for the player to move: the value of the game with perfect
    /// play after the move, and the plies until it ends, this move included (a winner ends as fast
    /// as it can, a loser holds out as long as it can; a draw fills the board). Any player that
    /// solves the game can fill it in ([`crate::players::perfect::move_values`]).
    Value(Value),
    /// Seed 001: the b-threads that request the program's O event on this cell, and those that
    /// block it, strongest first.
    Bids {
        /// The b-threads requesting the event.
        requested_by: Vec<Bidder>,
        /// The b-threads blocking it.
        blocked_by: Vec<Bidder>,
    },
    /// The cell is played with probability 1 / `one_in`.
    Chance {
        /// The number of legal moves.
        one_in: usize,
    },
    /// A value the player's search did not prove within its budget.
    Unproven,
}

/// A b-thread instance, as a bid names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Bidder {
    /// The b-thread's name (SPEC.md §3).
    pub name: &'static str,
    /// Its priority (smaller is stronger; distinct per instance).
    pub priority: f64,
}

impl CellNote {
    /// A short label for the cell: a weight or `sqval` ("11"), a move's value ("W3", "D", "L5"),
    /// the number of b-threads requesting the O event ("+2", and "-1" for one blocking it), a
    /// probability ("1/7").
    pub fn label(&self) -> String {
        match self {
            CellNote::Weight(w) => w.to_string(),
            CellNote::Sqval(v) => v.to_string(),
            CellNote::Value(v) => v.label(),
            CellNote::Bids {
                requested_by,
                blocked_by,
            } => {
                let mut s = format!("+{}", requested_by.len());
                if !blocked_by.is_empty() {
                    s.push_str(&format!("-{}", blocked_by.len()));
                }
                s
            }
            CellNote::Chance { one_in } => format!("1/{one_in}"),
            CellNote::Unproven => "?".to_string(),
        }
    }
}

/// Why a position cannot be explained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplainError {
    /// The player does not play this board.
    NotThisBoard,
    /// The game is over: nobody is to move.
    GameOver(Outcome),
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplainError::NotThisBoard => f.write_str("the player does not play this board"),
            ExplainError::GameOver(outcome) => write!(f, "the game is already over ({outcome})"),
        }
    }
}

impl std::error::Error for ExplainError {}

/// How `player` sees `game`, for the side to move ([`ComputerPlayer::explain`]), once checked that
/// the player plays the board and that someone is to move.
pub fn explain(player: &dyn ComputerPlayer, game: &Game) -> Result<Explanation, ExplainError> {
    if !player.plays(game.geometry()) {
        return Err(ExplainError::NotThisBoard);
    }
    if let Some(outcome) = game.state().outcome() {
        return Err(ExplainError::GameOver(outcome));
    }
    Ok(player.explain(game))
}

/// Notes for the free cells of `state` (`note` of each), `None` on the others: an explanation's
/// [`Explanation::per_cell`].
pub fn notes(state: &State, mut note: impl FnMut(Cell) -> CellNote) -> Vec<Option<CellNote>> {
    state
        .geometry()
        .game_board()
        .map(|c| (!state.occupied(c)).then(|| note(c)))
        .collect()
}

/// A b-thread priority as SPEC.md §3 writes it: `12`, `7.013`.
pub fn priority_text(priority: f64) -> String {
    let s = format!("{priority:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// An event of the program as seed 001 writes it: `O_<0,2>`, `X_<1,1>`, `XWin`, `OWin`, `Draw`.
pub fn event_text(e: Event) -> String {
    match e {
        Event::X(r, c) => format!("X_<{r},{c}>"),
        Event::O(r, c) => format!("O_<{r},{c}>"),
        other => format!("{other:?}"),
    }
}

impl Explanation {
    /// The short label of cell `c`, if it has a note.
    pub fn label(&self, c: Cell) -> Option<String> {
        self.per_cell
            .get(c.checked_sub(1)?)?
            .as_ref()
            .map(CellNote::label)
    }

    /// The note of cell `c`, if any.
    pub fn note(&self, c: Cell) -> Option<&CellNote> {
        self.per_cell.get(c.checked_sub(1)?)?.as_ref()
    }

    /// The side whose view this is (the player to move, or the perspective asked of `weights`).
    pub fn side(&self) -> Player {
        match self.kind {
            Kind::Weights { perspective } => perspective,
            _ => self.state.player_to_move(),
        }
    }

    /// One or two sentences a teacher can read out: what the numbers are and what the player does
    /// with them. The cells it names are numbered on the LED program's 3 × 3 board, as its
    /// specifications number them, and named by their coordinates (`h8`) on every other board.
    pub fn caption(&self) -> String {
        let me = self.side();
        let g = self.state.geometry();
        let cells = |cs: &[Cell]| {
            cs.iter()
                .map(|&c| {
                    if g == crate::geometry::Geometry::LED {
                        c.to_string()
                    } else {
                        crate::coordinates::name(g, c)
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let chosen = cells(&self.chosen);
        match &self.kind {
            Kind::Weights { .. } => {
                let n = self.state.geometry().cells() as u64;
                let max = self
                    .chosen
                    .first()
                    .and_then(|&c| self.note(c))
                    .map(CellNote::label)
                    .unwrap_or_default();
                format!(
                    "weights (seed 004), the weight grid for {me}: a line adds 1 to each empty cell \
                     if only one side has marks in it, {} to its last empty cell if the rest is the \
                     opponent's (block), {} if the rest is {me}'s own (win). {me} plays a cell of \
                     maximal weight ({max}): {chosen}.",
                    n + 1,
                    (n + 1) * (n + 1)
                )
            }
            Kind::Oxo => format!(
                "oxo (seed 003), {me} to move: each available square's sqval, the sum of linval \
                 over the lines through it (100 block, 20 win, 3 none of {me}'s, 1 only {me}'s, \
                 -1 both). findmaxindex keeps the last square of highest value: {chosen}."
            ),
            Kind::Exact => format!(
                "{}, {me} to move: each move's value for {me} with perfect play, W win, D draw, \
                 L loss, with the plies to the end of the game, this move included. It plays one \
                 of: {chosen}.",
                self.player
            ),
            Kind::Bp(view) => {
                let selection = match (view.snapshot.selected, view.snapshot.selector()) {
                    (Some(e), Some(t)) => format!(
                        "Selection takes the first unblocked event requested by the strongest \
                         b-thread that has one: {} (priority {}) requests {}, cell {chosen}.",
                        t.name,
                        priority_text(t.priority),
                        event_text(e)
                    ),
                    _ => "No requested event is unblocked: nothing is selected.".to_string(),
                };
                let colours = if view.program_o == Player::O {
                    String::new()
                } else {
                    " (colours swapped: the program's O marks are x's)".to_string()
                };
                format!(
                    "bp (seed 001), {me} to move as the program's O{colours}: each free cell shows \
                     how many b-threads request its O event (+) and block it (-). {selection}"
                )
            }
            Kind::Search { nodes_per_move } => format!(
                "search, {me} to move: each move's value for {me} where a search of \
                 {nodes_per_move} nodes after it proves one (W win, D draw, L loss, with the plies \
                 to the end, this move included; ? unproven). It plays: {chosen}."
            ),
            Kind::Random => format!(
                "random, {me} to move: each of the {} legal moves with probability 1/{}.",
                self.chosen.len(),
                self.chosen.len()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        let w = |value| CellNote::Value(value).label();
        assert_eq!(w(Value::win(3)), "W3");
        assert_eq!(w(Value::draw(6)), "D");
        assert_eq!(w(Value::loss(2)), "L2");
        assert_eq!(CellNote::Chance { one_in: 7 }.label(), "1/7");
        assert_eq!(CellNote::Sqval(-1).label(), "-1");
        let b = |name| Bidder {
            name,
            priority: 1.0,
        };
        let bids = CellNote::Bids {
            requested_by: vec![b("A"), b("B")],
            blocked_by: vec![b("C")],
        };
        assert_eq!(bids.label(), "+2-1");
        assert_eq!(priority_text(12.0), "12");
        assert_eq!(priority_text(7.0 + 0.001 * 13.0), "7.013");
        assert_eq!(priority_text(9.5 + 0.001 * 1.0), "9.501");
        assert_eq!(event_text(Event::O(0, 2)), "O_<0,2>");
        assert_eq!(event_text(Event::XWin), "XWin");
    }
}
