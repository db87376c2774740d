//! Explanations (issue 11): each player's view of a position checked against the seeds' figures,
//! an independent exhaustive solution, the players' own choices and the BP engine's own selection,
//! on every reachable position; and `tictactoe explain` on the command line.

use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashMap;
use std::process::{Command, Output};
use tictactoe::bp::tictactoe::Event;
use tictactoe::commands::explain::render;
use tictactoe::explain::{self, CellNote, ExplainError, Explanation, Kind};
use tictactoe::players::bp::Bp;
use tictactoe::players::oxo::Oxo;
use tictactoe::players::perfect::Perfect;
use tictactoe::players::random::Random;
use tictactoe::players::search::SEARCH;
use tictactoe::players::weights::{self, Weights};
use tictactoe::players::ComputerPlayer;
use tictactoe::{Cell, Game, Geometry, Outcome, Player, State};
use tictactoe::{Value, Verdict};

/// Every reachable position of the LED board with `start` moving first, each as one game reaching
/// it (the order matters to bp).
fn reachable(start: Player) -> Vec<Game> {
    fn walk(g: Game, seen: &mut HashMap<State, Game>) {
        if seen.contains_key(g.state()) {
            return;
        }
        seen.insert(*g.state(), g.clone());
        for c in g.state().legal_moves() {
            walk(g.play(c).unwrap(), seen);
        }
    }
    let mut seen = HashMap::new();
    walk(Game::new(Geometry::LED, start), &mut seen);
    let mut games: Vec<Game> = seen.into_values().collect();
    games.sort_by(|a, b| a.moves().cmp(b.moves()));
    games
}

fn game(start: Player, cells: &[Cell]) -> Game {
    Game::from_cells(Geometry::LED, start, cells).unwrap()
}

/// The notes are exactly on the free cells.
fn assert_notes_on_free_cells(e: &Explanation) {
    for c in e.state.geometry().game_board() {
        assert_eq!(
            e.note(c).is_some(),
            !e.state.occupied(c),
            "{} cell {c}\n{}",
            e.player,
            e.state.board_text()
        );
    }
}

/// The grid of numbers the seed draws: a number in every cell, 0 where a mark stands.
fn weight_figure(e: &Explanation) -> Vec<u64> {
    e.per_cell
        .iter()
        .map(|n| match n {
            Some(CellNote::Weight(w)) => *w,
            None => 0,
            Some(other) => panic!("not a weight: {other:?}"),
        })
        .collect()
}

#[test]
fn weights_reproduce_seed_004s_worked_example() {
    // x on (1,1) and (1,2), o on (3,1); o to move.
    let g = game(Player::X, &[1, 7, 2]);
    let e = explain::explain(&Weights, &g).unwrap();
    assert_eq!(e.side(), Player::O);
    assert_eq!(weight_figure(&e), [0, 0, 11, 0, 3, 0, 0, 2, 2]);
    assert_eq!(e.chosen, [3]);
    assert_eq!(e.label(3).as_deref(), Some("11"));
    assert_eq!(e.label(1), None, "occupied cells have no label");
    // From x's side (as if x were to move), the completion of x's own row weighs 101.
    let x = weights::explanation(g.state(), Player::X);
    assert_eq!(weight_figure(&x), [0, 0, 101, 0, 3, 0, 0, 2, 2]);
    assert_eq!(x.chosen, [3]);
    assert_eq!(x.side(), Player::X);
    // The text grid is the seed's diagram.
    let out = render(&e);
    let grid: Vec<&str> = out.lines().take(3).collect();
    assert_eq!(grid, [" 0  0 11", " 0  3  0", " 0  2  2"]);
}

#[test]
fn weights_match_the_players_grid_and_choice_everywhere() {
    for start in [Player::X, Player::O] {
        for g in reachable(start).iter().filter(|g| !g.state().game_over()) {
            let e = explain::explain(&Weights, g).unwrap();
            assert_notes_on_free_cells(&e);
            assert_eq!(weight_figure(&e), weights::weight_grid(g.state()));
            assert_eq!(e.chosen, weights::best_cells(g.state()));
            let c = Weights.choose(g, &mut StdRng::seed_from_u64(g.moves().len() as u64));
            assert!(e.chosen.contains(&c));
        }
    }
}

