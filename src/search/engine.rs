//! Iterative-deepening negamax with alpha-beta, principal-variation search and a transposition
//! table; threat-aware move ordering and evaluation; immediate-win and forced-block detection
//! (a forced block is searched without using up depth); and threat-space searches: a victory by
//! continuous fours (VCF) at the root and at the leaves, and by threats of a double four as well
//! (VCT) at the root.
//!
//! Every value comes with a proof flag: true when the tree behind it met no heuristic leaf and left
//! out no live cell, so the value (or the bound an alpha-beta cut-off makes of it) holds for
//! perfect play. A win needs the proof of the winning move only; any other value needs all moves'.

use super::board::{Board, Layout, EMPTY};
use super::tt::{Bound, Entry, Table, SLOT_BYTES};
use super::{Limits, MATE, MATE_BOUND};
use crate::clock::Instant;
use crate::geometry::Cell;
use crate::rules::{Player, Setup};
use crate::value::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The deepest ply the search reaches (forced blocks extend beyond the nominal depth).
const MAX_PLY: usize = 128;

/// Boards with more cells than this consider only cells within distance 2 of a stone.
const RESTRICT_ABOVE_CELLS: usize = 49;

/// The attacker moves a VCF at a leaf may make, and at the root.
const LEAF_VCF_DEPTH: u32 = 5;
const ROOT_VCF_DEPTH: u32 = 30;

/// The threats (moves that threaten a double four) a VCT may make at the root, the candidate
/// threats tried at each of its nodes, and its nodes.
const ROOT_VCT_DEPTH: u32 = 4;
const VCT_WIDTH: usize = 12;
const ROOT_VCT_NODES: u64 = 100_000;

/// The nodes a VCF may use at the root and at a leaf.
const ROOT_VCF_NODES: u64 = 300_000;
const LEAF_VCF_NODES: u64 = 200;

/// On large boards, the moves searched below the root: the best of the ordering.
const BEAM: usize = 14;

const INF: i32 = MATE + 1;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Cell,
    /// Its value for the side to move: a heuristic score, or `±(MATE − plies)` for a forced win
    /// or loss.
    pub value: i32,
    /// The game-theoretic value, when the search proved it.
    pub proven: Option<Value>,
    /// The deepest iteration completed (0: the move was forced or found by the threat search).
    pub depth: u32,
    /// Nodes searched, by every thread.
    pub nodes: u64,
    /// The principal variation: the best line found, starting with `best`.
    pub pv: Vec<Cell>,
    /// The time taken.
    pub elapsed: Duration,
}

/// What an analysis asks of one search beyond its limits (the default asks nothing: a player's
/// search).
#[derive(Default)]
pub struct Hooks<'a> {
    /// Root moves left out: the moves of the lines found already, for multi-PV.
    pub exclude: &'a [Cell],
    /// Analysis: the tree is searched unless the answer without it is proven, an iteration is
    /// started whatever the time, and [`SearchResult::proven`] is the value of
    /// [`SearchResult::best`] itself (its own proof), not of the position.
    pub analysis: bool,
    /// Only the tree search: not the answers without it (the only cell, a win at once, a block,
    /// a threat-space win), which an analysis tried already.
    pub search_only: bool,
    /// Called after each completed depth of the main thread, with the figures so far (in the
    /// game's cells).
    pub on_depth: Option<&'a mut (dyn FnMut(&SearchResult) + Send)>,
}

impl Hooks<'_> {
    /// Whether the hooks need this engine's root: moves left out, or analysis's own proofs. A
    /// search that answers without them (another engine for some boards) must leave such a
    /// search to this one; a report after each depth alone any engine can give.
    pub fn need_root(&self) -> bool {
        !self.exclude.is_empty() || self.analysis
    }
}

/// A search: its limits, its cancel flag and its transposition table (kept between moves).
pub struct Search {
    limits: Limits,
    cancel: Arc<AtomicBool>,
    tt: Table,
    /// The board the table's keys were made for.
    shape: Option<(usize, usize, usize)>,
    /// The table of the five-in-a-row search (made on its first use).
    gomoku_tt: Option<super::gomoku::Table>,
    /// The memory the manager allows, in bytes (0: not said).
    memory: u64,
    /// Only this engine, never the pattern search ([`Search::first_engine_only`]).
    first_only: bool,
}

/// What the threads of one search share.
struct Shared<'a> {
    tt: &'a Table,
    cancel: &'a AtomicBool,
    /// Set when the main thread is done: the helpers stop.
    stop: AtomicBool,
    nodes: AtomicU64,
}

impl Search {
    /// A search within `limits` that stops as soon as `cancel` is set (it then returns the best
    /// move found so far).
    ///
    /// The transposition table is made on the first [`think`](Search::think), sized for the
    /// board: 64 KB for at most 16 cells, 16 MB up to 64 cells, 32 MB beyond.
    pub fn new(limits: Limits, cancel: Arc<AtomicBool>) -> Search {
        Search {
            limits,
            cancel,
            tt: Table::with_slots(1),
            shape: None,
            gomoku_tt: None,
            memory: 0,
            first_only: false,
        }
    }

