//! Analysis: what the search thinks of a position, live — the best N root moves (multi-PV), each
//! with its own value and principal variation, reported after each depth of iterative deepening,
//! until a limit, a stop flag, or until every line is proven.
//!
//! - **Multi-PV** as Stockfish and Rapfi do it: at each depth, line 1 is the search's best move;
//!   line k is the best move once the moves of lines 1 … k−1 are left out at the root
//!   ([`Hooks::exclude`]), each line searched afresh (the transposition table keeps the earlier
//!   work, so the lower depths cost little).
//! - **Reports** ([`Report`]) after each depth: depth, nodes, time, nodes/s and the lines.
//! - **Slices**: [`Analysis::step`] searches within a node budget and keeps its place, so that a
//!   caller without threads (the web build) can run it a slice a frame; [`Analysis::run`] runs it
//!   to a limit or until stopped (infinite mode: no limit).
//! - **Values** ([`Score`]): a value the search proved for the line's move itself (a win in n
//!   plies, a loss in n plies at the latest, a draw), else an estimate: the score and its win
//!   probability for the side to move ([`win_probability`], fitted by `scripts/calibrate.py`).
//!   On boards the exact solver plays ([`solver::solves`]), every line's value is the solver's.

use super::engine::Hooks;
use super::{calibration, Limits, Search, SearchResult, MATE, MATE_BOUND};
use crate::clock::Instant;
use crate::geometry::Cell;
use crate::rules::{Setup, State};
use crate::solver;
use crate::value::{Value, Verdict};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The lines an analysis shows unless told otherwise.
pub const DEFAULT_LINES: usize = 5;

/// The deepest iteration of an analysis.
pub const MAX_DEPTH: u32 = 64;

/// What a line is worth for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// A value the search or the solver proved.
    Proven(Value),
    /// The search's heuristic score (not a proof).
    Estimate(i32),
}

impl Score {
    /// The chance that the side to move wins: 1 or 0 for a proven win or loss, ½ for a draw, the
    /// calibrated logistic of an estimate.
    pub fn win_probability(&self) -> f64 {
        match *self {
            Score::Proven(v) => match v.verdict {
                Verdict::Win => 1.0,
                Verdict::Draw => 0.5,
                Verdict::Loss => 0.0,
            },
            Score::Estimate(s) => win_probability(s),
        }
    }

    /// A key that sorts lines best first for the side to move (larger is better): wins, fastest
    /// first; then draws and estimates by win probability; then losses, slowest first.
    pub fn rank(&self) -> (u8, i64) {
        match *self {
            Score::Proven(Value {
                verdict: Verdict::Win,
                plies,
            }) => (2, -(plies.unwrap_or(u32::MAX) as i64)),
            Score::Proven(Value {
                verdict: Verdict::Loss,
                plies,
            }) => (0, plies.unwrap_or(0) as i64),
            other => (1, (other.win_probability() * 1e9) as i64),
        }
    }
}

/// The calibrated win probability of a search score for the side to move.
pub fn win_probability(score: i32) -> f64 {
    let z = calibration::SLOPE * score as f64 + calibration::INTERCEPT;
    1.0 / (1.0 + (-z).exp())
}

/// One line of an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The move (1-based, as everywhere).
    pub cell: Cell,
    /// Its value for the side to move.
    pub score: Score,
    /// The principal variation, starting with `cell`; every move legal in turn.
    pub pv: Vec<Cell>,
}

/// The figures after a depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The depth completed for every line (0: answered without a tree search).
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent searching so far.
    pub elapsed: Duration,
    /// The lines, best first.
    pub lines: Vec<Line>,
    /// True when deepening further changes nothing: every line is proven, or the depth limit is
    /// reached.
    pub finished: bool,
}

