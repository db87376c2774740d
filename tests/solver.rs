//! The solver (`tictactoe::solver`, `tictactoe solve`): the known values of SPEC.md §7 proved from
//! the empty board, and every answer checked against a plain exhaustive negamax that uses none of
//! the solver's pruning (no bit boards, bounds, symmetries, threats or dead lines).

use rand::rngs::StdRng;
use rand::seq::IteratorRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::process::{Command, Output};
use tictactoe::analysis::reachable_positions;
use tictactoe::rules::{Outcome, Player, State};
use tictactoe::solver::{self, Solver};
use tictactoe::{Cell, Geometry, Value, Verdict};

/// The value for the player to move by plain negamax over every legal move, memoised by state:
/// +1 win, 0 draw, −1 loss.
fn negamax(s: State, memo: &mut HashMap<State, i8>) -> i8 {
    if let Some(o) = s.outcome() {
        return match o {
            Outcome::Draw => 0,
            Outcome::Won(p) if p == s.player_to_move() => 1,
            Outcome::Won(_) => -1,
        };
    }
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    let moves: Vec<Cell> = s.legal_moves().collect();
    let v = moves
        .into_iter()
        .map(|c| -negamax(s.result(c), memo))
        .max()
        .expect("a game in play has a legal move");
    memo.insert(s, v);
    v
}

/// The outcome for the value `v` of the player to move in `s`.
fn outcome_of(s: &State, v: i8) -> Outcome {
    value_of(v).verdict.outcome(s.player_to_move())
}

fn value_of(v: i8) -> Value {
    Value::uncounted(match v {
        1 => Verdict::Win,
        -1 => Verdict::Loss,
        _ => Verdict::Draw,
    })
}

fn geometry(w: usize, h: usize, k: usize) -> Geometry {
    Geometry::new(w, h, k).unwrap()
}

#[test]
fn known_values_from_the_empty_board() {
    // SPEC.md §7: W = the first player wins, D = draw.
    let boards = [
        (3, 3, 3, true, false),
        (4, 3, 3, false, true),
        (4, 4, 3, false, true),
        (4, 4, 4, true, false),
        (5, 4, 4, true, false),
        (5, 5, 4, true, false),
        (6, 5, 4, false, true),
        (5, 5, 5, true, false),
    ];
    for (w, h, k, draw, first_wins) in boards {
        assert!(draw != first_wins);
        for start in [Player::X, Player::O] {
            let s = solver::solve(&State::empty(geometry(w, h, k), start), u64::MAX).unwrap();
            let expected = if draw {
                Outcome::Draw
            } else {
                Outcome::Won(start)
            };
            assert_eq!(s.outcome(), expected, "{w}×{h} k{k}, {start} starts");
        }
    }
}

#[test]
fn agrees_with_plain_negamax_on_every_position_of_3x3() {
    for start in [Player::X, Player::O] {
        let mut memo = HashMap::new();
        let mut solver = Solver::new(Geometry::LED, u64::MAX).unwrap();
        let positions = reachable_positions(Geometry::LED, start);
        assert_eq!(positions.len(), 5_478);
        for s in positions {
            let expected = outcome_of(&s, negamax(s, &mut memo));
            assert_eq!(solver.outcome(&s), Some(expected), "\n{}", s.board_text());
        }
    }
}

#[test]
fn agrees_with_plain_negamax_on_every_position_of_4x3() {
    let g = geometry(4, 3, 3);
    let mut memo = HashMap::new();
    let mut solver = Solver::new(g, u64::MAX).unwrap();
    let positions = reachable_positions(g, Player::X);
    assert!(positions.len() > 100_000, "{}", positions.len());
    let mut values = [0; 3];
    for s in positions {
        let v = negamax(s, &mut memo);
        values[(v + 1) as usize] += 1;
        assert_eq!(
            solver.outcome(&s),
            Some(outcome_of(&s, v)),
            "\n{}",
            s.board_text()
        );
    }
    // Every value occurs: the comparison is not one-sided.
    assert!(values.iter().all(|&n| n > 1000), "{values:?}");
}

/// A random position of `g` with `stones` marks, reached by random legal moves, or `None` if the
/// game ended on the way.
fn random_position(g: Geometry, start: Player, stones: usize, rng: &mut StdRng) -> Option<State> {
    let mut s = State::empty(g, start);
    for _ in 0..stones {
        let c = s.legal_moves().choose(rng)?;
        s = s.result(c);
    }
    Some(s)
}

