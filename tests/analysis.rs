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
            let expected = Verdict::of(solved.outcome(), state.player_to_move());
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
                let expected = Verdict::of(solved.outcome(), mover);
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

/// A naive 15 × 15 k5 board for the threat positions: x's and o's stones, nothing incremental.
#[derive(Clone)]
struct Naive {
    g: Geometry,
    cells: Vec<Option<Player>>,
}

impl Naive {
    fn of(state: &State) -> Naive {
        let g = state.geometry();
        Naive {
            g,
            cells: (1..=g.cells()).map(|c| state.occupant(c)).collect(),
        }
    }

    fn empties(&self) -> Vec<usize> {
        (1..=self.g.cells())
            .filter(|&c| self.cells[c - 1].is_none())
            .collect()
    }

    /// Whether `p` playing the empty cell `c` makes a run of k or more.
    fn wins_at(&self, p: Player, c: usize) -> bool {
        let (r, col) = self.g.row_column(c);
        let (w, h) = (self.g.width() as isize, self.g.height() as isize);
        [(0isize, 1isize), (1, 0), (1, 1), (1, -1)]
            .iter()
            .any(|&(dr, dc)| {
                let count = |s: isize| {
                    (1..)
                        .take_while(|&i| {
                            let (nr, nc) = (r as isize + s * dr * i, col as isize + s * dc * i);
                            (0..h).contains(&nr)
                                && (0..w).contains(&nc)
                                && self.cells[(nr * w + nc) as usize] == Some(p)
                        })
                        .count()
                };
                1 + count(1) + count(-1) >= self.g.run()
            })
    }

    /// The empty cells where `p` wins at once.
    fn win_cells(&self, p: Player) -> Vec<usize> {
        self.empties()
            .into_iter()
            .filter(|&c| self.wins_at(p, c))
            .collect()
    }

    fn with(&self, c: usize, p: Player) -> Naive {
        let mut n = self.clone();
        n.cells[c - 1] = Some(p);
        n
    }

    /// The moves after which `p` has two cells to win at or more.
    fn double_threats(&self, p: Player) -> Vec<usize> {
        self.empties()
            .into_iter()
            .filter(|&c| !self.wins_at(p, c) && self.with(c, p).win_cells(p).len() >= 2)
            .collect()
    }

    /// False only when `x` (to move) surely cannot force a win within `plies` (1, 3 or 5) plies;
    /// true when it might.
    fn maybe_wins_within(&self, x: Player, plies: u32) -> bool {
        let found = self.maybe_winning_move(x, plies);
        if let Some(m) = found {
            eprintln!(
                "x may win within {plies} plies by {:?}",
                self.g.row_column(m)
            );
        }
        found.is_some()
    }

    /// The first move by which `x` might win within `plies` plies (see
    /// [`maybe_wins_within`](Naive::maybe_wins_within)).
    fn maybe_winning_move(&self, x: Player, plies: u32) -> Option<usize> {
        let o = x.other();
        if let Some(&c) = self.win_cells(x).first() {
            return Some(c);
        }
        if plies < 3 {
            return None;
        }
        self.empties().into_iter().find(|&m1| {
            let after = self.with(m1, x);
            let threats = after.win_cells(x);
            if threats.len() >= 2 {
                true
            } else if plies < 5 {
                false
            } else if threats.len() == 1 {
                !after.with(threats[0], o).double_threats(x).is_empty()
            } else {
                // A quiet move: x needs a double threat whatever o replies (an o stone only
                // removes double threats, so the candidates are those without it).
                let t = after.double_threats(x);
                !t.is_empty()
                    && after.empties().into_iter().all(|r| {
                        let replied = after.with(r, o);
                        t.iter()
                            .any(|&m3| m3 != r && replied.with(m3, x).win_cells(x).len() >= 2)
                    })
            }
        })
    }

