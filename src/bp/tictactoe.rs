//! The BP wiki's tic-tac-toe behavioral program (seed 001), on the [`crate::bp`] engine, with the
//! b-threads, instances and priorities of SPEC.md §3.
//!
//! Events are [`Event::X`]`(r, c)` and [`Event::O`]`(r, c)` with 0-based row and column (cell
//! 3r + c + 1), and [`Event::XWin`], [`Event::OWin`], [`Event::Draw`]. In the seed, X is played by a
//! person (external events) and O by the program (selected events).
//!
//! | b-thread | priority | instances |
//! |---|---|---|
//! | [`square_taken`] | 1.001–1.009 | one per square |
//! | [`enforce_turns`] | 2 | one |
//! | [`detect_x_win`] | 3.001–3.048 | per line and order of its squares |
//! | [`detect_o_win`] | 4.001–4.048 | per line and order |
//! | [`detect_draw`] | 5 | one |
//! | [`game_over`] | 0 | one (the end of the game; requests nothing, so its priority never decides) |
//! | [`add_third_o`] | 6.001–6.048 | per line and order |
//! | [`prevent_third_x`] | 7.001–7.048 | per line and order |
//! | [`prevent_x_fork`] | 8.001–8.016 | per corner, pattern and order |
//! | [`prevent_another_x_fork`] | 9 | one |
//! | [`prevent_yet_another_x_fork`] | 9.501–9.508 | per edge pair and order |
//! | [`default_moves`] | 12 | one |

use super::{Bid, Ctx, EventSet, Program};
use crate::geometry::{Cell, Geometry};
use crate::rules::Player;

/// An event of the tic-tac-toe program (seed 001: `X_<row,col>`, `O_<row,col>`, XWin, OWin, draw$).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Event {
    /// X marks the square in 0-based row and column.
    X(usize, usize),
    /// O marks the square in 0-based row and column.
    O(usize, usize),
    /// X has three in a line.
    XWin,
    /// O has three in a line.
    OWin,
    /// The grid is full and nobody has a line.
    Draw,
}

use Event::{Draw, OWin, XWin, O, X};

impl Event {
    /// `player` marks the square in 0-based `row` and `column`.
    pub fn mark(player: Player, row: usize, column: usize) -> Event {
        match player {
            Player::X => X(row, column),
            Player::O => O(row, column),
        }
    }

    /// `player` marks LED cell `cell` (1..=9).
    pub fn at_cell(player: Player, cell: Cell) -> Event {
        let (r, c) = Geometry::LED.row_column(cell);
        Event::mark(player, r, c)
    }

    /// The player marking a square, for a move event.
    pub fn player(self) -> Option<Player> {
        match self {
            X(..) => Some(Player::X),
            O(..) => Some(Player::O),
            _ => None,
        }
    }

    /// The LED cell (1..=9) marked, for a move event.
    pub fn cell(self) -> Option<Cell> {
        match self {
            X(r, c) | O(r, c) => Some(Geometry::LED.cell(r, c)),
            _ => None,
        }
    }

    /// Any X move.
    pub fn is_x_move(&self) -> bool {
        matches!(self, X(..))
    }

    /// Any O move.
    pub fn is_o_move(&self) -> bool {
        matches!(self, O(..))
    }

    /// Any move.
    pub fn is_move(&self) -> bool {
        self.is_x_move() || self.is_o_move()
    }

    /// The same event with the colours swapped: X ↔ O, XWin ↔ OWin.
    pub fn swapped(self) -> Event {
        match self {
            X(r, c) => O(r, c),
            O(r, c) => X(r, c),
            XWin => OWin,
            OWin => XWin,
            Draw => Draw,
        }
    }

    /// The eighteen move events, X's then O's, each in row-major order.
    pub fn all_moves() -> impl Iterator<Item = Event> {
        [Player::X, Player::O]
            .into_iter()
            .flat_map(|p| (0..9).map(move |i| Event::mark(p, i / 3, i % 3)))
    }
}

/// A square, (row, column), 0-based.
pub type Square = (usize, usize);

/// The eight lines: rows, columns, diagonals.
pub const LINES: [[Square; 3]; 8] = [
    [(0, 0), (0, 1), (0, 2)],
    [(1, 0), (1, 1), (1, 2)],
    [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (2, 0)],
    [(0, 1), (1, 1), (2, 1)],
    [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 2), (1, 1), (2, 0)],
];

/// The six orders of three things.
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Every line in every order of its squares: the 48 parameters of the per-line b-threads.
fn ordered_lines() -> impl Iterator<Item = [Square; 3]> {
    LINES
        .iter()
        .flat_map(|l| ORDERS.iter().map(move |o| [l[o[0]], l[o[1]], l[o[2]]]))
}

