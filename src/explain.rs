//! Explanations (issue 11): how the computer player chosen for the side to move sees the position,
//! as plain data for the window's overlays and for `tictactoe explain` (`commands::explain`).
//!
//! An [`Explanation`] has one optional [`CellNote`] per cell (none on occupied cells), the cells the
//! player chooses among, and what kind of reasoning it is ([`Kind`]):
//!
//! | player | note in each free cell | chosen |
//! |---|---|---|
//! | `weights` (seed 004) | the cell's weight ([`weights::weight_grid_for`]) | the cells of maximal weight ([`weights::best_cells`]) |
//! | `oxo` (seed 003) | the square's [`oxo::sqval`] for the player to move | the square [`oxo::findmaxindex`] keeps |
//! | `perfect` | the move's [`Value`]: win, draw or loss with perfect play, in plies | the moves the player picks among ([`perfect::candidates`]) |
//! | `bp` (seed 001) | the O event's bids: the b-threads that request it and those that block it | the cell of the event selection picks |
//! | `random` | the probability 1/n of every legal move | every legal move |
//!
//! [`CellNote::label`] is a short label for a cell ("11", "W3", "D", "1/7", "+2"), and
//! [`Explanation::caption`] one sentence a teacher can read out.

use crate::bp::tictactoe::{program, Event, ALL_STRATEGIES};
use crate::bp::{Program, Snapshot};
use crate::game::Game;
use crate::geometry::Cell;
use crate::players::perfect;
use crate::players::{oxo, weights};
use crate::rules::{Outcome, Player, State};
use crate::value::Value;
use std::fmt;

/// The players that can explain themselves, in the order of [`crate::players::all`].
pub const EXPLAINED: [&str; 6] = ["bp", "oxo", "weights", "perfect", "search", "random"];

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
    /// solves the game can fill it in ([`move_values`]).
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
    /// No player of that name explains itself (see [`EXPLAINED`]).
    Unexplained,
    /// The player does not play this board.
    NotThisBoard,
    /// The game is over: nobody is to move.
    GameOver(Outcome),
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplainError::Unexplained => write!(
                f,
                "this player cannot explain itself (explained: {})",
                EXPLAINED.join(", ")
            ),
            ExplainError::NotThisBoard => f.write_str("the player does not play this board"),
            ExplainError::GameOver(outcome) => write!(f, "the game is already over ({outcome})"),
        }
    }
}

impl std::error::Error for ExplainError {}

/// How the player called `player` sees `game`, for the side to move.
pub fn explain(player: &str, game: &Game) -> Result<Explanation, ExplainError> {
    let p = crate::players::by_name(player)
        .filter(|p| EXPLAINED.contains(&p.name()))
        .ok_or(ExplainError::Unexplained)?;
    if !p.plays(game.geometry()) {
        return Err(ExplainError::NotThisBoard);
    }
    let state = game.state();
    if let Some(outcome) = state.outcome() {
        return Err(ExplainError::GameOver(outcome));
    }
    Ok(match p.name() {
        "bp" => bp(game),
        "oxo" => oxo(state),
        "weights" => weights(state, state.player_to_move()),
        "perfect" => perfect(state),
        "search" => search(game),
        _ => random(state),
    })
}

