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