/// Priority of instance `i` (0-based) of a kind whose base priority is `base`: base + 0.001·(i + 1).
fn instance(base: f64, i: usize) -> f64 {
    base + 0.001 * (i + 1) as f64
}

/// The moves of `player`, as an event set.
fn moves_of(player: Player) -> EventSet<Event> {
    match player {
        Player::X => EventSet::Where(Event::is_x_move),
        Player::O => EventSet::Where(Event::is_o_move),
    }
}

// ---------------------------------------------------------------------------------------------
// Rules of the game
// ---------------------------------------------------------------------------------------------

/// SquareTaken: "block further marking of a square already marked by X or O." (seed 001)
///
/// SPEC.md §3: one per square: wait for X or O there, then block both forever.
pub async fn square_taken(ctx: Ctx<Event>, (r, c): Square) {
    let here = || EventSet::AnyOf(vec![X(r, c), O(r, c)]);
    ctx.wait_for(here()).await;
    ctx.block_forever(here()).await;
}

/// EnforceTurns: "alternately block O moves while waiting for X moves, and vice versa (we assume
/// that X always plays first)." (seed 001)
///
/// SPEC.md §3: wait for an X move while blocking all O moves, then wait for an O move while
/// blocking all X moves, repeat. `first` generalises the seed's "X always plays first" (see
/// [`crate::players::bp`]); with `first = X` it is the seed's b-thread.
pub async fn enforce_turns(ctx: Ctx<Event>, first: Player) {
    let second = first.other();
    loop {
        ctx.sync(Bid::new().wait_for(moves_of(first)).block(moves_of(second)))
            .await;
        ctx.sync(Bid::new().wait_for(moves_of(second)).block(moves_of(first)))
            .await;
    }
}

/// DetectXWin: "wait for placement of three X marks in a line and request XWin." (seed 001)
///
/// SPEC.md §3: one per line and per order of its three squares; waits for the three X moves in
/// that order.
pub async fn detect_x_win(ctx: Ctx<Event>, [a, b, c]: [Square; 3]) {
    ctx.wait_for(EventSet::Is(X(a.0, a.1))).await;
    ctx.wait_for(EventSet::Is(X(b.0, b.1))).await;
    ctx.wait_for(EventSet::Is(X(c.0, c.1))).await;
    ctx.request(vec![XWin]).await;
}

/// DetectOWin: "wait for placement of three O marks in a line and request OWin." (seed 001)
///
/// SPEC.md §3: the same as [`detect_x_win`] for O.
pub async fn detect_o_win(ctx: Ctx<Event>, [a, b, c]: [Square; 3]) {
    ctx.wait_for(EventSet::Is(O(a.0, a.1))).await;
    ctx.wait_for(EventSet::Is(O(b.0, b.1))).await;
    ctx.wait_for(EventSet::Is(O(c.0, c.1))).await;
    ctx.request(vec![OWin]).await;
}

/// DetectDraw: "wait for nine moves and request draw event." (seed 001)
///
/// A win on the ninth move outranks the draw (DetectXWin/DetectOWin have stronger priorities, and
/// [`game_over`] then blocks Draw).
pub async fn detect_draw(ctx: Ctx<Event>) {
    for _ in 0..9 {
        ctx.wait_for(EventSet::Where(Event::is_move)).await;
    }
    ctx.request(vec![Draw]).await;
}

/// The end of the game (SPEC.md §3: "Once XWin, OWin or Draw has happened, no further move may be
/// selected"): wait for XWin, OWin or Draw, then block every event forever.
pub async fn game_over(ctx: Ctx<Event>) {
    ctx.wait_for(EventSet::AnyOf(vec![XWin, OWin, Draw])).await;
    ctx.block_forever(EventSet::All).await;
}

// ---------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------

/// AddThirdO: "when two Os are located on a single line, add a third O (and win)." (seed 001)
///
/// SPEC.md §3: per line and order: wait for O on the first two squares, request O on the third.
pub async fn add_third_o(ctx: Ctx<Event>, [a, b, c]: [Square; 3]) {
    ctx.wait_for(EventSet::Is(O(a.0, a.1))).await;
    ctx.wait_for(EventSet::Is(O(b.0, b.1))).await;
    ctx.request(vec![O(c.0, c.1)]).await;
}