/// `search`: each legal move's value for the mover, where a search of a small node budget after
/// the move proves it (`W`, `D`, `L` with the plies to the end; `?` where it does not), and the move
/// the search player chooses within a budget of its own. One engine (and its transposition table)
/// serves every move. The last explanation is remembered, so a window that draws it every frame
/// searches once per position.
pub fn search(game: &Game) -> Explanation {
    use crate::players::search::SearchPlayer;
    use crate::search::{cancel_flag, Limits, Search};
    use crate::value::Verdict;
    use std::sync::atomic::AtomicBool;
    use std::sync::Mutex;
    static LAST: Mutex<Option<(Game, Explanation)>> = Mutex::new(None);
    if let Some((g, e)) = LAST.lock().ok().and_then(|l| l.clone()) {
        if g == *game {
            return e;
        }
    }
    let state = game.state();
    let nodes_per_move = if state.geometry().cells() <= 49 {
        20_000
    } else {
        1_000
    };
    let mut engine = Search::new(Limits::nodes(nodes_per_move), cancel_flag());
    let per_cell = notes(state, |c| {
        let child = game.play(c).expect("a legal move");
        match child.state().outcome() {
            Some(Outcome::Won(_)) => CellNote::Value(Value::win(1)),
            Some(Outcome::Draw) => CellNote::Value(Value::draw(1)),
            None => match verdict(&mut engine, child.state()) {
                Some(v) => CellNote::Value(Value::of_move(v)),
                None => CellNote::Unproven,
            },
        }
    });
    // A value seen `n` plies later, from the side to move `n` plies earlier.
    fn flip(v: Value, n: u32) -> Value {
        (0..n).fold(v, |v, _| Value::of_move(v))
    }
    // The proven value of a position for its side to move. A forced reply (a lone threat
    // blocked) comes back from the search unproven: the value is then the reply's, one ply on.
    fn verdict(engine: &mut Search, pos: &State) -> Option<Value> {
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
                        // The forced reply ended the game: the side to move now has lost, or
                        // the board is full.
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
    let chosen = SearchPlayer::new(Limits::nodes(4 * nodes_per_move))
        .analyse(game, &AtomicBool::new(false))
        .map(|r| vec![r.best])
        .unwrap_or_default();
    let e = Explanation {
        player: "search",
        state: *state,
        per_cell,
        chosen,
        kind: Kind::Search { nodes_per_move },
    };
    if let Ok(mut last) = LAST.lock() {
        *last = Some((game.clone(), e.clone()));
    }
    e
}

/// Notes for the free cells of `state`, `None` on the others.
fn notes(state: &State, mut note: impl FnMut(Cell) -> CellNote) -> Vec<Option<CellNote>> {
    state
        .geometry()
        .game_board()
        .map(|c| (!state.occupied(c)).then(|| note(c)))
        .collect()
}

/// `weights` (seed 004): every free cell's weight from `perspective`'s side, and the free cells of
/// maximal weight. With `perspective` the player to move these are the cells the player picks
/// among at random.
pub fn weights(state: &State, perspective: Player) -> Explanation {
    let grid = weights::weight_grid_for(state, perspective);
    let per_cell = notes(state, |c| CellNote::Weight(grid[c - 1]));
    let max = state.legal_moves().map(|c| grid[c - 1]).max();
    let chosen = state
        .legal_moves()
        .filter(|&c| Some(grid[c - 1]) == max)
        .collect();
    Explanation {
        player: "weights",
        state: *state,
        per_cell,
        chosen,
        kind: Kind::Weights { perspective },
    }
}

/// `oxo` (seed 003): every available square's `sqval` for the player to move, and the square
/// `findmaxindex` keeps.
pub fn oxo(state: &State) -> Explanation {
    let me = state.player_to_move();
    Explanation {
        player: "oxo",
        state: *state,
        per_cell: notes(state, |c| CellNote::Sqval(oxo::sqval(state, c, me))),
        chosen: oxo::findmaxindex(state).into_iter().collect(),
        kind: Kind::Oxo,
    }
}

/// Each legal move of `state` with its value for the player to move ([`Value::of_move`]), in
/// cell order, from `solve`, which gives the value of a position for *its* player to move (a
/// finished position is a loss or a draw in 0 plies). `None` if `solve` cannot solve some
/// position. Any exact player can explain itself with this.
pub fn move_values(
    state: &State,
    mut solve: impl FnMut(&State) -> Option<Value>,
) -> Option<Vec<(Cell, Value)>> {
    state
        .legal_moves()
        .map(|c| Some((c, Value::of_move(solve(&state.result(c))?))))
        .collect()
}

/// `perfect`: each legal move's value for the player to move, from the player's solution, and the
/// moves it picks among. Positions the player does not solve (large boards) get no notes.
pub fn perfect(state: &State) -> Explanation {
    let values = move_values(state, |s| perfect::evaluate(s).map(|e| e.value)).unwrap_or_default();
    let mut per_cell = vec![None; state.geometry().cells()];
    for (c, v) in values {
        per_cell[c - 1] = Some(CellNote::Value(v));
    }
    Explanation {
        player: "perfect",
        state: *state,
        per_cell,
        chosen: perfect::candidates(state),
        kind: Kind::Exact,
    }
}

/// `random`: every legal move with probability 1/n.
pub fn random(state: &State) -> Explanation {
    let n = state.legal_moves().count();
    Explanation {
        player: "random",
        state: *state,
        per_cell: notes(state, |_| CellNote::Chance { one_in: n }),
        chosen: state.legal_moves().collect(),
        kind: Kind::Random,
    }
}

/// The behavioral program as `bp` runs it for the side to move of `game` (LED board), just before
/// it selects its move: the seed's program with every strategy, the side to move as the program's
/// O, and the game so far injected as events (as [`crate::players::bp::Bp::answer`] does).
pub fn bp_program(game: &Game) -> Program<Event> {
    let (start, me) = (game.start(), game.state().player_to_move());
    let colour = |p: Player| if p == me { Player::O } else { Player::X };
    let mut prog = program(colour(start), &ALL_STRATEGIES);
    let mut mover = start;
    for &cell in game.moves() {
        if let Err(refused) = prog.inject(Event::at_cell(colour(mover), cell)) {
            panic!("bp: {refused} in {:?}", game.moves());
        }
        mover = mover.other();
    }
    prog
}

/// Every event of the tic-tac-toe program: the eighteen moves, XWin, OWin and Draw.
pub fn bp_events() -> Vec<Event> {
    Event::all_moves()
        .chain([Event::XWin, Event::OWin, Event::Draw])
        .collect()
}

/// `bp` (seed 001): for each free cell, the b-threads that request and that block the program's O
/// event there, and the cell of the event selection picks; with the snapshot of every b-thread's
/// bid. `game` is on the LED board and not over.
pub fn bp(game: &Game) -> Explanation {
    let state = game.state();
    let snapshot = bp_program(game).snapshot(&bp_events());
    let bidders = |ts: Vec<&crate::bp::ThreadBid<Event>>| -> Vec<Bidder> {
        ts.into_iter()
            .map(|t| Bidder {
                name: t.name,
                priority: t.priority,
            })
            .collect()
    };
    let per_cell = notes(state, |c| {
        let e = Event::at_cell(Player::O, c);
        CellNote::Bids {
            requested_by: bidders(snapshot.requesters(&e).collect()),
            blocked_by: bidders(snapshot.blockers(&e).collect()),
        }
    });
    let chosen = snapshot
        .selected
        .and_then(|e| if e.is_o_move() { e.cell() } else { None })
        .into_iter()
        .collect();
    Explanation {
        player: "bp",
        state: *state,
        per_cell,
        chosen,
        kind: Kind::Bp(BpView {
            program_o: state.player_to_move(),
            snapshot,
        }),
    }
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
    /// with them.
    pub fn caption(&self) -> String {
        let me = self.side();
        let cells = |cs: &[Cell]| {
            cs.iter()
                .map(|c| c.to_string())
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
