//! The perfect player: never loses, and gives a fallible opponent the most chances to go wrong.
//!
//! It plays from a solution of the game (SPEC.md §6: "value with perfect play"), computed by negamax
//! over every position reachable from the current one, memoised. For each position (from the side of
//! the player to move, "the mover") the solution holds an [`Entry`]:
//!
//! - the **value** with perfect play on both sides: win, draw or loss for the mover;
//! - the **distance** to the end with perfect play, in plies: a winner ends as fast as it can, a loser
//!   holds out as long as it can (the minimax distance); a drawn game fills the board;
//! - the **chances against a uniformly random opponent**: the probability that the mover wins, and
//!   that it loses, when it plays this player's policy and the opponent plays a uniformly random legal
//!   move at every turn. They are exact rationals with a common denominator
//!   ([`Solver::denominator`], `e!` for `e` empty cells at the root), so ties are exact.
//!
//! **The policy.** Among the moves that keep the value (a winning move when winning; a move that does
//! not lose when drawn; any move when lost), the player picks:
//! - when winning, one of those that win the fastest (minimal distance);
//! - when drawn or lost, one of those that maximise the probability of winning against a random
//!   opponent, then minimise the probability of losing against it;
//! - remaining ties (for example symmetric moves) at random with the caller's rng.
//!
//! Hence it never loses from a position that is not lost (checked in the arena tests against an
//! exhaustive adversary that tries every reply, over every equally good choice of this player).
//!
//! **The LED board (3×3, three in a row).** The whole game is solved once, lazily, the first time it
//! is needed ([`table`], a [`std::sync::OnceLock`]): 5,478 positions, the reachable positions of both
//! start players (a position seen from the mover does not depend on who started). Building the
//! table takes well under a millisecond in an optimised build; later answers are one lookup.
//!
//! **Other geometries.** `perfect` is offered only on boards the solver ([`crate::solver`]) plays
//! exactly within a move's budget ([`solver::solves`]). There it plays a move the solver proves
//! keeps the position's value ([`solver::best_moves`]), at random among them; when the position has
//! at most [`SOLVE_LIMIT`] empty cells, its own negamax gives the finer policy above (fastest win,
//! most chances against a fallible opponent). Should a position ever exceed the solver's budget
//! (none has on the boards it is offered on: the empty board and every optimal reply are proved
//! when the board is admitted), it falls back to the weight grid ([`weights::best_cells`]), which
//! is not exact.

use super::{weights, ComputerPlayer};
use crate::explain::{CellNote, Explanation, Kind};
use crate::game::Game;
use crate::geometry::{Cell, CellSet, Geometry};
use crate::rules::State;
use crate::solver;
use crate::value::{Value, Verdict};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// The perfect player (name `perfect`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect;

/// On boards other than the LED board, the largest number of empty cells for which a position is
/// solved exactly on each call.
pub const SOLVE_LIMIT: usize = 10;

/// Probabilities of winning and of losing, as numerators over [`Solver::denominator`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Chances {
    /// Numerator of the probability of winning.
    pub win: u64,
    /// Numerator of the probability of losing.
    pub loss: u64,
}

/// What the solution knows about one position, from the mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Win, draw or loss with perfect play.
    pub verdict: Verdict,
    /// Plies to the end with perfect play (winner fastest, loser slowest); 0 when the game is over.
    pub distance: u8,
    /// The moves the perfect player chooses among (empty when the game is over).
    pub best: CellSet,
    /// The mover's chances when it plays the perfect policy and the opponent plays at random.
    pub versus_random: Chances,
    /// The chances of the *other* player, playing the perfect policy, when the mover plays at random.
    pub random_to_move: Chances,
}

impl Entry {
    /// The value with perfect play and the plies to the end.
    pub fn value(&self) -> Value {
        Value {
            verdict: self.verdict,
            plies: Some(u32::from(self.distance)),
        }
    }
}

/// FxHash-style hasher for the memo's keys, pairs of cell sets (no new dependency).
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A memoised negamax solver for one geometry. Positions are keyed by the mover's cells and the
/// other player's cells.
pub struct Solver {
    rows: &'static [CellSet],
    full: CellSet,
    denominator: u64,
    memo: HashMap<(CellSet, CellSet), Entry, BuildHasherDefault<PairHasher>>,
}