/// PreventThirdX: "when two Xs are noticed in a line, add an O in that line (and prevent an
/// immediate loss)." (seed 001)
///
/// SPEC.md §3: per line and order: wait for X on the first two squares, request O on the third.
pub async fn prevent_third_x(ctx: Ctx<Event>, [a, b, c]: [Square; 3]) {
    ctx.wait_for(EventSet::Is(X(a.0, a.1))).await;
    ctx.wait_for(EventSet::Is(X(b.0, b.1))).await;
    ctx.request(vec![O(c.0, c.1)]).await;
}

/// PreventXFork: "when two Xs are noticed, in a corner and opposing edge such that X may force a
/// win, mark an O in the intersection corner of the potential fork, thus preventing its
/// creation." (seed 001)
///
/// SPEC.md §3: for corner J, X on `first` then X on `second` (one of the two patterns, in one
/// order; see [`fork_patterns`]) → request O at J.
pub async fn prevent_x_fork(ctx: Ctx<Event>, first: Square, second: Square, corner: Square) {
    ctx.wait_for(EventSet::Is(X(first.0, first.1))).await;
    ctx.wait_for(EventSet::Is(X(second.0, second.1))).await;
    ctx.request(vec![O(corner.0, corner.1)]).await;
}

/// The 16 parameters of [`prevent_x_fork`] (SPEC.md §3): for each corner J = (r, c), both orders
/// of "X on the other corner of J's row, X on the middle square of J's column" and of "X on the
/// other corner of J's column, X on the middle square of J's row"; each `(first, second, J)`.
pub fn fork_patterns() -> Vec<(Square, Square, Square)> {
    let mut out = Vec::new();
    for (r, c) in [(0, 0), (0, 2), (2, 0), (2, 2)] {
        let row_pattern = [(r, 2 - c), (1, c)];
        let column_pattern = [(2 - r, c), (r, 1)];
        for [p, q] in [row_pattern, column_pattern] {
            out.push((p, q, (r, c)));
            out.push((q, p, (r, c)));
        }
    }
    out
}

/// PreventAnotherXFork: "when the first two Xs are marked in two opposite corners and the first O
/// is marked at the center, request O_<0,1>. In the spirit of 'the best defense is a good
/// offense', this move creates an attack that forces X to play X_<2,1>, and seems to avoid the
/// immediate fork threat." (seed 001)
///
/// SPEC.md §3: X's first move a corner, O's first the centre, X's second the opposite corner →
/// request O(0,1). `first` is the player who starts (X in the seed); it only decides whether X's
/// first or O's first move comes first.
pub async fn prevent_another_x_fork(ctx: Ctx<Event>, first: Player) {
    let any_x = || EventSet::Where(Event::is_x_move);
    let any_o = || EventSet::Where(Event::is_o_move);
    let (x1, o1) = if first == Player::X {
        let x1 = ctx.wait_for(any_x()).await;
        (x1, ctx.wait_for(any_o()).await)
    } else {
        let o1 = ctx.wait_for(any_o()).await;
        (ctx.wait_for(any_x()).await, o1)
    };
    let x2 = ctx.wait_for(any_x()).await;
    if let X(r, c) = x1 {
        let corner = r != 1 && c != 1;
        if corner && o1 == O(1, 1) && x2 == X(2 - r, 2 - c) {
            ctx.request(vec![O(0, 1)]).await;
        }
    }
}

/// PreventYetAnotherXFork: "when two Xs are noticed in two edge squares that are adjacent to a
/// common corner, mark an O in that corner." (seed 001)
///
/// SPEC.md §3: X on `first` then on `second` → request O at `corner`; see [`edge_pairs`].
pub async fn prevent_yet_another_x_fork(
    ctx: Ctx<Event>,
    first: Square,
    second: Square,
    corner: Square,
) {
    ctx.wait_for(EventSet::Is(X(first.0, first.1))).await;
    ctx.wait_for(EventSet::Is(X(second.0, second.1))).await;
    ctx.request(vec![O(corner.0, corner.1)]).await;
}

/// The 8 parameters of [`prevent_yet_another_x_fork`] (SPEC.md §3): edge pairs (1,0)+(0,1) →
/// (0,0); (0,1)+(1,2) → (0,2); (1,2)+(2,1) → (2,2); (2,1)+(1,0) → (2,0); either order.
pub fn edge_pairs() -> Vec<(Square, Square, Square)> {
    let pairs = [
        ((1, 0), (0, 1), (0, 0)),
        ((0, 1), (1, 2), (0, 2)),
        ((1, 2), (2, 1), (2, 2)),
        ((2, 1), (1, 0), (2, 0)),
    ];
    pairs
        .iter()
        .flat_map(|&(p, q, j)| [(p, q, j), (q, p, j)])
        .collect()
}