#[test]
fn agrees_with_plain_negamax_on_random_positions_of_larger_boards() {
    let mut rng = StdRng::seed_from_u64(9);
    // (board, fewest marks, positions): the plain search has to finish too.
    for (g, fewest, count) in [
        (geometry(4, 4, 3), 7, 200),
        (geometry(4, 4, 4), 7, 200),
        (geometry(5, 4, 4), 11, 100),
        (geometry(5, 5, 4), 16, 60),
    ] {
        let mut memo = HashMap::new();
        let mut solver = Solver::new(g, u64::MAX).unwrap();
        let mut values = HashMap::new();
        let mut checked = 0;
        while checked < count {
            let start = if rng.gen() { Player::X } else { Player::O };
            let stones = rng.gen_range(fewest..g.cells());
            let Some(s) = random_position(g, start, stones, &mut rng) else {
                continue;
            };
            let expected = outcome_of(&s, negamax(s, &mut memo));
            assert_eq!(solver.outcome(&s), Some(expected), "\n{}", s.board_text());
            *values.entry(format!("{expected:?}")).or_insert(0) += 1;
            checked += 1;
        }
        assert!(values.len() >= 2, "{g:?}: {values:?}");
    }
}

#[test]
fn best_moves_are_exactly_the_moves_that_keep_the_value() {
    let mut memo = HashMap::new();
    for s in reachable_positions(Geometry::LED, Player::X) {
        let best = solver::best_moves(&s, u64::MAX);
        if s.game_over() {
            assert_eq!(best, None);
            continue;
        }
        let v = negamax(s, &mut memo);
        let keep: Vec<Cell> = s
            .legal_moves()
            .filter(|&c| -negamax(s.result(c), &mut memo) == v)
            .collect();
        assert_eq!(best, Some((value_of(v), keep)), "\n{}", s.board_text());
    }
    // On a board too large to finish within the budget there is no answer.
    let s = State::empty(geometry(7, 4, 4), Player::X);
    assert_eq!(solver::best_moves(&s, 1_000), None);
    assert!(solver::solve(&s, 1_000).is_err());
}

#[test]
fn best_moves_on_a_larger_board_agree_with_plain_negamax() {
    let g = geometry(4, 4, 4);
    let mut rng = StdRng::seed_from_u64(4);
    let mut memo = HashMap::new();
    let mut checked = 0;
    while checked < 40 {
        let Some(s) = random_position(g, Player::X, rng.gen_range(6..12), &mut rng) else {
            continue;
        };
        if s.game_over() {
            continue;
        }
        let v = negamax(s, &mut memo);
        let keep: Vec<Cell> = s
            .legal_moves()
            .filter(|&c| -negamax(s.result(c), &mut memo) == v)
            .collect();
        assert_eq!(
            solver::best_moves(&s, 10_000_000),
            Some((value_of(v), keep))
        );
        checked += 1;
    }
}

#[test]
fn solves_says_which_boards_a_player_can_play_exactly() {
    for (w, h, k) in [(3, 3, 3), (4, 4, 4), (5, 5, 4), (5, 5, 5)] {
        assert!(solver::solves(geometry(w, h, k)), "{w}×{h} k{k}");
    }
    // Too many cells for the solver's bit boards.
    assert!(!solver::solves(geometry(15, 15, 5)));
}

const APP: &str = env!("CARGO_BIN_EXE_tictactoe");

fn run(args: &[&str]) -> Output {
    Command::new(APP)
        .args(args)
        .env_remove("DISPLAY")
        .output()
        .expect("run tictactoe")
}

/// The value part of `tictactoe solve`'s line, after checking the line's form.
fn solve_value(args: &[&str]) -> String {
    let o = run(&[&["solve"], args].concat());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(out.lines().count(), 1, "{out}");
    let line = out.trim_end();
    let (value, proof) = line.split_once(" (").expect("value (proof)");
    let proof = proof.strip_suffix(" s)").expect("ends with the time");
    let (nodes, seconds) = proof.split_once(", ").expect("nodes, time");
    let nodes = nodes
        .strip_suffix(" nodes")
        .or_else(|| nodes.strip_suffix(" node"))
        .expect("the nodes");
    assert!(nodes.replace(',', "").parse::<u64>().is_ok(), "{line}");
    assert!(seconds.parse::<f64>().is_ok(), "{line}");
    value.to_string()
}