    /// This search with the first engine only (this module's), never the pattern search of five
    /// in a row: for tests and comparisons of the two.
    pub fn first_engine_only(mut self) -> Search {
        self.first_only = true;
        self
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits (e.g. the time left in a match).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The memory the engine may use, in bytes (Gomocup's `INFO max_memory`; 0: not said). The
    /// five-in-a-row search's table takes half of it (64 MiB when not said), the first engine's
    /// table at most an eighth (32 MiB when not said), both made anew on the next move when
    /// the size changes.
    pub fn set_memory(&mut self, bytes: u64) {
        if bytes != self.memory {
            self.memory = bytes;
            self.gomoku_tt = None;
            // The first engine's table too, within an eighth of it.
            self.shape = None;
        }
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&mut self) {
        self.tt.clear();
        if let Some(t) = &self.gomoku_tt {
            t.clear();
        }
    }

    /// Thinks about `position` and returns the move to play, or `None` when the game is over
    /// (someone has a line, or the board is full).
    ///
    /// The position is a [`Setup`] — stones and the player to move — rather than a checked
    /// [`State`](crate::rules::State) (`state.setup()` gives one), because a Gomocup manager may
    /// ask for a move in any arrangement of stones.
    pub fn think(&mut self, position: &Setup) -> Option<SearchResult> {
        let cancel = Arc::clone(&self.cancel);
        self.think_until(position, &cancel)
    }

    /// [`think`](Search::think), stopping as soon as `stop` is set (instead of the search's own
    /// cancel flag): it then returns the best move found so far.
    pub fn think_until(&mut self, position: &Setup, stop: &AtomicBool) -> Option<SearchResult> {
        self.think_with(position, stop, Hooks::default())
    }

    /// [`think_until`](Search::think_until) with an analysis's [`Hooks`]. `None` also when every
    /// move is excluded.
    pub fn think_with(
        &mut self,
        position: &Setup,
        stop: &AtomicBool,
        mut hooks: Hooks<'_>,
    ) -> Option<SearchResult> {
        let started = Instant::now();
        let board = self.board(position, 1)?;
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            cancel: stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        };
        let deadline = self.limits.time.map(|t| started + t);
        // Renju: the cells the side to move may not play (black's forbidden points), left out of
        // the root's moves and of the obvious answers.
        let excluded = super::rule::excluded_at_root(position);
        let renju = super::rule::Renju::of(position);
        let mut main = Worker::new(board.clone(), &shared, deadline, self.limits.nodes, 0);
        main.excluded = excluded.clone();
        main.renju = renju.clone();
        main.exclude = hooks.exclude.iter().map(|&c| (c - 1) as u16).collect();
        main.analysis = hooks.analysis;
        // Progress is timed from here: the table may have taken a while to allocate.
        main.started = Instant::now();
        let obvious = if main.exclude.is_empty() && !hooks.search_only {
            main.obvious()
                .filter(|r| !excluded.get(r.best).copied().unwrap_or(false))
                .filter(|r| !hooks.analysis || r.proven.is_some())
        } else {
            None
        };
        // Five in a row on a large board, with no root hooks: the pattern search (under each
        // rule; a move it would make on a forbidden point is left to this engine).
        if obvious.is_none() && !hooks.need_root() && !self.first_only {
            if let Some(r) = Search::gomoku(
                &mut self.gomoku_tt,
                self.memory,
                self.limits,
                position,
                stop,
                started,
                hooks.on_depth.as_deref_mut(),
            ) {
                if !excluded.get(r.best - 1).copied().unwrap_or(false) {
                    return Some(r);
                }
            }
        }
        let mut result = if let Some(r) = obvious {
            r
        } else {
            let threads = self.limits.threads.clamp(1, super::available_cores());
            std::thread::scope(|scope| {
                for id in 1..threads {
                    let mut helper =
                        Worker::new(board.clone(), &shared, deadline, self.limits.nodes, id);
                    helper.excluded = excluded.clone();
                    helper.renju = renju.clone();
                    let max_depth = self.limits.max_depth;
                    helper.exclude.clone_from(&main.exclude);
                    scope.spawn(move || helper.iterate(max_depth, None, None));
                }
                // An analysis deepens to the limits' depth; a player starts no iteration after
                // half its time.
                let budget = self.limits.time.filter(|_| !hooks.analysis);
                let r = main.iterate(self.limits.max_depth, budget, hooks.on_depth);
                shared.stop.store(true, Ordering::Relaxed);
                r
            })?
        };
        result.nodes = shared.nodes.load(Ordering::Relaxed) + main.nodes;
        result.elapsed = started.elapsed();
        Some(in_game_cells(result))
    }

    /// The engine's board of `position`, the table sized for its shape (at least `min_slots`);
    /// `None` when the game is over (someone has a line, or the board is full).
    fn board(&mut self, position: &Setup, min_slots: usize) -> Option<Board> {
        let g = position.geometry;
        let shape = (g.width(), g.height(), g.run());
        if self.shape != Some(shape) {
            let cells = shape.0 * shape.1;
            let slots = min_slots.max(match cells {
                0..=16 => 1 << 12,
                17..=64 => 1 << 20,
                _ => 1 << 21,
            });
            self.tt = match self.memory {
                0 => Table::with_slots(slots),
                // Within an eighth of the manager's memory: the five-in-a-row search's table
                // takes half, and the rest is left for the program itself.
                m => Table::with_bytes((slots * SLOT_BYTES).min((m / 8) as usize)),
            };
            self.shape = Some(shape);
        }
        let layout = Arc::new(Layout::new(g));
        let board = Board::of_with_longest_wins(
            layout,
            &position.stones,
            position.to_move,
            super::rule::longest_wins(position),
        );
        (board.winner().is_none() && board.stone_count() < g.cells()).then_some(board)
    }
}

/// The engine's cell indices are `cell − 1`: the answer in the game's cells.
fn in_game_cells(mut result: SearchResult) -> SearchResult {
    result.best += 1;
    for c in &mut result.pv {
        *c += 1;
    }
    result
}

/// A search run in slices on one thread — a web page's, between its frames — instead of at once.
/// Each [`Search::slice`] searches about a given number of nodes and returns; the next one goes on
/// where it stopped. Between slices the search keeps its transposition table (in the [`Search`]),
/// the iteration it has reached, the best move of the last one completed and the root's move
/// order; an iteration cut short is searched again from its start, and the table gives back at
/// once the subtrees that earlier slices finished. The limits are the search's: its time from
/// [`Search::begin_slices`] on (the frames between slices included), its nodes over all slices.
#[derive(Clone, Debug)]
pub struct Slices {
    position: Setup,
    started: Instant,
    /// The immediate answers and the root's threat searches ([`Worker::obvious`]) are done.
    obvious_done: bool,
    /// The root's moves, the best first, and whether they leave out live cells.
    root: Vec<u16>,
    root_skipped: bool,
    /// The iteration to search next.
    depth: u32,
    /// What the last completed iteration found (before any, the root's first move).
    result: Option<SearchResult>,
    /// Nodes searched by every slice so far, and by the immediate answers' slices.
    nodes: u64,
    obvious_nodes: u64,
    /// The threat searches' failures ([`Worker`]'s), kept from slice to slice.
    vcf_failed: HashMap<u64, u32>,
    vct_failed: HashMap<u64, u32>,
}

/// The least table of a search in slices (4 MB): what the earlier slices finished must stay in
/// it for the next ones to go on, where a search at once may forget more (64 KB for 16 cells).
const SLICES_SLOTS: usize = 1 << 18;

impl Slices {
    /// Nodes searched by every slice so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Search {
    /// Begins a search of `position` to be run in slices ([`Search::slice`]); `None` when the
    /// game is over.
    pub fn begin_slices(&mut self, position: &Setup) -> Option<Slices> {
        self.board(position, SLICES_SLOTS)?;
        Some(Slices {
            position: *position,
            started: Instant::now(),
            obvious_done: false,
            root: Vec::new(),
            root_skipped: false,
            depth: 1,
            result: None,
            nodes: 0,
            obvious_nodes: 0,
            vcf_failed: HashMap::new(),
            vct_failed: HashMap::new(),
        })
    }

