//! Any Gomocup engine as a player: a child process spoken to in the pbrain protocol (SPEC.md §8).
//!
//! This is the manager's side of the protocol, as Piskvork drives it (`source/protocol.cpp`,
//! `Tplayer::move`): the engine is started, `START n` (or `RECTSTART w,h` on a board that is not
//! square) must be answered `OK`, the `INFO` keys follow (`timeout_turn`, `timeout_match`,
//! `time_left`, `game_type`, `rule`), then `BEGIN` on an empty board, `TURN x,y` with the
//! opponent's one new move, or `BOARD` … `DONE` with the whole position (each stone `x,y,1` for the
//! engine's own, `x,y,2` for the opponent's), after `RESTART` when the engine had played another
//! game. Coordinates are zero-based, x the column. `ABOUT` gives the engine's name. Off five in a
//! row, this program's extension `INFO k K` goes before `START` (which checks that the run fits). Lines are sent
//! with CR LF; the engine's LF or CR LF are both read.
//!
//! The engine's standard output is read on its own thread, line by line (a line longer than
//! [`MAX_LINE`] is garbage), so that every wait has a deadline. `MESSAGE` lines (and `ERROR` lines
//! while it thinks) are collected for the status line and the log, `DEBUG` lines are dropped, and a
//! `SUGGEST x,y` is accepted with `PLAY x,y`, as Piskvork does.
//!
//! An engine's fault is an [`EngineFault`] with a one-line reason, and costs the engine the game:
//! it could not be started, it refused the board, it exited, it answered something that is not a
//! move, it played off the board or on an occupied cell, or it took longer than its time plus a
//! margin ([`Limits::margin`], one second by default, Piskvork's `tolerance`). After a fault the
//! process is ended; the next request starts it again. The child process is always ended when the
//! [`Engine`] is dropped: `END`, a short wait, then a kill.

use crate::game::{Game, MoveError};
use crate::geometry::{Cell, Geometry};
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

/// The longest line read from an engine (a longer one is garbage).
pub const MAX_LINE: usize = 16 * 1024;

/// The most `MESSAGE` lines kept between two [`Engine::take_messages`] (the oldest go first).
pub const MAX_MESSAGES: usize = 200;

/// How long an engine has to start and answer `START` and `ABOUT`.
pub const START_LIMIT: Duration = Duration::from_secs(10);

/// How long an engine has to exit after `END` before it is killed.
pub const END_WAIT: Duration = Duration::from_millis(300);

/// How an engine is started: the program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: PathBuf,
    /// Its arguments (none for a Gomocup engine; `pbrain` for this program).
    pub args: Vec<String>,
}

impl EngineCommand {
    /// An engine at `path`, started without arguments.
    pub fn path(path: impl Into<PathBuf>) -> EngineCommand {
        EngineCommand {
            program: path.into(),
            args: Vec::new(),
        }
    }

    /// The program's file name (the name shown until the engine says its own).
    pub fn file_name(&self) -> String {
        self.program
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.program.display().to_string())
    }
}

/// The engine's time and what the manager tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time per move (`INFO timeout_turn`).
    pub turn: Duration,
    /// Time per game (`INFO timeout_match`); `None` for none.
    pub game: Option<Duration>,
    /// How much longer than its time an engine may take before it loses (Piskvork's
    /// `tolerance`).
    pub margin: Duration,
    /// `INFO game_type`: 0 against a person, 1 against another program (Piskvork's values).
    pub game_type: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            turn: Duration::from_secs(5),
            game: None,
            margin: Duration::from_secs(1),
            game_type: 0,
        }
    }
}

/// An engine's fault: why it loses the game. Its `Display` is one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// The program could not be started.
    Spawn(String),
    /// It answered `START`/`RECTSTART` with something other than `OK`.
    Refused {
        /// The board asked for, `w,h`.
        board: String,
        /// Its answer.
        answer: String,
    },
    /// It exited (or closed its output) while it had to answer.
    Exited(String),
    /// It answered a line that is not a move.
    Garbage(String),
    /// It played off the board.
    OffBoard {
        /// Its move as it wrote it.
        text: String,
    },
    /// It played a cell that cannot be played.
    Illegal(MoveError),
    /// It did not answer a command (`START`, `ABOUT`, `RESTART`) in time.
    Silent {
        /// The command.
        command: String,
        /// How long it had (ms).
        limit_ms: u128,
    },
    /// It did not answer within its time plus the margin.
    Timeout {
        /// What it had: its time (ms).
        limit_ms: u128,
        /// The margin (ms).
        margin_ms: u128,
    },
}