impl Solver {
    /// A solver for `geometry` whose probabilities are numerators over `root_empty`! (exact for every
    /// position with at most `root_empty` empty cells; `root_empty` ≤ 20).
    pub fn new(geometry: Geometry, root_empty: usize) -> Solver {
        assert!(root_empty <= 20, "{root_empty}! does not fit in u64");
        Solver {
            rows: geometry.rows(),
            full: geometry.full(),
            denominator: (1..=root_empty as u64).product(),
            memo: HashMap::default(),
        }
    }

    /// The common denominator of the [`Chances`] of this solver's entries.
    pub fn denominator(&self) -> u64 {
        self.denominator
    }

    /// Number of positions solved so far.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The solved entry of a position, if it has been solved (`mine` = the mover's cells).
    pub fn get(&self, mine: CellSet, theirs: CellSet) -> Option<&Entry> {
        self.memo.get(&(mine, theirs))
    }

    /// The entry of `state` (seen from its player to move), if solved.
    pub fn entry(&self, state: &State) -> Option<&Entry> {
        let me = state.player_to_move();
        self.get(state.cells_of(me), state.cells_of(me.other()))
    }

    /// Solves the position where the mover holds `mine` and the other player `theirs`, and every
    /// position reachable from it.
    pub fn solve(&mut self, mine: CellSet, theirs: CellSet) -> Entry {
        if let Some(e) = self.memo.get(&(mine, theirs)) {
            return *e;
        }
        let d = self.denominator;
        let entry = if self.rows.iter().any(|r| r.is_subset(&theirs)) {
            // The other player has just completed a line: the mover has lost.
            Entry {
                verdict: Verdict::Loss,
                distance: 0,
                best: CellSet::EMPTY,
                versus_random: Chances { win: 0, loss: d },
                random_to_move: Chances { win: d, loss: 0 },
            }
        } else if mine | theirs == self.full {
            Entry {
                verdict: Verdict::Draw,
                distance: 0,
                best: CellSet::EMPTY,
                versus_random: Chances::default(),
                random_to_move: Chances::default(),
            }
        } else {
            let free = self.full - (mine | theirs);
            let n = free.len() as u64;
            let mut children = Vec::with_capacity(n as usize);
            let mut sum = Chances::default();
            for c in free {
                let b = CellSet::single(c);
                let child = self.solve(theirs, mine | b);
                sum.win += child.versus_random.win;
                sum.loss += child.versus_random.loss;
                children.push((b, child));
            }
            debug_assert!(sum.win % n == 0 && sum.loss % n == 0, "inexact average");
            let random_to_move = Chances {
                win: sum.win / n,
                loss: sum.loss / n,
            };
            let verdict = children
                .iter()
                .map(|(_, ch)| ch.verdict.flip())
                .max()
                .expect("a free cell");
            children.retain(|(_, ch)| ch.verdict.flip() == verdict);
            let distance = match verdict {
                Verdict::Loss => children.iter().map(|(_, ch)| ch.distance).max(),
                _ => children.iter().map(|(_, ch)| ch.distance).min(),
            }
            .expect("a move keeps the value")
                + 1;
            if verdict == Verdict::Win {
                children.retain(|(_, ch)| ch.distance + 1 == distance);
            } else {
                // Most chances to win against a random opponent, then fewest to lose.
                let key = |ch: &Entry| {
                    (
                        ch.random_to_move.win,
                        std::cmp::Reverse(ch.random_to_move.loss),
                    )
                };
                let top = children
                    .iter()
                    .map(|(_, ch)| key(ch))
                    .max()
                    .expect("a move");
                children.retain(|(_, ch)| key(ch) == top);
            }
            Entry {
                verdict,
                distance,
                best: children.iter().fold(CellSet::EMPTY, |m, (b, _)| m | *b),
                versus_random: children[0].1.random_to_move,
                random_to_move,
            }
        };
        self.memo.insert((mine, theirs), entry);
        entry
    }
}

