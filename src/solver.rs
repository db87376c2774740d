//! The solver: the value of an m,n,k position with perfect play on both sides, proved by search.
//!
//! The **value** of a position is the outcome of the game when both players play perfectly from it
//! (SPEC.md §7): `x wins`, `o wins` or `draw`. The solver proves it by a negamax alpha-beta search
//! over the values −1 (the player to move, *the mover*, loses), 0 (draw) and +1 (the mover wins),
//! with:
//!
//! - **its own board representation**: one `u64` bit set per player (cell `c` is bit `c − 1`), the
//!   board's lines of `run` cells precomputed as bit masks; boards of at most 64 cells;
//! - **a transposition table** keyed by the exact position in a **canonical form**: the smallest
//!   image of the position under the board's symmetries (8 on a square, 4 on a rectangle), kept up
//!   to date incrementally, so symmetric positions share one entry; a position that is its own image
//!   under a symmetry tries only one move of each orbit;
//! - **threats**: a mover who can complete a line wins at once; a mover facing two such cells of the
//!   opponent loses; facing one, the mover must block it (the only move searched);
//! - **dead lines and irrelevant cells**: a line that holds marks of both players, or that its owner
//!   can no longer fill with the moves left, is dead. A cell on no live line is irrelevant: marking it
//!   is a pass, and a pass is never better than another move (an extra mark never hurts in an
//!   m,n,k-game), so such cells are not searched; a position without a live line is a draw;
//! - **the Erdős–Selfridge bound**: a player cannot win the game if it cannot even win the
//!   Maker–Breaker game on its live lines, where the other player only blocks; and it cannot when
//!   the sum of 2^−(cells it still needs) over those lines is below ½ with it to move, or below 1
//!   with the other to move (the breaker then has a strategy that keeps the sum below 1). So a mover
//!   with a small sum has a value of at most a draw, and an opponent with one at least a draw; a
//!   player without a live line has the sum 0. This proves 5×5 k5 a draw at the root, in one node;
//! - **move ordering by threats**: the best move remembered for the position first, then cells by
//!   the lines they extend or block, weighted by the marks already in them.
//!
//! **Rules** ([`Rule`]): freestyle (k or more in a row wins) and standard (exactly k wins, for
//! either player). Under standard a line of k cells is also dead for a player who holds a cell just
//! beyond one of its ends (filling it would make an overline), an extra stone can hurt its owner,
//! so the cells beyond the ends of live lines are searched too, and one *idle* cell (on no live
//! line and beyond the end of none) stands for a pass. Renju is refused ([`SolveError::Rule`]).
//!
//! On the empty board of a game with `run ≥ 9` the value is a draw without search: both players can
//! stop every line by a pairing strategy (Pollak–Shannon; SPEC.md §7).

use crate::clock::Instant;
use crate::geometry::{Cell, Geometry};
use crate::rule::Rule;
use crate::rules::{Outcome, Player, State};
use crate::value::{Value, Verdict};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The largest board the solver plays: its bit sets are `u64`.
pub const MAX_CELLS: usize = 64;

/// The value of a position for the player to move: −1 loss, 0 draw, +1 win.
type Score = i8;

/// The board's tables: lines as bit masks and symmetries as cell permutations.
#[derive(Clone, Debug)]
pub struct Board {
    full: u64,
    lines: Vec<u64>,
    /// Under standard, per line, the cells just beyond its two ends (`ends[i]` for `lines[i]`): a
    /// player whose stone stands there can never win with that line (the line would be part of an
    /// overline). Under freestyle every entry is 0 (an overline wins).
    ends: Vec<u64>,
    /// `perms[s][i]`: the image of the 0-based cell `i` under symmetry `s` (`perms[0]` is the
    /// identity).
    perms: Vec<[u8; MAX_CELLS]>,
    /// `inverse[s]`: the inverse permutation of `perms[s]`.
    inverse: Vec<[u8; MAX_CELLS]>,
}

impl Board {
    /// The tables of a `width` × `height` board with `run` in a line to win under freestyle, or
    /// why the solver does not play it.
    pub fn new(g: Geometry) -> Result<Board, SolveError> {
        Board::under(g, Rule::Freestyle)
    }

    /// The tables of board `g` under `rule`, or why the solver does not play it: renju is refused
    /// ([`SolveError::Rule`]).
    pub fn under(g: Geometry, rule: Rule) -> Result<Board, SolveError> {
        let (width, height, run) = (g.width(), g.height(), g.run());
        let n = width * height;
        if rule == Rule::Renju {
            return Err(SolveError::Rule { rule });
        }
        if n > MAX_CELLS {
            return Err(SolveError::TooLarge { geometry: g });
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let inside = |r: isize, c: isize| {
            (0..height as isize).contains(&r) && (0..width as isize).contains(&c)
        };
        let bit = |r: isize, c: isize| {
            if inside(r, c) {
                1u64 << (r as usize * width + c as usize)
            } else {
                0
            }
        };
        let mut lines = Vec::new();
        let mut ends = Vec::new();
        for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
            for r in 0..height as isize {
                for c in 0..width as isize {
                    let (er, ec) = (r + dr * (run as isize - 1), c + dc * (run as isize - 1));
                    if !inside(er, ec) {
                        continue;
                    }
                    let mask = (0..run as isize).fold(0u64, |m, i| m | bit(r + dr * i, c + dc * i));
                    let end = match rule {
                        Rule::Standard => bit(r - dr, c - dc) | bit(er + dr, ec + dc),
                        _ => 0,
                    };
                    if !lines
                        .iter()
                        .zip(&ends)
                        .any(|(&l, &e)| (l, e) == (mask, end))
                    {
                        lines.push(mask);
                        ends.push(end);
                    }
                }
            }
        }
        type Map = fn(usize, usize, usize, usize) -> (usize, usize);
        let rect: [Map; 4] = [
            |r, c, _, _| (r, c),
            |r, c, w, _| (r, w - 1 - c),
            |r, c, _, h| (h - 1 - r, c),
            |r, c, w, h| (h - 1 - r, w - 1 - c),
        ];
        let square: [Map; 4] = [
            |r, c, _, _| (c, r),
            |r, c, w, _| (w - 1 - c, r),
            |r, c, _, h| (c, h - 1 - r),
            |r, c, w, h| (w - 1 - c, h - 1 - r),
        ];
        let maps: Vec<Map> = if width == height {
            rect.iter().chain(square.iter()).copied().collect()
        } else {
            rect.to_vec()
        };
        let mut perms = Vec::new();
        let mut inverse = Vec::new();
        for map in maps {
            let mut p = [0u8; MAX_CELLS];
            let mut q = [0u8; MAX_CELLS];
            for r in 0..height {
                for c in 0..width {
                    let (r2, c2) = map(r, c, width, height);
                    p[r * width + c] = (r2 * width + c2) as u8;
                    q[r2 * width + c2] = (r * width + c) as u8;
                }
            }
            perms.push(p);
            inverse.push(q);
        }
        Ok(Board {
            full,
            lines,
            ends,
            perms,
            inverse,
        })
    }

