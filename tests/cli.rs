//! The command line as a script uses it: `tictactoe move` and `tictactoe arena`, exit codes and the
//! one-line errors.

use std::process::{Command, Output};

const APP: &str = env!("CARGO_BIN_EXE_tictactoe");

fn run(args: &[&str]) -> Output {
    Command::new(APP)
        .args(args)
        .env_remove("DISPLAY")
        .output()
        .expect("run tictactoe")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn move_prints_the_chosen_cell() {
    // After x in the centre, the perfect o answers in a corner; oxo's findmaxindex keeps ties on
    // the highest-numbered square, so it answers 9; bp's DefaultMoves also take a corner, (0,0).
    for (player, expected) in [
        ("perfect", &["1", "3", "7", "9"][..]),
        ("oxo", &["9"]),
        ("bp", &["1"]),
    ] {
        let o = run(&["move", "--player", player, "5"]);
        assert_eq!(o.status.code(), Some(0), "{player}: {}", stderr(&o));
        let cell = stdout(&o);
        assert!(expected.contains(&cell.trim()), "{player} chose {cell}");
        assert_eq!(cell.lines().count(), 1);
    }
    // A win in one: x has 1 and 2, o has 4 and 5; x to move takes 3.
    let o = run(&["move", "--player", "perfect", "1", "4", "2", "5"]);
    assert_eq!(stdout(&o).trim(), "3");
    // o starts: the first cell is o's.
    let o = run(&[
        "move", "--player", "perfect", "--start", "o", "1", "2", "4", "3",
    ]);
    assert_eq!(stdout(&o).trim(), "7", "o completes 1-4-7");
}

#[test]
fn move_plays_other_boards() {
    // 4×4, three in a row: x holds 6 and 11 on a diagonal, o 1 and 2; x to move completes at 16.
    let o = run(&[
        "move", "--player", "weights", "--width", "4", "--height", "4", "6", "1", "11", "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "16");
    for player in ["oxo", "weights", "random"] {
        let o = run(&[
            "move", "--player", player, "--width", "5", "--height", "4", "--run", "4", "1", "20",
        ]);
        let cell: usize = stdout(&o).trim().parse().expect("a cell number");
        assert!((2..=19).contains(&cell), "{player} chose {cell}");
    }
    // Gomoku's board, and the largest: 26 × 26 (676 cells).
    let o = run(&[
        "move", "--player", "weights", "--width", "19", "--height", "19", "--run", "5", "181",
    ]);
    let cell: usize = stdout(&o).trim().parse().expect("a cell number");
    assert!((1..=361).contains(&cell) && cell != 181, "{cell}");
    let o = run(&[
        "move", "--player", "weights", "--width", "26", "--height", "26", "--run", "5", "339",
    ]);
    let cell: usize = stdout(&o).trim().parse().expect("a cell number");
    assert!((1..=676).contains(&cell) && cell != 339, "{cell}");
    // bp is the 3 × 3 program of seed 001: it does not play other boards, and says so.
    let o = run(&[
        "move", "--player", "bp", "--width", "5", "--height", "4", "--run", "4", "1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bp does not play the 5×4 k4 board"),
        "{}",
        stderr(&o)
    );
    // Cells are checked against the board's size; impossible boards are one-line errors.
    for args in [
        &["move", "--player", "weights", "--width", "4", "13"][..],
        &[
            "move", "--player", "weights", "--width", "27", "--height", "9",
        ],
        &[
            "move",
            "--player",
            "perfect",
            "--width",
            "4611686018427387907",
            "--height",
            "4",
            "--run",
            "3",
            "1",
        ],
        &[
            "move",
            "--player",
            "weights",
            "--width",
            "4294967296",
            "--height",
            "4294967296",
            "--run",
            "1",
        ],
        &["move", "--player", "weights", "--run", "4"],
        &["move", "--player", "weights", "--width", "0"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: nothing on stdout");
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn move_is_repeatable_with_a_seed() {
    let a = run(&["move", "--player", "random", "--seed", "42"]);
    let b = run(&["move", "--player", "random", "--seed", "42"]);
    assert_eq!(stdout(&a), stdout(&b));
    let answers: std::collections::BTreeSet<String> = (0..20)
        .map(|seed| {
            stdout(&run(&[
                "move",
                "--player",
                "random",
                "--seed",
                &seed.to_string(),
            ]))
        })
        .collect();
    assert!(
        answers.len() > 1,
        "random answers the same whatever the seed"
    );
}

#[test]
fn move_errors_are_one_line_and_exit_2() {
    for args in [
        &["move", "--player", "nobody"][..],
        &["move", "--player", "perfect", "1", "1"],
        &["move", "--player", "perfect", "0"],
        &["move", "--player", "perfect", "10"],
        &["move", "--player", "perfect", "x"],
        &["move", "--player", "perfect", "1", "4", "2", "5", "3"],
        &["move", "--player", "perfect", "--start", "z"],
        &["move"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn arena_prints_a_reproducible_table() {
    let a = run(&["arena", "--games", "20", "--seed", "5"]);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    let table = stdout(&a);
    for name in ["bp", "oxo", "weights", "perfect", "random"] {
        assert!(
            table.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{table}"
        );
    }
    assert_eq!(
        table,
        stdout(&run(&["arena", "--games", "20", "--seed", "5"]))
    );
    // The perfect player never loses a game, as x or o: its rows' "lost" column is 0.
    for line in table.lines().filter(|l| l.starts_with("perfect ")) {
        assert_eq!(line.split_whitespace().last(), Some("0"), "{line}");
    }
}

#[test]
fn arena_plays_any_board_with_the_players_of_that_board() {
    let a = run(&[
        "arena", "--games", "4", "--seed", "1", "--width", "4", "--height", "4", "--run", "4",
        "--nodes", "2000",
    ]);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    let table = stdout(&a);
    assert!(table.starts_with("Arena: 4×4, 4 in a row"), "{table}");
    assert!(
        table.contains("search thinks 2000 nodes a move."),
        "{table}"
    );
    // perfect plays 4×4 four in a row exactly (the solver proves it): it never loses a game.
    for line in table.lines().filter(|l| l.starts_with("perfect ")) {
        assert_eq!(line.split_whitespace().last(), Some("0"), "{line}");
    }
    assert!(
        !table.lines().any(|l| l.starts_with("bp")),
        "bp plays only 3×3:\n{table}"
    );
    assert!(table.lines().any(|l| l.starts_with("weights    random")));
    assert!(!table.contains("adversary"), "the adversary plays only 3×3");
    for args in [
        &["arena", "--games", "18446744073709551615"][..],
        &["arena", "--games", "100001"],
        &["arena", "--games", "0"],
        &["arena", "--width", "27"],
        &["arena", "--width", "3", "--run", "5"],
        &["--width", "4", "--height", "4", "--run", "5"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn the_window_refuses_bad_starting_positions_and_players_before_opening() {
    for args in [
        &["--moves", "1,1"][..],
        &["--moves", "1,x"],
        &["--moves", "1,4,2,5,3,6"],
        &["--o", "bp", "--width", "4", "--height", "4", "--run", "4"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
    let o = run(&["--moves", "1,1"]);
    assert!(
        stderr(&o).contains("move 2: cell 1 is already occupied by x"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn move_plays_gomocup_and_the_largest_boards() {
    // 20 × 20 (Gomocup's freestyle board) and 26 × 26: the search blocks an open four of x's
    // (row 11, columns 9–12; o to move) at one of its ends.
    for side in [20usize, 26] {
        let at = |row: usize, col: usize| (row * side + col + 1).to_string();
        let cells = [
            at(10, 9),
            at(0, 0),
            at(10, 10),
            at(0, 2),
            at(10, 11),
            at(0, 4),
            at(10, 12),
        ];
        let mut args = vec![
            "move".to_string(),
            "--player".into(),
            "search".into(),
            "--nodes".into(),
            "20000".into(),
            "--width".into(),
            side.to_string(),
            "--height".into(),
            side.to_string(),
            "--run".into(),
            "5".into(),
        ];
        args.extend(cells.iter().cloned());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let cell = stdout(&o).trim().to_string();
        assert!(cell == at(10, 8) || cell == at(10, 13), "{side}: {cell}");
    }
}

#[test]
fn a_control_character_inside_an_argument_keeps_the_error_on_one_line() {
    for args in [
        &["move", "--player", "oxo", "1\n2"][..],
        &["move", "--player", "oxo", "5", "\r\n3\x7f"],
        &["move", "--player", "no\nbody"],
        &["explain", "--player", "oxo\x1b[2J", "1"],
        &["solve", "1\n\n2"],
        &["--moves", "1,\n2x"],
        &["move", "--player", "oxo", "--seed", "1\n\nusage: 2"],
        &["move", "--player", "oxo", "--start", "x\n\no"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(
            err.ends_with('\n') && !err.contains('\r'),
            "{args:?}: {err:?}"
        );
        assert!(!err.contains('\x1b'), "{args:?}: {err:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    let o = run(&["move", "--player", "oxo", "1\n2"]);
    assert_eq!(
        stderr(&o),
        "tictactoe: move 1: '1\\n2' is not a cell number (1-9)\n"
    );
}

#[test]
fn solve_stops_at_its_memory_limit_with_one_line() {
    // 7 × 4 four in a row (a million nodes) needs more than 1 MiB of tables; 64 MiB are plenty.
    let o = run(&[
        "solve", "--width", "7", "--height", "4", "--run", "4", "--memory", "1",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("more than 1 MiB of tables") && err.contains("--memory"),
        "{err}"
    );
    assert!(stdout(&o).is_empty());
    let o = run(&[
        "solve", "--width", "7", "--height", "4", "--run", "4", "--memory", "64",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("draw ("), "{}", stdout(&o));
    // Not a terminal: no progress on standard error.
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let o = run(&["solve", "--memory", "0"]);
    assert_eq!(o.status.code(), Some(2));
}