/// Solves the whole LED board from the empty board (the work [`table`] does once).
pub fn build_table() -> Solver {
    let mut solver = Solver::new(Geometry::LED, Geometry::LED.cells());
    solver.solve(CellSet::EMPTY, CellSet::EMPTY);
    solver
}

/// The solution of the LED board, built on first use.
pub fn table() -> &'static Solver {
    static TABLE: OnceLock<Solver> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// A position's solution as plain numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The value with perfect play, for the player to move, with the plies to the end (winner
    /// fastest, loser slowest).
    pub value: Value,
    /// The moves the perfect player chooses among, in cell order.
    pub best: Vec<Cell>,
    /// Probability that the player to move wins, playing this policy against a random opponent.
    pub win_versus_random: f64,
    /// Probability that it loses, likewise.
    pub loss_versus_random: f64,
}

/// The solution of `state` for its player to move: from the LED table, or solved now on another
/// board with at most [`SOLVE_LIMIT`] empty cells; `None` for larger positions.
pub fn evaluate(state: &State) -> Option<Evaluation> {
    let to_eval = |e: &Entry, den: u64| Evaluation {
        value: e.value(),
        best: e.best.iter().collect(),
        win_versus_random: e.versus_random.win as f64 / den as f64,
        loss_versus_random: e.versus_random.loss as f64 / den as f64,
    };
    if state.geometry() == Geometry::LED {
        if let Some(e) = table().entry(state) {
            return Some(to_eval(e, table().denominator()));
        }
    }
    let g = state.geometry();
    let empty = g.cells() - state.moves_count();
    if g != Geometry::LED && empty > SOLVE_LIMIT {
        return None;
    }
    // Every LED position reachable by legal play is in the table; this also serves any other.
    let mut solver = Solver::new(g, empty);
    let me = state.player_to_move();
    let e = solver.solve(state.cells_of(me), state.cells_of(me.other()));
    Some(to_eval(&e, solver.denominator()))
}

/// The moves the perfect player chooses among in `state`, in cell order (empty when the game is
/// over): from its own solution on the LED board and in small positions, else the solver's
/// value-keeping moves, else (beyond the solver's budget) the weight-grid player's best cells.
pub fn candidates(state: &State) -> Vec<Cell> {
    if state.game_over() {
        return Vec::new();
    }
    if let Some(e) = evaluate(state) {
        return e.best;
    }
    match solver::best_moves(state, 8 * solver::MOVE_BUDGET) {
        Some((_, moves)) if !moves.is_empty() => moves,
        _ => weights::best_cells(state),
    }
}

/// [`candidates`] in slices, for a page that works them out between its frames
/// ([`Choosing::slice`]): the LED table and small positions at once, else the solver's proofs in
/// slices ([`solver::BestMoves`]), with the same fallback to the weight grid when they run out of
/// budget.
pub struct Choosing {
    state: State,
    proofs: Option<solver::BestMoves>,
}

impl Choosing {
    /// Begins the choice in `state`.
    pub fn new(state: &State) -> Choosing {
        Choosing {
            state: *state,
            proofs: None,
        }
    }