    /// The number of symmetries used (8 on a square board, 4 otherwise).
    pub fn symmetries(&self) -> usize {
        self.perms.len()
    }

    /// The lines of `run` cells, as bit masks (cell `c` is bit `c − 1`).
    #[cfg(test)]
    fn lines(&self) -> &[u64] {
        &self.lines
    }

    /// The image of the bit set `set` under symmetry `s`.
    fn image(&self, s: usize, mut set: u64) -> u64 {
        let mut out = 0;
        while set != 0 {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            out |= 1u64 << self.perms[s][i];
        }
        out
    }
}

/// One position of the transposition table: the canonical position, bounds on its value, the best
/// move found (in canonical coordinates, 0-based) and the work spent (log₂ of the nodes searched
/// under it, plus one; 0 marks an empty slot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    me: u64,
    opp: u64,
    lower: Score,
    upper: Score,
    best: u8,
    work: u8,
}

impl Entry {
    /// The entry in three words; all zeros is an empty slot.
    fn pack(&self) -> [u64; 3] {
        let data = (self.lower + 1) as u64
            | ((self.upper + 1) as u64) << 2
            | (self.best as u64) << 8
            | (self.work as u64) << 16;
        [self.me, self.opp, data]
    }

    fn unpack(w: [u64; 3]) -> Entry {
        Entry {
            me: w[0],
            opp: w[1],
            lower: (w[2] & 3) as Score - 1,
            upper: (w[2] >> 2 & 3) as Score - 1,
            best: (w[2] >> 8) as u8,
            work: (w[2] >> 16) as u8,
        }
    }
}

/// A transposition table of two-entry buckets: a matching entry is updated; otherwise the entry
/// with less work behind it is replaced. It starts with 2^12 buckets and grows fourfold whenever
/// three quarters of its slots are used, while it has fewer than 2^[`Table::MAX_LOG2`] buckets:
/// so up to 2^22 buckets, 192 MiB (and the 48 MiB table it grew from, while it is copied).
///
/// With a memory limit instead ([`Solver::with_memory`]) it grows, fourfold or by what fits, while
/// the old table and the new one together fit in the limit; when three quarters of its slots are
/// used and it may not grow, it is *full* and the search stops ([`SolveError::OutOfMemory`]).
struct Table {
    slots: Vec<[u64; 3]>,
    mask: usize,
    used: usize,
    max_log2: u32,
    /// The most bytes the tables may take, if limited.
    limit: Option<usize>,
    /// Three quarters used at the limit.
    full: bool,
}

impl Table {
    /// A table this large or larger grows no more (it reaches 2^22 buckets, stepping by four).
    const MAX_LOG2: u32 = 21;

    /// The bytes of a table of 2^`log2` buckets.
    const fn bytes(log2: u32) -> usize {
        (2 * std::mem::size_of::<[u64; 3]>()) << log2
    }

    fn new(log2_buckets: u32, max_log2: u32, limit: Option<usize>) -> Table {
        let buckets = 1usize << log2_buckets;
        Table {
            slots: vec![[0; 3]; 2 * buckets],
            mask: buckets - 1,
            used: 0,
            max_log2,
            limit,
            full: false,
        }
    }

    /// The log₂ of the buckets of the table to grow into, if it may grow.
    fn next_log2(&self) -> Option<u32> {
        let log2 = (self.mask + 1).trailing_zeros();
        match self.limit {
            None => (log2 < self.max_log2).then_some(log2 + 2),
            Some(limit) => (log2 + 1..=(log2 + 2).min(self.max_log2))
                .rev()
                .find(|&next| Table::bytes(log2) + Table::bytes(next) <= limit),
        }
    }

    /// The bytes the table takes.
    fn size(&self) -> usize {
        Table::bytes((self.mask + 1).trailing_zeros())
    }

    /// The table with more buckets (2^`log2`), holding every entry of this one.
    fn grow(&mut self, log2: u32) {
        let old = std::mem::replace(self, Table::new(log2, self.max_log2, self.limit));
        for w in old.slots {
            if w[2] != 0 {
                self.put(Entry::unpack(w));
            }
        }
    }

    fn bucket(&self, me: u64, opp: u64) -> usize {
        let h = (me ^ opp.rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31)
            ^ opp.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        2 * ((h >> 17) as usize & self.mask)
    }

