//! `tictactoe pbrain`: the Gomocup engine protocol (SPEC.md §8) over standard input and output.
//!
//! [`Brain::handle`] is the protocol as a function of one line in and the lines out; [`run_stdio`]
//! is the thin loop around it. Coordinates are `x,y`, zero-based, x the column. The rule is
//! free-style: `k` (default 5, set with the extension `INFO k K`) or more in a row win. The engine
//! answers a move within `timeout_turn` (default 5 s), keeping a safety margin, and within a share
//! of `time_left` when the match has a time limit.

use crate::geometry::Geometry;
use crate::rules::{Player, Setup, Stones};
use crate::search::{Limits, Search};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The engine's own stones in the search's position.
const OWN: u8 = 0;
/// The opponent's stones.
const OPPONENT: u8 = 1;

/// The run length when the manager does not say (`INFO k`): five, gomoku.
pub const DEFAULT_RUN: usize = 5;

/// The time per move when the manager does not say (`INFO timeout_turn`), in ms.
pub const DEFAULT_TIMEOUT_TURN: u64 = 5000;

/// The largest board side the engine plays.
pub const MAX_SIDE: usize = crate::geometry::MAX_SIDE;

/// The state of the engine between commands.
pub struct Brain {
    /// Board width and height; `None` before `START` / `RECTSTART`.
    size: Option<(usize, usize)>,
    run: usize,
    /// The stone on each cell (`y · width + x`): [`OWN`], [`OPPONENT`] or none.
    stones: Vec<Option<u8>>,
    /// Inside `BOARD … DONE`.
    in_board: bool,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    /// Fixed limits instead of the manager's times (tests: node budgets).
    fixed: Option<Limits>,
    search: Search,
    ended: bool,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

/// `x,y` (spaces allowed around the numbers), each below its bound.
fn parse_xy(text: &str, width: usize, height: usize) -> Result<(usize, usize), String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        return Err(format!("expected x,y, got '{text}'"));
    }
    let x: usize = parts[0]
        .parse()
        .map_err(|_| format!("'{}' is not a coordinate", parts[0]))?;
    let y: usize = parts[1]
        .parse()
        .map_err(|_| format!("'{}' is not a coordinate", parts[1]))?;
    if x >= width || y >= height {
        return Err(format!("{x},{y} is off the {width}x{height} board"));
    }
    Ok((x, y))
}

impl Brain {
    /// A brain with no board yet, timed by the manager's `INFO`.
    pub fn new() -> Brain {
        Brain {
            size: None,
            run: DEFAULT_RUN,
            stones: Vec::new(),
            in_board: false,
            timeout_turn: DEFAULT_TIMEOUT_TURN,
            timeout_match: 0,
            time_left: None,
            fixed: None,
            search: Search::new(Limits::time(1000), Arc::new(AtomicBool::new(false))),
            ended: false,
        }
    }

    /// A brain that thinks within `limits` whatever the manager's times (for reproducible tests).
    pub fn with_limits(limits: Limits) -> Brain {
        Brain {
            fixed: Some(limits),
            ..Brain::new()
        }
    }

    /// True after `END`: the loop stops.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The run length in force.
    pub fn run(&self) -> usize {
        self.run
    }

    /// The time the next move may take: `timeout_turn` less a margin (a tenth, 50 ms to 500 ms),
    /// and at most a fifteenth of `time_left` when the match is timed.
    pub fn move_time(&self) -> Duration {
        let turn = self.timeout_turn;
        let margin = (turn / 10).clamp(50, 500);
        let mut ms = turn.saturating_sub(margin);
        if let Some(left) = self.time_left.filter(|_| self.timeout_match > 0) {
            ms = ms.min(left / 15);
        }
        Duration::from_millis(ms.max(10))
    }