    /// Works on for about `nodes` of the solver's nodes: the candidates once known, else `None`.
    pub fn slice(&mut self, nodes: u64) -> Option<Vec<Cell>> {
        let state = &self.state;
        if self.proofs.is_none() {
            if state.game_over() {
                return Some(Vec::new());
            }
            if let Some(e) = evaluate(state) {
                return Some(e.best);
            }
            match solver::BestMoves::new(state, 8 * solver::MOVE_BUDGET) {
                Some(proofs) => self.proofs = Some(proofs),
                None => return Some(weights::best_cells(state)),
            }
        }
        match self.proofs.as_mut()?.slice(nodes)? {
            Some((_, moves)) if !moves.is_empty() => Some(moves),
            _ => Some(weights::best_cells(state)),
        }
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

impl ComputerPlayer for Perfect {
    fn name(&self) -> &'static str {
        "perfect"
    }

    /// The LED board (its whole game solved once), and the boards the solver plays exactly within
    /// a move's budget ([`solver::solves`]: 4 × 4, 5 × 5 k4, 6 × 5 k4, 5 × 5 k5, 6 × 6 k5, …).
    fn plays(&self, geometry: Geometry) -> bool {
        geometry == Geometry::LED || solver::solves(geometry)
    }

    /// Freestyle only: the solver proves freestyle games.
    fn plays_rule(&self, rule: crate::rule::Rule) -> bool {
        rule == crate::rule::Rule::Freestyle
    }

    /// Each legal move's value for the player to move, from the player's solution, and the moves
    /// it picks among. Positions it does not solve at once (large boards) get no notes.
    fn explain(&self, game: &Game) -> Explanation {
        let state = game.state();
        let values = move_values(state, |s| evaluate(s).map(|e| e.value)).unwrap_or_default();
        let mut per_cell = vec![None; state.geometry().cells()];
        for (c, v) in values {
            per_cell[c - 1] = Some(CellNote::Value(v));
        }
        Explanation {
            player: self.name(),
            state: *state,
            per_cell,
            chosen: candidates(state),
            kind: Kind::Exact,
        }
    }

    /// Off the LED board an answer is a proof by the solver: up to tenths of a second.
    fn slow(&self, geometry: Geometry) -> bool {
        geometry != Geometry::LED
    }

    fn choose(&self, game: &Game, rng: &mut StdRng) -> Cell {
        let state = game.state();
        if state.geometry() == Geometry::LED {
            if let Some(e) = table().entry(state) {
                if !e.best.is_empty() {
                    let best: Vec<Cell> = e.best.iter().collect();
                    return *best.choose(rng).expect("non-empty");
                }
            }
        }
        *candidates(state)
            .choose(rng)
            .expect("choose is only called while the game is not over")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Outcome, Player};
    use rand::SeedableRng;
    use std::collections::HashMap;

    #[test]
    fn the_choice_in_slices_is_the_choice_at_once() {
        let mut several = false;
        let cases = [
            (4, 4, 3, &[6][..]),
            (4, 4, 4, &[6, 1]),
            (5, 4, 4, &[1]),
            (5, 5, 4, &[2, 7]),
        ];
        for (w, h, k, moves) in cases {
            let g = Geometry::new(w, h, k).unwrap();
            let state = *Game::from_cells(g, Player::X, moves).unwrap().state();
            let mut choosing = Choosing::new(&state);
            let mut calls = 0;
            let sliced = loop {
                calls += 1;
                if let Some(c) = choosing.slice(5_000) {
                    break c;
                }
            };
            assert_eq!(sliced, candidates(&state), "{moves:?}");
            several |= calls > 1;
        }
        assert!(several, "some choices took several slices");
    }

    /// Every reachable non-terminal LED position, for both start players.
    fn positions() -> Vec<State> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![
            State::initial_state(),
            State::empty(Geometry::LED, Player::O),
        ];
        while let Some(s) = stack.pop() {
            if seen.insert(s) {
                stack.extend(s.legal_moves().map(|c| s.result(c)));
            }
        }
        seen.into_iter().filter(|s| !s.game_over()).collect()
    }

    /// Independent plain negamax (no memo, through the `State` API): a score of 100 − d for a win in
    /// d plies, −(100 − d) for a loss in d plies, 0 for a draw.
    fn score(s: &State) -> i32 {
        if s.game_over() {
            return match s.outcome() {
                Some(Outcome::Won(p)) if p == s.player_to_move() => unreachable!(),
                Some(Outcome::Won(_)) => -100,
                _ => 0,
            };
        }
        let best = s.legal_moves().map(|c| -score(&s.result(c))).max().unwrap();
        best - best.signum()
    }

    #[test]
    fn table_holds_every_reachable_position_of_either_start() {
        // 5,478 reachable positions (SPEC.md §6); seen from the mover they are the same for both
        // starts, so the table has exactly that many entries.
        assert_eq!(table().len(), 5478);
        assert_eq!(table().denominator(), 362_880);
        for s in positions() {
            assert!(table().entry(&s).is_some(), "{}", s.board_text());
        }
        assert_eq!(
            table().get(CellSet::EMPTY, CellSet::EMPTY).unwrap().verdict,
            Verdict::Draw
        );
        assert_eq!(
            table()
                .get(CellSet::EMPTY, CellSet::EMPTY)
                .unwrap()
                .distance,
            9
        );
    }