    fn get(&self, me: u64, opp: u64) -> Option<Entry> {
        let b = self.bucket(me, opp);
        self.slots[b..b + 2]
            .iter()
            .find(|w| w[0] == me && w[1] == opp && w[2] != 0)
            .map(|&w| Entry::unpack(w))
    }

    fn put(&mut self, e: Entry) {
        let b = self.bucket(e.me, e.opp);
        let (first, second) = (
            Entry::unpack(self.slots[b]),
            Entry::unpack(self.slots[b + 1]),
        );
        let slot = if first.work != 0 && first.me == e.me && first.opp == e.opp {
            Some(first)
        } else if second.work != 0 && second.me == e.me && second.opp == e.opp {
            Some(second)
        } else {
            None
        };
        let (i, e) = match slot {
            Some(old) => {
                let merged = Entry {
                    lower: e.lower.max(old.lower),
                    upper: e.upper.min(old.upper),
                    work: e.work.max(old.work),
                    ..e
                };
                (if old == first { b } else { b + 1 }, merged)
            }
            None if first.work <= second.work => (b, e),
            None => (b + 1, e),
        };
        if self.slots[i][2] == 0 {
            self.used += 1;
        }
        self.slots[i] = e.pack();
        if 4 * self.used > 3 * self.slots.len() && !self.full {
            match self.next_log2() {
                Some(log2) => self.grow(log2),
                // Full only when the limit, not the board's bound, keeps it from growing.
                None => {
                    self.full =
                        self.limit.is_some() && (self.mask + 1).trailing_zeros() < self.max_log2
                }
            }
        }
    }
}

/// Marks of the mover and of the opponent, with their images under every symmetry.
#[derive(Clone, Copy, Debug)]
struct Position {
    me: [u64; 8],
    opp: [u64; 8],
}

/// Why a search stopped without a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// Why the solver gives no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The board has more than [`MAX_CELLS`] cells.
    TooLarge {
        /// The board.
        geometry: Geometry,
    },
    /// The proof needs more than `budget` nodes.
    OutOfBudget {
        /// The nodes allowed.
        budget: u64,
    },
    /// The proof needs larger tables than `limit` bytes.
    OutOfMemory {
        /// The bytes allowed.
        limit: usize,
    },
    /// The solver does not prove games under this rule (renju: its forbidden points make an extra
    /// stone a possible harm and the first player's moves depend on more than the lines).
    Rule {
        /// The rule.
        rule: Rule,
    },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            SolveError::TooLarge { geometry: g } => write!(
                f,
                "the solver plays boards of at most {MAX_CELLS} cells, {}×{} has {}",
                g.width(),
                g.height(),
                g.cells()
            ),
            SolveError::OutOfBudget { budget } => write!(f, "no proof within {budget} nodes"),
            SolveError::Rule { rule } => write!(
                f,
                "the solver proves freestyle and standard games only, not {rule}"
            ),
            SolveError::OutOfMemory { limit } => write!(
                f,
                "no proof within {} MiB of tables",
                limit.div_ceil(1 << 20)
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// How far a proof has come, as the solver tells it every [`Progress::EVERY`] nodes
/// ([`Solver::on_progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// The plies from the position solved to the node being searched.
    pub depth: u32,
    /// The bytes the transposition table takes.
    pub table_bytes: usize,
}

impl Progress {
    /// How often the solver reports, in nodes (a power of two).
    pub const EVERY: u64 = 1 << 16;
}

/// The search: a board's tables, the transposition table and the count of nodes.
pub struct Solver {
    rule: Rule,
    board: Board,
    table: Table,
    nodes: u64,
    budget: u64,
    /// Where the current call stops ([`Solver::set_slice`]): the nodes searched by then.
    slice_end: u64,
    /// The most nodes of one call, if limited.
    slice: Option<u64>,
    aborted: bool,
    /// The marks on the board of the position solved (for [`Progress::depth`]).
    root_marks: u32,
    progress: Option<ProgressHook>,
}

/// What the solver calls with its [`Progress`].
type ProgressHook = Box<dyn FnMut(&Progress)>;

/// Weights of a line's marks for move ordering: a line with `m` marks of the mover and none of the
/// opponent's adds `ATTACK[m]` to each of its empty cells; one with `o` marks of the opponent and none
/// of the mover's adds `DEFEND[o]`.
const ATTACK: [i32; 8] = [1, 4, 16, 64, 256, 1024, 4096, 16384];
const DEFEND: [i32; 8] = [1, 3, 12, 48, 192, 768, 3072, 12288];

impl Solver {
    /// A solver for board `g` under freestyle that gives up after `budget` nodes.
    pub fn new(g: Geometry, budget: u64) -> Result<Solver, SolveError> {
        Solver::under(g, Rule::Freestyle, budget)
    }

    /// A solver for board `g` under `rule` (freestyle or standard; renju is
    /// [`SolveError::Rule`]) that gives up after `budget` nodes.
    pub fn under(g: Geometry, rule: Rule, budget: u64) -> Result<Solver, SolveError> {
        let board = Board::under(g, rule)?;
        // A table in proportion to the board: at most 2^(cells + 2) buckets.
        let max_log2 = (g.cells() as u32 + 2).min(Table::MAX_LOG2);
        Ok(Solver {
            rule,
            board,
            table: Table::new(max_log2.min(12), max_log2, None),
            nodes: 0,
            budget,
            slice_end: u64::MAX,
            slice: None,
            aborted: false,
            root_marks: 0,
            progress: None,
        })
    }

    /// This solver with tables of at most `bytes` (the table and, while it grows, the one it grows
    /// from), instead of the fixed largest table: a proof that needs more stops with
    /// [`SolveError::OutOfMemory`] (from [`solve_with`]).
    pub fn with_memory(mut self, bytes: usize) -> Solver {
        let max_log2 = (self.board.full.count_ones() + 2).min(usize::BITS - 8);
        let first = (0..=max_log2.min(12))
            .rev()
            .find(|&l| Table::bytes(l) <= bytes)
            .unwrap_or(0);
        self.table = Table::new(first, max_log2, Some(bytes));
        self
    }