#[test]
fn solve_prints_the_value_of_a_position() {
    assert_eq!(solve_value(&[]), "draw");
    let big = ["--width", "6", "--height", "5", "--run", "4"];
    assert_eq!(solve_value(&big), "x wins");
    assert_eq!(
        solve_value(&[&big[..], &["--start", "o"]].concat()),
        "o wins"
    );
    // x in a corner, o on an adjacent edge: x wins; o in the centre instead: a draw.
    assert_eq!(solve_value(&["1", "2"]), "x wins");
    assert_eq!(solve_value(&["1", "5"]), "draw");
    // o starts in a corner and x answers on an edge: o wins.
    assert_eq!(solve_value(&["--start", "o", "1", "2"]), "o wins");
    // A finished game has its outcome as its value.
    assert_eq!(solve_value(&["1", "4", "2", "5", "3"]), "x wins");
    assert_eq!(
        solve_value(&["--start", "o", "1", "4", "2", "5", "3"]),
        "o wins"
    );
    // 4×4, three in a row: o blocks x's first idea, but x still wins.
    assert_eq!(
        solve_value(&["--width", "4", "--height", "4", "6", "7"]),
        "x wins"
    );
}

#[test]
fn solve_rejects_bad_input_with_one_line_and_exit_code_2() {
    for args in [
        &["solve", "1", "1"][..],
        &["solve", "10"],
        &["solve", "0"],
        &["solve", "x"],
        &["solve", "--run", "4"],
        &["solve", "--width", "0"],
        &["solve", "--width", "9", "--height", "9", "--run", "5"],
        &["solve", "1", "4", "2", "5", "3", "6"],
        &["solve", "--start", "z"],
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("tictactoe: "), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    // The position's errors read as `tictactoe move`'s.
    for cells in [
        &["1", "1"][..],
        &["10"],
        &["x"],
        &["1", "4", "2", "5", "3", "6"],
    ] {
        let solve = run(&[&["solve"], cells].concat());
        let r#move = run(&[&["move", "--player", "random"], cells].concat());
        assert_eq!(solve.stderr, r#move.stderr, "{cells:?}");
    }
    let o = run(&["solve", "--width", "9", "--height", "9", "--run", "5"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("at most 64 cells"), "{err}");
    // Except on the empty board of a game with a run of 9 or more: a draw by pairing.
    let o = run(&["solve", "--width", "19", "--height", "19", "--run", "9"]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("draw ("));
}

/// `perfect` is offered exactly where the solver plays exactly, and never loses there.
#[test]
fn perfect_is_offered_where_the_solver_is_exact_and_never_loses_there() {
    use rand::SeedableRng;
    use tictactoe::players;
    let perfect = players::by_name("perfect").unwrap();
    let board = |w, h, k| Geometry::new(w, h, k).unwrap();
    for (g, offered) in [
        (Geometry::LED, true),
        (board(4, 4, 4), true),
        (board(5, 5, 4), true),
        (board(6, 5, 4), true),
        (board(5, 5, 5), true),
        (board(9, 9, 5), false),
        (board(15, 15, 5), false),
    ] {
        assert_eq!(perfect.plays(g), offered, "{g}");
    }
    // Games against the other players of the board, both sides: perfect never loses, and as the
    // first player on a first-player win it wins.
    for (g, first_wins) in [
        (board(4, 4, 4), false),
        (board(6, 5, 4), true),
        (board(5, 5, 4), false),
    ] {
        for opponent in ["weights", "random", "oxo"] {
            let other = players::by_name(opponent).unwrap();
            for seed in 0..2u64 {
                let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
                for perfect_side in [Player::X, Player::O] {
                    let (x, o) = if perfect_side == Player::X {
                        (perfect, other)
                    } else {
                        (other, perfect)
                    };
                    let outcome = tictactoe::arena::play_game_on(g, x, o, Player::X, &mut rng);
                    // On a first-player win the second player may lose, whoever it is.
                    if !first_wins || perfect_side == Player::X {
                        assert_ne!(
                            outcome,
                            Outcome::Won(perfect_side.other()),
                            "{g} vs {opponent}"
                        );
                    }
                    if first_wins && perfect_side == Player::X {
                        assert_eq!(outcome, Outcome::Won(Player::X), "{g} vs {opponent}");
                    }
                }
            }
        }
    }
}