/// The order of DefaultMoves: centre, corners, edges.
pub const DEFAULT_ORDER: [Square; 9] = [
    (1, 1),
    (0, 0),
    (0, 2),
    (2, 0),
    (2, 2),
    (0, 1),
    (1, 0),
    (1, 2),
    (2, 1),
];

/// DefaultMoves: "a b-thread that repeatedly requests all nine possible O moves in the following
/// order of center, corners and edges: O_<1,1>, O_<0,0>, O_<0,2>, O_<2,0>, O_<2,2>, O_<0,1>,
/// O_<1,0>, O_<1,2>, O_<2,1>." (seed 001)
pub async fn default_moves(ctx: Ctx<Event>) {
    let all: Vec<Event> = DEFAULT_ORDER.iter().map(|&(r, c)| O(r, c)).collect();
    loop {
        ctx.request(all.clone()).await;
    }
}

/// The strategy b-threads of seed 001 (each kind with all its instances).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// [`add_third_o`]
    AddThirdO,
    /// [`prevent_third_x`]
    PreventThirdX,
    /// [`prevent_x_fork`]
    PreventXFork,
    /// [`prevent_another_x_fork`]
    PreventAnotherXFork,
    /// [`prevent_yet_another_x_fork`]
    PreventYetAnotherXFork,
    /// [`default_moves`]
    DefaultMoves,
}

/// Every strategy: the seed's program.
pub const ALL_STRATEGIES: [Strategy; 6] = [
    Strategy::AddThirdO,
    Strategy::PreventThirdX,
    Strategy::PreventXFork,
    Strategy::PreventAnotherXFork,
    Strategy::PreventYetAnotherXFork,
    Strategy::DefaultMoves,
];

/// The rules of the game (SquareTaken, EnforceTurns with `first` to move first, DetectXWin,
/// DetectOWin, DetectDraw, the end of the game) and the b-threads of `strategies`, with the
/// priorities of SPEC.md §3.
pub fn program(first: Player, strategies: &[Strategy]) -> Program<Event> {
    let mut p = Program::new();
    p.add("GameOver", 0.0, game_over);
    for i in 0..9 {
        let square = (i / 3, i % 3);
        p.add("SquareTaken", instance(1.0, i), move |ctx| {
            square_taken(ctx, square)
        });
    }
    p.add("EnforceTurns", 2.0, move |ctx| enforce_turns(ctx, first));
    for (i, line) in ordered_lines().enumerate() {
        p.add("DetectXWin", instance(3.0, i), move |ctx| {
            detect_x_win(ctx, line)
        });
    }
    for (i, line) in ordered_lines().enumerate() {
        p.add("DetectOWin", instance(4.0, i), move |ctx| {
            detect_o_win(ctx, line)
        });
    }
    p.add("DetectDraw", 5.0, detect_draw);
    for &s in strategies {
        match s {
            Strategy::AddThirdO => {
                for (i, line) in ordered_lines().enumerate() {
                    p.add("AddThirdO", instance(6.0, i), move |ctx| {
                        add_third_o(ctx, line)
                    });
                }
            }
            Strategy::PreventThirdX => {
                for (i, line) in ordered_lines().enumerate() {
                    p.add("PreventThirdX", instance(7.0, i), move |ctx| {
                        prevent_third_x(ctx, line)
                    });
                }
            }
            Strategy::PreventXFork => {
                for (i, (a, b, j)) in fork_patterns().into_iter().enumerate() {
                    p.add("PreventXFork", instance(8.0, i), move |ctx| {
                        prevent_x_fork(ctx, a, b, j)
                    });
                }
            }
            Strategy::PreventAnotherXFork => {
                p.add("PreventAnotherXFork", 9.0, move |ctx| {
                    prevent_another_x_fork(ctx, first)
                });
            }
            Strategy::PreventYetAnotherXFork => {
                for (i, (a, b, j)) in edge_pairs().into_iter().enumerate() {
                    p.add("PreventYetAnotherXFork", instance(9.5, i), move |ctx| {
                        prevent_yet_another_x_fork(ctx, a, b, j)
                    });
                }
            }
            Strategy::DefaultMoves => p.add("DefaultMoves", 12.0, default_moves),
        }
    }
    p
}

/// The rules only, X first: no strategy, so the program selects only XWin, OWin and Draw.
pub fn rules_program() -> Program<Event> {
    program(Player::X, &[])
}

/// The seed's program: X (external) first, every strategy.
pub fn seed_program() -> Program<Event> {
    program(Player::X, &ALL_STRATEGIES)
}

/// The nine X moves: the external events of the seed's program.
pub fn x_moves() -> Vec<Event> {
    (0..9).map(|i| X(i / 3, i % 3)).collect()
}