#[test]
fn oxo_values_the_empty_board_12_9_6_and_shows_findmaxindex_everywhere() {
    for start in [Player::X, Player::O] {
        let e = explain::explain(&Oxo, &Game::new(Geometry::LED, start)).unwrap();
        let labels: Vec<String> = (1..=9).map(|c| e.label(c).unwrap()).collect();
        assert_eq!(labels, ["9", "6", "9", "6", "12", "6", "9", "6", "9"]);
        assert_eq!(e.chosen, [5]);
    }
    let mut positions = 0;
    for start in [Player::X, Player::O] {
        for g in reachable(start).iter().filter(|g| !g.state().game_over()) {
            let e = explain::explain(&Oxo, g).unwrap();
            assert_notes_on_free_cells(&e);
            // findmaxindex from the notes: the last square of highest value.
            let values: Vec<(Cell, i32)> = g
                .state()
                .legal_moves()
                .map(|c| match e.note(c) {
                    Some(CellNote::Sqval(v)) => (c, *v),
                    other => panic!("{other:?}"),
                })
                .collect();
            let max = values.iter().map(|&(_, v)| v).max().unwrap();
            let last = values.iter().rev().find(|&&(_, v)| v == max).unwrap().0;
            assert_eq!(e.chosen, [last], "\n{}", g.state().board_text());
            assert_eq!(e.chosen, [Oxo.choose(g, &mut StdRng::seed_from_u64(0))]);
            positions += 1;
        }
    }
    assert_eq!(positions, 2 * (5478 - 958));
}

/// Plain negamax with a memo over states, independent of the perfect player's table: 100 − d for a
/// win in d plies, −(100 − d) for a loss in d plies, 0 for a draw, for the player to move.
fn score(s: &State, memo: &mut HashMap<State, i32>) -> i32 {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let v = match s.outcome() {
        Some(Outcome::Won(_)) => -100, // the player who just moved won
        Some(Outcome::Draw) => 0,
        None => {
            let best = s
                .legal_moves()
                .map(|c| -score(&s.result(c), memo))
                .max()
                .unwrap();
            best - best.signum()
        }
    };
    memo.insert(*s, v);
    v
}

#[test]
fn perfect_values_agree_with_an_exhaustive_negamax_on_all_5478_positions() {
    let mut memo = HashMap::new();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for start in [Player::X, Player::O] {
        let games = reachable(start);
        assert_eq!(games.len(), 5478);
        for g in &games {
            let s = g.state();
            let e = match explain::explain(&Perfect, g) {
                Ok(e) => e,
                Err(ExplainError::GameOver(o)) => {
                    assert_eq!(Some(o), s.outcome());
                    continue;
                }
                Err(other) => panic!("{other}"),
            };
            assert!(matches!(e.kind, Kind::Exact));
            assert_notes_on_free_cells(&e);
            let empty = 9 - s.moves_count();
            let mut best = i32::MIN;
            let mut scores = Vec::new();
            for c in s.legal_moves() {
                let m = -score(&s.result(c), &mut memo);
                let m = m - m.signum();
                let expected = match m.signum() {
                    1 => Value::win((100 - m) as u32),
                    -1 => Value::loss((100 + m) as u32),
                    _ => Value::draw(empty as u32),
                };
                match expected.verdict {
                    Verdict::Win => wins += 1,
                    Verdict::Loss => losses += 1,
                    Verdict::Draw => draws += 1,
                }
                assert_eq!(
                    e.note(c),
                    Some(&CellNote::Value(expected)),
                    "cell {c}\n{}",
                    s.board_text()
                );
                best = best.max(m);
                scores.push((c, m));
            }
            // The marked moves keep the position's value; when winning, they are exactly the
            // fastest wins (when drawn or lost, the player chooses by its chances against a
            // random opponent, not by the distance).
            let keeping: Vec<Cell> = scores
                .iter()
                .filter(|&&(_, m)| m.signum() == best.signum())
                .map(|&(c, _)| c)
                .collect();
            assert!(!e.chosen.is_empty());
            assert!(
                e.chosen.iter().all(|c| keeping.contains(c)),
                "{:?} not all in {keeping:?}\n{}",
                e.chosen,
                s.board_text()
            );
            if best > 0 {
                let fastest: Vec<Cell> = scores
                    .iter()
                    .filter(|&&(_, m)| m == best)
                    .map(|&(c, _)| c)
                    .collect();
                assert_eq!(e.chosen, fastest);
            }
        }
    }
    assert!(wins > 0 && losses > 0 && draws > 0);
    // The empty board: corners and the centre draw, so do the edges (9 plies, no number shown).
    let e = explain::explain(&Perfect, &Game::led()).unwrap();
    assert!((1..=9).all(|c| e.label(c).as_deref() == Some("D")));
}

#[test]
fn random_gives_every_legal_move_one_in_n() {
    for start in [Player::X, Player::O] {
        for g in reachable(start).iter().filter(|g| !g.state().game_over()) {
            let e = explain::explain(&Random, g).unwrap();
            assert_notes_on_free_cells(&e);
            let legal: Vec<Cell> = g.state().legal_moves().collect();
            assert_eq!(e.chosen, legal);
            let n = legal.len();
            for &c in &legal {
                assert_eq!(e.label(c), Some(format!("1/{n}")));
            }
        }
    }
}