    /// Searches `slices` for about `nodes` more nodes (the first slices look for the immediate
    /// answers and the root's threats, the next ones deepen): the answer when
    /// the search is done — the value proven, the deepest iteration searched, the time or the
    /// nodes used up, or the search's cancel flag set — and `None` while it goes on.
    pub fn slice(&mut self, slices: &mut Slices, nodes: u64) -> Option<SearchResult> {
        let board = self.board(&slices.position, SLICES_SLOTS)?;
        let cancel = Arc::clone(&self.cancel);
        let shared = Shared {
            tt: &self.tt,
            cancel: &cancel,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        };
        let deadline = self.limits.time.map(|t| slices.started + t);
        let left = self
            .limits
            .nodes
            .map(|n| n.saturating_sub(slices.nodes).max(1));
        let finish = |slices: &Slices, mut r: SearchResult| {
            r.nodes = slices.nodes;
            r.elapsed = slices.started.elapsed();
            Some(in_game_cells(r))
        };
        let budget = left.map_or(nodes, |l| l.min(nodes)).max(1);
        let mut w = Worker::new(board, &shared, deadline, Some(budget), 0);
        w.sliced = true;
        w.excluded = super::rule::excluded_at_root(&slices.position);
        w.renju = super::rule::Renju::of(&slices.position);
        // The threat searches' failures stay known from slice to slice.
        w.vcf_failed = std::mem::take(&mut slices.vcf_failed);
        w.vct_failed = std::mem::take(&mut slices.vct_failed);
        if !slices.obvious_done {
            let excluded = w.excluded.clone();
            let obvious = w
                .obvious()
                .filter(|r| !excluded.get(r.best).copied().unwrap_or(false));
            slices.nodes += w.nodes;
            slices.obvious_nodes += w.nodes;
            if let Some(r) = obvious {
                return finish(slices, r);
            }
            // Cut short by the slice: the next one goes on (the threat searches' budgets hold
            // over all the slices, and so do the search's limits).
            let out = cancel.load(Ordering::Relaxed)
                || deadline.is_some_and(|d| Instant::now() >= d)
                || left.is_some_and(|l| w.nodes >= l);
            if w.nodes >= budget && slices.obvious_nodes < ROOT_VCF_NODES + ROOT_VCT_NODES && !out {
                slices.vcf_failed = std::mem::take(&mut w.vcf_failed);
                slices.vct_failed = std::mem::take(&mut w.vct_failed);
                return None;
            }
            let mut ordered = Vec::new();
            slices.root_skipped = w.order_into(0, None, &mut ordered);
            let allowed = |c: u16| !w.excluded.get(c as usize).copied().unwrap_or(false);
            slices.root = ordered
                .into_iter()
                .map(|(_, c)| c)
                .filter(|&c| allowed(c))
                .collect();
            if slices.root.is_empty() {
                slices.root = (0..w.b.layout().cells as u16)
                    .filter(|&c| w.b.stone(c as usize) == EMPTY && allowed(c))
                    .collect();
            }
            if slices.root.is_empty() {
                slices.root = (0..w.b.layout().cells as u16)
                    .filter(|&c| w.b.stone(c as usize) == EMPTY)
                    .collect();
            }
            let first = slices.root[0] as usize;
            slices.result = Some(SearchResult {
                best: first,
                value: 0,
                proven: None,
                depth: 0,
                nodes: 0,
                pv: vec![first],
                elapsed: Duration::ZERO,
            });
            slices.obvious_done = true;
            slices.vcf_failed = std::mem::take(&mut w.vcf_failed);
            slices.vct_failed = std::mem::take(&mut w.vct_failed);
            return if out {
                finish(slices, slices.result.clone().expect("just set"))
            } else {
                None
            };
        }
        w.root_skipped = slices.root_skipped;
        let answer = loop {
            let result = slices.result.as_mut().expect("set by the first slice");
            if slices.depth > self.limits.max_depth {
                break result.clone();
            }
            let Some((value, best, proven)) = w.root(slices.depth as i32, &mut slices.root) else {
                // Cut short: by the slice's nodes (the next slice goes on), or by the search's
                // own limits (the answer is the last completed iteration's).
                let out = cancel.load(Ordering::Relaxed)
                    || deadline.is_some_and(|d| Instant::now() >= d)
                    || left.is_some_and(|l| w.nodes >= l);
                slices.nodes += w.nodes;
                slices.vcf_failed = std::mem::take(&mut w.vcf_failed);
                slices.vct_failed = std::mem::take(&mut w.vct_failed);
                return if out {
                    let r = result.clone();
                    finish(slices, r)
                } else {
                    None
                };
            };
            result.best = best as usize;
            result.value = value;
            result.depth = slices.depth;
            result.pv = w.pv(best);
            result.proven = w.proven(value, proven);
            slices.depth += 1;
            let half_time = self
                .limits
                .time
                .is_some_and(|t| slices.started.elapsed() * 2 > t);
            if result.proven.is_some() || half_time {
                break result.clone();
            }
        };
        slices.nodes += w.nodes;
        finish(slices, answer)
    }
}

impl Search {
    /// Whether [`Search::gomoku`] plays `position`'s game: five in a row on more than 49 cells.
    fn plays_gomoku(position: &Setup) -> bool {
        let g = position.geometry;
        g.run() == 5
            && g.cells() > RESTRICT_ABOVE_CELLS
            && std::env::var_os("TICTACTOE_OLD_SEARCH").is_none()
    }