    /// The plies of the shortest win of `x` (to move) by continuous fours — each answered by its
    /// one block, o never having a four — within `fours` fours, ending in a double threat.
    fn vcf(&self, x: Player, fours: u32) -> Option<u32> {
        if !self.win_cells(x).is_empty() {
            return Some(1);
        }
        if fours == 0 {
            return None;
        }
        self.empties()
            .into_iter()
            .filter_map(|m| self.vcf_after(m, x, fours))
            .min()
    }

    /// [`vcf`](Naive::vcf) starting with `m`.
    fn vcf_after(&self, m: usize, x: Player, fours: u32) -> Option<u32> {
        let o = x.other();
        if self.wins_at(x, m) {
            return Some(1);
        }
        let after = self.with(m, x);
        if !after.win_cells(o).is_empty() {
            return None;
        }
        let threats = after.win_cells(x);
        match threats.len() {
            0 => None,
            1 => after.with(threats[0], o).vcf(x, fours - 1).map(|p| p + 2),
            _ => Some(3),
        }
    }
}

/// The 15 × 15 k5 position with x's stones at `x` and o's at `o` (columns and rows from 0),
/// x to move.
fn threat_position(x: &[(usize, usize)], o: &[(usize, usize)]) -> State {
    let g = Geometry::new(15, 15, 5).unwrap();
    tictactoe::Setup {
        geometry: g,
        rule: tictactoe::rule::Rule::Freestyle,
        stones: tictactoe::Stones {
            x: x.iter().map(|&(c, r)| g.cell(r, c)).collect(),
            o: o.iter().map(|&(c, r)| g.cell(r, c)).collect(),
        },
        to_move: Player::X,
    }
    .position()
    .unwrap()
}

/// The node budget standing for "within a second" (the search does well over a million nodes a
/// second on the machines of the project).
const SECOND: u64 = 1_000_000;

/// Analyses `state` within a second's nodes: its best line, which must be proven.
fn proven_line(state: &State) -> (usize, Value, Vec<usize>) {
    let mut a = Analysis::new(state, 1);
    let report = analyse(&mut a, Some(SECOND));
    let line = &report.lines[0];
    eprintln!(
        "depth {}, {} nodes, {:?}: {line:?}",
        report.depth, report.nodes, report.elapsed
    );
    let Score::Proven(v) = line.score else {
        panic!("not proven within {SECOND} nodes: {report:?}");
    };
    (line.cell, v, line.pv.clone())
}

const CORNERS: [(usize, usize); 4] = [(0, 0), (14, 0), (0, 14), (14, 14)];

#[test]
fn an_open_three_to_make_into_an_open_four_wins_in_3_plies() {
    let state = threat_position(&[(6, 7), (7, 7), (8, 7)], &CORNERS[..3]);
    let naive = Naive::of(&state);
    assert!(!naive.maybe_wins_within(Player::X, 1));
    let right = naive.double_threats(Player::X);
    assert_eq!(right.len(), 2, "the two ends of the three: {right:?}");
    let (cell, value, pv) = proven_line(&state);
    assert_eq!(value, Value::win(3));
    assert!(right.contains(&cell), "{cell} not in {right:?}");
    assert_eq!(pv[0], cell);
}

#[test]
fn a_four_three_wins_in_5_plies() {
    // A closed three on row 7 (o at its left end) and two on column 6: (6,7) makes the four and
    // the open three at once.
    let state = threat_position(
        &[(3, 7), (4, 7), (5, 7), (6, 5), (6, 6)],
        &[(2, 7), CORNERS[0], CORNERS[1], CORNERS[2], CORNERS[3]],
    );
    let naive = Naive::of(&state);
    assert!(!naive.maybe_wins_within(Player::X, 3));
    let (cell, value, pv) = proven_line(&state);
    assert_eq!(value, Value::win(5));
    assert_eq!(naive.vcf_after(cell, Player::X, 2), Some(5), "{cell}");
    assert_eq!(state.geometry().row_column(cell), (7, 6));
    assert_eq!(pv[0], cell);
}

