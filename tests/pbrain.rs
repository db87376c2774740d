//! `tictactoe pbrain` driven as a Gomocup manager drives an engine: the real binary over pipes,
//! CR LF line ends, a whole game of free-style gomoku on 15 × 15 against the `weights` player, every
//! answer checked to be a legal empty cell that arrives within `timeout_turn`.

use rand::rngs::StdRng;
use rand::SeedableRng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tictactoe::game::Game;
use tictactoe::players::{weights::Weights, ComputerPlayer};
use tictactoe::{Geometry, Player};

const APP: &str = env!("CARGO_BIN_EXE_tictactoe");

/// The time per move the manager grants, in ms.
const TIMEOUT_TURN: u64 = 1000;

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(APP)
            .arg("pbrain")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run tictactoe pbrain");
        let stdin = child.stdin.take().unwrap();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        write!(self.stdin, "{line}\r\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line that is not a MESSAGE or DEBUG line, and how long it took.
    fn answer(&mut self, wait: Duration) -> (String, Duration) {
        let t = Instant::now();
        loop {
            let line = self
                .lines
                .recv_timeout(wait.saturating_sub(t.elapsed()))
                .unwrap_or_else(|_| panic!("no answer within {wait:?}"));
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return (line.trim_end().to_string(), t.elapsed());
            }
        }
    }

    /// A move answer: `x,y` on the board, within the turn's time.
    fn move_answer(&mut self, game: &Game) -> usize {
        let (line, took) = self.answer(Duration::from_secs(10));
        assert!(
            took < Duration::from_millis(TIMEOUT_TURN),
            "answer '{line}' took {took:?}, over timeout_turn {TIMEOUT_TURN} ms"
        );
        let (x, y) = line
            .split_once(',')
            .unwrap_or_else(|| panic!("'{line}' is not x,y"));
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(x < 15 && y < 15, "{line} is off the board");
        let cell = y * 15 + x + 1;
        assert!(
            !game.state().occupied(cell),
            "{line} is occupied\n{}",
            game.state().board_text()
        );
        cell
    }
}

/// `x,y` of a cell of the 15 × 15 board.
fn xy(cell: usize) -> String {
    format!("{},{}", (cell - 1) % 15, (cell - 1) / 15)
}