    #[test]
    fn values_and_distances_agree_with_plain_negamax() {
        let mut checked = 0;
        for s in positions() {
            if s.moves_count() < 2 {
                continue; // the plain negamax is slow near the empty board; checked below
            }
            let sc = score(&s);
            let e = table().entry(&s).unwrap();
            let (value, distance) = match sc.signum() {
                1 => (Verdict::Win, 100 - sc),
                -1 => (Verdict::Loss, 100 + sc),
                _ => (Verdict::Draw, (9 - s.moves_count()) as i32),
            };
            assert_eq!(
                (e.verdict, e.distance as i32),
                (value, distance),
                "\n{}",
                s.board_text()
            );
            checked += 1;
        }
        assert!(checked > 4000);
        assert_eq!(score(&State::initial_state()), 0);
    }

    #[test]
    fn wins_as_fast_as_possible() {
        let mut immediate = 0;
        for s in positions() {
            let e = evaluate(&s).unwrap();
            let me = s.player_to_move();
            let wins_now: Vec<Cell> = s
                .legal_moves()
                .filter(|&c| s.result(c).three_in_row(me))
                .collect();
            if !wins_now.is_empty() {
                immediate += 1;
                assert_eq!(e.value, Value::win(1));
                assert_eq!(e.best, wins_now, "\n{}", s.board_text());
            }
            if e.value.verdict == Verdict::Win {
                for &c in &e.best {
                    let next = s.result(c);
                    if !next.game_over() {
                        let ne = evaluate(&next).unwrap();
                        assert_eq!(Value::of_move(ne.value), e.value);
                    }
                }
                // No other move wins faster.
                let fastest = s
                    .legal_moves()
                    .map(|c| s.result(c))
                    .filter(|n| {
                        n.three_in_row(me) || table().entry(n).unwrap().verdict == Verdict::Loss
                    })
                    .map(|n| {
                        if n.game_over() {
                            0
                        } else {
                            table().entry(&n).unwrap().distance
                        }
                    })
                    .min()
                    .unwrap();
                assert_eq!(Some(u32::from(fastest) + 1), e.value.plies);
            }
        }
        assert!(immediate > 1000);
        // By hand: x 1, o 4, x 2, o 5 — x wins at 3 now rather than anything slower.
        for seed in 0..10 {
            assert_eq!(
                Perfect.choose(
                    &Game::from_cells(Geometry::LED, Player::X, &[1, 4, 2, 5]).unwrap(),
                    &mut StdRng::seed_from_u64(seed)
                ),
                3
            );
        }
    }

    /// Exact chances (win, loss) of `me`, playing the perfect player's candidates (which must all be
    /// worth the same), against a uniformly random opponent — computed through the public API.
    fn chances(
        s: &State,
        me: Player,
        memo: &mut HashMap<(State, Player), (f64, f64)>,
    ) -> (f64, f64) {
        if let Some(&r) = memo.get(&(*s, me)) {
            return r;
        }
        let r = match s.outcome() {
            Some(Outcome::Won(p)) if p == me => (1.0, 0.0),
            Some(Outcome::Won(_)) => (0.0, 1.0),
            Some(Outcome::Draw) => (0.0, 0.0),
            None if s.player_to_move() == me => {
                let all: Vec<(f64, f64)> = candidates(s)
                    .iter()
                    .map(|&c| chances(&s.result(c), me, memo))
                    .collect();
                for w in &all {
                    assert!((w.0 - all[0].0).abs() < 1e-12 && (w.1 - all[0].1).abs() < 1e-12);
                }
                all[0]
            }
            None => {
                let all: Vec<(f64, f64)> = s
                    .legal_moves()
                    .map(|c| chances(&s.result(c), me, memo))
                    .collect();
                let n = all.len() as f64;
                (
                    all.iter().map(|w| w.0).sum::<f64>() / n,
                    all.iter().map(|w| w.1).sum::<f64>() / n,
                )
            }
        };
        memo.insert((*s, me), r);
        r
    }