    /// The five-in-a-row search's table: half the memory allowed (1 MiB to 1 GiB), 64 MiB when
    /// not said.
    fn gomoku_table(memory: u64) -> super::gomoku::Table {
        let bytes = match memory {
            0 => 64 << 20,
            m => (m / 2).clamp(1 << 20, 1 << 30) as usize,
        };
        super::gomoku::Table::with_bytes(bytes)
    }

    /// Makes now what the first move on `position`'s board would make: both tables, sized for
    /// its shape and the memory allowed, and the five-in-a-row search's pattern tables under
    /// every rule (the rule may be said later), with either colour as black. Gomocup's `START`
    /// is not timed and a move is: the tables took a tenth of a second of the first move under
    /// renju.
    pub fn prepare(&mut self, position: &Setup) {
        let _ = self.board(position, 1);
        if Search::plays_gomoku(position) {
            let memory = self.memory;
            self.gomoku_tt
                .get_or_insert_with(|| Search::gomoku_table(memory));
            let g = position.geometry;
            for rule in crate::rule::Rule::ALL {
                for black in 0..2 {
                    let tables = super::pattern::RuleTables::of(rule, black);
                    let _ = super::pattern::PatternBoard::with_rule(g.width(), g.height(), tables);
                }
            }
        }
    }

    /// The five-in-a-row search on the pattern board under the position's rule, for boards of
    /// more than 49 cells with a run of five; `None` for other games.
    fn gomoku(
        table: &mut Option<super::gomoku::Table>,
        memory: u64,
        limits: Limits,
        position: &Setup,
        stop: &AtomicBool,
        started: Instant,
        on_depth: Option<&mut (dyn FnMut(&SearchResult) + Send + '_)>,
    ) -> Option<SearchResult> {
        use super::pattern::PatternBoard;
        let g = position.geometry;
        let (w, h) = (g.width(), g.height());
        if !Search::plays_gomoku(position) {
            return None;
        }
        let black = super::rule::black(position).index();
        let tables = super::pattern::RuleTables::of(position.rule, black);
        let mut board = PatternBoard::with_rule(w, h, tables)?;
        for p in Player::BOTH {
            for c in position.stones[p] {
                let (row, column) = g.row_column(c);
                board.set_to_move(p.index());
                board.make(board.index(column, row));
            }
        }
        board.set_to_move(position.to_move.index());
        let tt = table.get_or_insert_with(|| Search::gomoku_table(memory));
        // The deadline counts from the start of the move (the threat searches and the tables
        // made on the first move included).
        // The pattern board's answers are `row · width + column`: in the game's cells.
        let in_cells = |mut r: SearchResult| {
            let cell = |i: usize| g.cell(i / w, i % w);
            r.best = cell(r.best);
            for c in &mut r.pv {
                *c = cell(*c);
            }
            r
        };
        let mut told = on_depth.map(|f| move |r: &SearchResult| f(&in_cells(r.clone())));
        let report = told.as_mut().map(|f| f as &mut super::gomoku::Report<'_>);
        super::gomoku::think(&board, limits, tt, stop, started, report).map(in_cells)
    }
}

/// One thread's search.
struct Worker<'a> {
    b: Board,
    shared: &'a Shared<'a>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    id: usize,
    nodes: u64,
    /// True when the root's candidates leave out live cells (large boards).
    root_skipped: bool,
    /// Cells the root may not play (renju's forbidden points for black), by engine index; empty
    /// when there are none.
    excluded: Vec<bool>,
    /// Under renju: black's forbidden points, followed through the tree's moves (not through the
    /// threat searches').
    renju: Option<super::rule::Renju>,
    aborted: bool,
    restrict: bool,
    history: Vec<i32>,
    killers: Vec<[u16; 2]>,
    /// Positions (attacker to move) where a VCF of at most this many fours failed.
    vcf_failed: HashMap<u64, u32>,
    /// The same for the VCT.
    vct_failed: HashMap<u64, u32>,
    /// The node count at which the current threat search gives up.
    vcf_limit: u64,
    /// The worker searches a slice ([`Slices`]): its node limit is the slice's, not the move's.
    sliced: bool,
    buffers: Vec<Vec<(i32, u16)>>,
    /// Root moves left out ([`Hooks::exclude`]).
    exclude: Vec<u16>,
    /// [`Hooks::analysis`].
    analysis: bool,
    /// Whether the best move's own value is proven, after an iteration at the root.
    best_proven: bool,
    /// When the search began.
    started: Instant,
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        if self.id != 0 {
            self.shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        }
    }
}

/// A mate value stored relative to the node, read back relative to the root.
fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v + ply as i32
    } else if v <= -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v - ply as i32
    } else if v <= -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

