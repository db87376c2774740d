//! The search for five in a row (under each rule: the pattern board knows which fives win and
//! renju's forbidden points) on boards of 5 to 32 a side, on the pattern board
//! ([`super::pattern`]): iterative deepening with aspiration windows, principal-variation search,
//! a transposition table, threat-driven move generation (a five to block leaves one move; an
//! opponent's open three leaves only fours and the cells that stop its open four; his four-three
//! to come, the cells that weaken its lines, fours, and the moves that make the block of its four
//! a four of ours; under renju, where black's forbidden points leave them unsettled, every cell of
//! his fours and every cell on the four-three's lines),
//! wins in five by a four-three whose four's block makes no four of the opponent's or a double
//! three the opponent cannot answer with a four,
//! late-move reductions and
//! pruning, futility pruning and razoring on quiet nodes, history, killer and counter-move
//! ordering, and a victory-by-continuous-fours search (VCF, its fours ending in a five, an open
//! four or a win in five) as the quiescence search at the leaves.
//!
//! Values are for the side to move; a win in `n` plies from the root is `WIN - n`.

use super::pattern::{Line, PatternBoard, Threat, EMPTY};
use super::time::Stability;
/// The transposition table (shared with the first engine's, with its own rule of replacement:
/// [`Table::store_keeping_proofs`]).
pub use super::tt::Table;
use super::tt::{from_table, to_table, Bound, Entry};
use super::{Limits, SearchResult, MATE};
use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// A won game, `WIN - plies`.
const WIN: i32 = 30_000;
/// Values beyond this are wins or losses.
const WIN_BOUND: i32 = WIN - 1000;
const INF: i32 = WIN + 1;
/// The evaluation's bonus for having the move.
const TEMPO: i32 = 100;
const MAX_PLY: usize = 120;
/// Plies of forced blocks the quiescence search follows.
const QS_PLIES: i32 = 24;
/// No new iteration starts after this share of the move's time (the deadline: [`DEADLINE_SHARE`]).
const NEW_ITERATION_SHARE: f64 = 0.9;
/// The share of the move's time (the turn less its margin) at which the search stops, short of
/// the limit: a loaded machine may not run the thread at once.
const DEADLINE_SHARE: f64 = 0.985;
/// Fours a VCF may play.
const VCF_FOURS: i32 = 12;

// The search's margins, in the evaluation's units (a logistic scale of 263). Tenth round: each is
// four-fifths of what it was, which is the evaluation weighed 1.25 times against them (paired
// against Rapfi at eight fixed node counts: evaluation x 1.25 +16 points of 640 games, x 0.8 -12).

/// Reverse futility: a node this much a ply (less one when improving) above beta is cut.
const FUTILITY_PER_PLY: i32 = 48;
/// Razoring: a node at depth `d` at most 2 this far below alpha (`RAZOR_BASE + RAZOR_PER_PLY · d`)
/// is judged by the quiescence search.
const RAZOR_BASE: i32 = 64;
const RAZOR_PER_PLY: i32 = 32;
/// Fail-high reduction: a cut node at depth `d` this far above beta (`FAIL_HIGH_PER_PLY · d -
/// 7`, and `FAIL_HIGH_THREE` more against an open three) searches its moves but fours a ply
/// less.
const FAIL_HIGH_PER_PLY: i32 = 12;
const FAIL_HIGH_THREE: i32 = 72;
/// The aspiration window's first half-width; beyond `ASPIRATION_MAX` the window is opened.
const ASPIRATION: i32 = 32;
const ASPIRATION_MAX: i32 = 800;

/// Singular extensions (Rapfi's, with its constants): at depth `d` of at least
/// `SINGULAR_DEPTH`, the table's move, stored as a lower bound `v` (or exact) no win or loss at a
/// depth of at least `d - SINGULAR_TABLE_DEPTH`, is *singular* when every other move fails low
/// on a search of `d · SINGULAR_SHARE` plies against `v - SINGULAR_MARGIN · d`; it is
/// then searched a ply deeper. (Rapfi searches it two deeper off the principal variation when
/// the others fall short by a further margin; ours did until the fifty-second round, which found
/// our lines running past the iteration's depth five to fifteen times as often as Rapfi's.) When
/// the others reach that bound too and it is at least beta, the node fails high at once
/// (multi-cut); when only the table's value is at least beta, the move is searched
/// `SINGULAR_NEGATIVE` plies less.
const SINGULAR_DEPTH: Depth = 6.65;
const SINGULAR_TABLE_DEPTH: Depth = 2.03;
const SINGULAR_MARGIN: f32 = 0.91;
/// The singular search's share of the node's depth (Rapfi's `d - 0.54 d`).
const SINGULAR_SHARE: Depth = 0.46;
const SINGULAR_NEGATIVE: Depth = 1.5;

#[inline]
fn win_in(ply: usize) -> i32 {
    WIN - ply as i32
}

#[inline]
fn lost_in(ply: usize) -> i32 {
    -WIN + ply as i32
}

/// The hand-set evaluation the fitted one replaced (the baseline of `scripts/fit_eval.py`), for
/// the side to move: its cells' values against the opponent's, and the threats on the board (who
/// has the initiative).
pub(super) fn hand_set_evaluation(b: &PatternBoard) -> i32 {
    let me = b.to_move();
    let opp = 1 - me;
    let mut v = b.value_sum(me) - b.value_sum(opp);
    // The opponent's open three must be answered now: his initiative.
    if b.count(opp, Threat::Flex4) > 0 {
        v -= 60;
    }
    // Our own threats: the side to move can play them first.
    if b.count_at_least(me, Threat::Flex3x2) > 0 {
        v += 120;
    } else if b.count_at_least(me, Threat::Flex3) > 0 {
        v += 40;
    }
    if b.count_at_least(opp, Threat::Block4Flex3) > 0 {
        v -= 50;
    }
    v + TEMPO
}

/// A table entry: a win or loss is proven (the search finds them only by threats, with every
/// defence tried).
fn new_entry(value: i32, depth: Depth, bound: Bound, best: u16) -> Entry {
    Entry {
        value,
        // Whole plies, rounded down (as Rapfi's table keeps them).
        depth: depth.clamp(0.0, 255.0) as u8,
        bound,
        proven: value.abs() >= WIN_BOUND,
        best: Some(best),
        pv: false,
    }
}

/// Whether the side to move, with no five of the opponent's to block, wins in five plies by a
/// four-three or a double three ([`win_in_five`]).
#[inline]
fn wins_in_five(b: &PatternBoard) -> bool {
    win_in_five(b).is_some()
}

/// The cell where the side to move, with no five of the opponent's to block, wins in five plies
/// (outside renju, where a three of black's may be false):
/// - a four-three whose four's block makes no four of the opponent's: he must block the four
///   (he has no five to make), which gives him no five to threaten, and the three becomes an
///   open four; his four after it comes too late (Rapfi's `quickWinCheck`);
/// - a double three, when the opponent has no four to make: his one stone stops at most one of
///   the two lines (they meet only at the stone), and the other becomes an open four.
fn win_in_five(b: &PatternBoard) -> Option<usize> {
    let me = b.to_move();
    let opp = 1 - me;
    if b.is_renju() {
        return None;
    }
    let mut four_threes = b.count(me, Threat::Block4Flex3);
    if four_threes > 0 {
        for c in b.candidates() {
            if b.threat(me, c) != Threat::Block4Flex3 {
                continue;
            }
            if b.five_point(me, c)
                .is_some_and(|block| b.threat(opp, block) < Threat::Block4)
            {
                return Some(c);
            }
            four_threes -= 1;
            if four_threes == 0 {
                break;
            }
        }
    }
    if b.count(me, Threat::Flex3x2) > 0 && b.count_at_least(opp, Threat::Block4) == 0 {
        return b.find_exact(me, Threat::Flex3x2);
    }
    None
}

/// What the threads of one search share.
struct Shared<'a> {
    tt: &'a Table,
    cancel: &'a AtomicBool,
    stop: AtomicBool,
    nodes: AtomicU64,
}

/// A depth in plies, with fractions (as Rapfi's): an extension of part of a ply adds up along a
/// line, and the search reaches depth zero when the parts make a whole.
type Depth = f32;

/// The plies (with fractions) a late move `i` is searched less at depth `d` before the terms of
/// its own: `ln ⌊d⌋ · ln i` (Rapfi's; whole plies before the twenty-ninth round).
fn reduction(depth: Depth, index: usize) -> Depth {
    let d = (depth.max(1.0) as i32 as f32).ln();
    let i = (index.max(1) as f32).ln();
    d * i
}

/// The whole plies a late quiet root move `i` is searched less at depth `d` (before the
/// root's own adjustment).
fn root_reduction(depth: Depth, index: usize) -> Depth {
    let d = depth.max(1.0).ln();
    let i = (index.max(1) as f32).ln();
    (d * i).trunc()
}

/// The margin over alpha of a reduced search's value beyond which its re-search goes a ply
/// deeper, and the margin for each ply it was reduced (Rapfi's `lmrExtension`, 34 and 11 in its
/// units, times 317/137 for ours).
const LMR_DEEPER: (i32, f32) = (79, 25.0);
/// … and two plies deeper (Rapfi's 349 and 26).
const LMR_DEEPEST: (i32, f32) = (808, 60.0);
/// Extensions beyond one ply along a line past which the re-search goes at most a ply deeper
/// (Rapfi's `LMR_EXTRA_MAX_DEPTH`).
const LMR_EXTRA_MAX: Depth = 5.0;

/// The plies added to the depth of a late move's re-search at full depth (Rapfi's LMR
/// extension; forty-ninth round): given by how far its reduced search (reduced `r` plies)
/// beat alpha (`over_alpha`), one more for [`LMR_DEEPER`]'s margin, one more again for
/// [`LMR_DEEPEST`]'s, one less when its value is less than `new_depth` (the re-search's depth,
/// in whole units) above the node's best so far (`over_best`: it barely beat the best). Past
/// [`LMR_EXTRA_MAX`] plies of extensions (`extra`), one at most.
fn lmr_extension(
    over_alpha: i32,
    over_best: i32,
    r: Depth,
    new_depth: Depth,
    extra: Depth,
) -> Depth {
    let beyond = |(base, per_ply): (i32, f32)| over_alpha > base + (per_ply * r) as i32;
    let shallower = over_best < new_depth as i32;
    let ext = beyond(LMR_DEEPER) as i32 + beyond(LMR_DEEPEST) as i32 - shallower as i32;
    let ext = ext as Depth;
    if extra >= LMR_EXTRA_MAX {
        ext.min(1.0)
    } else {
        ext
    }
}

/// The reduction taken off a late move at a node that is or was on a principal variation
/// (Rapfi's `TTPV_NEG_REDUCTION`).
const TT_PV_REDUCTION: Depth = 0.97;
/// The reduction added at the opponent's node once its best holds the root under its alpha
/// (Rapfi's `NO_ALPHA_IMPROVING_REDUCTION`).
const NO_ALPHA_IMPROVING_REDUCTION: Depth = 0.98;