/// A whole game, the engine moving first or second; returns the outcome for the engine.
fn play(engine_first: bool, seed: u64) -> (Option<Player>, usize) {
    let g = Geometry::new(15, 15, 5).unwrap();
    let mut e = Engine::start();
    e.send("START 15");
    assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
    e.send(&format!("INFO timeout_turn {TIMEOUT_TURN}"));
    e.send("INFO timeout_match 0");
    e.send("INFO max_memory 83886080");
    e.send("INFO rule 0");
    e.send("INFO game_type 1");
    e.send("INFO k 5");
    let mut game = Game::new(g, Player::X);
    let engine = if engine_first { Player::X } else { Player::O };
    let mut rng = StdRng::seed_from_u64(seed);
    if engine_first {
        e.send("BEGIN");
        let c = e.move_answer(&game);
        game.play_in_place(c).unwrap();
    }
    while !game.state().game_over() {
        let c = Weights.choose(&game, &mut rng);
        game.play_in_place(c).unwrap();
        if game.state().game_over() {
            break;
        }
        e.send(&format!("TURN {}", xy(c)));
        let c = e.move_answer(&game);
        game.play_in_place(c).unwrap();
    }
    e.send("END");
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(5) {
        if e.child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = e.child.try_wait().unwrap();
    if status.is_none() {
        e.child.kill().ok();
    }
    assert!(status.is_some_and(|s| s.success()), "END: exit promptly");
    let winner = game.state().outcome().and_then(|o| match o {
        tictactoe::Outcome::Won(p) => Some(p),
        tictactoe::Outcome::Draw => None,
    });
    (
        winner.map(|w| if w == engine { Player::X } else { Player::O }),
        game.moves().len(),
    )
}

#[test]
fn a_whole_game_as_first_and_as_second_player() {
    for (first, seed) in [(true, 1), (false, 2)] {
        let (winner, moves) = play(first, seed);
        // Player::X here stands for the engine: it should beat the weight grid.
        assert_eq!(
            winner,
            Some(Player::X),
            "engine first: {first}, {moves} moves"
        );
    }
}

#[test]
fn protocol_lines_over_the_pipe() {
    let mut e = Engine::start();
    e.send("ABOUT");
    assert!(e
        .answer(Duration::from_secs(5))
        .0
        .starts_with("name=\"tictactoe\""));
    e.send("START 27");
    assert!(e.answer(Duration::from_secs(5)).0.starts_with("ERROR "));
    // Gomocup's freestyle board.
    e.send("START 20");
    assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
    e.send("PLAY 1,1");
    assert!(e.answer(Duration::from_secs(5)).0.starts_with("UNKNOWN"));
    // LF alone is accepted too.
    e.stdin.write_all(b"RECTSTART 10,8\n").unwrap();
    e.stdin.flush().unwrap();
    assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
    e.send("INFO timeout_turn 300");
    e.send("BOARD");
    e.send("0,0,1");
    e.send("1,0,1");
    e.send("2,0,1");
    e.send("3,0,1");
    e.send("5,5,2");
    e.send("DONE");
    assert_eq!(e.answer(Duration::from_secs(5)).0, "4,0");
    e.send("TAKEBACK 4,0");
    assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
    drop(e.stdin);
    // The end of the input ends the engine.
    assert!(e.child.wait().unwrap().success());
}

/// Waits up to `bound` for the engine to exit; how long it took, or `None` (it is then killed).
fn exit_within(child: &mut Child, bound: Duration) -> Option<Duration> {
    let t = Instant::now();
    while t.elapsed() < bound {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            return Some(t.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().ok();
    child.wait().ok();
    None
}

#[test]
fn end_inside_board_is_obeyed_at_once() {
    // The input stays open: the engine must leave because of END, not because the input ended.
    let mut e = Engine::start();
    e.send("START 15");
    assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
    e.send("BOARD");
    e.send("1,1,1");
    e.send("END");
    let took = exit_within(&mut e.child, Duration::from_secs(2));
    assert!(took.is_some(), "END inside BOARD: the engine kept running");
    assert!(
        e.lines.try_iter().all(|l| !l.starts_with("ERROR")),
        "END is not an error"
    );
    // Commands before END are answered, even when END follows at once.
    let mut e = Engine::start();
    e.stdin.write_all(b"START 15\r\nABOUT\r\nEND\r\n").unwrap();
    e.stdin.flush().unwrap();
    assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
    assert!(e.answer(Duration::from_secs(5)).0.starts_with("name="));
    assert!(exit_within(&mut e.child, Duration::from_secs(2)).is_some());
}

#[test]
fn end_or_the_end_of_input_while_thinking_stops_the_search() {
    for by_end in [true, false] {
        let mut e = Engine::start();
        e.send("START 15");
        assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
        // Twenty seconds to think about a move.
        e.send("INFO timeout_turn 20000");
        e.send("TURN 7,7");
        std::thread::sleep(Duration::from_millis(300));
        let sent = Instant::now();
        let Engine {
            mut child,
            mut stdin,
            lines,
        } = e;
        if by_end {
            write!(stdin, "END\r\n").unwrap();
            stdin.flush().unwrap();
        } else {
            drop(stdin);
        }
        let took = exit_within(&mut child, Duration::from_secs(2));
        assert!(
            took.is_some(),
            "{} while thinking: still running after 2 s",
            if by_end { "END" } else { "end of input" }
        );
        assert!(sent.elapsed() < Duration::from_secs(2));
        // Progress (MESSAGE depth …) while thinking, but no move.
        let lines: Vec<String> = lines
            .try_iter()
            .filter(|l| !l.starts_with("MESSAGE"))
            .collect();
        assert!(lines.is_empty(), "no move after the end: {lines:?}");
    }
}

#[test]
fn replies_repeat_only_a_short_printable_excerpt() {
    let mut e = Engine::start();
    e.send("START 15");
    assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
    let huge = "Z".repeat(1 << 20);
    let cases: [&[u8]; 5] = [
        b"START 1\r5\r\n",
        b"RECTSTART \x1b[31m,5\r\n",
        b"INFO timeout_turn \x07\x00soon\r\n",
        huge.as_bytes(),
        b"\r\nTURN 1,\x1b\r\n",
    ];
    for bytes in cases {
        e.stdin.write_all(bytes).unwrap();
        if bytes == huge.as_bytes() {
            e.stdin.write_all(b"\r\n").unwrap();
        }
        e.stdin.flush().unwrap();
        let (line, _) = e.answer(Duration::from_secs(5));
        let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(20)]).into_owned();
        assert!(
            line.starts_with("ERROR ") || line.starts_with("UNKNOWN "),
            "{shown:?}: {line:?}"
        );
        assert!(
            line.len() <= 100,
            "{shown:?}: a reply of {} bytes",
            line.len()
        );
        assert!(
            !line.chars().any(char::is_control),
            "{shown:?}: control characters in {line:?}"
        );
    }
    // Nothing more: each input had exactly one reply line.
    std::thread::sleep(Duration::from_millis(200));
    let rest: Vec<String> = e.lines.try_iter().collect();
    assert!(rest.is_empty(), "{rest:?}");
    drop(e.stdin);
    assert!(e.child.wait().unwrap().success());
}

/// The most memory the process has held, in bytes (Linux: `VmHWM` in `/proc/PID/status`).
#[cfg(target_os = "linux")]
fn peak_memory(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status");
    kb * 1024
}

/// `INFO max_memory` bounds the whole process: both search tables with the program itself, at
/// its peak after a move on each board size (before this test the first engine's table took
/// 32 MiB whatever the manager allowed, 58-60 MB in all under 32 MiB).
#[cfg(target_os = "linux")]
#[test]
fn max_memory_bounds_the_process() {
    const LIMIT: u64 = 32 << 20;
    for size in [15, 20] {
        let mut e = Engine::start();
        e.send(&format!("START {size}"));
        assert_eq!(e.answer(Duration::from_secs(5)).0, "OK");
        e.send("INFO timeout_turn 300");
        e.send(&format!("INFO max_memory {LIMIT}"));
        e.send("BOARD");
        for stone in ["7,7,1", "8,8,2", "7,9,1"] {
            e.send(stone);
        }
        e.send("DONE");
        let (line, _) = e.answer(Duration::from_secs(10));
        assert!(line.contains(','), "'{line}' is not a move");
        let peak = peak_memory(&e.child);
        assert!(
            peak <= LIMIT,
            "{size} x {size}: the process held {peak} bytes under max_memory {LIMIT}"
        );
        e.send("END");
        assert!(exit_within(&mut e.child, Duration::from_secs(2)).is_some());
    }
}