#[test]
fn a_vcf_of_several_fours_wins_in_7_plies() {
    // Four closed lines, each with one window only: the diagonal (1,1)–(5,5), row 5 from (5,5) to
    // (9,5), column 5 from (5,5) to (5,9) and the anti-diagonal from (9,5) to (5,9). The four at
    // (5,5) on the diagonal (blocked at (1,1)) gives row 5 its third stone; the four at (9,5) on
    // row 5 (blocked at (8,5)) gives the anti-diagonal its third; then (5,9) makes two fours,
    // on column 5 and on the anti-diagonal. Played in another order, the threats are parried.
    let state = threat_position(
        &[
            (2, 2),
            (3, 3),
            (4, 4),
            (6, 5),
            (7, 5),
            (5, 6),
            (5, 7),
            (8, 6),
            (7, 7),
            (14, 14),
        ],
        &[
            (0, 0),
            (6, 6),
            (4, 5),
            (10, 5),
            (5, 4),
            (5, 10),
            (10, 4),
            (4, 10),
            // Against threes of the stones among themselves: the anti-diagonal of (6,5) and
            // (5,6), column 7.
            (4, 7),
            (7, 6),
        ],
    );
    let naive = Naive::of(&state);
    assert!(!naive.maybe_wins_within(Player::X, 5));
    assert_eq!(naive.vcf(Player::X, 3), Some(7));
    let (cell, value, pv) = proven_line(&state);
    assert_eq!(value, Value::win(7));
    assert_eq!(naive.vcf_after(cell, Player::X, 3), Some(7), "{cell}");
    assert_eq!(pv[0], cell);
}