/// The reduction of a late move at a cut node, unless a quiet killer (Rapfi's
/// `NOKILLER_CUTNODE_REDUCTION`).
const CUT_NODE_REDUCTION: Depth = 1.8;
/// The reductions of a useless defence: an answer to an open three that is none of its four
/// points, more than four from the opponent's last move, and from ours (Rapfi's).
const USELESS_DEFENCE_OPP: Depth = 1.93;
const USELESS_DEFENCE_SELF: Depth = 0.96;
/// A threat after our own threat is reduced this much less (Rapfi's `CONTINUOUS_ATTACK_EXT`).
const CONTINUED_ATTACK: Depth = 0.53;

/// Internal iterative reduction at a PV node whose table entry has no move (Rapfi's
/// `IIR_REDUCTION_PV`): without a move to try first the node is searched a little shallower.
const IIR_NO_MOVE: Depth = 0.32;
/// Internal iterative reduction per ply the table's depth falls short of the PV node's (Rapfi's
/// `IIR_REDUCTION_PV_DEPTH`), at most [`IIR_SHORT_MAX`].
const IIR_PER_SHORT_PLY: Depth = 0.28;
const IIR_SHORT_MAX: Depth = 3.6;

/// The internal iterative reduction of a PV node at `depth` with the table's `entry`: a node the
/// table knows little about is searched shallower, and deepened on the next iteration.
fn iir(depth: Depth, entry: Option<Entry>) -> Depth {
    match entry.filter(|e| e.best.is_some()) {
        None => IIR_NO_MOVE,
        Some(e) if depth > 1.0 => {
            ((depth - e.depth as Depth) * IIR_PER_SHORT_PLY).clamp(0.0, IIR_SHORT_MAX)
        }
        Some(_) => 0.0,
    }
}

/// The extension of the table's move where no singular search was made (Rapfi's
/// `TTMOVE_EXT`): a quarter ply at PV nodes, less elsewhere.
const TT_MOVE_PV: Depth = 0.25;
const TT_MOVE_NON_PV: Depth = 0.08;
/// More for a table move that makes a four within four cells of our last move, or six (Rapfi's
/// `TTMOVE_FOUR_EXT`).
const TT_FOUR_NEAR4: Depth = 0.24;
const TT_FOUR_NEAR6: Depth = 0.05;

/// The reduction a ply of complexity adds for a move (Rapfi's `complexityReduction`): most for
/// moves making nothing far from both last moves, least for threats.
fn complexity_reduction(trivial: bool, important: bool, distract: bool) -> Depth {
    match (trivial, distract, important) {
        (true, true, _) => 0.0968,
        (true, false, _) => 0.0385,
        (false, _, false) => 0.0222,
        (false, _, true) => 0.0055,
    }
}

/// The threats counted in a node's complexity: a two to a four.
const COMPLEX_THREATS: [Threat; 9] = [
    Threat::Flex2,
    Threat::Block3,
    Threat::Flex2x2,
    Threat::Block3Plus,
    Threat::Flex3,
    Threat::Flex3Plus,
    Threat::Flex3x2,
    Threat::Block4,
    Threat::Block4Plus,
];

/// Depth below which moves making no pattern for either side (no two, no three) are pruned.
const TRIVIAL_PRUNING_DEPTH: Depth = 4.0;

/// `per_ply · depth`, in whole units (a margin that grows with the depth).
fn plies(per_ply: i32, depth: Depth) -> i32 {
    (per_ply as f32 * depth) as i32
}

/// Moves searched at depth `d` before the rest are pruned (all but the block of a five).
fn move_count_limit(depth: Depth, improving: bool) -> usize {
    let base = 3.0 + depth.max(0.0).powf(1.3);
    (if improving { base } else { base / 2.0 }) as usize + 1
}

/// The order of the moves: the higher key first, then the lower cell.
fn by_key(a: &(i32, u16), b: &(i32, u16)) -> std::cmp::Ordering {
    b.0.cmp(&a.0).then(a.1.cmp(&b.1))
}

/// Moves picked one at a time before the rest are sorted at once: most nodes search a few.
const PICKED_ONE_AT_A_TIME: usize = 6;

/// Puts the `i`-th move of the order [`by_key`] at `moves[i]`, given the first `i` in place: the
/// best of the rest, picked, for the first few; the rest sorted at once after them.
#[inline]
fn next_best(moves: &mut [(i32, u16)], i: usize) {
    if i < PICKED_ONE_AT_A_TIME {
        let mut best = i;
        for j in i + 1..moves.len() {
            if by_key(&moves[j], &moves[best]).is_lt() {
                best = j;
            }
        }
        moves.swap(i, best);
    } else if i == PICKED_ONE_AT_A_TIME {
        moves[i..].sort_unstable_by(by_key);
    }
}

/// One thread's search.
struct Worker<'a> {
    b: PatternBoard,
    shared: &'a Shared<'a>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    id: usize,
    nodes: u64,
    aborted: bool,
    /// `history[cell][colour][kind]` (Rapfi's main history): how often the move on `cell` caused
    /// a cut-off, with [`gravity`], apart for threats (`ATTACK_HISTORY`: an open three or more of
    /// the mover's) and quiet moves (`QUIET_HISTORY`).
    history: Vec<[[i32; 2]; 2]>,
    /// `low_ply[ply][cell]` for the first [`LOW_PLIES`] plies (Stockfish's `lowPlyHistory`): how
    /// often the move on `cell` caused a cut-off at that ply in this move's search.
    low_ply: Vec<Vec<i32>>,
    killers: Vec<[u16; 2]>,
    /// `counter[cell]`: the reply that refuted the move on `cell` last.
    counter: Vec<u16>,
    /// The static evaluation at each ply (for "improving").
    evals: Vec<i32>,
    buffers: Vec<Vec<(i32, u16)>>,
    vcf_buffers: Vec<Vec<(i32, u16)>>,
    /// Positions (hash with the low byte the depth) where a VCF failed, direct-mapped.
    vcf_failed: Vec<u64>,
    sel_depth: usize,
    /// `line[ply]`: the move played at `ply` of the current line.
    line: Vec<u16>,
    /// `tt_pv[ply]`: the node is or was on a principal variation (Rapfi's `ttPv`).
    tt_pv: Vec<bool>,
    /// The root's alpha in the current pass (Rapfi's `rootAlpha`).
    root_alpha: i32,
    root_depth: i32,
    qnodes: u64,
    vnodes: u64,
    /// `excluded[ply]`: the move left out at `ply` by a singular search, or `u16::MAX`.
    excluded: Vec<u16>,
    /// `threats[ply]`: the mover's threat at the move played at `ply`.
    threats: Vec<Threat>,
    /// `best_order[ply]`: the highest ordering score of the moves generated at `ply` (the
    /// policy's best, for [`policy_reduction`]).
    best_order: Vec<i32>,
}

/// The plies with a history of their own ([`Worker::low_ply`]).
const LOW_PLIES: usize = 4;

/// A low-ply history entry's weight in the ordering at ply `p`: `LOW_PLY_WEIGHT / (1 + 2·p)` of
/// the quiet history's (eight measured in the ninety-second round: behind on both boards).
const LOW_PLY_WEIGHT: i32 = 4;

/// The history of threat moves (an open three or more of the mover's).
const ATTACK_HISTORY: usize = 0;
/// The history of quiet moves.
const QUIET_HISTORY: usize = 1;
/// The bound of a history entry.
const HISTORY_RANGE: i32 = 10_692;

/// A history update with gravity (Rapfi's, as Stockfish's): an entry moves by `bonus`, less in
/// proportion to how near its bound it is already, and so stays within `±HISTORY_RANGE`.
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_RANGE;
}

/// The history bonus of a cut-off at depth `d` (Rapfi's `statBonus`).
fn history_bonus(d: Depth) -> i32 {
    ((25.0 * d * d + 105.0 * d - 157.0) as i32).clamp(0, 8927)
}

/// The plies of reduction a move's history is worth (Rapfi's `statScore` and
/// `extensionFromStatScore`): positive for a good history, less at higher depths.
fn history_extension(h: [i32; 2], depth: Depth) -> Depth {
    let stat = h[ATTACK_HISTORY] + h[QUIET_HISTORY] * 780 / 1024 - 3322;
    stat as Depth / (12_267.0 + if depth > 5.4 { 4_380.0 } else { 0.0 })
}

/// The units of [`PatternBoard::order_score`] in a logit: the fitted move ordering's scores are a
/// policy, a softmax over a node's candidates of their scores predicting Rapfi's move
/// (`order_weights.rs`). A late move the ordering puts far below the node's best is reduced more
/// ([`policy_reduction`]; thirty-second round: Rapfi's policy reduction, which its classical
/// evaluation has no policy for).
const ORDER_UNITS: f32 = 300.0;
/// The logits below the node's best ordering score a move may lie with no policy reduction.
const POLICY_FREE: f32 = 1.0;
/// The plies of policy reduction for each logit beyond [`POLICY_FREE`].
const POLICY_PER_LOGIT: f32 = 0.5;
/// The most plies of policy reduction.
const POLICY_MAX: Depth = 2.0;

/// The plies a late move is reduced for its ordering score `order`, `best` the highest at its
/// node (see [`POLICY_FREE`]).
fn policy_reduction(order: i32, best: i32) -> Depth {
    let below = (best - order).max(0) as f32 / ORDER_UNITS;
    (POLICY_PER_LOGIT * (below - POLICY_FREE)).clamp(0.0, POLICY_MAX)
}

/// Score of a four for the VCF's ordering of its fours (by their threat), before the fitted
/// ordering's value.
const ATTACK: [i32; 13] = [
    0, 40, 30, 120, 140, 350, 500, 2500, 300, 1000, 5000, 20000, 100000,
];

