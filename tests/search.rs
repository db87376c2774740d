//! The search engine and the `search` player: proofs of small boards from the empty board, the
//! threat-space search, reproducible node budgets, the cancel flag, and cheap strength checks
//! against the project's players (node budgets, few games).
//!
//! The full strength figures come from the ignored test `strength_report`:
//! `cargo test --release --test search -- --ignored --nocapture strength_report`, with
//! `SEARCH_NODES` (default 100000) or `SEARCH_THINK_MS` for the budget, `SEARCH_GAMES` (default
//! 10) games per opponent and side, and `SEARCH_BOARDS=9x9k5,15x15k5` to choose boards.

use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tictactoe::arena::play_game_on;
use tictactoe::players::search::SearchPlayer;
use tictactoe::players::{for_board, ComputerPlayer};
use tictactoe::search::{cancel_flag, Limits, Search};
use tictactoe::{Cell, Geometry, Outcome, Player, Setup, State, Stones, Value, Verdict};

fn think(pos: &State, limits: Limits) -> tictactoe::search::SearchResult {
    Search::new(limits, cancel_flag())
        .think(&pos.setup())
        .expect("a move")
}

#[test]
fn never_loses_to_the_exhaustive_adversary_on_3x3() {
    let search = SearchPlayer::new(Limits::time(1000));
    for side in [Player::X, Player::O] {
        for start in [Player::X, Player::O] {
            let t = tictactoe::arena::versus_adversary(&search, side, start);
            assert_eq!(t.lost, 0, "search as {side}, {start} first: {t:?}");
            assert!(t.total() > 0);
        }
    }
}

#[test]
fn proves_the_values_of_small_boards_from_the_empty_board() {
    // SPEC.md §7: 3×3 k3 draw, 4×3 k3 and 4×4 k3 first player wins, 4×4 k4 draw, 6×5 k4 wins.
    for (w, h, k, win) in [
        (3, 3, 3, false),
        (4, 3, 3, true),
        (4, 4, 3, true),
        (4, 4, 4, false),
        (6, 5, 4, true),
    ] {
        let empty = State::empty(Geometry::new(w, h, k).unwrap(), Player::X);
        let r = think(&empty, Limits::nodes(20_000_000));
        match r.proven.map(|v| v.verdict) {
            Some(Verdict::Win) => assert!(win, "{w}x{h} k{k}: proved a win"),
            Some(Verdict::Draw) => assert!(!win, "{w}x{h} k{k}: proved a draw"),
            other => panic!("{w}x{h} k{k}: {other:?} after {} nodes", r.nodes),
        }
    }
}

/// Plays `line` from `pos` and returns the winner.
fn play_out(mut pos: State, line: &[Cell]) -> Option<Outcome> {
    for &c in line {
        assert!(pos.outcome().is_none(), "moves after the win");
        assert!(pos.legal_to_move_in(c), "an empty cell");
        pos = pos.result(c);
    }
    pos.outcome()
}

/// The 15×15 k5 (or `w`×`h`) position with stones `x` and `o`, `to_move` to move.
fn setup(w: usize, h: usize, x: &[Cell], o: &[Cell], to_move: Player) -> State {
    Setup {
        geometry: Geometry::new(w, h, 5).unwrap(),
        rule: tictactoe::rule::Rule::Freestyle,
        stones: Stones {
            x: x.iter().copied().collect(),
            o: o.iter().copied().collect(),
        },
        to_move,
    }
    .position()
    .unwrap()
}