    /// Calls `report` every [`Progress::EVERY`] nodes.
    pub fn on_progress(&mut self, report: impl FnMut(&Progress) + 'static) {
        self.progress = Some(Box::new(report));
    }

    /// Limits each call ([`Solver::outcome`] and the proofs of [`BestMoves`]) to `nodes` more
    /// nodes (`None`: no limit but the budget): a call cut short gives no value, and the same call
    /// again goes on from where it stopped — the transposition table keeps every subtree finished,
    /// so the new search walks back to the frontier through the table. This is how one thread
    /// (a web page's) proves in slices between its frames.
    pub fn set_slice(&mut self, nodes: Option<u64>) {
        self.slice = nodes;
    }

    /// Whether the last call stopped at its slice's end, with budget left (so a new call goes on).
    pub fn cut_short(&self) -> bool {
        self.aborted && !self.table.full && self.nodes <= self.budget
    }

    /// Whether the search stopped because its tables were full at their memory limit.
    pub fn out_of_memory(&self) -> bool {
        self.table.full
    }

    /// The nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Starts a call: its slice's end, and not stopped (unless the budget or the table is spent).
    fn begin_call(&mut self) {
        self.slice_end = self
            .slice
            .map_or(u64::MAX, |n| self.nodes.saturating_add(n.max(1)));
        self.aborted = self.nodes > self.budget || self.table.full;
    }

    fn position(&self, me: u64, opp: u64) -> Position {
        let mut p = Position {
            me: [0; 8],
            opp: [0; 8],
        };
        for s in 0..self.board.symmetries() {
            p.me[s] = self.board.image(s, me);
            p.opp[s] = self.board.image(s, opp);
        }
        p
    }

    /// The value for the mover of the position where the mover holds `me` and the opponent `opp`
    /// (bit sets, cell `c` is bit `c − 1`), neither having a line yet.
    fn value(&mut self, me: u64, opp: u64) -> Result<i8, OutOfBudget> {
        self.begin_call();
        self.root_marks = (me | opp).count_ones();
        let p = self.position(me, opp);
        let v = self.search(&p, -1, 1);
        if self.aborted {
            Err(OutOfBudget)
        } else {
            Ok(v)
        }
    }

    /// Whether the value for the mover of (`me`, `opp`) is at most `bound` (a null-window search,
    /// cheaper than the exact value).
    fn value_at_most(&mut self, me: u64, opp: u64, bound: Score) -> Result<bool, OutOfBudget> {
        self.begin_call();
        let p = self.position(me, opp);
        let v = self.search(&p, bound, bound + 1);
        if self.aborted {
            Err(OutOfBudget)
        } else {
            Ok(v <= bound)
        }
    }

    /// The value of `state` with perfect play (its outcome if the game is over), or `None` when
    /// the budget runs out or the state's rule is not this solver's. The state's board must be this
    /// solver's.
    pub fn outcome(&mut self, state: &State) -> Option<Outcome> {
        if let Some(o) = state.outcome() {
            return Some(o);
        }
        if state.rule() != self.rule {
            return None;
        }
        let mover = state.player_to_move();
        let v = self
            .value(marks(state, mover), marks(state, mover.other()))
            .ok()?;
        Some(value(v).verdict.outcome(mover))
    }