    #[test]
    fn gives_a_random_opponent_the_most_chances_to_go_wrong() {
        let mut memo = HashMap::new();
        let mut strictly_better = 0;
        for s in positions() {
            let me = s.player_to_move();
            let e = evaluate(&s).unwrap();
            let mine = chances(&s, me, &mut memo);
            assert!(
                (mine.0 - e.win_versus_random).abs() < 1e-12,
                "\n{}",
                s.board_text()
            );
            assert!((mine.1 - e.loss_versus_random).abs() < 1e-12);
            if e.value.verdict == Verdict::Win {
                assert_eq!(mine, (1.0, 0.0));
                continue;
            }
            // Every move that keeps the value does no better against the random opponent.
            for c in s.legal_moves() {
                let next = s.result(c);
                let keeps = next.three_in_row(me)
                    || next.board_full()
                    || table().entry(&next).unwrap().verdict
                        == match e.value.verdict {
                            Verdict::Draw => Verdict::Draw,
                            _ => Verdict::Win,
                        };
                if !keeps {
                    continue;
                }
                let other = chances(&next, me, &mut memo);
                assert!(
                    other.0 < mine.0 - 1e-12
                        || ((other.0 - mine.0).abs() < 1e-12 && other.1 > mine.1 - 1e-12),
                    "move {c} does better than {:?} in\n{}",
                    e.best,
                    s.board_text()
                );
                if other.0 < mine.0 - 1e-12 {
                    strictly_better += 1;
                }
            }
        }
        assert!(strictly_better > 0, "the criterion decides somewhere");
        // On the empty board, the first player wins most games against a random opponent.
        let e = evaluate(&State::initial_state()).unwrap();
        assert!(
            e.win_versus_random > 0.9 && e.loss_versus_random == 0.0,
            "{e:?}"
        );
    }

    #[test]
    fn same_solution_from_a_fresh_solver_mid_game() {
        // The generic path (used on other boards) solved from a position agrees with the table.
        for cells in [
            &[5][..],
            &[1, 5],
            &[1, 5, 9],
            &[2, 4, 6, 8],
            &[1, 2, 3, 5, 4],
        ] {
            for start in [Player::X, Player::O] {
                let s = State::from_cells(Geometry::LED, start, cells).unwrap();
                let me = s.player_to_move();
                let mut solver = Solver::new(Geometry::LED, 9 - s.moves_count());
                let fresh = solver.solve(s.cells_of(me), s.cells_of(me.other()));
                let t = table().entry(&s).unwrap();
                assert_eq!(
                    (fresh.verdict, fresh.distance, fresh.best),
                    (t.verdict, t.distance, t.best)
                );
                let (f, td) = (solver.denominator() as f64, table().denominator() as f64);
                assert_eq!(
                    fresh.versus_random.win as f64 / f,
                    t.versus_random.win as f64 / td
                );
            }
        }
    }

    #[test]
    fn other_boards_solve_small_positions_and_fall_back_on_large_ones() {
        let g = Geometry::new(4, 4, 3).unwrap();
        let s = State::empty(g, Player::X);
        assert!(evaluate(&s).is_none());
        assert_eq!(candidates(&s), weights::best_cells(&s));
        // A position with 10 empty cells, solved exactly: x (1, 2, 16) wins at once on 3 ({1,2,3}).
        let s = State::from_cells(g, Player::X, &[1, 6, 2, 7, 16, 11]).unwrap();
        assert_eq!(16 - s.moves_count(), 10);
        let e = evaluate(&s).unwrap();
        assert_eq!(e.value, Value::win(1));
        assert_eq!(e.best, [3]);
        let game = Game::from_cells(g, Player::X, &[1, 6, 2, 7, 16, 11]).unwrap();
        assert_eq!(Perfect.choose(&game, &mut StdRng::seed_from_u64(1)), 3);
        // One more empty cell and the player falls back to the weight grid.
        let s = State::from_cells(g, Player::X, &[1, 6, 2, 7, 16]).unwrap();
        assert_eq!(16 - s.moves_count(), SOLVE_LIMIT + 1);
        assert!(evaluate(&s).is_none());
    }
}