impl fmt::Display for EngineFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFault::Spawn(e) => write!(f, "could not be started: {e}"),
            EngineFault::Refused { board, answer } => {
                write!(f, "refused the {board} board: '{answer}'")
            }
            EngineFault::Exited(how) => write!(f, "crashed: {how}"),
            EngineFault::Garbage(line) => write!(f, "answered '{line}', which is not a move x,y"),
            EngineFault::OffBoard { text } => write!(f, "played {text}, off the board"),
            EngineFault::Illegal(e) => write!(f, "played an illegal move: {e}"),
            EngineFault::Silent { command, limit_ms } => {
                write!(f, "did not answer {command} within {limit_ms} ms")
            }
            EngineFault::Timeout {
                limit_ms,
                margin_ms,
            } => write!(
                f,
                "ran out of time: no move within {limit_ms} ms (+{margin_ms} ms margin)"
            ),
        }
    }
}

impl std::error::Error for EngineFault {}

/// At most this many characters of an engine's line are quoted.
const QUOTE: usize = 60;

fn quote(line: &str) -> String {
    let line = line.trim();
    let mut q: String = line
        .chars()
        .take(QUOTE)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if line.chars().count() > QUOTE {
        q.push('…');
    }
    q
}

/// Every engine process started and not yet reaped, so that [`end_all`] can end them when the
/// program quits without dropping its engines (a window closed while an engine thinks on a worker
/// thread).
static CHILDREN: Mutex<Vec<Weak<Mutex<Child>>>> = Mutex::new(Vec::new());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Kills every engine process still running (the window calls it when it closes). An engine
/// thinking on another thread then sees its output close and reports a fault nobody reads.
pub fn end_all() {
    let all = std::mem::take(&mut *lock(&CHILDREN));
    for child in all.iter().filter_map(Weak::upgrade) {
        // Another thread holds a child's lock only for a moment (a poll, or a kill).
        let mut c = lock(&child);
        let _ = c.kill();
        let _ = c.wait();
    }
}

/// What the reading thread passes on.
enum Output {
    Line(String),
    TooLong,
    Closed,
}

/// A running engine process.
struct Process {
    child: Arc<Mutex<Child>>,
    stdin: ChildStdin,
    lines: Receiver<Output>,
    /// The board it was started on.
    geometry: Geometry,
    /// The moves it knows, in order (its view of the game), when it is in step with one.
    known: Option<Vec<Cell>>,
}

impl Process {
    fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        self.stdin
            .write_all(format!("{line}\r\n").as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.exited())
    }

    /// How the process ended, for a fault (after it closed its output or its input).
    fn exited(&mut self) -> EngineFault {
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match lock(&self.child).try_wait() {
                Ok(Some(status)) => {
                    return EngineFault::Exited(match status.code() {
                        Some(code) => format!("exited with code {code}"),
                        None => format!("ended by a signal ({status})"),
                    })
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => return EngineFault::Exited("closed its output".into()),
            }
        }
    }

    /// Ends the process: `END`, a short wait, then a kill; and reaps it.
    fn end(mut self) {
        let _ = self.stdin.write_all(b"END\r\n");
        let _ = self.stdin.flush();
        drop(self.stdin);
        let deadline = Instant::now() + END_WAIT;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = lock(&self.child).try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let mut child = lock(&self.child);
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// An external pbrain engine as a player. Not `Clone`; `Send`, so it can think on a worker thread.
pub struct Engine {
    command: EngineCommand,
    limits: Limits,
    name: String,
    process: Option<Process>,
    messages: Vec<String>,
    /// Time used in the current game (for `INFO time_left`).
    used: Duration,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("command", &self.command)
            .field("name", &self.name)
            .field("running", &self.process.is_some())
            .finish()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            p.end();
        }
    }
}

/// The `x,y` of a 0-based column and row, as the protocol writes it.
fn xy(g: Geometry, c: Cell) -> String {
    let (row, column) = g.row_column(c);
    format!("{column},{row}")
}

impl Engine {
    /// An engine that will be started by `command` on the first request, timed by `limits`. It
    /// plays each game under that game's rule (`INFO rule` at each new game).
    pub fn new(command: EngineCommand, limits: Limits) -> Engine {
        let name = command.file_name();
        Engine {
            command,
            limits,
            name,
            process: None,
            messages: Vec::new(),
            used: Duration::ZERO,
        }
    }