    /// Whether the value for the mover lies within `(alpha, beta)`, with the fail-soft answer.
    fn search(&mut self, p: &Position, mut alpha: Score, mut beta: Score) -> Score {
        self.nodes += 1;
        if self.nodes > self.budget || self.nodes > self.slice_end || self.table.full {
            self.aborted = true;
            return 0;
        }
        let (me, opp) = (p.me[0], p.opp[0]);
        if self.nodes & (Progress::EVERY - 1) == 0 {
            if let Some(report) = self.progress.as_mut() {
                report(&Progress {
                    nodes: self.nodes,
                    depth: (me | opp).count_ones().saturating_sub(self.root_marks),
                    table_bytes: self.table.size(),
                });
            }
        }
        let board = &self.board;
        let empty = board.full & !(me | opp);
        let empties = empty.count_ones();
        // Marks each player can still add: the mover moves first.
        let my_moves = empties.div_ceil(2);
        let opp_moves = empties / 2;
        let mut my_threats = 0u64;
        let mut opp_threats = 0u64;
        let mut live = 0u64;
        // Under standard: the empty cells just beyond the ends of live lines (a stone there kills
        // its owner's line).
        let mut ends = 0u64;
        // Erdős–Selfridge potentials (sums of 2^−need over live lines, in units of 2^−64).
        let mut my_potential = 0u128;
        let mut opp_potential = 0u128;
        for (&l, &end) in board.lines.iter().zip(&board.ends) {
            let (m, o) = (l & me, l & opp);
            if m != 0 && o != 0 {
                continue;
            }
            let e = l & empty;
            let need = e.count_ones();
            if o == 0 && end & me == 0 && need <= my_moves {
                if need == 1 {
                    my_threats |= e;
                }
                my_potential += 1u128 << (64 - need);
                live |= e;
                ends |= end & empty;
            }
            if m == 0 && end & opp == 0 && need <= opp_moves {
                if need == 1 {
                    opp_threats |= e;
                }
                opp_potential += 1u128 << (64 - need);
                live |= e;
                ends |= end & empty;
            }
        }
        if my_threats != 0 {
            return 1;
        }
        if live == 0 {
            return 0;
        }
        if opp_threats.count_ones() >= 2 {
            return -1;
        }
        // Bounds from the lines: a player whose potential is below 1 with the other to move, or
        // below ½ with the player to move, cannot even win the Maker–Breaker game
        // (Erdős–Selfridge), so cannot win; in particular, a player without a live line.
        let one = 1u128 << 64;
        let (floor, ceiling): (Score, Score) = (
            if opp_potential < one { 0 } else { -1 },
            if my_potential < one / 2 { 0 } else { 1 },
        );
        if ceiling <= alpha || floor == ceiling {
            return ceiling;
        }
        if floor >= beta {
            return floor;
        }
        alpha = alpha.max(floor - 1);
        beta = beta.min(ceiling + 1);

        // The canonical form: the smallest image.
        let mut sym = 0;
        for s in 1..board.symmetries() {
            if (p.me[s], p.opp[s]) < (p.me[sym], p.opp[sym]) {
                sym = s;
            }
        }
        let (key_me, key_opp) = (p.me[sym], p.opp[sym]);
        let mut tt_move = None;
        if let Some(e) = self.table.get(key_me, key_opp) {
            if e.lower >= beta || e.lower == e.upper {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            tt_move = Some(board.inverse[sym][e.best as usize]);
        }
        let board = &self.board;
        let (alpha0, beta0) = (alpha, beta);
        let nodes0 = self.nodes;

        // The moves: the forced block, or every relevant cell, best first.
        let mut moves = [(0i32, 0u8); MAX_CELLS];
        let mut count = 0;
        if opp_threats != 0 {
            moves[0] = (0, opp_threats.trailing_zeros() as u8);
            count = 1;
        } else {
            let mut score = [0i32; MAX_CELLS];
            for &l in &board.lines {
                let (m, o) = (l & me, l & opp);
                let w = match (m != 0, o != 0) {
                    (true, true) => continue,
                    (false, false) => ATTACK[0] + DEFEND[0],
                    (true, false) => ATTACK[(m.count_ones() as usize).min(7)],
                    (false, true) => DEFEND[(o.count_ones() as usize).min(7)],
                };
                let mut e = l & live;
                while e != 0 {
                    score[e.trailing_zeros() as usize] += w;
                    e &= e - 1;
                }
            }
            // Symmetries that fix the position: only one move of each orbit is searched.
            let mut fixing = [0usize; 8];
            let mut fixes = 0;
            for s in 1..board.symmetries() {
                if p.me[s] == me && p.opp[s] == opp {
                    fixing[fixes] = s;
                    fixes += 1;
                }
            }
            // Under standard an extra stone can hurt its owner, so a pass may be the best move:
            // the cells beyond the ends of live lines are searched too, and one cell that is
            // neither on nor beyond a live line (all such cells are alike: lines only die).
            let mut cells = live;
            if self.rule == Rule::Standard {
                let idle = empty & !live & !ends;
                cells |= ends & !live | idle & idle.wrapping_neg();
            }
            while cells != 0 {
                let i = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if fixing[..fixes]
                    .iter()
                    .any(|&s| (board.perms[s][i] as usize) < i)
                {
                    continue;
                }
                let s = if tt_move == Some(i as u8) {
                    i32::MAX
                } else {
                    score[i]
                };
                moves[count] = (s, i as u8);
                count += 1;
            }
            moves[..count].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        }

        let mut best: Score = -2;
        let mut best_move = moves[0].1;
        for &(_, i) in &moves[..count] {
            let mut child = Position {
                me: p.opp,
                opp: p.me,
            };
            for s in 0..self.board.symmetries() {
                child.opp[s] |= 1u64 << self.board.perms[s][i as usize];
            }
            let v = -self.search(&child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = i;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let work = (64 - (self.nodes - nodes0).leading_zeros()) as u8 + 1;
        let entry = Entry {
            me: key_me,
            opp: key_opp,
            lower: if best > alpha0 { best } else { -1 },
            upper: if best < beta0 { best } else { 1 },
            best: self.board.perms[sym][best_move as usize],
            work,
        };
        self.table.put(entry);
        best
    }
}

/// The value with perfect play of a position, with the size and time of its proof.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// The value with perfect play on both sides, for the player to move (the solver proves the
    /// verdict; it does not count the plies).
    pub value: Value,
    /// The player to move.
    pub to_move: Player,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

impl Solution {
    /// The finished game perfect play leads to.
    pub fn outcome(&self) -> Outcome {
        self.value.verdict.outcome(self.to_move)
    }
}

/// The marks of `p` in `state`, as a bit set.
fn marks(state: &State, p: Player) -> u64 {
    state
        .cells_of(p)
        .iter()
        .fold(0, |set, c| set | 1u64 << (c - 1))
}

/// The value for the mover of the solver's score `v`: 1 a win, −1 a loss, 0 a draw.
fn value(v: Score) -> Value {
    Value::uncounted(match v {
        1 => Verdict::Win,
        -1 => Verdict::Loss,
        _ => Verdict::Draw,
    })
}

/// Solves `state` within `budget` nodes: its value with perfect play, or why not.
pub fn solve(state: &State, budget: u64) -> Result<Solution, SolveError> {
    solve_with(state, budget, None, |_| {})
}

/// [`solve`] with tables of at most `memory` bytes when given ([`Solver::with_memory`]), calling
/// `progress` every [`Progress::EVERY`] nodes.
pub fn solve_with(
    state: &State,
    budget: u64,
    memory: Option<usize>,
    progress: impl FnMut(&Progress) + 'static,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let g = state.geometry();
    if state.rule() == Rule::Renju {
        return Err(SolveError::Rule { rule: state.rule() });
    }
    let mover = state.player_to_move();
    let done = |value| Solution {
        value,
        to_move: mover,
        nodes: 0,
        seconds: start.elapsed().as_secs_f64(),
    };
    if let Some(o) = state.outcome() {
        return Ok(done(Value {
            verdict: Verdict::of(o, mover),
            plies: Some(0),
        }));
    }
    if state.moves_count() == 0 && g.run() >= 9 {
        return Ok(done(Value::uncounted(Verdict::Draw)));
    }
    let mut solver = Solver::under(g, state.rule(), budget)?;
    if let Some(bytes) = memory {
        solver = solver.with_memory(bytes);
    }
    solver.on_progress(progress);
    let v = solver
        .value(marks(state, mover), marks(state, mover.other()))
        .map_err(|_| match (solver.out_of_memory(), memory) {
            (true, Some(limit)) => SolveError::OutOfMemory { limit },
            _ => SolveError::OutOfBudget { budget },
        })?;
    Ok(Solution {
        value: value(v),
        to_move: mover,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The value of `state` with perfect play and the moves that keep it (every legal move whose
/// result has the same value), when the proofs take at most `budget` nodes in all; `None` when the
/// game is over, the board is too large, the rule is renju or the budget runs out.
pub fn best_moves(state: &State, budget: u64) -> Option<(Value, Vec<Cell>)> {
    BestMoves::new(state, budget)?.slice(u64::MAX)?
}

/// [`best_moves`] in slices ([`BestMoves::slice`]), for one thread that must keep doing other
/// work between them (a web page, which draws its frames): the same proofs, each cut into calls of
/// a given number of nodes that go on from where the last stopped ([`Solver::set_slice`]).
pub struct BestMoves {
    solver: Solver,
    state: State,
    me: u64,
    opp: u64,
    /// The value for the mover, once proved.
    value: Option<Score>,
    /// The legal moves not yet tried, the last first, and the moves that keep the value.
    to_try: Vec<Cell>,
    keep: Vec<Cell>,
}

impl BestMoves {
    /// The proofs of `state`'s value and best moves within `budget` nodes in all; `None` when the
    /// game is over, the board is too large or the rule is renju.
    pub fn new(state: &State, budget: u64) -> Option<BestMoves> {
        if state.game_over() {
            return None;
        }
        let solver = Solver::under(state.geometry(), state.rule(), budget).ok()?;
        let mover = state.player_to_move();
        let mut to_try: Vec<Cell> = state.legal_moves().collect();
        to_try.reverse();
        Some(BestMoves {
            solver,
            state: *state,
            me: marks(state, mover),
            opp: marks(state, mover.other()),
            value: None,
            to_try,
            keep: Vec::new(),
        })
    }

    /// Proves on for about `nodes` more nodes: `None` while the proofs go on, then
    /// `Some(answer)`, the answer being [`best_moves`]'s (`None` when the budget ran out).
    pub fn slice(&mut self, nodes: u64) -> Option<Option<(Value, Vec<Cell>)>> {
        self.solver.set_slice(Some(nodes));
        let start = self.solver.nodes();
        // Whether a proof stopped: at the slice's end (`None`: go on later), or for good.
        let stopped = |solver: &Solver| -> Option<Option<(Value, Vec<Cell>)>> {
            if solver.cut_short() {
                None
            } else {
                Some(None)
            }
        };
        let v = match self.value {
            Some(v) => v,
            None => match self.solver.value(self.me, self.opp) {
                Ok(v) => *self.value.insert(v),
                Err(OutOfBudget) => return stopped(&self.solver),
            },
        };
        while let Some(&c) = self.to_try.last() {
            let used = self.solver.nodes() - start;
            if used >= nodes {
                return None;
            }
            self.solver.set_slice(Some(nodes - used));
            let mine = self.me | 1u64 << (c - 1);
            let child = self.state.result(c);
            let keeps = match child.outcome() {
                Some(Outcome::Won(_)) => true,
                Some(Outcome::Draw) => v == 0,
                // The child's value is at least −v for its mover; the move keeps v if it is at most.
                None => match self.solver.value_at_most(self.opp, mine, -v) {
                    Ok(keeps) => keeps,
                    Err(OutOfBudget) => return stopped(&self.solver),
                },
            };
            if keeps {
                self.keep.push(c);
            }
            self.to_try.pop();
        }
        Some(Some((value(v), std::mem::take(&mut self.keep))))
    }

    /// The nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.solver.nodes()
    }
}

/// The node budget of one move of a player that plays by the solver: about a second of search.
pub const MOVE_BUDGET: u64 = 2_000_000;

/// [`solves`] of the window's preset boards above 3 × 3, as (width, height, run), worked out once
/// (the test `the_known_answers_are_the_solvers` works each out again): the window asks on its
/// first use of a board, and working it out takes up to a second (6 × 6 k4 and 7 × 7 k5 use the
/// whole [`MOVE_BUDGET`] before the solver gives up) — a second a web page would stand still.
const KNOWN: [((usize, usize, usize), bool); 4] = [
    ((4, 4, 4), true),
    ((5, 5, 4), true),
    ((6, 6, 4), false),
    ((7, 7, 5), false),
];

/// Whether the solver finds the value and every optimal move of the empty board of `g` within
/// [`MOVE_BUDGET`] nodes (for either starting player: the proof does not depend on the name of the
/// player who starts), so that a player can play `g` exactly by [`best_moves`]. Worked out once
/// per geometry and remembered (the first call may take a second; the presets' are known).
pub fn solves(g: Geometry) -> bool {
    static SOLVED: OnceLock<Mutex<HashMap<Geometry, bool>>> = OnceLock::new();
    let known = SOLVED.get_or_init(Default::default);
    if let Some(&answer) = known.lock().expect("not poisoned").get(&g) {
        return answer;
    }
    let shape = (g.width(), g.height(), g.run());
    if let Some(&(_, answer)) = KNOWN.iter().find(|(k, _)| *k == shape) {
        return answer;
    }
    let answer = works_out(g);
    known.lock().expect("not poisoned").insert(g, answer);
    answer
}

/// [`solves`] worked out.
fn works_out(g: Geometry) -> bool {
    g.cells() <= MAX_CELLS && best_moves(&State::empty(g, Player::X), MOVE_BUDGET).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_answers_are_the_solvers() {
        for ((w, h, k), answer) in KNOWN {
            let g = Geometry::new(w, h, k).unwrap();
            assert_eq!(works_out(g), answer, "{g}");
            assert_eq!(solves(g), answer, "{g}");
        }
    }

    /// The value for the mover by plain negamax over every empty cell, with no pruning.
    fn naive(board: &Board, me: u64, opp: u64, memo: &mut HashMap<(u64, u64), Score>) -> Score {
        if let Some(&v) = memo.get(&(me, opp)) {
            return v;
        }
        let empty = board.full & !(me | opp);
        let mut best = if empty == 0 { 0 } else { -1 };
        let mut cells = empty;
        while cells != 0 && best < 1 {
            let b = cells & cells.wrapping_neg();
            cells &= cells - 1;
            let mine = me | b;
            let v = if board.lines().iter().any(|&l| l & b != 0 && l & !mine == 0) {
                1
            } else {
                -naive(board, opp, mine, memo)
            };
            best = best.max(v);
        }
        memo.insert((me, opp), best);
        best
    }

    #[test]
    fn agrees_with_plain_negamax_on_positions_with_any_counts_of_marks() {
        // Positions the search meets after a pass, where the mover may have more marks than the
        // opponent: the value is still the game's from there (neither side has a line yet).
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for (w, h, k, stones) in [(4, 4, 3, 8..12), (4, 4, 4, 8..12), (5, 4, 4, 12..16)] {
            let g = Geometry::new(w, h, k).unwrap();
            let board = Board::new(g).unwrap();
            let mut memo = HashMap::new();
            let mut solver = Solver::new(g, u64::MAX).unwrap();
            let mut checked = 0;
            while checked < 150 {
                let (mut me, mut opp) = (0u64, 0u64);
                for _ in 0..rng.gen_range(stones.clone()) {
                    let c = rng.gen_range(0..g.cells());
                    if (me | opp) >> c & 1 == 0 {
                        if rng.gen() {
                            me |= 1 << c;
                        } else {
                            opp |= 1 << c;
                        }
                    }
                }
                let won = |set: u64| board.lines().iter().any(|&l| l & !set == 0);
                if won(me) || won(opp) {
                    continue;
                }
                let expected = naive(&board, me, opp, &mut memo);
                assert_eq!(
                    solver.value(me, opp),
                    Ok(expected),
                    "{w}x{h} {me:#x} {opp:#x}"
                );
                checked += 1;
            }
        }
    }

    /// The value for the player to move of `state` by plain negamax over the rules engine (its
    /// legal moves and outcomes, under the state's rule), with no pruning.
    fn slow(state: &State, memo: &mut HashMap<State, Score>) -> Score {
        if let Some(o) = state.outcome() {
            return match o {
                Outcome::Won(p) if p == state.player_to_move() => 1,
                Outcome::Won(_) => -1,
                Outcome::Draw => 0,
            };
        }
        if let Some(&v) = memo.get(state) {
            return v;
        }
        let v = state
            .legal_moves()
            .map(|c| -slow(&state.result(c), memo))
            .max()
            .expect("a game in play has a move");
        memo.insert(*state, v);
        v
    }

    /// Every position reachable from the empty board of `g` under `rule`, `start` first.
    fn reachable(g: Geometry, rule: Rule, start: Player) -> Vec<State> {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![State::empty_under(g, rule, start)];
        while let Some(s) = todo.pop() {
            if seen.insert(s) {
                todo.extend(s.legal_moves().map(|c| s.result(c)));
            }
        }
        let mut all: Vec<State> = seen.into_iter().collect();
        all.sort_by_key(|s| (s.moves_count(), marks(s, Player::X), marks(s, Player::O)));
        all
    }

    #[test]
    fn standard_agrees_with_a_slow_checker_on_every_position_of_small_boards() {
        // Boards wider than the run, so that overlines can be made; every reachable position.
        let mut differ = 0;
        for (w, h, k) in [(4, 3, 3), (5, 2, 3), (6, 1, 2), (7, 1, 3), (5, 2, 2)] {
            let g = Geometry::new(w, h, k).unwrap();
            let mut memo = HashMap::new();
            let mut free_memo = HashMap::new();
            let mut solver = Solver::under(g, Rule::Standard, u64::MAX).unwrap();
            let mut free = Solver::new(g, u64::MAX).unwrap();
            for s in reachable(g, Rule::Standard, Player::X) {
                let expected = slow(&s, &mut memo);
                let got = solver.outcome(&s).expect("no budget");
                assert_eq!(
                    Verdict::of(got, s.player_to_move()),
                    value(expected).verdict,
                    "{w}x{h} k{k} standard\n{}",
                    s.board_text()
                );
                // The same stones under freestyle, where they are a freestyle position.
                let f = crate::rules::Setup {
                    rule: Rule::Freestyle,
                    ..s.setup()
                }
                .position();
                if let Ok(f) = f {
                    if f.outcome().is_none() && s.outcome().is_none() {
                        let fv = slow(&f, &mut free_memo);
                        assert_eq!(
                            free.outcome(&f).map(|o| Verdict::of(o, f.player_to_move())),
                            Some(value(fv).verdict)
                        );
                        differ += usize::from(fv != expected);
                    }
                }
            }
        }
        assert!(
            differ > 0,
            "some positions have other values under freestyle"
        );
    }

    #[test]
    fn standard_agrees_with_a_slow_checker_on_random_positions() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(15);
        for (w, h, k, stones) in [(4, 4, 3, 6..11), (5, 4, 3, 9..14), (6, 3, 4, 7..12)] {
            let g = Geometry::new(w, h, k).unwrap();
            let mut memo = HashMap::new();
            let mut solver = Solver::under(g, Rule::Standard, u64::MAX).unwrap();
            let mut checked = 0;
            while checked < 60 {
                let mut s = State::empty_under(g, Rule::Standard, Player::X);
                for _ in 0..rng.gen_range(stones.clone()) {
                    let moves: Vec<Cell> = s.legal_moves().collect();
                    if moves.is_empty() {
                        break;
                    }
                    s = s.result(moves[rng.gen_range(0..moves.len())]);
                }
                if s.game_over() {
                    continue;
                }
                let expected = value(slow(&s, &mut memo)).verdict;
                let got = solver
                    .outcome(&s)
                    .map(|o| Verdict::of(o, s.player_to_move()));
                assert_eq!(got, Some(expected), "{w}x{h} k{k}\n{}", s.board_text());
                checked += 1;
            }
        }
    }

    #[test]
    fn best_moves_in_slices_are_the_same_proofs_as_at_once() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(19);
        let mut cut = 0;
        for (w, h, k, budget) in [
            (4, 4, 3, 100_000),
            (4, 4, 4, 2_000_000),
            (5, 5, 4, 2_000_000),
        ] {
            let g = Geometry::new(w, h, k).unwrap();
            for _ in 0..6 {
                let mut state = State::empty(g, Player::X);
                for _ in 0..rng.gen_range(0..5) {
                    let free: Vec<Cell> = state.legal_moves().collect();
                    let next = state.result(free[rng.gen_range(0..free.len())]);
                    if next.game_over() {
                        break;
                    }
                    state = next;
                }
                let whole = best_moves(&state, budget);
                for slice in [300, 20_000] {
                    let mut proofs = BestMoves::new(&state, budget).expect("a game on");
                    let mut calls = 0;
                    let sliced = loop {
                        calls += 1;
                        let before = proofs.nodes();
                        let answer = proofs.slice(slice);
                        // A slice stays within its nodes (each proof's call is cut at its end).
                        assert!(proofs.nodes() - before <= slice + 1, "{g}");
                        if let Some(answer) = answer {
                            break answer;
                        }
                    };
                    cut += usize::from(calls > 1);
                    // With a budget left the slices prove what the whole proof proves.
                    if whole.is_some() && proofs.nodes() <= budget {
                        assert_eq!(sliced, whole, "{g} {slice} {state:?}");
                    }
                }
            }
        }
        assert!(cut > 6, "many proofs took several slices: {cut}");
    }

    #[test]
    fn a_memory_limit_stops_the_proof_and_progress_is_told() {
        use std::sync::{Arc, Mutex};
        // 7 × 4 four in a row: a draw, about a million nodes.
        let empty = State::empty(Geometry::new(7, 4, 4).unwrap(), Player::X);
        let reports = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&reports);
        let s = solve_with(&empty, u64::MAX, Some(64 << 20), move |p: &Progress| {
            seen.lock().unwrap().push(*p)
        })
        .unwrap();
        assert_eq!(s.outcome(), Outcome::Draw);
        assert_eq!(Ok(s.value), solve(&empty, u64::MAX).map(|s| s.value));
        let reports = reports.lock().unwrap();
        assert_eq!(reports.len() as u64, s.nodes / Progress::EVERY);
        for (i, p) in reports.iter().enumerate() {
            assert_eq!(p.nodes, (i as u64 + 1) * Progress::EVERY);
            assert!(p.depth <= 28 && p.table_bytes <= 64 << 20, "{p:?}");
        }
        // Tables of at most 1 MiB are too small for it; the limit is kept, grown into included.
        let small = 1 << 20;
        let mut solver = Solver::new(empty.geometry(), u64::MAX)
            .unwrap()
            .with_memory(small);
        assert_eq!(solver.value(0, 0), Err(OutOfBudget));
        assert!(solver.out_of_memory());
        assert!(solver.table.size() <= small);
        assert_eq!(
            solve_with(&empty, u64::MAX, Some(small), |_| {}),
            Err(SolveError::OutOfMemory { limit: small })
        );
        // The node budget is told apart from the memory.
        assert_eq!(
            solve_with(&empty, 1000, Some(64 << 20), |_| {}),
            Err(SolveError::OutOfBudget { budget: 1000 })
        );
    }

    #[test]
    fn lines_and_symmetries_of_boards() {
        let b = Board::new(Geometry::new(3, 3, 3).unwrap()).unwrap();
        assert_eq!(b.lines().len(), 8);
        assert_eq!(b.symmetries(), 8);
        let b = Board::new(Geometry::new(7, 4, 4).unwrap()).unwrap();
        assert_eq!(b.lines().len(), 4 * 4 + 7 + 2 * 4);
        assert_eq!(b.symmetries(), 4);
        // Every symmetry maps lines onto lines, and is a permutation with its inverse.
        for g in [(3, 3, 3), (7, 4, 4), (5, 5, 4), (6, 5, 4), (4, 3, 3)] {
            let b = Board::new(Geometry::new(g.0, g.1, g.2).unwrap()).unwrap();
            for s in 0..b.symmetries() {
                for &l in b.lines() {
                    assert!(b.lines().contains(&b.image(s, l)), "{g:?} sym {s}");
                }
                for i in 0..g.0 * g.1 {
                    assert_eq!(b.inverse[s][b.perms[s][i] as usize] as usize, i);
                }
            }
        }
    }
}