#[test]
fn the_threat_search_finds_a_win_by_continuous_fours() {
    // 15×15 k5, x to move. No single move makes two fours, but a four on the
    // anti-diagonal (5,8), answered by its one block (6,7), sets up (5,5), a double four on row 5
    // and column 5.
    let at = |x: usize, y: usize| y * 15 + x + 1;
    let x = [
        at(2, 5),
        at(3, 5),
        at(4, 5),
        at(5, 6),
        at(5, 7),
        at(2, 11),
        at(3, 10),
        at(4, 9),
    ];
    let o = [
        at(1, 5),
        at(5, 9),
        at(1, 12),
        at(0, 0),
        at(14, 0),
        at(0, 14),
        at(14, 14),
        at(12, 12),
    ];
    let pos = setup(15, 15, &x, &o, Player::X);
    let r = think(&pos, Limits::nodes(200_000));
    let Some(Value {
        verdict: Verdict::Win,
        plies: Some(plies),
    }) = r.proven
    else {
        panic!("no win found: {r:?}");
    };
    assert!(
        plies >= 5,
        "a chain of fours, not a win in one or a double four: {plies}"
    );
    assert_eq!(
        r.depth, 0,
        "found by the threat search, before any iteration"
    );
    assert_eq!(r.pv.len() as u32, plies);
    assert_eq!(play_out(pos, &r.pv), Some(Outcome::Won(Player::X)));
}

#[test]
fn the_threat_search_finds_a_win_by_threes_when_no_four_wins() {
    // 15×15 k5, x to move with two open twos crossing at (5,7): no four is possible (no
    // VCF), but (5,7) makes two open threes; a block of one leaves an open four on the other.
    let at = |x: usize, y: usize| y * 15 + x + 1;
    let pos = setup(
        15,
        15,
        &[at(6, 7), at(7, 7), at(5, 5), at(5, 6)],
        &[at(0, 0), at(14, 0), at(0, 14), at(14, 14)],
        Player::X,
    );
    let r = think(&pos, Limits::nodes(400_000));
    assert_eq!(r.depth, 0, "found by the threat search: {r:?}");
    assert_eq!(r.proven, Some(Value::win(5)));
    assert_eq!(r.best, at(5, 7));
    // Whatever o answers, x keeps a forced win: spot-check every answer near the threes with the
    // engine itself.
    let after = pos.result(r.best);
    for reply in [
        at(4, 7),
        at(8, 7),
        at(5, 4),
        at(5, 8),
        at(3, 7),
        at(5, 3),
        at(10, 10),
    ] {
        let p = after.result(reply);
        let r = think(&p, Limits::nodes(100_000));
        assert!(
            matches!(r.proven, Some(Value { verdict: Verdict::Win, plies: Some(n) }) if n <= 3),
            "after {reply}: {r:?}"
        );
    }
}

#[test]
fn wins_at_once_and_blocks_the_only_threat() {
    // Cells 1-based: o holds 11 12 13 14, x holds 41 51 61, x to move.
    let o = [11, 12, 13, 14];
    let pos = setup(9, 9, &[41, 51, 61], &o, Player::X);
    // o threatens 10 and 15 (an open four): lost whatever x does.
    assert!(matches!(
        think(&pos, Limits::nodes(1000)).proven,
        Some(Value {
            verdict: Verdict::Loss,
            ..
        })
    ));
    // Now x has four on the diagonal 41 51 61 71: it wins first.
    let pos = setup(9, 9, &[41, 51, 61, 71], &o, Player::X);
    let r = think(&pos, Limits::nodes(1000));
    assert_eq!(r.proven, Some(Value::win(1)));
    assert!(r.best == 31 || r.best == 81);
}

#[test]
fn node_budgets_are_reproducible() {
    let gomoku = Geometry::new(15, 15, 5).unwrap();
    let pos = State::from_cells(gomoku, Player::X, &[113, 114, 98, 128]).unwrap();
    let a = think(&pos, Limits::nodes(30_000));
    let b = think(&pos, Limits::nodes(30_000));
    assert_eq!(
        (a.best, a.value, a.depth, a.nodes, &a.pv),
        (b.best, b.value, b.depth, b.nodes, &b.pv)
    );
    assert!(a.depth >= 2, "{a:?}");
    assert!(pos.legal_to_move_in(a.best));
}