    /// Starts the engine on `geometry` now (a request starts it when needed); its name comes with
    /// the answer to `ABOUT`.
    pub fn start(&mut self, geometry: Geometry) -> Result<(), EngineFault> {
        self.stop();
        match self.spawn(geometry) {
            Ok(p) => {
                self.process = Some(p);
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// The engine's name: its answer to `ABOUT`, or the program's file name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The command that starts it.
    pub fn command(&self) -> &EngineCommand {
        &self.command
    }

    /// Its limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Whether its process is running.
    pub fn running(&self) -> bool {
        self.process.is_some()
    }

    /// The `MESSAGE` lines (and `ERROR` lines sent while thinking) since the last call.
    pub fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }

    /// Ends the process (it is started again by the next request).
    pub fn stop(&mut self) {
        if let Some(p) = self.process.take() {
            p.end();
        }
    }

    /// The process's id, while it runs.
    pub fn id(&self) -> Option<u32> {
        self.process.as_ref().map(|p| lock(&p.child).id())
    }

    fn spawn(&mut self, geometry: Geometry) -> Result<Process, EngineFault> {
        let child = Command::new(&self.command.program)
            .args(&self.command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineFault::Spawn(format!("{}: {e}", self.command.program.display())))?;
        let child = Arc::new(Mutex::new(child));
        {
            let mut all = lock(&CHILDREN);
            all.retain(|c| c.strong_count() > 0);
            all.push(Arc::downgrade(&child));
        }
        let (stdin, stdout) = {
            let mut c = lock(&child);
            (
                c.stdin.take().expect("piped"),
                c.stdout.take().expect("piped"),
            )
        };
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name(format!("engine {}", self.name))
            .spawn(move || read_lines(stdout, tx))
            .map_err(|e| EngineFault::Spawn(format!("no thread to read it: {e}")))?;
        let mut p = Process {
            child,
            stdin,
            lines,
            geometry,
            known: None,
        };
        let board = format!("{},{}", geometry.width(), geometry.height());
        let start = if geometry.width() == geometry.height() {
            format!("START {}", geometry.width())
        } else {
            format!("RECTSTART {board}")
        };
        let result = (|| {
            if geometry.run() != 5 {
                // This program's extension (SPEC.md §8), before START, which checks that the run
                // fits; sent only off five in a row.
                p.send(&format!("INFO k {}", geometry.run()))?;
            }
            p.send(&start)?;
            let answer = self.answer(&mut p, Some(start.as_str()), START_LIMIT)?;
            if !answer.eq_ignore_ascii_case("OK") {
                return Err(EngineFault::Refused {
                    board: board.replace(',', "x"),
                    answer: quote(&answer),
                });
            }
            p.send("ABOUT")?;
            let about = self.answer(&mut p, Some("ABOUT"), START_LIMIT)?;
            if let Some(name) = about_name(&about) {
                self.name = name;
            }
            Ok(())
        })();
        match result {
            Ok(()) => {
                p.known = Some(Vec::new());
                self.used = Duration::ZERO;
                Ok(p)
            }
            Err(e) => {
                p.end();
                Err(e)
            }
        }
    }

    /// The next answer of the engine that is not a `MESSAGE` or `DEBUG` line (nor an `ERROR`
    /// line while it thinks of a move), within `limit`. `command` is the command answered, `None`
    /// for a move.
    fn answer(
        &mut self,
        p: &mut Process,
        command: Option<&str>,
        limit: Duration,
    ) -> Result<String, EngineFault> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match p.lines.recv_timeout(left) {
                Ok(Output::Line(line)) => line,
                Ok(Output::TooLong) => {
                    return Err(EngineFault::Garbage(format!(
                        "a line longer than {MAX_LINE} bytes"
                    )))
                }
                Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => return Err(p.exited()),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(match command {
                        Some(command) => EngineFault::Silent {
                            command: command.to_string(),
                            limit_ms: limit.as_millis(),
                        },
                        None => EngineFault::Timeout {
                            limit_ms: limit.saturating_sub(self.limits.margin).as_millis(),
                            margin_ms: self.limits.margin.as_millis(),
                        },
                    })
                }
            };
            let line = line.trim();
            let word = line.split_whitespace().next().unwrap_or("");
            let error = word.eq_ignore_ascii_case("ERROR");
            if word.eq_ignore_ascii_case("MESSAGE") || error && command.is_none() {
                if self.messages.len() >= MAX_MESSAGES {
                    self.messages.remove(0);
                }
                let text = if error {
                    line
                } else {
                    line[word.len()..].trim()
                };
                self.messages.push(quote_long(text));
            } else if word.eq_ignore_ascii_case("DEBUG") || line.is_empty() {
            } else {
                return Ok(line.to_string());
            }
        }
    }

    /// The engine's move in `game` (it is the player to move), or its fault. The engine is
    /// started, or restarted on another board, as needed; it is told the game with `BEGIN`,
    /// `TURN` or `BOARD`.
    pub fn choose(&mut self, game: &Game) -> Result<Cell, EngineFault> {
        let result = self.choose_in(game);
        if result.is_err() {
            self.stop();
        }
        result
    }

    fn choose_in(&mut self, game: &Game) -> Result<Cell, EngineFault> {
        let g = game.geometry();
        if self.process.as_ref().is_some_and(|p| p.geometry != g) {
            self.stop();
        }
        if self.process.is_none() {
            self.start(g)?;
        }
        let mut p = self.process.take().expect("started");
        let result = self.ask(&mut p, game);
        self.process = Some(p);
        result
    }

    fn ask(&mut self, p: &mut Process, game: &Game) -> Result<Cell, EngineFault> {
        let g = game.geometry();
        let moves = game.moves();
        let known = p.known.take().unwrap_or_default();
        let in_step = known.len() + 1 == moves.len() && moves.starts_with(&known);
        // The time it has for this move: its turn, or what is left of the game if less.
        let left = self.limits.game.map(|t| t.saturating_sub(self.used));
        let mut limit = self.limits.turn;
        if let Some(left) = left {
            limit = limit.min(left);
        }
        let info = |p: &mut Process, this: &Engine| -> Result<(), EngineFault> {
            p.send(&format!(
                "INFO timeout_turn {}",
                this.limits.turn.as_millis()
            ))?;
            p.send(&format!(
                "INFO timeout_match {}",
                this.limits.game.map_or(0, |t| t.as_millis())
            ))?;
            p.send(&format!(
                "INFO time_left {}",
                left.map_or(i32::MAX as u128, |t| t.as_millis())
            ))?;
            p.send(&format!("INFO game_type {}", this.limits.game_type))?;
            p.send(&format!("INFO rule {}", game.rule().gomocup()))?;
            Ok(())
        };
        if in_step && !known.is_empty() {
            if let Some(left) = left {
                p.send(&format!("INFO time_left {}", left.as_millis()))?;
            }
            p.send(&format!("TURN {}", xy(g, moves[moves.len() - 1])))?;
        } else {
            if !known.is_empty() {
                p.send("RESTART")?;
                let answer = self.answer(p, Some("RESTART"), START_LIMIT)?;
                if !answer.eq_ignore_ascii_case("OK") {
                    // Piskvork starts an engine that does not restart anew.
                    let fresh = self.spawn(g)?;
                    let old = std::mem::replace(p, fresh);
                    old.end();
                }
                self.used = Duration::ZERO;
            }
            info(p, self)?;
            match moves {
                [] => p.send("BEGIN")?,
                [only] => p.send(&format!("TURN {}", xy(g, *only)))?,
                _ => {
                    p.send("BOARD")?;
                    let me = game.state().player_to_move();
                    for &c in moves {
                        let own = game.state().occupant(c) == Some(me);
                        p.send(&format!("{},{}", xy(g, c), if own { 1 } else { 2 }))?;
                    }
                    p.send("DONE")?;
                }
            }
        }
        let began = Instant::now();
        let cell = loop {
            let left = (limit + self.limits.margin).saturating_sub(began.elapsed());
            let line = self.answer(p, None, left).map_err(|e| match e {
                EngineFault::Timeout { margin_ms, .. } => EngineFault::Timeout {
                    limit_ms: limit.as_millis(),
                    margin_ms,
                },
                e => e,
            })?;
            if let Some(rest) = strip_word(&line, "SUGGEST") {
                p.send(&format!("PLAY {}", rest.trim()))?;
                continue;
            }
            break parse_move(&line, g)?;
        };
        self.used += began.elapsed();
        game.check(cell).map_err(EngineFault::Illegal)?;
        let mut now_known = moves.to_vec();
        now_known.push(cell);
        p.known = Some(now_known);
        Ok(cell)
    }
}