    /// Answers one line from the manager (a trailing CR is ignored) with the lines to send.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let line = line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        if self.in_board {
            return self.board_line(line);
        }
        let (command, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match command.to_ascii_uppercase().as_str() {
            "START" => self.start(args, args),
            "RECTSTART" => match args.split_once(',') {
                Some((w, h)) => self.start(w.trim(), h.trim()),
                None => vec![format!("ERROR RECTSTART expects w,h, got '{args}'")],
            },
            "RESTART" => match self.size {
                Some(_) => {
                    self.stones.iter_mut().for_each(|s| *s = None);
                    vec!["OK".into()]
                }
                None => vec!["ERROR no board: send START first".into()],
            },
            "INFO" => self.info(args),
            "BEGIN" => match self.size {
                Some(_) => self.reply_move(),
                None => vec!["ERROR no board: send START first".into()],
            },
            "TURN" => self.turn(args),
            "BOARD" => match self.size {
                Some(_) => {
                    self.stones.iter_mut().for_each(|s| *s = None);
                    self.in_board = true;
                    Vec::new()
                }
                None => vec!["ERROR no board: send START first".into()],
            },
            "TAKEBACK" => self.takeback(args),
            "END" => {
                self.ended = true;
                Vec::new()
            }
            "ABOUT" => vec![format!(
                "name=\"tictactoe\", version=\"{}\", author=\"the tictactoe team\", country=\"-\", \
                 www=\"-\"",
                env!("CARGO_PKG_VERSION")
            )],
            _ => vec![format!("UNKNOWN command '{command}'")],
        }
    }

    fn start(&mut self, w: &str, h: &str) -> Vec<String> {
        let (Ok(width), Ok(height)) = (w.parse::<usize>(), h.parse::<usize>()) else {
            return vec![format!(
                "ERROR board size '{w}' x '{h}' is not a pair of numbers"
            )];
        };
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return vec![format!(
                "ERROR boards of 1 to {MAX_SIDE} cells a side only, not {width}x{height}"
            )];
        }
        if self.run > width.max(height) {
            return vec![format!(
                "ERROR a run of {} does not fit on {width}x{height} (INFO k sets the run)",
                self.run
            )];
        }
        self.size = Some((width, height));
        self.stones = vec![None; width * height];
        self.in_board = false;
        vec!["OK".into()]
    }

    fn info(&mut self, args: &str) -> Vec<String> {
        let (key, value) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
        let value = value.trim();
        let number = || value.parse::<u64>();
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => match number() {
                Ok(ms) => self.timeout_turn = ms,
                Err(_) => return vec![format!("ERROR timeout_turn '{value}' is not a number")],
            },
            "timeout_match" => match number() {
                Ok(ms) => self.timeout_match = ms,
                Err(_) => return vec![format!("ERROR timeout_match '{value}' is not a number")],
            },
            "time_left" => match value.parse::<i64>() {
                Ok(ms) => self.time_left = Some(ms.max(0) as u64),
                Err(_) => return vec![format!("ERROR time_left '{value}' is not a number")],
            },
            "rule" => match number() {
                Ok(0) | Ok(2) => {}
                Ok(r) => {
                    return vec![format!(
                        "MESSAGE rule {r} is not supported: this engine plays free-style"
                    )]
                }
                Err(_) => return vec![format!("ERROR rule '{value}' is not a number")],
            },
            "k" => match value.parse::<usize>() {
                Ok(k) if k >= 1 && self.size.is_none_or(|(w, h)| k <= w.max(h)) => self.run = k,
                _ => {
                    return vec![format!(
                        "ERROR k '{value}' is not a run length for this board"
                    )]
                }
            },
            // max_memory, game_type, evaluate, folder and keys not known: nothing to do.
            _ => {}
        }
        Vec::new()
    }

    fn turn(&mut self, args: &str) -> Vec<String> {
        let Some((w, h)) = self.size else {
            return vec!["ERROR no board: send START first".into()];
        };
        match parse_xy(args, w, h) {
            Err(e) => vec![format!("ERROR {e}")],
            Ok((x, y)) if self.stones[y * w + x].is_some() => {
                vec![format!("ERROR {x},{y} is already occupied")]
            }
            Ok((x, y)) => {
                self.stones[y * w + x] = Some(OPPONENT);
                self.reply_move()
            }
        }
    }

    fn takeback(&mut self, args: &str) -> Vec<String> {
        let Some((w, h)) = self.size else {
            return vec!["ERROR no board: send START first".into()];
        };
        match parse_xy(args, w, h) {
            Err(e) => vec![format!("ERROR {e}")],
            Ok((x, y)) if self.stones[y * w + x].is_none() => {
                vec![format!("ERROR {x},{y} holds no stone")]
            }
            Ok((x, y)) => {
                self.stones[y * w + x] = None;
                vec!["OK".into()]
            }
        }
    }

    /// A line inside `BOARD … DONE`: `x,y,f` or `DONE`.
    fn board_line(&mut self, line: &str) -> Vec<String> {
        if line.eq_ignore_ascii_case("DONE") {
            self.in_board = false;
            return self.reply_move();
        }
        let (w, h) = self.size.expect("BOARD needs a board");
        let Some((xy, f)) = line.rsplit_once(',') else {
            return vec![format!("ERROR expected x,y,f or DONE, got '{line}'")];
        };
        let (x, y) = match parse_xy(xy, w, h) {
            Ok(p) => p,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        let colour = match f.trim() {
            "1" => OWN,
            "2" => OPPONENT,
            "3" => return Vec::new(), // a winning-line or forbidden-point marker: no stone
            other => return vec![format!("ERROR stone field '{other}' is not 1, 2 or 3")],
        };
        if self.stones[y * w + x].is_some() {
            return vec![format!("ERROR {x},{y} is already occupied")];
        }
        self.stones[y * w + x] = Some(colour);
        Vec::new()
    }

    /// The engine's move in the current position (its stone is placed), as `x,y`.
    fn reply_move(&mut self) -> Vec<String> {
        let (w, h) = self.size.expect("a move needs a board");
        let geometry = match Geometry::new(w, h, self.run) {
            Ok(g) => g,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        // The engine's stones are x's and it is to move. Any arrangement is searched, as a
        // manager may set up one that no game of turns leaves.
        let mut stones = Stones::default();
        for (c, s) in self.stones.iter().enumerate() {
            match *s {
                Some(OWN) => stones.x.insert(c + 1),
                Some(_) => stones.o.insert(c + 1),
                None => {}
            }
        }
        let position = Setup {
            geometry,
            stones,
            to_move: Player::X,
        };
        self.search.set_limits(
            self.fixed
                .unwrap_or_else(|| Limits::time(self.move_time().as_millis() as u64)),
        );
        let Some(r) = self.search.think(&position) else {
            return vec!["ERROR the game is over: no move to make".into()];
        };
        let (y, x) = geometry.row_column(r.best);
        self.stones[r.best - 1] = Some(OWN);
        vec![format!("{x},{y}")]
    }
}

/// Runs the protocol on standard input and output until `END` or the end of the input (or until
/// the manager closes the output).
pub fn run_stdio() -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut brain = Brain::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) => return Err(format!("cannot read the manager's commands: {e}")),
        }
        let line = String::from_utf8_lossy(&buf);
        let replies = brain.handle(&line);
        let mut out = stdout.lock();
        for r in replies {
            if writeln!(out, "{r}").and_then(|_| out.flush()).is_err() {
                return Ok(());
            }
        }
        if brain.ended() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brain() -> Brain {
        Brain::with_limits(Limits::nodes(20_000))
    }

    fn xy(reply: &[String]) -> (usize, usize) {
        assert_eq!(reply.len(), 1, "{reply:?}");
        let (x, y) = reply[0].split_once(',').expect(&reply[0]);
        (x.parse().unwrap(), y.parse().unwrap())
    }

    #[test]
    fn start_accepts_1_to_26_and_rejects_the_rest() {
        let mut b = brain();
        assert_eq!(b.handle("START 15"), ["OK"]);
        assert_eq!(b.handle("START 19\r\n"), ["OK"]);
        assert_eq!(b.handle("START 20"), ["OK"]);
        assert_eq!(b.handle("START 26"), ["OK"]);
        for bad in ["START 27", "START 0", "START x", "START", "START 4"] {
            let r = b.handle(bad);
            assert!(r.len() == 1 && r[0].starts_with("ERROR "), "{bad}: {r:?}");
        }
        // START 4 fails only because the run is 5; with INFO k 4 it fits.
        assert_eq!(b.handle("INFO k 4"), Vec::<String>::new());
        assert_eq!(b.handle("START 4"), ["OK"]);
        assert_eq!(b.handle("RECTSTART 7,5"), ["OK"]);
        assert_eq!(b.size, Some((7, 5)));
        assert!(b.handle("RECTSTART 7x5")[0].starts_with("ERROR"));
        assert_eq!(b.handle("RECTSTART 26,5"), ["OK"]);
        assert!(b.handle("RECTSTART 27,5")[0].starts_with("ERROR"));
    }

    #[test]
    fn commands_before_start_are_errors_not_crashes() {
        let mut b = brain();
        for cmd in ["BEGIN", "TURN 1,1", "BOARD", "TAKEBACK 1,1", "RESTART"] {
            let r = b.handle(cmd);
            assert!(r[0].starts_with("ERROR "), "{cmd}: {r:?}");
        }
    }

    #[test]
    fn unknown_commands_get_unknown_and_info_keys_are_ignored() {
        let mut b = brain();
        assert_eq!(b.handle("FOO bar"), ["UNKNOWN command 'FOO'"]);
        assert_eq!(b.handle("SWAP2BOARD"), ["UNKNOWN command 'SWAP2BOARD'"]);
        for info in [
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO folder /tmp",
            "INFO evaluate 1,1",
            "INFO whatever 12",
            "INFO rule 0",
        ] {
            assert_eq!(b.handle(info), Vec::<String>::new(), "{info}");
        }
        assert!(b.handle("INFO rule 1")[0].starts_with("MESSAGE"));
        assert!(b.handle("INFO timeout_turn soon")[0].starts_with("ERROR"));
        assert!(b.handle("INFO k 0")[0].starts_with("ERROR"));
        assert_eq!(b.handle(""), Vec::<String>::new());
    }

    #[test]
    fn info_sets_the_times_and_the_run() {
        let mut b = brain();
        b.handle("INFO timeout_turn 1000");
        assert_eq!(b.move_time(), Duration::from_millis(900));
        b.handle("INFO timeout_turn 100");
        assert_eq!(b.move_time(), Duration::from_millis(50));
        b.handle("INFO timeout_turn 10000");
        b.handle("INFO timeout_match 60000");
        b.handle("INFO time_left 15000");
        assert_eq!(b.move_time(), Duration::from_millis(1000));
        b.handle("INFO timeout_match 0");
        assert_eq!(b.move_time(), Duration::from_millis(9500));
        b.handle("INFO k 4");
        assert_eq!(b.run(), 4);
    }

    #[test]
    fn begin_and_turn_answer_empty_cells() {
        let mut b = brain();
        b.handle("START 15");
        let first = xy(&b.handle("BEGIN"));
        assert_eq!(first, (7, 7), "the first stone goes to the centre");
        let (x, y) = xy(&b.handle("TURN 8,8"));
        assert!((x, y) != (7, 7) && (x, y) != (8, 8) && x < 15 && y < 15);
        assert!(b.handle("TURN 8,8")[0].starts_with("ERROR"), "occupied");
        assert!(
            b.handle("TURN 15,0")[0].starts_with("ERROR"),
            "off the board"
        );
        assert!(b.handle("TURN 1")[0].starts_with("ERROR"), "malformed");
    }

    #[test]
    fn board_sets_up_a_position_and_the_engine_wins_or_blocks() {
        let mut b = brain();
        b.handle("START 15");
        // Own stones on 3..6 of row 2: the engine completes five at 2,2 or 7,2.
        assert!(b.handle("BOARD").is_empty());
        for line in [
            "3,2,1", "4,2,1", "5,2,1", "6,2,1", "3,3,2", "4,4,2", "9,9,2", "12,12,2", "0,0,3",
        ] {
            assert!(b.handle(line).is_empty(), "{line}");
        }
        let m = xy(&b.handle("DONE"));
        assert!(m == (2, 2) || m == (7, 2), "{m:?}");
        // The opponent's four on column 10 must be blocked at the one open end.
        b.handle("BOARD");
        for line in [
            "10,1,2", "10,2,2", "10,3,2", "10,4,2", "10,0,1", "1,1,1", "2,2,1",
        ] {
            b.handle(line);
        }
        assert_eq!(xy(&b.handle("DONE")), (10, 5));
        // Stones no game of turns could leave, the engine to move: still a move.
        b.handle("BOARD");
        for line in ["1,1,1", "2,2,1", "3,3,1"] {
            b.handle(line);
        }
        let m = xy(&b.handle("DONE"));
        assert!(m == (0, 0) || m == (4, 4), "extends its open three: {m:?}");
        // Bad lines inside BOARD are errors; DONE still ends it.
        b.handle("BOARD");
        assert!(b.handle("1,1")[0].starts_with("ERROR"));
        assert!(b.handle("1,1,7")[0].starts_with("ERROR"));
        assert!(b.handle("99,1,1")[0].starts_with("ERROR"));
        assert!(b.handle("1,1,1").is_empty());
        assert!(b.handle("1,1,2")[0].starts_with("ERROR"), "occupied");
        assert!(b.handle("2,2,2").is_empty());
        let m = xy(&b.handle("DONE"));
        assert!(m != (1, 1) && m != (2, 2));
    }

    #[test]
    fn takeback_restart_end_and_about() {
        let mut b = brain();
        b.handle("START 9");
        let (x, y) = xy(&b.handle("BEGIN"));
        assert_eq!(b.handle(&format!("TAKEBACK {x},{y}")), ["OK"]);
        assert!(b.stones.iter().all(Option::is_none));
        assert!(b.handle(&format!("TAKEBACK {x},{y}"))[0].starts_with("ERROR"));
        b.handle("TURN 0,0");
        assert_eq!(b.handle("RESTART"), ["OK"]);
        assert!(b.stones.iter().all(Option::is_none));
        let about = b.handle("ABOUT");
        assert!(
            about[0].starts_with("name=\"tictactoe\", version=\""),
            "{about:?}"
        );
        assert!(!b.ended());
        assert!(b.handle("END").is_empty());
        assert!(b.ended());
    }

    #[test]
    fn the_run_length_extension_plays_other_games() {
        // 3×3 with k 3 (tic-tac-toe): the engine blocks the opponent's two in a row.
        let mut b = brain();
        b.handle("INFO k 3");
        b.handle("START 3");
        b.handle("BOARD");
        for line in ["0,0,2", "1,0,2", "1,1,1"] {
            b.handle(line);
        }
        assert_eq!(xy(&b.handle("DONE")), (2, 0));
        // A full board: no move, an error.
        b.handle("BOARD");
        for (i, f) in [2, 1, 2, 2, 1, 1, 1, 2, 2].iter().enumerate() {
            b.handle(&format!("{},{},{f}", i % 3, i / 3));
        }
        assert!(b.handle("DONE")[0].starts_with("ERROR"));
    }
}
