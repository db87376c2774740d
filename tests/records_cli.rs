//! `tictactoe record FILE` and `tictactoe arena --engine PATH --save DIR` as a script uses them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const APP: &str = env!("CARGO_BIN_EXE_tictactoe");

fn run(args: &[&str]) -> Output {
    Command::new(APP)
        .args(args)
        .env_remove("DISPLAY")
        .output()
        .expect("run tictactoe")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ttt-records-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn record_prints_the_board_line_the_cells_and_the_grid() {
    let dir = temp("print");
    let psq = dir.join("game.psq");
    std::fs::write(
        &psq,
        "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,9,120\r\n\
         pbrain-a.exe\r\npbrain-b.exe\r\n0\r\n",
    )
    .unwrap();
    let o = run(&["record", arg(&psq)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "15x15 k5 freestyle");
    assert_eq!(lines[1], "113 129");
    assert_eq!(lines[2], "   A B C D E F G H I J K L M N O");
    assert_eq!(lines[10], " 8 . . . . . . . X . . . . . . .");
    assert_eq!(lines[11], " 9 . . . . . . . . O . . . . . .");
    assert_eq!(lines.len(), 2 + 1 + 15);
    // A file of cell numbers on the board the options give.
    let cells = dir.join("cells.txt");
    std::fs::write(&cells, "1 2 3\n").unwrap();
    let o = run(&[
        "record",
        "--width",
        "4",
        "--height",
        "4",
        "--run",
        "4",
        arg(&cells),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("4x4 k4 freestyle\n1 2 3\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn record_refuses_hostile_files_with_one_line_and_exit_2() {
    let dir = temp("hostile");
    let cases: [(&str, Vec<u8>, &str); 5] = [
        (
            "header.psq",
            b"Piskvorki 15x15, 0:0, 0\n".to_vec(),
            "neither a Piskvork header",
        ),
        (
            "off.psq",
            b"Piskvorky 15x15, 0:0, 0\n16,1,0\n".to_vec(),
            "off the 15x15 board",
        ),
        ("dup.txt", b"5 1 5\n".to_vec(), "already occupied"),
        ("big.psq", vec![b'1'; 1 << 20], "larger than 256 KiB"),
        (
            "bin.psq",
            b"Piskvorky 15x15, 0:0, 0\n\x00\x01\n".to_vec(),
            "binary bytes",
        ),
    ];
    for (name, bytes, reason) in cases {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let o = run(&["record", arg(&path)]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(reason), "{name}: {err}");
        assert!(o.stdout.is_empty());
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{name} is left as it was"
        );
    }
    let o = run(&["record", arg(&dir.join("missing.psq"))]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A pbrain engine for the arena: a script in `dir` that runs this program's own `pbrain`.
#[cfg(unix)]
fn our_engine(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let engine = dir.join("pbrain-ours.sh");
    std::fs::write(&engine, format!("#!/bin/sh\nexec '{APP}' pbrain\n")).unwrap();
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    engine
}

#[cfg(unix)]
#[test]
fn arena_puts_an_external_engine_in_the_table_and_saves_every_game() {
    let dir = temp("arena");
    let engine = our_engine(&dir);
    let games = dir.join("games");
    let o = run(&[
        "arena",
        "--games",
        "1",
        "--nodes",
        "2000",
        "--engine",
        arg(&engine),
        "--save",
        arg(&games),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    // The engine, named by its answer to ABOUT, played every game without a fault.
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("tictactoe "))
        .collect();
    assert!(!rows.is_empty(), "{out}");
    assert!(!out.contains("Faults"), "{out}");
    let saved: Vec<PathBuf> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let players = out.lines().filter(|l| l.starts_with("tictactoe ")).count();
    assert_eq!(saved.len(), players * players, "{out}");
    assert!(
        out.contains(&format!("{} games saved in", saved.len())),
        "{out}"
    );
    for path in saved {
        let o = run(&["record", arg(&path)]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(text(&o.stdout).starts_with("3x3 k3 freestyle\n"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn arena_plays_an_external_engine_under_the_rule_asked_for_and_saves_it() {
    let dir = temp("arena-renju");
    let engine = our_engine(&dir);
    let games = dir.join("games");
    let o = run(&[
        "arena",
        "--games",
        "1",
        "--think",
        "30",
        "--width",
        "7",
        "--height",
        "7",
        "--run",
        "5",
        "--rule",
        "renju",
        "--engine",
        arg(&engine),
        "--save",
        arg(&games),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("under renju"), "{out}");
    // The engine was told the rule: it never played a forbidden point, so it has no faults.
    assert!(!out.contains("Faults"), "{out}");
    let saved: Vec<PathBuf> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(!saved.is_empty());
    for path in saved {
        // Each game is saved under renju and read back (and replayed) under it.
        let o = run(&["record", arg(&path)]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(
            text(&o.stdout).starts_with("7x7 k5 renju\n"),
            "{}",
            text(&o.stdout)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