/// `line` without its first word, when that word is `word` (any case).
fn strip_word<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let (first, rest) = line.split_once(' ').unwrap_or((line, ""));
    first.eq_ignore_ascii_case(word).then_some(rest)
}

/// A kept message: one line, at most 300 characters.
fn quote_long(text: &str) -> String {
    let mut q: String = text
        .chars()
        .take(300)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.chars().count() > 300 {
        q.push('…');
    }
    q
}

/// The cell of an engine's answer `x,y` (zero-based, x the column) on `g`.
pub fn parse_move(line: &str, g: Geometry) -> Result<Cell, EngineFault> {
    let garbage = || EngineFault::Garbage(quote(line));
    let (x, y) = line.trim().split_once(',').ok_or_else(garbage)?;
    let number = |s: &str| -> Option<i64> {
        let s = s.trim();
        let digits = s.strip_prefix('-').unwrap_or(s);
        (!digits.is_empty() && digits.len() <= 12 && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (x, y) = (
        number(x).ok_or_else(garbage)?,
        number(y).ok_or_else(garbage)?,
    );
    let on = |v: i64, side: usize| (0..side as i64).contains(&v);
    if !on(x, g.width()) || !on(y, g.height()) {
        return Err(EngineFault::OffBoard {
            text: format!("{x},{y}"),
        });
    }
    Ok(g.cell(y as usize, x as usize))
}

/// The name in an answer to `ABOUT`: `name="Rapfi", version="…"`.
pub fn about_name(about: &str) -> Option<String> {
    let start = about.find("name=\"")? + "name=\"".len();
    let len = about[start..].find('"')?;
    let name = quote(&about[start..start + len]);
    (!name.is_empty()).then_some(name)
}

/// Reads the engine's lines until its output closes, a line is too long, or the receiver is gone.
fn read_lines(stdout: impl Read, tx: mpsc::Sender<Output>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf);
        let out = match read {
            Ok(0) | Err(_) => Output::Closed,
            Ok(_) if buf.len() > MAX_LINE => Output::TooLong,
            Ok(_) => Output::Line(String::from_utf8_lossy(&buf).into_owned()),
        };
        let last = !matches!(out, Output::Line(_));
        if tx.send(out).is_err() || last {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_parsed_zero_based_column_first() {
        let g = Geometry::new(15, 15, 5).unwrap();
        assert_eq!(parse_move("7,7", g), Ok(113));
        assert_eq!(parse_move(" 0,0\r", g), Ok(1));
        assert_eq!(parse_move("14,0", g), Ok(15));
        assert_eq!(parse_move("0,1", g), Ok(16));
        let g = Geometry::new(7, 6, 4).unwrap();
        assert_eq!(parse_move("6,5", g), Ok(42));
        assert!(matches!(
            parse_move("7,0", g),
            Err(EngineFault::OffBoard { .. })
        ));
        assert!(matches!(
            parse_move("0,6", g),
            Err(EngineFault::OffBoard { .. })
        ));
        assert!(matches!(
            parse_move("-1,0", g),
            Err(EngineFault::OffBoard { .. })
        ));
        for garbage in [
            "",
            "7",
            "7,",
            "a,b",
            "7;7",
            "7,7,7",
            "99999999999999,1",
            "OK",
        ] {
            assert!(
                matches!(parse_move(garbage, g), Err(EngineFault::Garbage(_))),
                "{garbage}"
            );
        }
    }

    #[test]
    fn about_names_are_read() {
        assert_eq!(
            about_name(r#"name="Rapfi", version="2024", author="x""#),
            Some("Rapfi".into())
        );
        assert_eq!(about_name("UNKNOWN"), None);
        assert_eq!(about_name(r#"name="""#), None);
    }

    #[test]
    fn faults_are_one_line() {
        let faults = [
            EngineFault::Spawn("no such file".into()),
            EngineFault::Refused {
                board: "26x26".into(),
                answer: "ERROR too big".into(),
            },
            EngineFault::Exited("exited with code 3".into()),
            EngineFault::Garbage(quote("hello\nworld")),
            EngineFault::OffBoard {
                text: "99,99".into(),
            },
            EngineFault::Illegal(MoveError::Occupied {
                cell: 113,
                by: crate::rules::Player::X,
            }),
            EngineFault::Timeout {
                limit_ms: 200,
                margin_ms: 100,
            },
        ];
        for f in faults {
            let s = f.to_string();
            assert!(!s.is_empty() && !s.contains('\n'), "{s:?}");
        }
    }
}