/// Runs `tictactoe analyse ARGS`: exit code, standard output, standard error.
fn analyse_cli(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .arg("analyse")
        .args(args)
        .output()
        .expect("the program runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The state after `cells` on `g`, x first.
fn after(g: Geometry, cells: &[usize]) -> State {
    State::from_cells(g, Player::X, cells).unwrap()
}

/// Checks the JSON answer for `state`: one object, the side to move, lines best first, each pv
/// legal and starting with its move; returns the lines.
fn check_json(stdout: &str, state: &State) -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(stdout).expect("exactly one JSON value");
    let obj = v.as_object().expect("an object");
    assert_eq!(obj["to_move"], state.player_to_move().symbol(), "{stdout}");
    for key in ["depth", "nodes", "nps"] {
        assert!(obj[key].is_u64(), "{key}: {stdout}");
    }
    let lines = obj["lines"].as_array().expect("lines").clone();
    assert!(!lines.is_empty());
    let mut previous: Option<(u8, i64)> = None;
    for line in &lines {
        let m = line["move"].as_u64().unwrap() as usize;
        let pv: Vec<usize> = line["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as usize)
            .collect();
        assert_eq!(pv.first(), Some(&m), "{stdout}");
        let mut s = *state;
        for &c in &pv {
            assert!(
                s.geometry().game_board().contains(&c) && s.legal_to_move_in(c),
                "{c} in {pv:?}"
            );
            s = s.result(c);
        }
        let value = &line["value"];
        let key = if let Some(q) = value.get("win_probability") {
            let q = q.as_f64().unwrap();
            assert!((0.0..=1.0).contains(&q));
            (1, (q * 1e9) as i64)
        } else {
            let plies = value["plies"].as_u64().map(|p| p as i64);
            match value["proven"].as_str().unwrap() {
                "win" => (2, -plies.unwrap_or(i64::MAX)),
                "loss" => (0, plies.unwrap_or(0)),
                "draw" => (1, 500_000_000),
                other => panic!("{other}"),
            }
        };
        assert!(previous.is_none_or(|p| p >= key), "best first: {stdout}");
        previous = Some(key);
    }
    lines
}

#[test]
fn the_json_is_one_object_with_legal_lines_best_first() {
    let g = Geometry::new(15, 15, 5).unwrap();
    let cells = ["113", "114", "128", "99"];
    let state = after(g, &[113, 114, 128, 99]);
    let mut args = vec![
        "--json", "--width", "15", "--height", "15", "--run", "5", "--nodes", "30000",
    ];
    args.extend(cells);
    let (code, stdout, stderr) = analyse_cli(&args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 1);
    let lines = check_json(&stdout, &state);
    assert_eq!(lines.len(), 5, "five lines by default");
}

#[test]
fn on_a_board_the_solver_plays_every_value_is_proven() {
    let g = Geometry::new(4, 4, 3).unwrap();
    let state = after(g, &[6]);
    let (code, stdout, stderr) = analyse_cli(&[
        "--json", "--width", "4", "--height", "4", "--run", "3", "--lines", "15", "--nodes",
        "20000", "6",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let lines = check_json(&stdout, &state);
    assert_eq!(lines.len(), 15, "every move");
    for line in lines {
        assert!(line["value"].get("proven").is_some(), "{line}");
    }
}

#[test]
fn the_text_gives_values_lines_and_figures_and_errors_are_one_line() {
    // x to move wins at 3 on 3 × 3 after 1, 4, 2, 5: W 1 first.
    let (code, stdout, _) = analyse_cli(&["--lines", "2", "1", "4", "2", "5"]);
    assert_eq!(code, 0);
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    assert!(rows[0].starts_with(" 1.   3  W 1 "), "{stdout}");
    assert!(rows[2].starts_with("depth "), "{stdout}");
    assert!(
        rows[2].contains(" nodes, ") && rows[2].ends_with(" nodes/s"),
        "{stdout}"
    );
    for bad in [
        &["1", "1"][..],
        &["10"],
        &["x"],
        &["1", "4", "2", "5", "3"],
        &["--lines", "0"],
    ] {
        let (code, stdout, stderr) = analyse_cli(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(stdout.is_empty());
        assert_eq!(stderr.trim_end().lines().count(), 1, "{bad:?}: {stderr}");
    }
}

#[test]
fn paced_reports_come_a_few_times_a_second_and_the_last_one_always() {
    use std::time::{Duration, Instant};
    use tictactoe::search::analysis::run_paced;
    // A 3 × 3 position: finished quickly, its last report sent.
    let stop = AtomicBool::new(false);
    let mut got = Vec::new();
    run_paced(
        &State::empty(Geometry::LED, Player::X),
        5,
        &stop,
        Duration::from_millis(250),
        |r| {
            got.push(r);
            true
        },
    );
    assert!(got.last().is_some_and(|r| r.finished), "{got:?}");
    // 15 × 15, stopped after 0.6 s: at most one report per 0.2 s.
    let g = Geometry::new(15, 15, 5).unwrap();
    let state = after(g, &[113, 114, 128]);
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let stopper = {
        let stop = std::sync::Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(600));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        })
    };
    let started = Instant::now();
    let mut times = Vec::new();
    run_paced(&state, 5, &stop, Duration::from_millis(200), |r| {
        times.push((started.elapsed(), r.depth));
        true
    });
    stopper.join().unwrap();
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "stops promptly"
    );
    assert!(!times.is_empty());
    for pair in times.windows(2) {
        assert!(
            pair[1].0 - pair[0].0 >= Duration::from_millis(200),
            "{times:?}"
        );
        assert!(pair[1].1 > pair[0].1, "deeper each time: {times:?}");
    }
}

#[test]
fn x_win_probability_is_exact_where_the_game_is_decided() {
    use tictactoe::search::analysis::x_win_probability;
    let g = Geometry::LED;
    // Over: x has 1 2 3.
    assert_eq!(x_win_probability(&after(g, &[1, 4, 2, 5, 3]), 100), 1.0);
    // o to move, x threatens 3 and 7 (a fork): o loses.
    assert_eq!(x_win_probability(&after(g, &[1, 2, 5, 9, 4]), 100), 1.0);
    // The empty board: a draw.
    assert_eq!(x_win_probability(&State::empty(g, Player::X), 1000), 0.5);
    // 15 × 15: an estimate strictly between.
    let p = x_win_probability(&after(Geometry::new(15, 15, 5).unwrap(), &[113]), 5000);
    assert!(p > 0.0 && p < 1.0, "{p}");
}