#[test]
fn the_cancel_flag_stops_an_unlimited_search() {
    let gomoku = Geometry::new(15, 15, 5).unwrap();
    let pos = State::from_cells(gomoku, Player::X, &[113, 114]).unwrap();
    let unlimited = Limits {
        time: None,
        optimum: None,
        nodes: None,
        threads: 2,
        max_depth: 64,
    };
    // Set before: the search returns at once with a legal move.
    let cancel = cancel_flag();
    cancel.store(true, Ordering::Relaxed);
    let r = Search::new(unlimited, cancel).think(&pos.setup()).unwrap();
    assert!(pos.legal_to_move_in(r.best));
    // Set while it thinks: it returns soon after.
    let cancel = cancel_flag();
    let setter = {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            cancel.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let r = Search::new(unlimited, cancel).think(&pos.setup()).unwrap();
    let cancelled_at = setter.join().unwrap();
    let lag = Instant::now().saturating_duration_since(cancelled_at);
    assert!(
        lag < Duration::from_secs(2),
        "stopped {lag:?} after the cancel"
    );
    assert!(pos.legal_to_move_in(r.best));
}

/// Games of `player` against every other player of board `g` as x (moving first) or o; the
/// outcomes from `player`'s side.
fn games(
    g: Geometry,
    player: &dyn ComputerPlayer,
    side: Player,
    seeds: u64,
    only: Option<&str>,
) -> Vec<(String, Outcome)> {
    let mut out = Vec::new();
    for other in for_board(g) {
        if other.name() == player.name() || only.is_some_and(|o| o != other.name()) {
            continue;
        }
        for seed in 0..seeds {
            let mut rng = StdRng::seed_from_u64(seed);
            let outcome = match side {
                Player::X => play_game_on(g, player, other, Player::X, &mut rng),
                Player::O => play_game_on(g, other, player, Player::X, &mut rng),
            };
            out.push((other.name().to_string(), outcome));
        }
    }
    out
}

#[test]
fn small_boards_against_the_project_players() {
    let search = SearchPlayer::new(Limits::nodes(40_000));
    // Draw boards: never loses, either side.
    for (w, h, k) in [(4, 4, 4), (5, 5, 4), (5, 5, 5)] {
        let g = Geometry::new(w, h, k).unwrap();
        for side in [Player::X, Player::O] {
            for (other, outcome) in games(g, &search, side, 1, None) {
                assert_ne!(
                    outcome,
                    Outcome::Won(side.other()),
                    "{g} as {side} against {other}"
                );
            }
        }
    }
    // First-player wins: always wins moving first.
    for (w, h, k) in [(4, 4, 3), (6, 5, 4)] {
        let g = Geometry::new(w, h, k).unwrap();
        for (other, outcome) in games(g, &search, Player::X, 1, None) {
            assert_eq!(outcome, Outcome::Won(Player::X), "{g} against {other}");
        }
    }
}

#[test]
fn beats_the_weight_grid_on_15x15_either_side() {
    let g = Geometry::new(15, 15, 5).unwrap();
    let search = SearchPlayer::new(Limits::nodes(20_000));
    let weights = tictactoe::players::by_name("weights").unwrap();
    for side in [Player::X, Player::O] {
        let mut rng = StdRng::seed_from_u64(3);
        let outcome = match side {
            Player::X => play_game_on(g, &search, weights, Player::X, &mut rng),
            Player::O => play_game_on(g, weights, &search, Player::X, &mut rng),
        };
        assert_eq!(outcome, Outcome::Won(side), "search as {side}");
    }
}

/// The strength figures of the README: games against every player of each board, and against
/// `weights` on 9×9 and 15×15 k5, at a node budget (reproducible). Prints a table.
#[test]
#[ignore = "a strength report, minutes long: run with --ignored --nocapture"]
fn strength_report() {
    let nodes: u64 = std::env::var("SEARCH_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let seeds: u64 = std::env::var("SEARCH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let think: Option<u64> = std::env::var("SEARCH_THINK_MS")
        .ok()
        .and_then(|s| s.parse().ok());
    let boards_wanted = std::env::var("SEARCH_BOARDS").unwrap_or_default();
    let search = match think {
        Some(ms) => {
            println!("search at {ms} ms a move; {seeds} games per opponent and side");
            SearchPlayer::new(Limits::time(ms))
        }
        None => {
            println!("search at {nodes} nodes a move; {seeds} games per opponent and side");
            SearchPlayer::new(Limits::nodes(nodes))
        }
    };
    println!(
        "{:<10} {:<8} {:<3} {:>5} {:>5} {:>5} {:>5}",
        "board", "against", "as", "games", "won", "drawn", "lost"
    );
    let boards: [(usize, usize, usize); 7] = [
        (3, 3, 3),
        (4, 4, 3),
        (4, 4, 4),
        (5, 5, 4),
        (6, 5, 4),
        (5, 5, 5),
        (9, 9, 5),
    ];
    for (w, h, k) in boards.into_iter().chain([(15, 15, 5)]) {
        let g = Geometry::new(w, h, k).unwrap();
        let label = format!("{w}x{h}k{k}");
        if !boards_wanted.is_empty() && !boards_wanted.split(',').any(|b| b == label) {
            continue;
        }
        for side in [Player::X, Player::O] {
            let mut rows: Vec<(String, [u32; 3])> = Vec::new();
            let only = (w >= 9).then_some("weights");
            for (other, outcome) in games(g, &search, side, seeds, only) {
                let i = match outcome {
                    Outcome::Won(p) if p == side => 0,
                    Outcome::Draw => 1,
                    Outcome::Won(_) => 2,
                };
                match rows.iter_mut().find(|r| r.0 == other) {
                    Some(r) => r.1[i] += 1,
                    None => {
                        let mut t = [0; 3];
                        t[i] = 1;
                        rows.push((other, t));
                    }
                }
            }
            for (other, t) in rows {
                println!(
                    "{:<10} {:<8} {:<3} {:>5} {:>5} {:>5} {:>5}",
                    format!("{w}x{h} k{k}"),
                    other,
                    side.to_string(),
                    t.iter().sum::<u32>(),
                    t[0],
                    t[1],
                    t[2]
                );
            }
        }
    }
}

#[test]
fn the_move_command_plays_search_with_think_or_nodes() {
    let app = env!("CARGO_BIN_EXE_tictactoe");
    let run = |args: &[&str]| {
        std::process::Command::new(app)
            .args(args)
            .env_remove("DISPLAY")
            .output()
            .expect("run tictactoe")
    };
    let board = ["--width", "5", "--height", "5", "--run", "4"];
    let with = |extra: &[&'static str]| {
        let mut a = vec!["move", "--player", "search"];
        a.extend_from_slice(extra);
        a.extend_from_slice(&board);
        a.extend_from_slice(&["13", "7"]);
        run(&a)
    };
    let a = with(&["--nodes", "20000"]);
    assert_eq!(
        a.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&a.stderr)
    );
    let cell: usize = String::from_utf8_lossy(&a.stdout).trim().parse().unwrap();
    assert!((1..=25).contains(&cell) && cell != 13 && cell != 7);
    assert_eq!(with(&["--nodes", "20000"]).stdout, a.stdout, "reproducible");
    let t = with(&["--think", "50"]);
    assert_eq!(t.status.code(), Some(0));
    // On 3×3 the default (one second) answers at once: the position is proved.
    let o = run(&["move", "--player", "search", "1", "5", "9"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout)
            .trim()
            .parse::<usize>()
            .ok()
            .map(|c| c % 2),
        Some(0),
        "an edge, not a corner"
    );
    // One-line errors with exit code 2.
    for bad in [
        &["move", "--player", "weights", "--nodes", "10", "5"][..],
        &[
            "move", "--player", "search", "--nodes", "10", "--think", "10",
        ],
        &["move", "--player", "search", "--think", "0"],
        &["move", "--player", "search", "--nodes", "x"],
    ] {
        let o = run(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert_eq!(
            String::from_utf8_lossy(&o.stderr).lines().count(),
            1,
            "{bad:?}"
        );
    }
}