#[test]
fn bp_bids_agree_with_the_engines_own_selection_on_every_position() {
    let mut positions = 0;
    for start in [Player::X, Player::O] {
        for g in reachable(start).iter().filter(|g| !g.state().game_over()) {
            let e = explain::explain(&Bp, g).unwrap();
            let Kind::Bp(view) = &e.kind else {
                panic!("not a bp explanation")
            };
            let me = g.state().player_to_move();
            assert_eq!(view.program_o, me);
            let snap = &view.snapshot;
            // The selection recomputed from the snapshot's bids: the first unblocked event in the
            // request list of the strongest b-thread that has one.
            assert!(snap
                .threads
                .windows(2)
                .all(|w| w[0].priority < w[1].priority));
            let blocked = |x: &Event| snap.threads.iter().any(|t| t.blocked.contains(x));
            let recomputed = snap
                .threads
                .iter()
                .enumerate()
                .find_map(|(i, t)| t.requested.iter().find(|x| !blocked(x)).map(|&x| (i, x)));
            assert_eq!(recomputed.map(|(_, x)| x), snap.selected);
            assert_eq!(recomputed.map(|(i, _)| i), snap.selected_by);
            // ... is the event the program actually selects next, and bp's answer.
            let mut program = Bp::program(g);
            let history = g.moves();
            let answer = Bp::answer(g);
            assert_eq!(snap.selected, Some(answer), "{history:?}");
            // The bids per cell are the engine's: requesters and blockers of the O event.
            for c in g.state().legal_moves() {
                let o = Event::at_cell(Player::O, c);
                let Some(CellNote::Bids {
                    requested_by,
                    blocked_by,
                }) = e.note(c)
                else {
                    panic!("no bids on cell {c}")
                };
                let engine: Vec<(&str, f64)> = program
                    .threads()
                    .filter(|(_, _, bid)| bid.requested().contains(&o))
                    .map(|(n, p, _)| (n, p))
                    .collect();
                let shown: Vec<(&str, f64)> =
                    requested_by.iter().map(|b| (b.name, b.priority)).collect();
                assert_eq!(shown, engine, "cell {c} after {history:?}");
                assert_eq!(!blocked_by.is_empty(), program.is_blocked(&o));
            }
            assert_notes_on_free_cells(&e);
            assert_eq!(program.step(), snap.selected, "{history:?}");
            let cell = Bp.choose(g, &mut StdRng::seed_from_u64(0));
            assert_eq!(e.chosen, [cell]);
            positions += 1;
        }
    }
    assert_eq!(positions, 2 * (5478 - 958));
}

#[test]
fn bp_explains_the_seeds_opening_step_by_step() {
    // x in a corner, o (bp) in the centre, x in the opposite corner: PreventAnotherXFork asks for
    // O_<0,1> before DefaultMoves' corners.
    let e = explain::explain(&Bp, &game(Player::X, &[1, 5, 9])).unwrap();
    assert_eq!(e.chosen, [2]);
    let Kind::Bp(view) = &e.kind else { panic!() };
    assert_eq!(
        view.snapshot.selector().map(|t| t.name),
        Some("PreventAnotherXFork")
    );
    assert_eq!(e.label(2).as_deref(), Some("+2"));
    assert_eq!(e.label(3).as_deref(), Some("+1"));
    // x to move: the colours are swapped, and bp, playing x, blocks o's row 4-5.
    let e = explain::explain(&Bp, &game(Player::X, &[1, 4, 9, 5])).unwrap();
    assert_eq!(e.side(), Player::X);
    assert_eq!(e.chosen, [6]);
    assert!(e.caption().contains("colours swapped"), "{}", e.caption());
}

#[test]
fn explain_refuses_what_it_cannot_explain() {
    let won = game(Player::X, &[1, 4, 2, 5, 3]);
    assert_eq!(
        explain::explain(&Oxo, &won),
        Err(ExplainError::GameOver(Outcome::Won(Player::X)))
    );
    let big = Game::new(Geometry::new(4, 4, 3).unwrap(), Player::X);
    assert_eq!(explain::explain(&Bp, &big), Err(ExplainError::NotThisBoard));
    let e = explain::explain(&Oxo, &big).unwrap();
    assert_eq!(e.per_cell.len(), 16);
}

// The command line.

const APP: &str = env!("CARGO_BIN_EXE_tictactoe");

fn run(args: &[&str]) -> Output {
    Command::new(APP)
        .arg("explain")
        .args(args)
        .env_remove("DISPLAY")
        .output()
        .expect("run tictactoe")
}