impl Report {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// An analysis of one position: its place in the deepening, kept between calls.
pub struct Analysis {
    state: State,
    position: Setup,
    wanted: usize,
    max_depth: u32,
    search: Search,
    /// The exact solver, on boards it plays.
    solver: Option<solver::Solver>,
    /// The solver's verdicts of the moves solved so far (each move is solved once).
    solved: std::collections::HashMap<Cell, Verdict>,
    /// True once line 1 of depth 1 is done: the answers without a tree search were tried.
    obvious_tried: bool,
    /// The depth being searched and the lines found at it so far.
    depth: u32,
    partial: Vec<Line>,
    /// The last depth completed.
    last: Option<Report>,
    nodes: u64,
    elapsed: Duration,
}

impl Analysis {
    /// An analysis of `state` with `lines` lines (at least 1). `state` must not be over.
    pub fn new(state: &State, lines: usize) -> Analysis {
        let g = state.geometry();
        let solver = if solver::solves(g) {
            solver::Solver::under(g, state.rule(), solver::MOVE_BUDGET * 4).ok()
        } else {
            None
        };
        Analysis {
            state: *state,
            position: state.setup(),
            wanted: lines.max(1),
            max_depth: MAX_DEPTH,
            search: Search::new(Limits::nodes(0), super::cancel_flag()),
            solver,
            obvious_tried: false,
            solved: std::collections::HashMap::new(),
            depth: 1,
            partial: Vec::new(),
            last: None,
            nodes: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// Without the solver: every value is the search's own (for tests of the search's proofs).
    pub fn without_solver(mut self) -> Analysis {
        self.solver = None;
        self
    }

    /// Each of the solver's proofs runs at most `nodes` nodes a call (a web page's slices): a
    /// proof cut short leaves the search's value for now and goes on where it stopped when the
    /// next depth is settled ([`solver::Solver::set_slice`]).
    pub fn with_solver_slices(mut self, nodes: u64) -> Analysis {
        if let Some(solver) = self.solver.as_mut() {
            solver.set_slice(Some(nodes));
        }
        self
    }

    /// Deepens no further than `depth`.
    pub fn with_max_depth(mut self, depth: u32) -> Analysis {
        self.max_depth = depth.max(1);
        self
    }

    /// The position analysed.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The last depth completed, if any.
    pub fn report(&self) -> Option<&Report> {
        self.last.as_ref()
    }

    /// True when deepening further changes nothing (or the game is over).
    pub fn finished(&self) -> bool {
        self.state.game_over() || self.last.as_ref().is_some_and(|r| r.finished)
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches on within `nodes` nodes (`None`: no limit) and `time`, or until `stop` is set;
    /// returns the report of each depth completed on the way (none when the budget ran out
    /// first: the next call goes on from there).
    pub fn step(
        &mut self,
        nodes: Option<u64>,
        time: Option<Duration>,
        stop: &AtomicBool,
    ) -> Vec<Report> {
        let started = Instant::now();
        let spent_before = self.nodes;
        let mut reports = Vec::new();
        while !self.finished() && !stop.load(std::sync::atomic::Ordering::Relaxed) {
            let left_nodes = nodes.map(|n| n.saturating_sub(self.nodes - spent_before));
            let left_time = time.map(|t| t.saturating_sub(started.elapsed()));
            if left_nodes == Some(0) || left_time == Some(Duration::ZERO) {
                break;
            }
            self.search.set_limits(Limits {
                time: left_time,
                optimum: None,
                nodes: left_nodes,
                threads: 1,
                max_depth: self.depth,
            });
            let exclude: Vec<Cell> = self.partial.iter().map(|l| l.cell).collect();
            let t0 = Instant::now();
            let result = self.search.think_with(
                &self.position,
                stop,
                Hooks {
                    exclude: &exclude,
                    analysis: true,
                    search_only: self.obvious_tried,
                    on_depth: None,
                },
            );
            self.elapsed += t0.elapsed();
            let Some(r) = result else {
                // Every move is a line already.
                if self.partial.is_empty() {
                    break; // nothing to search (cannot happen while the game is on)
                }
                self.complete_depth(&mut reports);
                continue;
            };
            self.nodes += r.nodes;
            // Complete when the iteration reached the depth or the value is proven.
            if r.depth < self.depth && r.proven.is_none() {
                continue; // stopped or out of budget: the loop's checks end it
            }
            self.obvious_tried = true;
            let line = self.line_of(&r);
            self.partial.push(line);
            if self.partial.len() == self.wanted {
                self.complete_depth(&mut reports);
            }
        }
        reports
    }

    /// Searches until the first depth is complete (whatever the budget: a report has lines), and
    /// returns its report; the last one if one was made already.
    pub fn first_report(&mut self) -> Report {
        let never = AtomicBool::new(false);
        while self.last.is_none() {
            self.step(Some(10_000), None, &never);
        }
        self.last.clone().expect("a depth completed")
    }

    /// Runs until `stop` is set, the limits (time, nodes; none: infinite) are reached or the
    /// analysis is finished, calling `on_report` after each depth; the last report.
    pub fn run(
        &mut self,
        nodes: Option<u64>,
        time: Option<Duration>,
        stop: &AtomicBool,
        on_report: &mut dyn FnMut(&Report),
    ) -> Option<Report> {
        for r in self.step(nodes, time, stop) {
            on_report(&r);
        }
        self.last.clone()
    }

    /// Ends the current depth: sorts and settles its lines and starts the next depth.
    fn complete_depth(&mut self, reports: &mut Vec<Report>) {
        let mut lines = std::mem::take(&mut self.partial);
        self.settle(&mut lines);
        lines.sort_by_key(|l| std::cmp::Reverse(l.score.rank()));
        let finished = self.depth >= self.max_depth
            || lines.iter().all(|l| matches!(l.score, Score::Proven(_)));
        let report = Report {
            depth: self.depth,
            nodes: self.nodes,
            elapsed: self.elapsed,
            lines,
            finished,
        };
        self.depth += 1;
        self.last = Some(report.clone());
        reports.push(report);
    }

    /// The line of a search's answer.
    fn line_of(&self, r: &SearchResult) -> Line {
        let score = match r.proven {
            Some(v) => Score::Proven(v),
            None if r.value >= MATE_BOUND || r.value <= -MATE_BOUND => {
                // A mate score without a proof: an estimate at the end of the scale.
                Score::Estimate(r.value.signum() * (MATE - MATE_BOUND))
            }
            None => Score::Estimate(r.value),
        };
        Line {
            cell: r.best,
            score,
            pv: legal_prefix(&self.state, r.pv.iter().copied()),
        }
    }

    /// On boards the solver plays, every line's value is the solver's (the plies are the
    /// search's where it proved the same verdict).
    fn settle(&mut self, lines: &mut [Line]) {
        let Some(solver) = self.solver.as_mut() else {
            return;
        };
        let mover = self.state.player_to_move();
        for line in lines {
            let verdict = match self.solved.get(&line.cell) {
                Some(&v) => v,
                None => {
                    let Some(outcome) = solver.outcome(&self.state.result(line.cell)) else {
                        continue; // out of budget: the search's value stays
                    };
                    let v = Verdict::of(outcome, mover);
                    self.solved.insert(line.cell, v);
                    v
                }
            };
            let plies = match line.score {
                Score::Proven(v) if v.verdict == verdict => v.plies,
                _ if verdict == Verdict::Draw => Some(self.state.free_cells().len() as u32),
                _ => None,
            };
            line.score = Score::Proven(Value { verdict, plies });
        }
    }
}

/// The longest prefix of `cells` that is a legal sequence of moves from `state`.
fn legal_prefix(state: &State, cells: impl Iterator<Item = Cell>) -> Vec<Cell> {
    let mut s = *state;
    let mut out = Vec::new();
    for c in cells {
        if !s.geometry().game_board().contains(&c) || !s.legal_to_move_in(c) {
            break;
        }
        s = s.result(c);
        out.push(c);
    }
    out
}

/// Runs an analysis of `state` with `lines` lines on the calling thread (a worker's) until `stop`
/// is set or the analysis is finished, handing its reports to `send` at most once per `interval`
/// (the latest of those made meanwhile; the last one always), so that whoever draws them redraws
/// a few times a second at most. Stops early when `send` returns false (nobody listens).
pub fn run_paced(
    state: &State,
    lines: usize,
    stop: &AtomicBool,
    interval: Duration,
    mut send: impl FnMut(Report) -> bool,
) {
    if state.game_over() {
        return;
    }
    let mut analysis = Analysis::new(state, lines);
    let mut last_sent: Option<Instant> = None;
    let mut pending: Option<Report> = None;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        // Slices of a few milliseconds, so that pacing and stopping are prompt.
        if let Some(r) = analysis.step(Some(SLICE_NODES), None, stop).pop() {
            pending = Some(r);
        }
        let finished = analysis.finished();
        let due = last_sent.is_none_or(|t| t.elapsed() >= interval);
        if let Some(r) = pending.take_if(|_| due || finished) {
            if !send(r) {
                return;
            }
            last_sent = Some(Instant::now());
        }
        if finished {
            return;
        }
    }
}

/// The nodes of one slice of [`run_paced`] (a few milliseconds).
pub const SLICE_NODES: u64 = 20_000;

/// x's chance to win in `state` as a quick search of `nodes` nodes sees it: 1, 0 or ½ for a
/// finished game or a proven value, else the calibrated estimate of the best line.
pub fn x_win_probability(state: &State, nodes: u64) -> f64 {
    use crate::rules::{Outcome, Player};
    match state.outcome() {
        Some(Outcome::Won(Player::X)) => return 1.0,
        Some(Outcome::Won(Player::O)) => return 0.0,
        Some(Outcome::Draw) => return 0.5,
        None => {}
    }
    let mut a = Analysis::new(state, 1);
    a.step(Some(nodes), None, &AtomicBool::new(false));
    x_win_probability_of(&mut a)
}

/// x's chance to win in the position of `a` (a game on) as far as it has searched (its first
/// depth completed if none was): [`x_win_probability`] of an analysis run by its caller (in
/// slices).
pub fn x_win_probability_of(a: &mut Analysis) -> f64 {
    let report = match a.report() {
        Some(r) => r.clone(),
        None => a.first_report(),
    };
    let p = report.lines[0].score.win_probability();
    if a.state().player_to_move() == crate::rules::Player::X {
        p
    } else {
        1.0 - p
    }
}

/// What the window's analysis worker hands back (as an input of the cycle): a report of the live
/// analysis, or a point of the evaluation graph. Each carries the ticket of the job it answers;
/// answers to a job that is no longer the window's are dropped.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A report of the live analysis.
    Report {
        /// The job's ticket.
        ticket: u64,
        /// The report.
        report: Report,
    },
    /// x's win probability after `index` moves of the line reviewed.
    Point {
        /// The job's ticket.
        ticket: u64,
        /// Moves played from the start.
        index: usize,
        /// x's chance to win there.
        x_probability: f64,
    },
}