impl<'a> Worker<'a> {
    fn new(
        b: PatternBoard,
        shared: &'a Shared<'a>,
        deadline: Option<Instant>,
        node_limit: Option<u64>,
        id: usize,
    ) -> Worker<'a> {
        let n = b.padded_cells();
        Worker {
            b,
            shared,
            deadline,
            node_limit,
            id,
            nodes: 0,
            aborted: false,
            history: vec![[[0; 2]; 2]; n],
            low_ply: vec![vec![0; n]; LOW_PLIES],
            killers: vec![[u16::MAX; 2]; MAX_PLY + 4],
            counter: vec![u16::MAX; n],
            evals: vec![0; MAX_PLY + 4],
            buffers: vec![Vec::new(); MAX_PLY + 4],
            vcf_buffers: vec![Vec::new(); VCF_FOURS as usize + 1],
            vcf_failed: vec![0; 1 << 16],
            sel_depth: 0,
            line: vec![u16::MAX; MAX_PLY + 4],
            root_depth: 1,
            qnodes: 0,
            vnodes: 0,
            excluded: vec![u16::MAX; MAX_PLY + 4],
            tt_pv: vec![false; MAX_PLY + 4],
            root_alpha: -INF,
            threats: vec![Threat::None; MAX_PLY + 4],
            best_order: vec![i32::MIN; MAX_PLY + 4],
        }
    }

    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            let out = self.shared.cancel.load(Ordering::Relaxed)
                || self.shared.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.nodes >= n);
            if out {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// A cell where `p` makes five: looked for first on the lines of the last move within four
    /// (where a five to block is made), then on the whole board.
    #[inline]
    fn five_cell(&self, p: usize) -> Option<usize> {
        if self.b.count(p, Threat::Five) == 0 {
            return None;
        }
        if let Some(l) = self.b.last() {
            for s in self.b.steps() {
                for k in 1..=4isize {
                    for q in [l as isize + k * s, l as isize - k * s] {
                        let q = q as usize;
                        if q < self.b.padded_cells()
                            && self.b.stone(q) == EMPTY
                            && self.b.threat(p, q) == Threat::Five
                        {
                            return Some(q);
                        }
                    }
                }
            }
        }
        self.b.find(p, Threat::Five)
    }

    /// The king's-move distance between cells `a` and `b` (far for no cell).
    fn distance(&self, a: usize, b: u16) -> usize {
        if b == u16::MAX {
            return usize::MAX;
        }
        let (ax, ay) = self.b.coords(a);
        let (bx, by) = self.b.coords(b as usize);
        ax.abs_diff(bx).max(ay.abs_diff(by))
    }

    /// How much is going on after a move (Rapfi's complexity, which it counts before the
    /// moves): the log of one more than the cells where either side makes a two to a four.
    fn complexity(&self) -> Depth {
        let cells: u32 = COMPLEX_THREATS
            .iter()
            .map(|&t| u32::from(self.b.count(0, t) + self.b.count(1, t)))
            .sum();
        ((1 + cells) as Depth).ln()
    }

    /// The static value for the side to move: the fitted evaluation of the pattern board
    /// ([`PatternBoard::evaluation`]).
    #[inline]
    fn evaluate(&self) -> i32 {
        self.b.evaluation()
    }

    /// Mate-distance checks common to every node: `Some(value)` when the position is decided by
    /// the threats on the board (a five to play, two fives to block, an open four).
    #[inline]
    fn decided(&self, ply: usize) -> Option<i32> {
        let me = self.b.to_move();
        let opp = 1 - me;
        if self.b.count(me, Threat::Five) > 0 {
            return Some(win_in(ply + 1));
        }
        let fives = self.b.count(opp, Threat::Five);
        if fives >= 2 {
            return Some(lost_in(ply + 2));
        }
        if fives == 0 && self.b.count(me, Threat::Flex4) > 0 {
            return Some(win_in(ply + 3));
        }
        // Renju: black's one block is a forbidden point.
        if fives == 1 && self.b.five_unblockable(me) {
            return Some(lost_in(ply + 2));
        }
        // A four-three or a double three the opponent has no four to answer (not through the
        // move a singular search leaves out).
        if fives == 0 && win_in_five(&self.b).is_some_and(|c| c as u16 != self.excluded[ply]) {
            return Some(win_in(ply + 5));
        }
        None
    }

    /// The quiescence search: the static value, or a win by continuous fours (a five to block is
    /// blocked first).
    fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize, qply: i32) -> i32 {
        self.qnodes += 1;
        if self.tick() {
            return 0;
        }
        if let Some(v) = self.decided(ply) {
            return v;
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        let me = self.b.to_move();
        let opp = 1 - me;
        if self.b.count(opp, Threat::Five) == 1 {
            // Forced: block the five.
            let Some(c) = self.five_cell(opp) else {
                return self.evaluate();
            };
            self.b.make(c);
            let v = -self.qsearch(-beta, -alpha, ply + 1, qply - 1);
            self.b.unmake();
            return v;
        }
        let stand = self.evaluate();
        if stand >= beta || qply <= 0 {
            return stand;
        }
        if let Some(plies) = self.vcf(VCF_FOURS) {
            return win_in(ply + plies as usize);
        }
        stand
    }

    /// Victory by continuous fours: can the side to move (no five of the opponent's to block, or
    /// one that its block makes a four of its own) win by fours, each answered by its one block,
    /// within `depth` fours, each four after the first near the one before (as Rapfi's
    /// quiescence VCF: [`PatternBoard::empty_near`]), to a five, an open four, or a four-three or
    /// double three that wins in five ([`win_in_five`])? The plies to the five. A dead four
    /// ([`PatternBoard::dead_four`]: after it and its block nothing is left to go on with) is
    /// not played: its line would fail at once.
    fn vcf(&mut self, depth: i32) -> Option<i32> {
        self.vnodes += 1;
        let me = self.b.to_move();
        let opp = 1 - me;
        if self.b.count(me, Threat::Five) > 0 {
            return Some(1);
        }
        let fives = self.b.count(opp, Threat::Five);
        if fives >= 2 {
            return None;
        }
        if fives == 0 && self.b.count(me, Threat::Flex4) > 0 {
            return Some(3);
        }
        // The fours may end in a four-three or a double three that wins in five.
        if fives == 0 && wins_in_five(&self.b) {
            return Some(5);
        }
        if depth <= 0 || self.b.count_at_least(me, Threat::Block4) == 0 || self.tick() {
            return None;
        }
        let key = self.b.hash();
        let slot = key as usize & (self.vcf_failed.len() - 1);
        if self.vcf_failed[slot] == (key & !0xFF) | depth as u64 {
            return None;
        }
        let mut moves = std::mem::take(&mut self.vcf_buffers[depth as usize]);
        moves.clear();
        if fives == 1 {
            // The block must itself be a four.
            if let Some(c) = self.five_cell(opp) {
                if self.b.threat(me, c) >= Threat::Block4 {
                    moves.push((0, c as u16));
                }
            }
        } else {
            // Every cell making a four, the scan stopping at the last one; after the first four,
            // only those near the attacker's previous four (a four far from it is one the
            // attacker could have played first: the sequences are not all tried, but the
            // search costs a fraction as much).
            let fours = self.b.count_at_least(me, Threat::Block4) as usize;
            let anchor = if depth < VCF_FOURS {
                self.b.back(1)
            } else {
                None
            };
            let b = &self.b;
            let four = |c: usize| {
                let t = b.threat(me, c);
                (t >= Threat::Block4).then(|| (ATTACK[t as usize] + b.order(me, c).0, c as u16))
            };
            match anchor {
                Some(a) => moves.extend(b.empty_near(a).filter_map(four)),
                None => {
                    // Every four is a candidate (its five's other three stones are within two
                    // of it, on its line), and the candidates come in the cells' order.
                    for c in b.candidates() {
                        if let Some(m) = four(c) {
                            moves.push(m);
                            if moves.len() == fours {
                                break;
                            }
                        }
                    }
                }
            }
            moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        }
        let mut found = None;
        for &(_, c) in moves.iter() {
            // A four after which the attacker has nothing to go on with fails: not played.
            if fives == 0 && self.b.dead_four(me, c as usize) {
                continue;
            }
            self.b.make(c as usize);
            // Renju: the four's one block is forbidden to black, the defender.
            let unblockable = self.b.five_unblockable(opp);
            // The defender blocks the four (its own five first, if the four left it one).
            let r = if self.b.count(opp, Threat::Five) > 0 {
                None
            } else if let Some(block) = self.five_cell(me) {
                self.b.make(block);
                let r = self.vcf(depth - 1);
                self.b.unmake();
                r
            } else {
                None
            };
            self.b.unmake();
            let r = if unblockable { Some(1) } else { r };
            if let Some(p) = r {
                found = Some(p + 2);
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.vcf_buffers[depth as usize] = moves;
        if found.is_none() && !self.aborted {
            self.vcf_failed[slot] = (key & !0xFF) | depth as u64;
        }
        found
    }

    /// The first four-three of `p`'s that is real (a cell where `p`'s stone makes a four and an
    /// open three at once, the three able to become a straight four): every one outside renju
    /// and every one of white's; under renju, a black one whose three has a straight-four point
    /// that is not forbidden once the stone is played (a false three's is: a double four, a
    /// double three or an overline), checked by playing it (Rapfi's `validateOpponentCMove`).
    fn real_four_three(&mut self, p: usize) -> Option<usize> {
        if self.b.renju_black() != Some(p) {
            return self.b.find_exact(p, Threat::Block4Flex3);
        }
        let total = self.b.count(p, Threat::Block4Flex3) as usize;
        if total == 0 {
            return None;
        }
        let mut cells = [0usize; 8];
        let mut n = 0;
        for c in self.b.candidates() {
            if self.b.threat(p, c) == Threat::Block4Flex3 {
                cells[n] = c;
                n += 1;
                if n == total || n == cells.len() {
                    break;
                }
            }
        }
        let me = self.b.to_move();
        for &q in &cells[..n] {
            self.b.set_to_move(p);
            self.b.make(q);
            // Before it, `p` had no open three (no straight-four point): one now is this three's.
            let real = self.b.count(p, Threat::Flex4) > 0;
            self.b.unmake();
            self.b.set_to_move(me);
            if real {
                return Some(q);
            }
        }
        None
    }

    /// The moves to search at a node with their keys, into `out`, unordered ([`next_best`] puts
    /// them in order, best first, as they are searched). With a five to block, that cell;
    /// against an open three, the fours and the defences against its open four; otherwise every
    /// cell near a stone.
    /// The highest ordering score of the moves is kept in `best_order[ply]`.
    fn generate(&mut self, ply: usize, tt_move: Option<u16>, out: &mut Vec<(i32, u16)>) {
        self.best_order[ply] = i32::MIN;
        let me = self.b.to_move();
        let opp = 1 - me;
        if self.b.count(opp, Threat::Five) > 0 {
            // The one block; none when it is forbidden to black (renju): the game is lost, and the
            // root then plays any allowed cell.
            if let Some(c) = self.five_cell(opp).filter(|&c| !self.b.forbidden(me, c)) {
                out.push((0, c as u16));
            }
            return;
        }
        let defend = self.b.count(opp, Threat::Flex4) > 0;
        // Against an open three: the cells that defend against its open four
        // (`PatternBoard::three_defences`); against black's under renju when its forbidden points
        // are unsettled, every cell of the opponent's fours.
        let mut defences = Vec::new();
        let exact = defend && self.b.three_defences(opp, &mut defences);
        // Against a four-three to come, only its defences (below), our fours, and the counters
        // through the block of its four.
        let four_three = if defend {
            None
        } else {
            self.real_four_three(opp)
        };
        // Where we shall block his four after it (its five point): our moves on its lines may
        // make that block a four of ours, a counter to the whole threat; when the block is a four
        // of ours already, no move needs to answer it directly.
        let block = four_three.and_then(|q| self.b.five_point(opp, q));
        let four_three =
            four_three.filter(|_| block.is_none_or(|b| self.b.threat(me, b) < Threat::Block4));
        // Its defences: the cells that weaken one of its lines
        // (`PatternBoard::four_three_defences`); against black's under renju, those of its four
        // and of the three it leaves (`PatternBoard::renju_four_three_defences`), and when they
        // are not given every cell on its lines within four.
        let exact_four_three = four_three.is_some_and(|q| {
            if self.b.renju_black() == Some(opp) {
                self.b.renju_four_three_defences(opp, q, &mut defences)
            } else {
                self.b.four_three_defences(opp, q, &mut defences)
            }
        });
        let steps = self.b.steps();
        // The direction (of `steps`) in which distinct cells `c` and `q` lie on one line within
        // four of each other, if they do.
        let along = |c: usize, q: usize| {
            let diff = c as isize - q as isize;
            (0..4).find(|&d| {
                let s = steps[d];
                diff != 0 && diff % s == 0 && (diff / s).abs() <= 4 && self.b.aligned(c, q, s)
            })
        };
        let on_lines = |c: usize, q: usize| c == q || along(c, q).is_some();
        // A counter through the block `b`: a cell on one of its lines, within four, where our
        // stone makes a closed three or more on that line (then the block makes a four).
        let counters =
            |c: usize, b: usize| along(c, b).is_some_and(|d| self.b.line(me, c, d) >= Line::B3);
        let killers = self.killers[ply];
        let counter = self.b.last().map_or(u16::MAX, |l| self.counter[l]);
        let empty_board = self.b.stones() == 0;
        if empty_board {
            let (w, h) = (self.b.width(), self.b.height());
            out.push((0, self.b.index(w / 2, h / 2) as u16));
            return;
        }
        for c in self.b.candidates() {
            // Renju: black's forbidden points are no moves.
            if self.b.forbidden(me, c) {
                continue;
            }
            let (a, d) = (self.b.threat(me, c), self.b.threat(opp, c));
            if defend
                && a < Threat::Block4
                && (d < Threat::Block4 || exact && !defences.contains(&(c as u16)))
            {
                continue;
            }
            if let Some(q) = four_three {
                let defends = if exact_four_three {
                    defences.contains(&(c as u16))
                } else {
                    on_lines(c, q)
                };
                if a < Threat::Block4 && !defends && !block.is_some_and(|b| counters(c, b)) {
                    continue;
                }
            }
            // The fitted values (ninth round: paired against the hand-set ordering over 640
            // games against Rapfi at eight fixed node counts, +17 points, each count +0 or more;
            // tenth round: the pair of threats, and more games to fit).
            let mut key = self.b.order_score(c);
            self.best_order[ply] = self.best_order[ply].max(key);
            let h = self.history[c][me];
            key += if a >= Threat::Flex3 {
                h[ATTACK_HISTORY] / 128
            } else {
                h[QUIET_HISTORY] / 256
            };
            if ply < LOW_PLIES {
                key += self.low_ply[ply][c] * LOW_PLY_WEIGHT / (1 + 2 * ply as i32) / 256;
            }
            let cu = c as u16;
            if tt_move == Some(cu) {
                key = i32::MAX;
            } else if killers[0] == cu {
                key += 400;
            } else if killers[1] == cu {
                key += 250;
            } else if counter == cu {
                key += 200;
            }
            out.push((key, cu));
        }
    }

    /// Negamax with alpha-beta and principal-variation search.
    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: Depth,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        // A leaf is one node, the quiescence search's (it was counted twice before the eleventh
        // round: nodes/s and fixed-node budgets were a sixth to a fifth too high).
        if depth <= 0.0 {
            return self.qsearch(alpha, beta, ply, QS_PLIES);
        }
        if self.tick() {
            return 0;
        }
        if let Some(v) = self.decided(ply) {
            return v;
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        self.sel_depth = self.sel_depth.max(ply);
        // Mate-distance pruning.
        alpha = alpha.max(lost_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let me = self.b.to_move();
        let opp = 1 - me;
        let key = self.b.hash();
        // In a singular search the node is searched without one of its moves: the table's
        // entry for the node is neither a cut-off nor replaced.
        let skip = self.excluded[ply];
        let entry = self.shared.tt.probe(key);
        if skip == u16::MAX {
            self.tt_pv[ply] = pv_node || entry.is_some_and(|e| e.pv);
        }
        self.tt_pv[ply + 1] = false;
        if let Some(e) = entry {
            if !pv_node && skip == u16::MAX && e.depth as Depth >= depth {
                let v = from_table(e.value, ply, WIN_BOUND);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    return v;
                }
            }
        }
        let opp_five = self.b.count(opp, Threat::Five) > 0;
        let opp_three = self.b.count(opp, Threat::Flex4) > 0;
        let eval = if opp_five {
            -self.evals[ply.saturating_sub(1)]
        } else {
            self.evaluate()
        };
        self.evals[ply] = eval;
        let improving = ply >= 2 && eval > self.evals[ply - 2];
        if !pv_node && !opp_five && !opp_three && beta.abs() < WIN_BOUND {
            // Reverse futility: far above beta at a shallow depth.
            if depth <= 6.0
                && eval - plies(FUTILITY_PER_PLY, depth - improving as i32 as Depth) >= beta
            {
                return eval;
            }
            // Razoring: far below alpha, only fours could help.
            if depth <= 2.0 && eval + RAZOR_BASE + plies(RAZOR_PER_PLY, depth) < alpha {
                let v = self.qsearch(alpha, alpha + 1, ply, QS_PLIES);
                if v <= alpha {
                    return v;
                }
            }
        }
        let tt_move = entry.and_then(|e| e.best);
        let mut depth = depth;
        if pv_node && skip == u16::MAX {
            depth -= iir(depth, entry);
            if depth <= 0.0 {
                return self.qsearch(alpha, beta, ply, QS_PLIES);
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        self.generate(ply, tt_move, &mut moves);
        let forced = opp_five;
        let likely_fail_high = !pv_node
            && cut_node
            && !forced
            && eval
                >= beta + plies(FAIL_HIGH_PER_PLY, depth) - 7
                    + if opp_three { FAIL_HIGH_THREE } else { 0 };
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move: Option<u16> = None;
        let mut searched = 0usize;
        for i in 0..moves.len() {
            next_best(&mut moves, i);
            let c = moves[i].1 as usize;
            if c as u16 == skip {
                continue;
            }
            let (a, d) = (self.b.threat(me, c), self.b.threat(opp, c));
            let tactical = a >= Threat::Flex3 || d >= Threat::Flex3x2 || forced || opp_three;
            let trivial = a == Threat::None && d == Threat::None;
            // Far (more than four) from both sides' last moves.
            let dist_opp = self.distance(c, self.line[ply - 1]);
            let dist_self = if ply >= 2 {
                self.distance(c, self.line[ply - 2])
            } else {
                usize::MAX
            };
            let distract = ply >= 2 && dist_opp > 4 && dist_self > 4;
            // A threat of ours (a double two or more) or a block of his open three or more.
            let important = a >= Threat::Flex2x2 || d >= Threat::Flex3;
            // Moves making nothing for either side at shallow depths.
            if trivial && depth < TRIVIAL_PRUNING_DEPTH && best > -WIN_BOUND && !forced {
                continue;
            }
            // Late-move pruning at shallow depths, of every move but the block of a five (as in
            // Rapfi; threats were exempt before the eighth round: suite 25 -> 33 of 49), at PV
            // nodes too (fiftieth round, as Rapfi).
            if !forced && best > -WIN_BOUND && searched >= move_count_limit(depth, improving) {
                // So are all the moves after it (neither the count nor the best goes down).
                break;
            }
            // A useless defence pruned at shallow depths (Rapfi's): an answer to an open three
            // that is none of its four points, far from both last moves (fiftieth round).
            if opp_three
                && !forced
                && depth < TRIVIAL_PRUNING_DEPTH
                && best > -WIN_BOUND
                && d < Threat::Block4
                && distract
            {
                continue;
            }
            // The one block of a five costs no depth. The answers to an open three cost a ply,
            // as every move (as in Rapfi): free, they took the nodes the attacker's quiet moves
            // needed (seventh round: suite 20 -> 26 of 49 at 300 k nodes, self-play +38).
            let mut new_depth = if forced { depth } else { depth - 1.0 };
            let mut extension: Depth = 0.0;
            let singular = entry.filter(|e| {
                !forced
                    && tt_move == Some(c as u16)
                    && depth >= SINGULAR_DEPTH
                    && skip == u16::MAX
                    && e.bound != Bound::Upper
                    && e.depth as Depth >= depth - SINGULAR_TABLE_DEPTH
                    && e.value.abs() < WIN_BOUND
            });
            if let Some(e) = singular {
                let tv = e.value;
                // At a node that was on a PV, a wider margin and a ply deeper (Rapfi's
                // `formerPv`; fiftieth round).
                let former_pv = (!pv_node && self.tt_pv[ply]) as i32 as f32;
                let singular_beta = (tv - ((SINGULAR_MARGIN + former_pv) * depth) as i32).max(-WIN);
                self.excluded[ply] = c as u16;
                let v = self.search(
                    singular_beta - 1,
                    singular_beta,
                    depth * SINGULAR_SHARE + former_pv,
                    ply,
                    false,
                    cut_node,
                );
                self.excluded[ply] = u16::MAX;
                if self.aborted {
                    break;
                }
                if v < singular_beta {
                    extension = 1.0;
                } else if singular_beta >= beta {
                    // Multi-cut: without its best move the node still fails high.
                    self.buffers[ply] = moves;
                    return singular_beta;
                } else if tv >= beta {
                    extension = -SINGULAR_NEGATIVE;
                }
            }
            if singular.is_none() && !forced && tt_move == Some(c as u16) {
                extension += if pv_node { TT_MOVE_PV } else { TT_MOVE_NON_PV };
                if a >= Threat::Block4 && dist_self <= 6 {
                    extension += if dist_self <= 4 {
                        TT_FOUR_NEAR4
                    } else {
                        TT_FOUR_NEAR6
                    };
                }
            }
            new_depth += extension;
            // Fail-high reduction: at a cut node far above beta, a move that is not a four is
            // searched a ply less.
            if likely_fail_high && a < Threat::Block4 && new_depth > 1.0 {
                new_depth -= 1.0;
            }
            // The policy's verdict on a move that may be reduced, read before it is made.
            let policy = if depth >= 2.0 && searched >= 1 && !forced {
                policy_reduction(self.b.order_score(c), self.best_order[ply])
            } else {
                0.0
            };
            self.line[ply] = c as u16;
            self.threats[ply] = a;
            // The child's table slot is on its way from memory while the move is made.
            self.shared.tt.prefetch(self.b.hash_after(c));
            self.b.make(c);
            let mut v;
            if searched == 0 {
                v = -self.search(-beta, -alpha, new_depth, ply + 1, pv_node, false);
            } else {
                let mut r = 0.0;
                // Late-move reduction, answers to an open three included (eighth round: +28
                // (+9..+46) over 640 games); only the block of a five is never reduced. In
                // fractions of a ply with Rapfi's terms (twenty-ninth round), and ours for threats.
                if depth >= 2.0 && searched >= 1 && !forced {
                    r = reduction(depth, searched + 1);
                    if pv_node {
                        r = (r - 1.0).max(0.0);
                    } else if !improving && r > 1.0 {
                        r += 1.0;
                    }
                    // A node that is or was on a PV is reduced less; the opponent's, once a move
                    // of his holds the root under its alpha, more (Rapfi's; fiftieth round).
                    if self.tt_pv[ply] {
                        r -= TT_PV_REDUCTION;
                    }
                    if ply % 2 == 1 && best >= -self.root_alpha {
                        r += NO_ALPHA_IMPROVING_REDUCTION;
                    }
                    r += self.complexity() * complexity_reduction(trivial, important, distract);
                    if cut_node
                        && !(!opp_three
                            && self.killers[ply].contains(&(c as u16))
                            && a < Threat::Flex3)
                    {
                        r += CUT_NODE_REDUCTION;
                    }
                    // An answer to an open three that is none of his four points, far from his
                    // last move (and from ours): a useless defence.
                    if opp_three && d < Threat::Block4 {
                        if dist_opp > 4 {
                            r += USELESS_DEFENCE_OPP;
                        }
                        if dist_self > 4 {
                            r += USELESS_DEFENCE_SELF;
                        }
                    }
                    // A continued attack: a threat after our own threat (or a double two near it).
                    if !opp_three
                        && ply >= 2
                        && self.threats[ply - 2] >= Threat::Flex3
                        && (a >= Threat::Flex3 || dist_self <= 4 && a >= Threat::Flex2x2)
                    {
                        r -= CONTINUED_ATTACK;
                    }
                    if tactical {
                        r -= 1.0;
                    }
                    r -= history_extension(self.history[c][me], depth);
                    r += policy;
                    // No deeper than the move's depth (a ply deeper before the fifty-second
                    // round), and at least one ply left.
                    r = r.clamp(0.0, (new_depth - 1.0).max(0.0));
                }
                v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true);
                if v > alpha && r > 0.0 && !self.aborted {
                    // The re-search's depth follows the reduced search's margin over alpha.
                    // No extension exceeds a ply (fifty-second round), so the line's extra
                    // plies that Rapfi caps are 0 here.
                    let ext = lmr_extension(v - alpha, v - best, r, new_depth, 0.0);
                    let full = new_depth + ext;
                    if new_depth - r < full {
                        v = -self.search(-alpha - 1, -alpha, full, ply + 1, false, !cut_node);
                    }
                }
                if v > alpha && v < beta && pv_node && !self.aborted {
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
                }
            }
            self.b.unmake();
            if self.aborted {
                break;
            }
            searched += 1;
            if v > best {
                best = v;
                best_move = Some(c as u16);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        if !forced {
                            // Rapfi's history: a threat's in the threats' table; a quiet
                            // move's, not answering an open three, in the quiet one (and a
                            // killer); the moves searched before it lose as much, threats
                            // always, quiet moves when the best move is quiet.
                            let bonus = history_bonus(depth);
                            let quiet = a < Threat::Flex3;
                            if !quiet {
                                gravity(&mut self.history[c][me][ATTACK_HISTORY], bonus);
                            } else if !opp_three {
                                gravity(&mut self.history[c][me][QUIET_HISTORY], bonus);
                                let k = &mut self.killers[ply];
                                if k[0] != c as u16 {
                                    k[1] = k[0];
                                    k[0] = c as u16;
                                }
                            }
                            if let Some(l) = self.b.last() {
                                self.counter[l] = c as u16;
                            }
                            if ply < LOW_PLIES {
                                gravity(&mut self.low_ply[ply][c], bonus);
                            }
                            for &(_, q) in &moves[..i] {
                                let q = q as usize;
                                if q as u16 == skip {
                                    continue;
                                }
                                if ply < LOW_PLIES {
                                    gravity(&mut self.low_ply[ply][q], -bonus);
                                }
                                if self.b.threat(me, q) >= Threat::Flex3 {
                                    gravity(&mut self.history[q][me][ATTACK_HISTORY], -bonus);
                                } else if quiet && !opp_three {
                                    gravity(&mut self.history[q][me][QUIET_HISTORY], -bonus);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.aborted {
            return 0;
        }
        let Some(best_move) = best_move else {
            // No candidate at all (a full board near the stones, or all pruned): judge it.
            return if searched == 0 && self.b.count(opp, Threat::Flex4) > 0 {
                lost_in(ply + 4)
            } else {
                eval
            };
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Rapfi's: a node that failed low under a PV node joins the PVs' tree; one that did not,
        // leaves it with its best move's answer.
        if best <= alpha {
            self.tt_pv[ply] = self.tt_pv[ply] || (self.tt_pv[ply - 1] && depth > 3.0);
        } else if depth > 3.0 {
            self.tt_pv[ply] = self.tt_pv[ply] && self.tt_pv[ply + 1];
        }
        if skip == u16::MAX {
            let mut e = new_entry(to_table(best, ply, WIN_BOUND), depth, bound, best_move);
            e.pv = self.tt_pv[ply];
            self.shared.tt.store_keeping_proofs(key, e);
        }
        best
    }

    /// One iteration at the root within (alpha, beta): the value and the best move, or `None`
    /// when stopped before the first move was searched.
    fn root(
        &mut self,
        depth: Depth,
        alpha0: i32,
        beta: i32,
        moves: &mut [u16],
    ) -> Option<(i32, u16)> {
        let mut alpha = alpha0;
        let mut best: Option<(i32, usize)> = None;
        self.tt_pv[0] = true;
        self.root_alpha = alpha;
        for (i, &c) in moves.iter().enumerate() {
            let mut fail_high: Option<i32> = None;
            let c = c as usize;
            self.line[0] = c as u16;
            self.threats[0] = self.b.threat(self.b.to_move(), c);
            self.shared.tt.prefetch(self.b.hash_after(c));
            self.b.make(c);
            let mut v;
            if i == 0 {
                v = -self.search(-beta, -alpha, depth - 1.0, 1, true, false);
            } else {
                // Late quiet root moves are searched less first (from the third on).
                let (me, opp) = (1 - self.b.to_move(), self.b.to_move());
                let quiet = self.b.count(me, Threat::Five) == 0
                    && self.b.count(opp, Threat::Five) == 0
                    && self.b.count(me, Threat::Flex4) == 0;
                let mut r = 0.0;
                if depth >= 3.0 && i >= 2 && quiet {
                    r = (root_reduction(depth, i + 1) - 1.0).clamp(0.0, depth - 2.0);
                }
                v = -self.search(-alpha - 1, -alpha, depth - 1.0 - r, 1, false, true);
                if v > alpha && r > 0.0 && !self.aborted {
                    v = -self.search(-alpha - 1, -alpha, depth - 1.0, 1, false, false);
                }
                // Beat alpha at full depth with the null window: better than the best so far.
                if v > alpha && !self.aborted {
                    fail_high = Some(v);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = -self.search(-beta, -alpha, depth - 1.0, 1, true, false);
                }
            }
            self.b.unmake();
            if self.aborted {
                // Stopped in the re-search of a move that beat alpha at full depth: that move
                // is the better one, its value a lower bound (the fail-high trusted).
                if let Some(h) = fail_high {
                    best = Some((h.max(alpha + 1), i));
                }
                break;
            }
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, i));
                if v > alpha {
                    alpha = v;
                    self.root_alpha = alpha;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let (v, i) = best?;
        // A move that beat alpha goes first. When none did (a fail low), their values are
        // bounds only and the first move stays first: a later pass of this depth, stopped
        // part-way, then knows that a move it found better beat this one at this depth.
        if v > alpha0 {
            moves[..=i].rotate_right(1);
        }
        if !self.aborted {
            let bound = if v >= beta {
                Bound::Lower
            } else if v > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .tt
                .store_keeping_proofs(self.b.hash(), new_entry(v, depth, bound, moves[0]));
        }
        Some((v, moves[0]))
    }

    /// The root moves, best first by the move ordering.
    fn root_moves(&mut self) -> Vec<u16> {
        let mut ordered = Vec::new();
        self.generate(0, None, &mut ordered);
        ordered.sort_unstable_by(by_key);
        if ordered.is_empty() {
            // No defence near: every empty cell.
            return self
                .b
                .cells()
                .iter()
                .copied()
                .filter(|&c| {
                    let me = self.b.to_move();
                    self.b.stone(c as usize) == EMPTY && !self.b.forbidden(me, c as usize)
                })
                .collect();
        }
        ordered.into_iter().map(|(_, c)| c).collect()
    }

    /// Iterative deepening with aspiration windows. `soft`: no new iteration after this time;
    /// `optimum` (a match clock): no new iteration after it, scaled by the best move's
    /// [`Stability`]. `report` is called after each completed iteration with the figures so far.
    fn iterate(
        &mut self,
        max_depth: u32,
        soft: Option<Duration>,
        optimum: Option<Duration>,
        started: Instant,
        mut report: Option<&mut Report<'_>>,
    ) -> (i32, u16, u32) {
        let mut root = self.root_moves();
        let mut value: i32 = 0;
        // A five to play is the move (the root's first may block the opponent's).
        let me = self.b.to_move();
        let mut best = self.b.find(me, Threat::Five).map_or(root[0], |c| c as u16);
        let mut done = 0;
        if let Some(v) = self.decided(0) {
            if v > 0 {
                // The winning move: a five, an open four, a four-three or a double three.
                let cell = match v {
                    v if v == win_in(1) => self.b.find(me, Threat::Five),
                    v if v == win_in(3) => self.b.find(me, Threat::Flex4),
                    _ => win_in_five(&self.b),
                };
                if let Some(c) = cell {
                    best = c as u16;
                }
            }
            return (v, best, 0);
        }
        let first = 1 + (self.id as u32 % 2);
        let mut stability = Stability::default();
        for depth in first..=max_depth.max(1) {
            let depth = depth as i32;
            self.root_depth = depth;
            let mut delta = ASPIRATION;
            let (mut lo, mut hi) = if depth >= 5 && value.abs() < WIN_BOUND {
                (value - delta, value + delta)
            } else {
                (-INF, INF)
            };
            let mut failed_high: Option<(i32, u16)> = None;
            let found = loop {
                let r = self.root(depth as Depth, lo, hi, &mut root);
                if self.aborted {
                    // A pass stopped before any move was searched fully: the move that failed
                    // high in an earlier pass of this depth stands (searched first again).
                    break r.or(failed_high);
                }
                let Some((v, m)) = r else { break None };
                if v <= lo && lo > -INF {
                    lo = (v - delta).max(-INF);
                    delta *= 2;
                } else if v >= hi && hi < INF {
                    failed_high = Some((v, m));
                    hi = (v + delta).min(INF);
                    delta *= 2;
                } else {
                    break r;
                }
                if delta > ASPIRATION_MAX {
                    lo = -INF;
                    hi = INF;
                }
            };
            if self.id == 0 && std::env::var_os("TICTACTOE_SEARCH_STATS").is_some() {
                eprintln!(
                    "iter {depth} nodes {} q {} v {} ms {} value {:?} root {}",
                    self.nodes,
                    self.qnodes,
                    self.vnodes,
                    started.elapsed().as_millis(),
                    found.map(|f| f.0),
                    root.len()
                );
            }
            match found {
                Some((v, m)) if !self.aborted => {
                    stability.record(m != best);
                    value = v;
                    best = m;
                    done = depth as u32;
                    if let Some(f) = report.as_mut() {
                        let nodes = self.nodes + self.shared.nodes.load(Ordering::Relaxed);
                        f(&result(
                            &self.b,
                            self.shared.tt,
                            (v, m, done),
                            nodes,
                            started,
                        ));
                    }
                }
                Some((v, m)) => {
                    // Stopped in the iteration: a move searched fully that beat the last
                    // iteration's best (searched first at this depth) stands, whatever the
                    // last iteration's value (thirteenth round: before, it had to beat that
                    // value too, and a best move that failed low at the new depth stayed).
                    if m != best {
                        best = m;
                        value = v;
                        // Told as the iteration it came from, partly searched.
                        if let Some(f) = report.as_mut() {
                            let nodes = self.nodes + self.shared.nodes.load(Ordering::Relaxed);
                            let partial = (v, m, depth as u32);
                            f(&result(&self.b, self.shared.tt, partial, nodes, started));
                        }
                    }
                    break;
                }
                None => break,
            }
            if value.abs() >= WIN_BOUND && depth > (WIN - value.abs()) + 2 {
                break;
            }
            // A fixed time a move is spent whole (time left over is not kept for later moves):
            // a new iteration starts until the deadline; one stopped part-way keeps its best
            // move when it was searched fully and beat the last iteration's.
            if soft.is_some_and(|s| started.elapsed() >= s.mul_f64(NEW_ITERATION_SHARE))
                || optimum.is_some_and(|o| stability.stop(started.elapsed(), o))
            {
                break;
            }
        }
        (value, best, done)
    }
}

/// What is told after each completed iteration: the figures so far, as [`think`] answers them.
pub type Report<'a> = dyn FnMut(&SearchResult) + Send + 'a;

/// The search's answer from the root `board`: `best` with its `value` after `depth` plies, the
/// line from the table, in cells `row · width + column`.
fn result(
    board: &PatternBoard,
    tt: &Table,
    (value, best, depth): (i32, u16, u32),
    nodes: u64,
    started: Instant,
) -> SearchResult {
    let pv = principal_variation(board, tt, best);
    let value_out = if value >= WIN_BOUND {
        MATE - (WIN - value)
    } else if value <= -WIN_BOUND {
        -(MATE - (WIN + value))
    } else {
        value
    };
    let to_cell = |c: u16| {
        let (x, y) = board.coords(c as usize);
        y * board.width() + x
    };
    SearchResult {
        best: to_cell(best),
        value: value_out,
        proven: None,
        depth,
        nodes,
        pv: pv.into_iter().map(to_cell).collect(),
        elapsed: started.elapsed(),
    }
}

/// Thinks about the position on `board` within `limits` on `tt`, and returns the move with its
/// value, the depth completed, the nodes and the principal variation (cells `row · width +
/// column`), telling `report` after each completed iteration. `None` when the board is full.
pub fn think(
    board: &PatternBoard,
    limits: Limits,
    tt: &Table,
    cancel: &AtomicBool,
    started: Instant,
    report: Option<&mut Report<'_>>,
) -> Option<SearchResult> {
    tt.new_search();
    let shared = Shared {
        tt,
        cancel,
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
    };
    if !board
        .cells()
        .iter()
        .any(|&c| board.stone(c as usize) == EMPTY)
    {
        return None;
    }
    // Short of the limit: a loaded machine may not run the thread at once.
    let deadline = limits.time.map(|t| started + t.mul_f64(DEADLINE_SHARE));
    let shared = &shared;
    let threads = limits.threads.clamp(1, super::available_cores().max(1));
    let (value, best, depth, main_nodes, sel_depth) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                let mut helper = Worker::new(board.clone(), shared, deadline, limits.nodes, id);
                let max_depth = limits.max_depth;
                scope.spawn(move || {
                    let answer = helper.iterate(max_depth, None, None, started, None);
                    shared.nodes.fetch_add(helper.nodes, Ordering::Relaxed);
                    answer
                })
            })
            .collect();
        let mut main = Worker::new(board.clone(), shared, deadline, limits.nodes, 0);
        let answer = main.iterate(
            limits.max_depth,
            limits.time,
            limits.optimum,
            started,
            report,
        );
        shared.stop.store(true, Ordering::Relaxed);
        let mut answers = vec![answer];
        // A helper that panicked has no answer; the main thread's stands.
        answers.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
        let (v, m, d) = answers[best_thread(&answers)];
        (v, m, d, main.nodes, main.sel_depth)
    });
    let nodes = shared.nodes.load(Ordering::Relaxed) + main_nodes;
    if std::env::var_os("TICTACTOE_SEARCH_STATS").is_some() {
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        eprintln!(
            "stats depth {depth} seldepth {} nodes {nodes} ms {ms:.0} nps {:.0} value {value}",
            sel_depth,
            nodes as f64 / ms.max(1.0) * 1000.0
        );
    }
    Some(result(board, tt, (value, best, depth), nodes, started))
}

/// Which thread's answer `(value, move, completed depth)` to play, the main thread's first
/// (Rapfi's `pickBestThread`): the shortest win any thread proves (and over a proven loss, any
/// thread that has not found it); else a thread that proves the
/// game decided where the one chosen so far has not; else the move with the most votes, each
/// thread voting for its move with `(value − the lowest value + 15) · its depth` — a deeper
/// search and a better value weigh more, and threads that agree add up.
fn best_thread(answers: &[(i32, u16, u32)]) -> usize {
    const DEPTH_BIAS: i64 = 15;
    let lowest = answers.iter().map(|a| a.0).min().unwrap_or(0);
    let mut votes: Vec<(u16, i64)> = Vec::new();
    let mut best = 0;
    for (i, &(value, mv, depth)) in answers.iter().enumerate() {
        let vote = (i64::from(value) - i64::from(lowest) + DEPTH_BIAS) * i64::from(depth);
        match votes.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, v)) => *v += vote,
            None => votes.push((mv, vote)),
        }
        let count = |m: u16| votes.iter().find(|(c, _)| *c == m).map_or(0, |v| v.1);
        let chosen = answers[best].0;
        let better = if chosen.abs() >= WIN_BOUND {
            value > chosen
        } else {
            value.abs() >= WIN_BOUND || count(mv) > count(answers[best].1)
        };
        if better {
            best = i;
        }
    }
    best
}

/// The best line from the table, starting with `best`.
fn principal_variation(board: &PatternBoard, tt: &Table, best: u16) -> Vec<u16> {
    let mut b = board.clone();
    let mut line = vec![best];
    b.make(best as usize);
    while line.len() < 24 {
        let Some(m) = tt.probe(b.hash()).and_then(|e| e.best) else {
            break;
        };
        if (m as usize) >= b.padded_cells() || b.stone(m as usize) != EMPTY {
            break;
        }
        b.make(m as usize);
        line.push(m);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Putting the moves in order one at a time as they are searched gives the order of a
        /// full sort: the search is the same as when every node sorted its moves (keys from a
        /// small range, so that ties are many; cells distinct, as a node's are).
        #[test]
        fn moves_put_in_order_one_at_a_time_are_sorted(
            keys in proptest::collection::vec(-3i32..4, 0..90),
            shift in 0u16..400,
        ) {
            let moves: Vec<(i32, u16)> = keys
                .iter()
                .enumerate()
                .map(|(k, &key)| (key, (k as u16 * 37 + shift) % 1024))
                .collect();
            let mut sorted = moves.clone();
            sorted.sort_by(by_key);
            let mut picked = moves;
            for i in 0..picked.len() {
                next_best(&mut picked, i);
            }
            prop_assert_eq!(picked, sorted);
        }

        /// History entries stay within their bound whatever the cut-offs and failures, each
        /// update moving the entry the way of its bonus (never past the bound); a longer
        /// history of cut-offs reduces a move less.
        #[test]
        fn history_stays_bounded_and_follows_its_bonuses(
            updates in proptest::collection::vec((0.0f32..60.0, any::<bool>()), 0..400),
        ) {
            let mut h = 0;
            for (depth, good) in updates {
                let bonus = history_bonus(depth);
                prop_assert!((0..=8927).contains(&bonus));
                let before = h;
                gravity(&mut h, if good { bonus } else { -bonus });
                prop_assert!(h.abs() <= HISTORY_RANGE, "{h} after {before} and {bonus}");
                if good {
                    prop_assert!(h >= before);
                } else {
                    prop_assert!(h <= before);
                }
                let (less, more) = ([h, 0], [h + 1, 0]);
                prop_assert!(history_extension(more, depth) >= history_extension(less, depth));
            }
        }

        /// A late move's re-search goes at most two plies deeper and one shallower; a wider
        /// margin over alpha never makes it shallower, nor does a wider margin over the best;
        /// the margins needed grow with the reduction; and past the extensions' bound it goes
        /// at most one ply deeper.
        #[test]
        fn the_lmr_extension_follows_the_margins(
            over_alpha in 1i32..3000,
            over_best in -50i32..3000,
            r in 0.01f32..8.0,
            new_depth in 1.0f32..30.0,
            extra in 0.0f32..12.0,
            more in 1i32..500,
        ) {
            let ext = lmr_extension(over_alpha, over_best, r, new_depth, extra);
            prop_assert!((-1.0..=2.0).contains(&ext));
            prop_assert!(lmr_extension(over_alpha + more, over_best, r, new_depth, extra) >= ext);
            prop_assert!(lmr_extension(over_alpha, over_best + more, r, new_depth, extra) >= ext);
            prop_assert!(lmr_extension(over_alpha, over_best, r + 1.0, new_depth, extra) <= ext);
            if extra >= LMR_EXTRA_MAX {
                prop_assert!(ext <= 1.0);
            }
            // Far past both margins and the best, with room for extensions: two plies.
            let far = LMR_DEEPEST.0 + (LMR_DEEPEST.1 * r) as i32 + 1;
            prop_assert_eq!(lmr_extension(far, far, r, new_depth.min(far as f32), 0.0), 2.0);
            // Not past the first margin, and no better than the best: one ply shallower.
            prop_assert_eq!(lmr_extension(LMR_DEEPER.0, -1, r, new_depth, 0.0), -1.0);
        }
    }

    /// A 15 × 15 board with `black` and `white` stones ((column, row)), `to_move` to move.
    fn board(black: &[(usize, usize)], white: &[(usize, usize)], to_move: usize) -> PatternBoard {
        let mut b = PatternBoard::new(15, 15).unwrap();
        for (colour, stones) in [(0, black), (1, white)] {
            for &(x, y) in stones {
                b.set_to_move(colour);
                b.make(b.index(x, y));
            }
        }
        b.set_to_move(to_move);
        b
    }

    /// The 15 × 15 board after `moves` (`x,y` from the empty board, black first, as in
    /// `scripts/tactics-15.txt`).
    fn from_moves(moves: &str) -> PatternBoard {
        let parse = |t: &str| {
            let (x, y) = t.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        };
        let moves: Vec<_> = moves.split_whitespace().map(parse).collect();
        crate::search::board_after(15, &moves).unwrap()
    }

    fn best(b: &PatternBoard, nodes: u64) -> SearchResult {
        let tt = Table::with_bytes(1 << 20);
        think(
            b,
            Limits::nodes(nodes),
            &tt,
            &AtomicBool::new(false),
            Instant::now(),
            None,
        )
        .unwrap()
    }

    /// A root move that beat the best at full depth stands when the budget runs out in its
    /// re-search (the fail-high trusted, seventy-fourth round). After `7,7 7,5 9,9 8,5`, 7,9
    /// (Rapfi's move; with it our search proves a win at depth 16) fails high at depth 15,
    /// whose passes climb from 281 to over 1,000 and are stopped part-way at 300,000 nodes:
    /// the search dropped it before and played the last iteration's 9,5.
    #[test]
    fn a_root_move_that_failed_high_stands_when_the_search_stops() {
        let b = from_moves("7,7 7,5 9,9 8,5");
        let r = best(&b, 300_000);
        assert_eq!(r.best, 9 * 15 + 7, "played {}", r.best);
    }

    /// Plays `line` (cells `row · 15 + column`) and says whether the colour to move at the start
    /// made five with its last stone, by an independent count.
    fn wins_by(b: &PatternBoard, line: &[usize]) -> bool {
        let mut grid = vec![None; 225];
        for &c in b.cells() {
            let s = b.stone(c as usize);
            if s < 2 {
                let (x, y) = b.coords(c as usize);
                grid[y * 15 + x] = Some(s);
            }
        }
        let me = b.to_move() as u8;
        let mut colour = me;
        for &c in line {
            assert!(grid[c].is_none(), "{c} occupied");
            grid[c] = Some(colour);
            colour ^= 1;
        }
        let five = |p: u8| {
            (0..15i32).any(|y| {
                (0..15i32).any(|x| {
                    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
                        (0..5).all(|i| {
                            let (a, b) = (x + dx * i, y + dy * i);
                            (0..15).contains(&a)
                                && (0..15).contains(&b)
                                && grid[(b * 15 + a) as usize] == Some(p)
                        })
                    })
                })
            })
        };
        five(me)
    }

    /// Every position where [`wins_in_five`] says the side to move wins, under freestyle and
    /// standard, checked by brute force on a plain grid: its four-three or double-three cell,
    /// then for every reply of the opponent's anywhere (none makes five), a move that makes five
    /// or leaves two cells of five and none of the opponent's.
    #[test]
    fn wins_in_five_are_wins() {
        use crate::rule::Rule;
        use crate::search::pattern::RuleTables;
        const N: i32 = 15;
        let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
        // Whether a stone of `p` on `c` makes five (exactly five when `exact`).
        let five = |g: &[u8], c: i32, p: u8, exact: bool| {
            let (x, y) = (c % N, c / N);
            dirs.iter().any(|&(dx, dy)| {
                let run = |s: i32| {
                    (1..6)
                        .take_while(|&k| {
                            let (a, b) = (x + s * k * dx, y + s * k * dy);
                            (0..N).contains(&a)
                                && (0..N).contains(&b)
                                && g[(b * N + a) as usize] == p
                        })
                        .count()
                };
                let n = 1 + run(1) + run(-1);
                if exact {
                    n == 5
                } else {
                    n >= 5
                }
            })
        };
        let fives = |g: &[u8], p: u8, exact: bool| {
            (0..N * N)
                .filter(|&c| g[c as usize] == 2 && five(g, c, p, exact))
                .count()
        };
        // xorshift64*
        let next = |s: &mut u64| {
            *s ^= *s >> 12;
            *s ^= *s << 25;
            *s ^= *s >> 27;
            (s.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize
        };
        let mut seed = 5u64;
        let mut checked = [0; 2];
        let mut against_fours = 0;
        for round in 0..4000 {
            let (rule, exact) = if round % 2 == 0 {
                (Rule::Freestyle, false)
            } else {
                (Rule::Standard, true)
            };
            let mut b = PatternBoard::with_rule(15, 15, RuleTables::of(rule, 0)).unwrap();
            let stones = 8 + round % 17;
            let mut tries = 0;
            while b.stones() < stones && tries < 1000 {
                tries += 1;
                let x = 3 + next(&mut seed) % 9;
                let y = 3 + next(&mut seed) % 9;
                let c = b.index(x, y);
                let me = b.to_move();
                // No five on the board, and none to play for the side to move next.
                if b.stone(c) == EMPTY && b.threat(me, c) != Threat::Five {
                    b.make(c);
                    if b.count(b.to_move(), Threat::Five) > 0 || b.count(me, Threat::Five) > 0 {
                        b.unmake();
                    }
                }
            }
            if !wins_in_five(&b) || b.count(1 - b.to_move(), Threat::Five) > 0 {
                continue;
            }
            let me = b.to_move() as u8;
            let opp = 1 - me;
            let mut g = vec![2u8; (N * N) as usize];
            for &c in b.cells() {
                let (x, y) = b.coords(c as usize);
                g[y * N as usize + x] = b.stone(c as usize);
            }
            let m = win_in_five(&b).unwrap();
            // A four-three against an opponent with fours of his own (Rapfi's wider check).
            if b.count_at_least(1 - b.to_move(), Threat::Block4) > 0 {
                against_fours += 1;
            }
            let (mx, my) = b.coords(m);
            let m = my as i32 * N + mx as i32;
            assert!(!five(&g, m, me, exact));
            g[m as usize] = me;
            for r in 0..N * N {
                if g[r as usize] != 2 {
                    continue;
                }
                assert!(!five(&g, r, opp, exact), "round {round}: {r} makes five");
                g[r as usize] = opp;
                let won = (0..N * N).any(|s| {
                    if g[s as usize] != 2 {
                        return false;
                    }
                    if five(&g, s, me, exact) {
                        return true;
                    }
                    let (dx, dy) = ((s % N - m % N).abs(), (s / N - m / N).abs());
                    let on_line = (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4;
                    if !on_line {
                        return false;
                    }
                    g[s as usize] = me;
                    let ok = fives(&g, me, exact) >= 2 && fives(&g, opp, exact) == 0;
                    g[s as usize] = 2;
                    ok
                });
                assert!(
                    won,
                    "round {round} ({rule}): no win after {m} and the reply {r}"
                );
                g[r as usize] = 2;
            }
            checked[exact as usize] += 1;
        }
        assert!(checked[0] >= 10 && checked[1] >= 10, "{checked:?}");
        assert!(
            against_fours >= 10,
            "{against_fours} against fours of {checked:?}"
        );
    }

    /// The threads' answers: the main thread's alone is its own; a deeper helper outvotes it
    /// on the same value; agreeing threads add up; a proof wins over votes, and the shortest
    /// win over a longer one.
    #[test]
    fn the_best_thread_is_voted_for() {
        let pick = |answers: &[(i32, u16, u32)]| answers[best_thread(answers)].1;
        assert_eq!(pick(&[(40, 7, 12)]), 7);
        assert_eq!(pick(&[(40, 7, 12), (40, 9, 13)]), 9);
        assert_eq!(pick(&[(40, 7, 13), (40, 9, 12)]), 7);
        assert_eq!(pick(&[(10, 7, 12), (40, 9, 12)]), 9);
        assert_eq!(pick(&[(40, 7, 12), (40, 9, 14), (40, 7, 12)]), 7);
        assert_eq!(pick(&[(200, 7, 14), (win_in(9), 9, 11)]), 9);
        assert_eq!(pick(&[(win_in(9), 7, 14), (win_in(7), 9, 11)]), 9);
        assert_eq!(pick(&[(win_in(7), 7, 14), (win_in(9), 9, 15)]), 7);
        // A thread that has not found the loss is played (as Rapfi's): its move may be none.
        assert_eq!(pick(&[(lost_in(8), 7, 14), (-300, 9, 15)]), 9);
    }

    #[test]
    fn a_vcf_may_end_in_a_double_three() {
        // Black's closed three on column 9 (white at its top) and, on the diagonal through
        // (7,7), a lone stone at (8,6); two stones at (5,7) and (6,7) on row 7. The four at
        // (9,5) is blocked at (9,6), and the three (9,5) (8,6) (7,7) with (5,7) (6,7) (7,7) make
        // (7,7) a double three: white has no four, so it wins in five plies more.
        let black = [(9, 2), (9, 3), (9, 4), (8, 6), (5, 7), (6, 7)];
        let white = [(9, 1), (1, 13), (13, 13), (1, 1), (13, 1), (12, 7)];
        let b = board(&black, &white, 0);
        assert_eq!(b.threat(0, b.index(9, 5)), Threat::Block4Plus);
        assert!(b.threat(0, b.index(7, 7)) < Threat::Flex3x2);
        let tt = Table::with_bytes(1 << 20);
        let cancel = AtomicBool::new(false);
        let shared = shared(&tt, &cancel);
        let mut w = Worker::new(b.clone(), &shared, None, None, 0);
        assert_eq!(w.decided(0), None);
        // The four, its block, then the double three (5 plies): 7 plies to the five.
        assert_eq!(w.vcf(VCF_FOURS), Some(7));
        let mut after = b.clone();
        after.make(after.index(9, 5));
        after.make(after.index(9, 6));
        assert_eq!(win_in_five(&after), Some(after.index(7, 7)));
        // Without the stone at (8,6) the four leads nowhere.
        let lone = board(&black[..3], &white, 0);
        let mut w = Worker::new(lone, &shared, None, None, 0);
        assert_eq!(w.vcf(VCF_FOURS), None);
    }

    #[test]
    fn finds_a_win_by_continuous_fours() {
        // The VCF of tests/search.rs: a four at (5,8), its block (6,7), then (5,5) makes two fours.
        let b = board(
            &[
                (2, 5),
                (3, 5),
                (4, 5),
                (5, 6),
                (5, 7),
                (2, 11),
                (3, 10),
                (4, 9),
            ],
            &[
                (1, 5),
                (5, 9),
                (1, 12),
                (0, 0),
                (14, 0),
                (0, 14),
                (14, 14),
                (12, 12),
            ],
            0,
        );
        let r = best(&b, 50_000);
        assert!(r.value >= MATE - 20, "{r:?}");
        assert_lost_after(&b, r.best);
    }

    /// Checks that after `cell` (`row · 15 + column`) the opponent is lost: every reply the
    /// search may consider (fours, blocks and all cells near the stones) leaves a win found by a
    /// search from the other side, and a forced reply line ends in a five by an independent count.
    fn assert_lost_after(b: &PatternBoard, cell: usize) {
        assert_lost_within(b, cell, 40_000);
    }

    /// After `cell`, the search proves the side to move lost within `nodes`, and the line it
    /// gives ends in a five.
    fn assert_lost_within(b: &PatternBoard, cell: usize, nodes: u64) {
        let mut after = b.clone();
        after.make(after.index(cell % 15, cell / 15));
        let r = best(&after, nodes);
        assert!(r.value <= -(MATE - 40), "not lost after {cell}: {r:?}");
        let mut line = vec![cell];
        line.extend(&r.pv);
        let mut next = after.clone();
        for &c in &r.pv {
            next.make(next.index(c % 15, c / 15));
        }
        let more = best(&next, nodes);
        line.extend(&more.pv);
        // The search from the end of the line must prove it for the winner: won when the winner is
        // to move there (the line so far of even length), lost otherwise.
        let winner_to_move = r.pv.len() % 2 == 1;
        let proven = if winner_to_move {
            more.value >= MATE - 40
        } else {
            more.value <= -(MATE - 40)
        };
        assert!(wins_by(b, &line) || proven, "{line:?} {r:?} {more:?}");
    }

    /// A position of a game lost to Rapfi (`scripts/tactics-15.txt`, Rapfi's +M13): white
    /// threatens a four-three at (5,12); black's winning (9,7) is none of its direct defences
    /// but makes (5,11), where black must block white's four, a four of black's. The defences
    /// once left it out and proved black lost.
    #[test]
    fn counters_a_four_three_by_the_block_of_its_four() {
        let b = from_moves("10,9 6,8 6,9 5,10 7,9 8,9 7,7 5,8 8,8 5,9 5,7 7,10");
        assert_eq!(b.find_exact(1, Threat::Block4Flex3), Some(b.index(5, 12)));
        assert_eq!(b.five_point(1, b.index(5, 12)), Some(b.index(5, 11)));
        let r = best(&b, 200_000);
        assert!(r.value >= MATE - 20, "{r:?}");
        assert_lost_after(&b, r.best);
    }

    /// A position of a game lost to Rapfi (`scripts/tactics-15.txt`, Rapfi's +M11): white's
    /// winning (7,12) makes only two twos, and black has many replies to refute. While the
    /// replies to an open three cost no depth, the search spent its nodes there and saw no win
    /// within 2,000,000 nodes; at the ply they now cost, it proves the win within 300,000.
    #[test]
    fn finds_a_quiet_win_with_many_defences() {
        let b = from_moves(
            "8,8 9,10 10,10 9,6 6,9 9,9 6,8 6,10 5,9 7,8 8,9 8,7 9,11 8,10 9,7 10,8 7,9 \
             4,9 11,7 10,6 10,5",
        );
        let r = best(&b, 300_000);
        assert!(r.value >= MATE - 20, "{r:?}");
        assert_lost_after(&b, r.best);
    }

    /// Rapfi's `+M19` after a four and its block (suite line 16, two plies on): the winning
    /// open three is found behind many threats of both sides when threats too are pruned late
    /// at shallow depths (proved in about 160,000 nodes; 306,000 when they were exempt).
    #[test]
    fn finds_a_win_behind_many_threats() {
        let b = from_moves("8,8 9,9 6,9 7,10 8,9 8,7 9,10 10,11 6,8 6,7 7,9 5,7 5,9 4,9");
        let r = best(&b, 220_000);
        assert!(r.value >= MATE - 20, "{r:?}");
        assert_lost_within(&b, r.best, 150_000);
    }

    #[test]
    fn finds_a_double_three() {
        let b = board(
            &[(6, 7), (7, 7), (5, 5), (5, 6)],
            &[(0, 0), (14, 0), (0, 14), (14, 14)],
            0,
        );
        let r = best(&b, 50_000);
        assert_eq!(r.best, 7 * 15 + 5, "{r:?}");
        assert!(r.value >= MATE - 20, "{r:?}");
        assert_lost_after(&b, r.best);
    }

    #[test]
    fn blocks_an_open_three_and_a_four() {
        // White has an open three on row 7 (6..8); black has nothing: black must block it at an
        // end, and is not lost.
        let b = board(&[(3, 3), (11, 3)], &[(6, 7), (7, 7), (8, 7)], 0);
        let r = best(&b, 30_000);
        assert!([5, 9].contains(&(r.best % 15)) && r.best / 15 == 7, "{r:?}");
        assert!(r.value > -(MATE - 100), "{r:?}");
        // A four: the one block.
        let b = board(
            &[(3, 3), (11, 3), (3, 11)],
            &[(6, 7), (7, 7), (8, 7), (9, 7)],
            0,
        );
        let r = best(&b, 10_000);
        assert!(r.best == 7 * 15 + 5 || r.best == 7 * 15 + 10, "{r:?}");
        assert!(r.value <= -(MATE - 10), "an open four is lost: {r:?}");
    }

    #[test]
    fn stops_a_four_three_in_one() {
        // White threatens (7,7): a four on column 7 (with (7,4), (7,5), (7,6), closed by black's
        // (7,3)) and an open three on row 7 (with (9,7), (10,7)); black's (8,5) and (8,6) close
        // white's diagonals. Black to move must stop it.
        let b = board(
            &[(2, 2), (12, 2), (2, 12), (7, 3), (8, 6), (8, 5)],
            &[(7, 4), (7, 5), (7, 6), (9, 7), (10, 7), (12, 12)],
            0,
        );
        let r = best(&b, 60_000);
        assert!(r.value > -(MATE - 100), "{r:?}");
        let mut after = b.clone();
        let (x, y) = (r.best % 15, r.best / 15);
        after.make(after.index(x, y));
        let reply = best(&after, 60_000);
        assert!(
            reply.value < MATE - 100,
            "white still wins after {x},{y}: {reply:?}"
        );
    }

    /// Black to move wins with its four-three on (7,7) (a four on row 7, closed by white's (3,7),
    /// and an open three on column 7); white's block of the four on (8,7) makes a four of its
    /// own (on the diagonal (11,4) (10,5) (9,6), closed by black's (12,3)), so the position is not
    /// decided before a move is searched; black's block of that four on (7,8) makes its open four.
    fn four_three() -> (PatternBoard, usize) {
        let b = board(
            &[
                (4, 7),
                (5, 7),
                (6, 7),
                (7, 5),
                (7, 6),
                (9, 2),
                (2, 12),
                (12, 3),
            ],
            &[
                (3, 7),
                (10, 2),
                (11, 2),
                (12, 2),
                (12, 12),
                (1, 1),
                (13, 13),
                (9, 6),
                (10, 5),
                (11, 4),
            ],
            0,
        );
        let c = b.index(7, 7);
        (b, c)
    }

    /// What a test's one worker shares: the table, and a cancel flag never set.
    fn shared<'a>(tt: &'a Table, cancel: &'a AtomicBool) -> Shared<'a> {
        Shared {
            tt,
            cancel,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    /// The low plies' history (Stockfish's `lowPlyHistory`): a move's entry at one of the first
    /// [`LOW_PLIES`] plies raises its ordering key at that ply by [`LOW_PLY_WEIGHT`] / (1 + 2·ply)
    /// of the quiet history's weight, and at no other ply.
    #[test]
    fn a_low_ply_history_puts_its_move_forward_at_its_ply_only() {
        let b = board(&[(7, 7), (8, 8), (6, 9)], &[(7, 8), (9, 9)], 0);
        let tt = Table::with_bytes(1 << 20);
        let cancel = AtomicBool::new(false);
        let shared = shared(&tt, &cancel);
        let mut w = Worker::new(b, &shared, None, None, 0);
        let keys = |w: &mut Worker, ply: usize| {
            let mut out = Vec::new();
            w.generate(ply, None, &mut out);
            out.sort_by_key(|&(_, c)| c);
            out
        };
        let before: Vec<_> = (0..=LOW_PLIES).map(|ply| keys(&mut w, ply)).collect();
        assert!(before[1].len() > 10);
        let c = before[1].iter().min().unwrap().1 as usize;
        for ply in 0..LOW_PLIES {
            w.low_ply[ply][c] = HISTORY_RANGE;
        }
        for (ply, before) in before.iter().enumerate() {
            let after = keys(&mut w, ply);
            let raise = if ply < LOW_PLIES {
                HISTORY_RANGE * LOW_PLY_WEIGHT / (1 + 2 * ply as i32) / 256
            } else {
                0
            };
            for (&(k0, c0), &(k1, c1)) in before.iter().zip(&after) {
                assert_eq!(c0, c1);
                let expected = if c0 as usize == c { k0 + raise } else { k0 };
                assert_eq!(k1, expected, "ply {ply} cell {c0}");
            }
        }
    }

    /// A search at `ply` 1 and `depth` with `excluded` left out: its value and the table's entry
    /// for the position after it.
    fn search_without(excluded: Option<usize>, depth: Depth) -> (i32, Option<Entry>) {
        let (b, _) = four_three();
        let key = b.hash();
        let tt = Table::with_bytes(1 << 20);
        let cancel = AtomicBool::new(false);
        let shared = shared(&tt, &cancel);
        let mut w = Worker::new(b, &shared, None, None, 0);
        if let Some(c) = excluded {
            w.excluded[1] = c as u16;
        }
        let v = w.search(-INF, INF, depth, 1, true, false);
        (v, tt.probe(key))
    }

    /// The policy's reduction: none within a logit of the node's best ordering score, half a ply
    /// a logit beyond it, never more than two plies, and never less for a move scored lower.
    #[test]
    fn a_move_far_below_the_best_is_reduced_more() {
        let best = 900;
        assert_eq!(policy_reduction(best, best), 0.0);
        assert_eq!(policy_reduction(best - 300, best), 0.0);
        assert_eq!(policy_reduction(best - 600, best), 0.5);
        assert_eq!(policy_reduction(best - 1200, best), 1.5);
        assert_eq!(policy_reduction(best - 3000, best), POLICY_MAX);
        let mut last = 0.0;
        for order in (-3000..=best).rev().step_by(7) {
            let r = policy_reduction(order, best);
            assert!(r >= last && r <= POLICY_MAX, "{order}: {r} after {last}");
            last = r;
        }
    }

    /// A node's best ordering score, which the policy's reduction measures its moves from, is
    /// the highest of the moves it generates (the table's move and the killers' keys raised
    /// above theirs do not count), at every node of a game's positions.
    #[test]
    fn the_best_ordering_score_is_the_highest_generated() {
        let mut b = from_moves("7,7 8,8 6,8 8,6 8,7 6,6 9,9 7,9 5,9 10,10 9,7");
        let tt = Table::with_bytes(1 << 20);
        let cancel = AtomicBool::new(false);
        let shared = shared(&tt, &cancel);
        let moves: Vec<usize> = (0..6).map(|k| b.index(2 + k, 3 + k % 3)).collect();
        for (ply, &m) in moves.iter().enumerate() {
            let mut w = Worker::new(b.clone(), &shared, None, None, 0);
            w.killers[ply] = [m as u16, u16::MAX];
            let mut out = Vec::new();
            w.generate(ply, Some(m as u16), &mut out);
            assert!(out.len() > 1);
            let highest = out.iter().map(|&(_, c)| w.b.order_score(c as usize)).max();
            assert_eq!(Some(w.best_order[ply]), highest, "ply {ply}");
            b.make(m);
        }
    }

    /// The search of a singular test leaves its one move out, and leaves the node's table entry
    /// alone: the quickest win, through the move left out, is not seen, and nothing is stored for
    /// the node (the full search stores its win there).
    #[test]
    fn a_singular_search_leaves_its_move_out_and_the_table_alone() {
        let (_, win) = four_three();
        let (full, entry) = search_without(None, 4.0);
        assert_eq!(full, win_in(1 + 5), "the four-three wins in five");
        assert_eq!(entry.and_then(|e| e.best), Some(win as u16));
        let (v, entry) = search_without(Some(win), 4.0);
        assert!(v < full, "a win as quick without the four-three: {v}");
        assert_eq!(entry, None);
    }
}