#[test]
fn command_prints_the_grid() {
    let o = run(&["--player", "weights", "1", "7", "2"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], [" 0  0 11", " 0  3  0", " 0  2  2"]);
    assert!(lines[3].ends_with("(11): 3."), "{out}");
    // oxo on the empty board, o starting; occupied cells show their marks elsewhere.
    let o = run(&["--player", "oxo", "--start", "o"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        out.lines().take(3).collect::<Vec<_>>(),
        [" 9  6  9", " 6 12  6", " 9  6  9"]
    );
    let o = run(&["--player", "perfect", "1", "4", "2", "5"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        out.lines().take(3).collect::<Vec<_>>(),
        [" x  x W1", " o  o  D", "L2 L2 L2"]
    );
    // bp: the bids, and the selection.
    let o = run(&["--player", "bp", "1", "5", "9"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains(
            "cell 2 O_<0,1>: requested by PreventAnotherXFork 9, DefaultMoves 12; blocked by none"
        ),
        "{out}"
    );
    assert!(out.contains("PreventAnotherXFork (priority 9) requests O_<0,1>, cell 2."));
    // A larger board.
    let o = run(&["--player", "random", "--width", "4", "--height", "2", "1"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        out.lines().take(2).collect::<Vec<_>>(),
        ["  x 1/7 1/7 1/7", "1/7 1/7 1/7 1/7"]
    );
    // Beyond 3 × 3 the caption names cells by their coordinates: weights on 15 × 15 after x at
    // h8 (cell 113) blocks beside it, and the cells it names are the grid's maxima.
    let o = run(&[
        "--player", "weights", "--width", "15", "--height", "15", "--run", "5", "113",
    ]);
    let out = String::from_utf8(o.stdout).unwrap();
    let caption = out.lines().nth(15).unwrap();
    let named = caption.rsplit_once(": ").unwrap().1.trim_end_matches('.');
    let grid: Vec<Vec<u64>> = out
        .lines()
        .take(15)
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    let max = grid.iter().flatten().max().unwrap();
    let mut maxima = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, w) in row.iter().enumerate() {
            if w == max {
                maxima.push(format!("{}{}", (b'a' + c as u8) as char, r + 1));
            }
        }
    }
    assert_eq!(named, maxima.join(", "), "{out}");
}

#[test]
fn command_errors_are_one_line_with_exit_code_2() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--player", "nobody"],
            "tictactoe: unknown player 'nobody'",
        ),
        (
            &["--player", "bp", "--width", "4", "--height", "4"],
            "tictactoe: bp does not play the 4×4",
        ),
        (
            &["--player", "oxo", "5", "5"],
            "tictactoe: move 2: cell 5 is already occupied by x",
        ),
        (
            &["--player", "oxo", "x"],
            "tictactoe: move 1: 'x' is not a cell number",
        ),
        (
            &["--player", "oxo", "10"],
            "tictactoe: move 1: cell 10 is out of range 1-9",
        ),
        (
            &["--player", "weights", "1", "4", "2", "5", "3"],
            "tictactoe: the game is already over (x won)",
        ),
    ];
    for (args, message) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(o.stdout.is_empty());
    }
}

/// search's view on 3 × 3: every move's value is proved by its small search, and equals the
/// exhaustive solution's (the independent negamax above), on every position to move of both
/// starts; its choice keeps the position's value.
#[test]
fn search_explains_every_3x3_move_with_its_exact_value() {
    let mut memo = HashMap::new();
    let games: Vec<Game> = [Player::X, Player::O]
        .into_iter()
        .flat_map(reachable)
        .filter(|g| !g.state().game_over())
        .collect();
    assert_eq!(games.len(), 2 * (5478 - 958));
    for g in games {
        let e = explain::explain(&SEARCH, &g).unwrap();
        let state = g.state();
        let value_of = |v: i32| match v.signum() {
            1 => Verdict::Win,
            0 => Verdict::Draw,
            _ => Verdict::Loss,
        };
        for c in state.legal_moves() {
            let Some(CellNote::Value(v)) = e.note(c) else {
                panic!("{:?}: cell {c} unproven: {:?}", g.moves(), e.note(c));
            };
            let exact = -score(&state.result(c), &mut memo);
            assert_eq!(v.verdict, value_of(exact), "{:?} cell {c}", g.moves());
        }
        let best = state
            .legal_moves()
            .map(|c| -score(&state.result(c), &mut memo))
            .max()
            .unwrap();
        assert_eq!(e.chosen.len(), 1);
        let chosen = -score(&state.result(e.chosen[0]), &mut memo);
        assert_eq!(value_of(chosen), value_of(best), "{:?}", g.moves());
    }
}