impl<'a> Worker<'a> {
    fn new(
        b: Board,
        shared: &'a Shared<'a>,
        deadline: Option<Instant>,
        node_limit: Option<u64>,
        id: usize,
    ) -> Worker<'a> {
        let cells = b.layout().cells;
        Worker {
            restrict: cells > RESTRICT_ABOVE_CELLS,
            b,
            shared,
            deadline,
            node_limit,
            id,
            nodes: 0,
            root_skipped: false,
            excluded: Vec::new(),
            renju: None,
            aborted: false,
            history: vec![0; cells],
            killers: vec![[u16::MAX; 2]; MAX_PLY + 2],
            vcf_failed: HashMap::new(),
            vct_failed: HashMap::new(),
            vcf_limit: 0,
            sliced: false,
            buffers: vec![Vec::new(); MAX_PLY + 2],
            exclude: Vec::new(),
            analysis: false,
            best_proven: false,
            started: Instant::now(),
        }
    }

    /// Under renju, whether the side to move is black and `c` (an engine index) is one of its
    /// forbidden points.
    fn forbidden(&mut self, c: u16) -> bool {
        let me = self.b.to_move();
        self.renju.as_mut().is_some_and(|r| r.forbidden(me, c))
    }

    /// Whether `colour` is black under renju (its double fours are forbidden, not threats).
    fn renju_black(&self, colour: usize) -> bool {
        self.renju.as_ref().is_some_and(|r| r.is_black(colour))
    }

    /// Makes the move `c` on the board (and on the renju board, if any).
    fn make(&mut self, c: u16) {
        let me = self.b.to_move();
        if let Some(r) = self.renju.as_mut() {
            r.put(me, c);
        }
        self.b.make(c as usize);
    }

    /// Takes back the move `c`, the last made by [`Worker::make`].
    fn unmake(&mut self, c: u16) {
        self.b.unmake();
        if let Some(r) = self.renju.as_mut() {
            r.clear(c);
        }
    }

    /// Counts a node and checks the limits every 1024 nodes.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            let out = self.shared.cancel.load(Ordering::Relaxed)
                || (self.id != 0 && self.shared.stop.load(Ordering::Relaxed))
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.nodes >= n);
            if out {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The answer without a tree search: the only cell, an immediate win, the one block of the
    /// opponent's four, or a win by continuous fours.
    fn obvious(&mut self) -> Option<SearchResult> {
        let me = self.b.to_move();
        let opp = 1 - me;
        let answer = |best: usize, value: i32, proven: Option<Value>, pv: Vec<usize>| {
            Some(SearchResult {
                best,
                value,
                proven,
                depth: 0,
                nodes: 0,
                pv,
                elapsed: Duration::ZERO,
            })
        };
        let mine = self.b.win_cells(me);
        if mine.count > 0 {
            let c = mine.first as usize;
            return answer(c, MATE - 1, Some(Value::win(1)), vec![c]);
        }
        let theirs = self.b.win_cells(opp);
        if theirs.count == 1 {
            let c = theirs.first as usize;
            return answer(c, 0, None, vec![c]);
        }
        if theirs.count >= 2 {
            let c = theirs.first as usize;
            return answer(c, -(MATE - 2), Some(Value::loss(2)), vec![c]);
        }
        let empties: Vec<usize> = (0..self.b.layout().cells)
            .filter(|&c| self.b.stone(c) == EMPTY)
            .collect();
        if empties.len() == 1 {
            self.b.make(empties[0]);
            let proven = self.b.dead().then_some(Value::draw(1));
            self.b.unmake();
            return answer(empties[0], 0, proven, vec![empties[0]]);
        }
        let mut line = Vec::new();
        self.vcf_limit = self.nodes + ROOT_VCF_NODES;
        if let Some(plies) = self.vcf(ROOT_VCF_DEPTH, &mut line) {
            line.reverse();
            let pv: Vec<usize> = line.iter().map(|&c| c as usize).collect();
            return answer(pv[0], MATE - plies as i32, Some(Value::win(plies)), pv);
        }
        if !self.aborted && self.b.layout().run >= 3 {
            // An eighth of a node budget; a tenth of a second's worth of nodes per second of time.
            let budget = match (self.node_limit.filter(|_| !self.sliced), self.deadline) {
                (Some(n), _) => n / 8,
                (None, Some(d)) => {
                    let ms = d.saturating_duration_since(Instant::now()).as_millis() as u64;
                    (ms * 40).min(ROOT_VCT_NODES)
                }
                (None, None) => ROOT_VCT_NODES,
            };
            self.vcf_limit = self.nodes + budget;
            if let Some((c, plies)) = self.vct(ROOT_VCT_DEPTH) {
                return answer(
                    c as usize,
                    MATE - plies as i32,
                    Some(Value::win(plies)),
                    vec![c as usize],
                );
            }
        }
        self.aborted = false;
        None
    }

    /// Iterative deepening (reporting each depth to `on_depth`): searches depth 1, 2, … until the value is proven, the depth limit or
    /// the time (`budget`: no new iteration after half of it) runs out, or the search is stopped.
    fn iterate(
        &mut self,
        max_depth: u32,
        budget: Option<Duration>,
        mut on_depth: Option<&mut (dyn FnMut(&SearchResult) + Send)>,
    ) -> Option<SearchResult> {
        let started = Instant::now();
        let mut ordered = Vec::new();
        self.root_skipped = self.order_into(0, None, &mut ordered);
        // Neither a forbidden point (renju) nor a line's move already found (multi-PV).
        let allowed = |c: u16| {
            !self.excluded.get(c as usize).copied().unwrap_or(false) && !self.exclude.contains(&c)
        };
        let mut root: Vec<u16> = ordered
            .into_iter()
            .map(|(_, c)| c)
            .filter(|&c| allowed(c))
            .collect();
        if root.is_empty() {
            root = (0..self.b.layout().cells as u16)
                .filter(|&c| self.b.stone(c as usize) == EMPTY && allowed(c))
                .collect();
        }
        if root.is_empty() {
            return None;
        }
        let mut result = SearchResult {
            best: root[0] as usize,
            value: 0,
            proven: None,
            depth: 0,
            nodes: 0,
            pv: vec![root[0] as usize],
            elapsed: Duration::ZERO,
        };
        let first = 1 + (self.id as u32 % 2);
        for depth in first..=max_depth {
            let Some((value, best, proven)) = self.root(depth as i32, &mut root) else {
                break;
            };
            result.best = best as usize;
            result.value = value;
            result.depth = depth;
            result.pv = self.pv(best);
            let shown = if self.analysis {
                self.best_proven
            } else {
                proven
            };
            result.proven = self.proven(value, shown);
            if let Some(report) = on_depth.as_mut() {
                let mut seen = in_game_cells(result.clone());
                seen.nodes = self.shared.nodes.load(Ordering::Relaxed) + self.nodes;
                seen.elapsed = self.started.elapsed();
                report(&seen);
            }
            if proven || self.aborted {
                break;
            }
            if budget.is_some_and(|t| started.elapsed() * 2 > t) {
                break;
            }
        }
        Some(result)
    }

    /// The game-theoretic value of a root value `value`, when it is `proven`.
    fn proven(&self, value: i32, proven: bool) -> Option<Value> {
        if !proven {
            None
        } else if value >= MATE_BOUND {
            Some(Value::win((MATE - value) as u32))
        } else if value <= -MATE_BOUND {
            Some(Value::loss((MATE + value) as u32))
        } else {
            // A drawn game ends when the board is full.
            Some(Value::draw(
                (self.b.layout().cells - self.b.stone_count()) as u32,
            ))
        }
    }

    /// The best line from the table, starting with `best`.
    fn pv(&mut self, best: u16) -> Vec<usize> {
        let mut line = vec![best as usize];
        self.b.make(best as usize);
        let mut made = 1;
        while made < 32 && self.b.winner().is_none() {
            let Some(m) = self.shared.tt.probe(self.b.hash()).and_then(|e| e.best) else {
                break;
            };
            if m as usize >= self.b.layout().cells || self.b.stone(m as usize) != EMPTY {
                break;
            }
            self.b.make(m as usize);
            line.push(m as usize);
            made += 1;
        }
        for _ in 0..made {
            self.b.unmake();
        }
        line
    }

    /// One iteration at the root over `moves` (reordered: the best first): the value, the best
    /// move and whether the value is proven. `None` when stopped before the iteration ended.
    fn root(&mut self, depth: i32, moves: &mut [u16]) -> Option<(i32, u16, bool)> {
        let mut alpha = -INF;
        let beta = INF;
        let mut best: Option<(i32, usize, bool)> = None;
        let mut all_proven = !self.root_skipped;
        for (i, &c) in moves.iter().enumerate() {
            self.make(c);
            let (v, p) = self.child(i == 0, depth - 1, alpha, beta, 1);
            self.unmake(c);
            if self.aborted {
                return None;
            }
            all_proven &= p;
            if best.is_none_or(|(b, _, _)| v > b) {
                best = Some((v, i, p));
                alpha = alpha.max(v);
            }
        }
        let (v, i, p) = best?;
        self.best_proven = p;
        // A win needs only its own proof; any other value needs every move's.
        let proven = if v >= MATE_BOUND { p } else { all_proven };
        moves[..=i].rotate_right(1);
        let key = self.b.hash();
        self.shared.tt.store(
            key,
            Entry {
                value: v,
                depth: depth.clamp(0, 255) as u8,
                bound: Bound::Exact,
                proven: false,
                best: Some(moves[0]),
                pv: false,
            },
        );
        Some((v, moves[0], proven))
    }

    /// Searches the move just made with principal-variation search: the first move with the full
    /// window, the others with a null window, searched again when they beat `alpha`. The value and
    /// proof flag are from the mover's view.
    fn child(&mut self, first: bool, depth: i32, alpha: i32, beta: i32, ply: usize) -> (i32, bool) {
        if first {
            let (v, p) = self.negamax(depth, -beta, -alpha, ply);
            return (-v, p);
        }
        let (v, p) = self.negamax(depth, -alpha - 1, -alpha, ply);
        if -v > alpha && -v < beta && !self.aborted {
            let (v, p) = self.negamax(depth, -beta, -alpha, ply);
            (-v, p)
        } else {
            (-v, p)
        }
    }

    /// The heuristic value for the side to move: its open windows against the opponent's, with a
    /// bonus for having the move.
    fn evaluate(&self) -> i32 {
        let me = self.b.to_move();
        let (mine, theirs) = (self.b.eval(me), self.b.eval(1 - me));
        mine + mine / 4 - theirs
    }

    /// Negamax with alpha-beta: the value of the position for the side to move, searched `depth`
    /// plies (forced blocks not counted), `ply` plies below the root, and whether that value is a
    /// proven bound (the tree behind it met no heuristic leaf and left out no live cell).
    fn negamax(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> (i32, bool) {
        if self.tick() {
            return (0, false);
        }
        if self.b.winner().is_some() {
            return (-(MATE - ply as i32), true);
        }
        if self.b.dead() {
            return (0, true);
        }
        let me = self.b.to_move();
        if self.b.has_four(me) {
            return (MATE - ply as i32 - 1, true);
        }
        let threats = self.b.win_cells(1 - me);
        if threats.count >= 2 {
            return (-(MATE - ply as i32 - 2), true);
        }
        if ply >= MAX_PLY {
            return (self.evaluate(), false);
        }
        let key = self.b.hash();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            if e.proven || e.depth as i32 >= depth {
                let v = from_tt(e.value, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    return (v, e.proven);
                }
            }
        }
        let forced = threats.count == 1;
        if depth <= 0 && !forced {
            if self.b.has_three(me) {
                let mut line = Vec::new();
                self.vcf_limit = self.nodes + LEAF_VCF_NODES;
                if let Some(plies) = self.vcf(LEAF_VCF_DEPTH, &mut line) {
                    return (MATE - ply as i32 - plies as i32, true);
                }
            }
            return (self.evaluate(), false);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        let mut all_proven = true;
        if forced {
            moves.push((0, threats.first));
        } else {
            all_proven = !self.order_into(ply, entry.and_then(|e| e.best), &mut moves);
        }
        let next = if forced { depth } else { depth - 1 };
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_proven = false;
        let mut best_move = None;
        for &(_, c) in moves.iter() {
            if self.forbidden(c) {
                continue; // renju: black may not play here
            }
            self.make(c);
            let (v, p) = self.child(best_move.is_none(), next, alpha, beta, ply + 1);
            self.unmake(c);
            if self.aborted {
                break;
            }
            all_proven &= p;
            if v > best {
                best = v;
                best_proven = p;
                best_move = Some(c);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if !forced {
                            self.history[c as usize] += depth * depth;
                            let k = &mut self.killers[ply];
                            if k[0] != c {
                                k[1] = k[0];
                                k[0] = c;
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.aborted {
            return (0, false);
        }
        if best_move.is_none() && forced {
            // Renju: black's only block is a forbidden point; white makes five next.
            return (-(MATE - ply as i32 - 2), true);
        }
        if best_move.is_none() {
            // No live cell near enough (only on restricted boards): judge the position.
            return (self.evaluate(), false);
        }
        // A cut-off or a win needs the proof of its move only; any other value needs all moves'.
        let (bound, proven) = if best >= beta {
            (Bound::Lower, best_proven)
        } else if best >= MATE_BOUND && best > alpha0 {
            (Bound::Exact, best_proven)
        } else if best > alpha0 {
            (Bound::Exact, all_proven)
        } else {
            (Bound::Upper, all_proven)
        };
        self.shared.tt.store(
            key,
            Entry {
                value: to_tt(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
                proven,
                best: best_move,
                pv: false,
            },
        );
        (best, proven)
    }

    /// The candidate moves of the side to move, best first, into `out`: the live empty cells
    /// (on large boards only those near a stone), ordered by the table's move, fours made,
    /// opponent's threes blocked, threat value (own and opponent's), killers and history.
    /// Returns true when live cells were left out.
    fn order_into(&mut self, ply: usize, tt_move: Option<u16>, out: &mut Vec<(i32, u16)>) -> bool {
        let me = self.b.to_move();
        let opp = 1 - me;
        let cells = self.b.layout().cells;
        let mut skipped = false;
        let killers = self.killers[ply];
        let empty_board = self.b.stone_count() == 0;
        for c in 0..cells {
            if self.b.stone(c) != EMPTY {
                continue;
            }
            let (a, d) = (self.b.score(me, c), self.b.score(opp, c));
            if a + d == 0 {
                continue; // a dead cell: no window through it can still be completed
            }
            if self.restrict && self.b.near(c) == 0 && !empty_board {
                skipped = true;
                continue;
            }
            let mut key = a + d + a / 4;
            key += 4000 * self.b.threes_through(me, c) as i32;
            key += 1500 * self.b.threes_through(opp, c) as i32;
            key += self.history[c].min(1 << 20) >> 6;
            if tt_move == Some(c as u16) {
                key = i32::MAX;
            } else if killers[0] == c as u16 {
                key += 300;
            } else if killers[1] == c as u16 {
                key += 150;
            }
            out.push((key, c as u16));
        }
        if self.restrict && empty_board {
            // The empty large board: the centre (the other cells are the same up to play there).
            let l = self.b.layout();
            let centre = (l.height / 2) * l.width + l.width / 2;
            out.retain(|&(_, c)| c as usize == centre);
            skipped = true;
        }
        out.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        if self.restrict && ply > 0 && out.len() > BEAM {
            out.truncate(BEAM);
            skipped = true;
        }
        skipped
    }

    /// Threat-space search with threats as well as fours (VCT): can the side to move win by moves
    /// each of which either makes a four (answered by its one block) or threatens a double four
    /// (answered by every move that could stop it: a stone on an empty cell of the attacker's
    /// three-windows, or a four of the defender's), within `depth` threats? Returns the first
    /// move and the plies to the win at the latest. A win found is a proof: a defender move
    /// outside those cells leaves the double four to be played.
    fn vct(&mut self, depth: u32) -> Option<(u16, u32)> {
        if self.tick() || self.nodes > self.vcf_limit {
            return None;
        }
        let me = self.b.to_move();
        let opp = 1 - me;
        let mine = self.b.win_cells(me);
        if mine.count > 0 {
            return Some((mine.first, 1));
        }
        let mut line = Vec::new();
        let vcf_depth = ROOT_VCF_DEPTH.min(8);
        if let Some(p) = self.vcf(vcf_depth, &mut line) {
            return line.last().map(|&c| (c, p));
        }
        if depth == 0 || self.b.win_cells(opp).count > 0 || self.aborted {
            return None;
        }
        let key = self.b.hash();
        if self.vct_failed.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        // Candidate threats: live cells near the stones in an open window of the attacker with
        // k − 3 stones or more (the move makes a three-window), best threat value first.
        let l = Arc::clone(self.b.layout());
        let floor = l.value[l.run - 3];
        let mut cands: Vec<(i32, u16)> = (0..l.cells)
            .filter(|&c| {
                self.b.stone(c) == EMPTY
                    && self.b.score(me, c) >= floor
                    && (self.b.near(c) > 0 || !self.restrict)
            })
            .map(|c| (self.b.score(me, c) + self.b.score(opp, c) / 2, c as u16))
            .collect();
        cands.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        cands.truncate(VCT_WIDTH);
        // Renju: black's double fours are forbidden, so threats of one are none.
        if self.renju_black(me) {
            cands.clear();
        }
        for (_, c) in cands {
            if self.forbidden(c) {
                continue;
            }
            self.make(c);
            let result = if self.b.win_cells(me).count > 0 {
                None // a four: the VCF above tried the fours
            } else if self.b.has_double_four_move(me) {
                self.defend_vct(depth)
            } else {
                None
            };
            self.unmake(c);
            if let Some(plies) = result {
                return Some((c, plies));
            }
            if self.aborted || self.nodes > self.vcf_limit {
                return None;
            }
        }
        if self.vct_failed.len() > 1 << 18 {
            self.vct_failed.clear();
        }
        self.vct_failed.insert(key, depth);
        None
    }

    /// The defender's side of [`vct`](Worker::vct), to move after a threat of a double four:
    /// the plies to the attacker's win when every defence fails.
    fn defend_vct(&mut self, depth: u32) -> Option<u32> {
        let defender = self.b.to_move();
        let attacker = 1 - defender;
        let mut defences = Vec::new();
        self.b.four_making_cells(attacker, &mut defences);
        self.b.four_making_cells(defender, &mut defences);
        defences.sort_unstable();
        defences.dedup();
        let mut longest = 0;
        for d in defences {
            if self.forbidden(d) {
                continue; // renju: black may not defend there
            }
            self.make(d);
            let r = self.vct(depth - 1);
            self.unmake(d);
            longest = longest.max(r?.1);
        }
        Some(longest + 2)
    }

    /// Threat-space search: can the side to move win by continuous fours (each answered by its
    /// one block) within `depth` fours? Returns the plies to the win; `line` receives the moves in
    /// reverse order.
    fn vcf(&mut self, depth: u32, line: &mut Vec<u16>) -> Option<u32> {
        if self.tick() || self.nodes > self.vcf_limit {
            return None;
        }
        let me = self.b.to_move();
        let opp = 1 - me;
        let mine = self.b.win_cells(me);
        if mine.count > 0 {
            line.push(mine.first);
            return Some(1);
        }
        let theirs = self.b.win_cells(opp);
        if theirs.count >= 2 || depth == 0 {
            return None;
        }
        let key = self.b.hash();
        if self.vcf_failed.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        let mut cands = Vec::new();
        if theirs.count == 1 {
            if self.b.threes_through(me, theirs.first as usize) > 0 {
                cands.push(theirs.first);
            }
        } else {
            self.b.four_making_cells(me, &mut cands);
            // Double fours first, then by threat value.
            cands.sort_by_key(|&c| {
                let c = c as usize;
                -(self.b.threes_through(me, c) as i32 * 100_000 + self.b.score(me, c))
            });
        }
        for c in cands {
            if self.forbidden(c) {
                continue; // renju: black may not play here
            }
            self.make(c);
            let blocks = self.b.win_cells(me);
            let found = if blocks.count >= 2 || blocks.count == 1 && self.forbidden(blocks.first) {
                // Two fours, or (renju) a four whose one block is forbidden to black.
                let w = self.b.win_cells(me).first;
                line.push(w);
                // The defender's reply does not matter: show one of the wins.
                let reply = (0..self.b.layout().cells as u16)
                    .find(|&x| self.b.stone(x as usize) == EMPTY && x != w)
                    .unwrap_or(w);
                line.push(reply);
                Some(3)
            } else if blocks.count == 1 {
                self.make(blocks.first);
                let r = self.vcf(depth - 1, line);
                self.unmake(blocks.first);
                if r.is_some() {
                    line.push(blocks.first);
                }
                r.map(|p| p + 2)
            } else {
                None
            };
            self.unmake(c);
            if let Some(p) = found {
                line.push(c);
                return Some(p);
            }
            if self.aborted || self.nodes > self.vcf_limit {
                return None;
            }
        }
        if self.vcf_failed.len() > 1 << 20 {
            self.vcf_failed.clear();
        }
        self.vcf_failed.insert(key, depth);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::rule::Rule;
    use crate::rules::State;
    use rand::{Rng, SeedableRng};

    /// The pattern search's own answer for `position` (no fallback to this engine).
    fn pattern_answer(position: &Setup, nodes: u64) -> Option<SearchResult> {
        let mut table = None;
        Search::gomoku(
            &mut table,
            8 << 20,
            Limits::nodes(nodes),
            position,
            &AtomicBool::new(false),
            Instant::now(),
            None,
        )
    }

    #[test]
    fn prepare_makes_the_tables_the_first_move_would() {
        // Five in a row on 15 × 15: both tables, the pattern search's half the memory allowed;
        // tic-tac-toe: the first engine's small table alone. The first move then finds them made.
        let setup = |w, k| {
            State::empty_under(
                Geometry::new(w, w, k).unwrap(),
                Rule::Freestyle,
                crate::rules::Player::X,
            )
            .setup()
        };
        let mut s = Search::new(Limits::nodes(200), Arc::new(AtomicBool::new(false)));
        s.set_memory(32 << 20);
        s.prepare(&setup(15, 5));
        assert_eq!(s.shape, Some((15, 15, 5)));
        let slots = s.gomoku_tt.as_ref().map(|t| t.slot_count());
        assert_eq!(slots, Some((16 << 20) / super::super::tt::SLOT_BYTES));
        let before = s.gomoku_tt.as_ref().map(|t| t as *const _);
        assert!(s.think(&setup(15, 5)).is_some());
        assert_eq!(s.gomoku_tt.as_ref().map(|t| t as *const _), before);
        let mut s = Search::new(Limits::nodes(200), Arc::new(AtomicBool::new(false)));
        s.prepare(&setup(3, 3));
        assert_eq!(s.shape, Some((3, 3, 3)));
        assert!(s.gomoku_tt.is_none());
    }

    #[test]
    fn the_pattern_search_never_plays_a_forbidden_point() {
        // Random renju games near the centre of 15 × 15; at each of black's turns with forbidden
        // points, neither the pattern search nor the whole search picks one.
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(15);
        let (mut asked, mut near) = (0, 0);
        while asked < 40 {
            let mut s = State::empty_under(g, Rule::Renju, crate::rules::Player::X);
            for _ in 0..rng.gen_range(8..40) {
                let moves: Vec<usize> = s
                    .legal_moves()
                    .filter(|&c| {
                        let (r, k) = g.row_column(c);
                        (4..11).contains(&r) && (4..11).contains(&k)
                    })
                    .collect();
                if s.game_over() || moves.is_empty() {
                    break;
                }
                s = s.result(moves[rng.gen_range(0..moves.len())]);
            }
            if s.game_over() || s.player_to_move() != s.start() {
                continue;
            }
            let forbidden = s.forbidden_points();
            if forbidden.is_empty() {
                continue;
            }
            asked += 1;
            let r = pattern_answer(&s.setup(), 3_000).expect("a move");
            assert!(!forbidden.contains(r.best), "{}\n{:?}", s.board_text(), r);
            assert!(s.legal_to_move_in(r.best));
            // A forbidden point next to the move: the search had one to avoid close by.
            let (row, col) = g.row_column(r.best);
            near += usize::from(forbidden.iter().any(|f| {
                let (fr, fc) = g.row_column(f);
                fr.abs_diff(row) <= 2 && fc.abs_diff(col) <= 2
            }));
            let whole = Search::new(Limits::nodes(3_000), crate::search::cancel_flag())
                .think(&s.setup())
                .expect("a move");
            assert!(!forbidden.contains(whole.best), "{}", s.board_text());
        }
        assert!(near > 5, "{near} moves near a forbidden point");
    }

    #[test]
    fn under_standard_the_pattern_search_counts_no_overline_as_a_win() {
        // x: o x x x x . x on row 7 (the gap makes six), x to move; o's stones far away.
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut stones = crate::rules::Stones::default();
        for k in [2, 3, 4, 5, 7] {
            stones.x.insert(g.cell(7, k));
        }
        for (r, k) in [(7, 1), (0, 0), (0, 14), (14, 0), (14, 14)] {
            stones.o.insert(g.cell(r, k));
        }
        let position = |rule| Setup {
            geometry: g,
            rule,
            stones,
            to_move: crate::rules::Player::X,
        };
        let gap = g.cell(7, 6);
        // Under standard the gap makes six: no five now. (A slower win is allowed: x has five
        // stones and o none near them, and the search proves one since it counts a double three
        // the opponent cannot answer with a four as a win in five.)
        let r = pattern_answer(&position(Rule::Standard), 20_000).expect("a move");
        assert!(r.value < MATE - 1, "{r:?}");
        assert_ne!(r.best, gap);
        let r = pattern_answer(&position(Rule::Freestyle), 20_000).expect("a move");
        assert_eq!(r.value, MATE - 1, "{r:?}");
        assert_eq!(r.best, gap);
    }
}
