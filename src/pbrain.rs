//! The Gomocup engine protocol (SPEC.md §8) as a state machine: [`Brain::handle`] takes one line
//! from the manager and answers with typed [`Reply`]s, whose `Display` is the protocol's text. The
//! loop over standard input and output, with its reader thread, is `commands::pbrain`.
//!
//! Coordinates are `x,y`, zero-based, x the column; a cell of the board is
//! [`Geometry::cell`]`(y, x)`. The rule is free-style unless `INFO rule` says otherwise (SPEC.md §9:
//! 0 freestyle, 1 standard, 4 renju, and 2 as renju, as Yixin Board sends it): `k` (default 5, set
//! with the extension `INFO k K`) or more in a row win; under standard exactly `k`; renju is five,
//! with black's forbidden points (`YXSHOWFORBID` lists them). Black is the player who moved first:
//! the engine when the two sides have as many stones and it is to move. The engine answers a move within `timeout_turn` (default 5 s),
//! keeping a safety margin, and within a share of `time_left` when the match has a time limit.
//!
//! The board is the one stone layout, [`Stones`]: the engine's stones are [`OWN`]'s, the
//! manager's [`OPPONENT`]'s, and the engine is to move whenever it is asked for a move. A `BOARD`
//! may set up any arrangement (no game of turns need leave it); the search plays it as a
//! [`Setup`].
//!
//! While it thinks, the engine reports its progress after each depth as managers show it,
//! `MESSAGE depth D ev E nodes N nps R pv x,y …` ([`Progress`], sent through
//! [`Brain::set_progress`] as it comes); Yixin's `YXNBEST N` (as Rapfi implements it) thinks with
//! the N best moves (multi-PV), reporting each line after each depth (`… multipv K …`), and plays
//! the best.
//!
//! Whatever a reply repeats of the manager's input is an [`Excerpt`]: at most
//! [`Excerpt::MAX_CHARS`] printable characters, so that a reply is always one short line.

use crate::geometry::{Cell, Geometry, MAX_SIDE};
use crate::rule::{RenjuBoard, Rule, RENJU_RUN};
use crate::rules::{Player, Setup, Stones};
use crate::search::analysis::{Analysis, Score, SLICE_NODES};
use crate::search::{time, Hooks, Limits, Search, SearchResult, MATE, MATE_BOUND};
use crate::value::Verdict;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The engine's stones.
pub const OWN: Player = Player::X;
/// The manager's (the opponent's) stones.
pub const OPPONENT: Player = Player::O;

/// The run length when the manager does not say (`INFO k`): five, gomoku.
pub const DEFAULT_RUN: usize = 5;

/// The time per move when the manager does not say (`INFO timeout_turn`), in ms.
pub const DEFAULT_TIMEOUT_TURN: u64 = 5000;

/// A short, printable excerpt of the manager's input, to repeat in a reply: control characters
/// (CR, escape, NUL, …) become `?`, and a text longer than [`Excerpt::MAX_CHARS`] characters is cut
/// to its first ones followed by `...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt(String);

impl Excerpt {
    /// The most characters an excerpt shows (`...` included).
    pub const MAX_CHARS: usize = 40;

    /// The excerpt of `text`.
    pub fn of(text: &str) -> Excerpt {
        let printable = |c: char| if c.is_control() { '?' } else { c };
        if text.chars().count() <= Self::MAX_CHARS {
            return Excerpt(text.chars().map(printable).collect());
        }
        let mut s: String = text
            .chars()
            .take(Self::MAX_CHARS - 3)
            .map(printable)
            .collect();
        s.push_str("...");
        Excerpt(s)
    }
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a command cannot be obeyed (an `ERROR` reply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrainError {
    /// A command that needs a board before `START`.
    NoBoard,
    /// `START`'s or `RECTSTART`'s size is not numbers.
    SizeNotNumbers(Excerpt),
    /// `RECTSTART`'s argument is not `w,h`.
    RectStart(Excerpt),
    /// A side off 1 to [`MAX_SIDE`].
    SizeOutOfRange {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// The run length does not fit on the board.
    RunTooLong {
        /// The run in force.
        run: usize,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// An `INFO` value that should be a number.
    NotANumber {
        /// The `INFO` key.
        key: &'static str,
        /// The value given.
        value: Excerpt,
    },
    /// `INFO k` with no run length for this board.
    BadRun(Excerpt),
    /// Not `x,y`.
    NotXy(Excerpt),
    /// Not a coordinate.
    NotACoordinate(Excerpt),
    /// A cell off the board.
    OffBoard {
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A cell that holds a stone already.
    Occupied {
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
    },
    /// `TAKEBACK` of a cell without a stone.
    NoStone {
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
    },
    /// A line inside `BOARD` that is not `x,y,f`, `DONE` or `END`.
    NotABoardLine(Excerpt),
    /// The stone field of a `BOARD` line is not 1, 2 or 3.
    StoneField(Excerpt),
    /// No move to make: the game is over.
    GameOver,
}

impl fmt::Display for BrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrainError::NoBoard => f.write_str("no board: send START first"),
            BrainError::SizeNotNumbers(s) => write!(f, "board size '{s}' is not numbers"),
            BrainError::RectStart(s) => write!(f, "RECTSTART expects w,h, got '{s}'"),
            BrainError::SizeOutOfRange { width, height } => write!(
                f,
                "boards of 1 to {MAX_SIDE} cells a side only, not {width}x{height}"
            ),
            BrainError::RunTooLong { run, width, height } => write!(
                f,
                "a run of {run} does not fit on {width}x{height} (INFO k sets the run)"
            ),
            BrainError::NotANumber { key, value } => {
                write!(f, "{key} '{value}' is not a number")
            }
            BrainError::BadRun(s) => write!(f, "k '{s}' is not a run length for this board"),
            BrainError::NotXy(s) => write!(f, "expected x,y, got '{s}'"),
            BrainError::NotACoordinate(s) => write!(f, "'{s}' is not a coordinate"),
            BrainError::OffBoard {
                x,
                y,
                width,
                height,
            } => write!(f, "{x},{y} is off the {width}x{height} board"),
            BrainError::Occupied { x, y } => write!(f, "{x},{y} is already occupied"),
            BrainError::NoStone { x, y } => write!(f, "{x},{y} holds no stone"),
            BrainError::NotABoardLine(s) => {
                write!(f, "expected x,y,f, DONE or END, got '{s}'")
            }
            BrainError::StoneField(s) => write!(f, "stone field '{s}' is not 1, 2 or 3"),
            BrainError::GameOver => f.write_str("the game is over: no move to make"),
        }
    }
}

impl std::error::Error for BrainError {}

/// One line the engine sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `OK`.
    Ok,
    /// The engine's move, `x,y`.
    Move {
        /// Its column, from 0.
        x: usize,
        /// Its row, from 0.
        y: usize,
    },
    /// The answer to `ABOUT`.
    About,
    /// `MESSAGE`: a rule this engine does not play was asked for (caro, or an unknown value).
    RuleNotSupported(u64),
    /// The answer to `YXSHOWFORBID`: black's forbidden points as (x, y), when black is to move.
    Forbid(Vec<(usize, usize)>),
    /// `ERROR` and why.
    Error(BrainError),
    /// `UNKNOWN` and the command.
    Unknown(Excerpt),
    /// `MESSAGE depth D [multipv K] ev E nodes N nps R pv x,y x,y …`: the search's progress after
    /// a depth (for every line of a multi-PV search, `YXNBEST`).
    Progress(Progress),
}

/// What the search reports after a depth, as `MESSAGE` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The depth completed.
    pub depth: u32,
    /// The line's rank in a multi-PV search (1 = best), `None` in a one-line search.
    pub multipv: Option<usize>,
    /// Its evaluation: a score, or `+M n` / `-M n` for a proven win or loss in n plies (as Rapfi
    /// writes them), `0` for a proven draw.
    pub ev: String,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation, `(x, y)` each.
    pub pv: Vec<(usize, usize)>,
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MESSAGE depth {}", self.depth)?;
        if let Some(k) = self.multipv {
            write!(f, " multipv {k}")?;
        }
        write!(
            f,
            " ev {} nodes {} nps {} pv",
            self.ev, self.nodes, self.nps
        )?;
        for (x, y) in &self.pv {
            write!(f, " {x},{y}")?;
        }
        Ok(())
    }
}

/// A score as `MESSAGE` shows it: `+M7`, `-M4`, `0` for a proven draw, else the score.
fn ev_text(score: &Score) -> String {
    match score {
        Score::Proven(v) => {
            let plies = v.plies.map(|p| p.to_string()).unwrap_or_default();
            match v.verdict {
                Verdict::Win => format!("+M{plies}"),
                Verdict::Loss => format!("-M{plies}"),
                Verdict::Draw => "0".to_string(),
            }
        }
        Score::Estimate(e) => e.to_string(),
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("OK"),
            Reply::Move { x, y } => write!(f, "{x},{y}"),
            Reply::About => write!(
                f,
                "name=\"tictactoe\", version=\"{}\", author=\"the tictactoe team\", country=\"-\", \
                 www=\"-\"",
                env!("CARGO_PKG_VERSION")
            ),
            Reply::RuleNotSupported(r) => write!(
                f,
                "MESSAGE rule {r} is not supported: this engine plays rules 0 (freestyle), \
                 1 (standard) and 4 (renju)"
            ),
            Reply::Forbid(points) => {
                f.write_str("FORBID ")?;
                for (x, y) in points {
                    write!(f, "{x:02}{y:02}")?;
                }
                f.write_str(".")
            }
            Reply::Error(e) => write!(f, "ERROR {e}"),
            Reply::Unknown(command) => write!(f, "UNKNOWN command '{command}'"),
            Reply::Progress(p) => p.fmt(f),
        }
    }
}

impl From<BrainError> for Reply {
    fn from(e: BrainError) -> Reply {
        Reply::Error(e)
    }
}

/// Whether `line` is the command `END` (in any case, with or without arguments): the manager ends
/// the engine, wherever it is (also inside `BOARD … DONE`, and while it thinks).
pub fn is_end(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|command| command.eq_ignore_ascii_case("END"))
}

/// The state of the engine between commands.
pub struct Brain {
    /// The board; `None` before `START` / `RECTSTART`.
    board: Option<Geometry>,
    /// The run length in force (kept apart from the board: `INFO k` may come before `START`).
    run: usize,
    /// The stones: the engine's are [`OWN`]'s.
    stones: Stones,
    /// Inside `BOARD … DONE` (or `YXBOARD … DONE`).
    in_board: bool,
    /// Whether `DONE` asks for a move (`BOARD`) or not (`YXBOARD`).
    board_moves: bool,
    /// The rule (`INFO rule`).
    rule: Rule,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    /// Fixed limits instead of the manager's times (tests: node budgets).
    fixed: Option<Limits>,
    /// Threads for the search (`INFO thread_num`, default 1).
    threads: usize,
    /// Nodes a move may search besides the clock (`INFO max_node`, Yixin's and Rapfi's
    /// extension; 0 or absent: no limit). With one thread, games at a node limit are
    /// reproducible whatever the machine's load.
    max_node: Option<u64>,
    /// The deepest iteration a move may search (`INFO max_depth`, Rapfi's extension; 0 or
    /// absent: no limit but the search's own).
    max_depth: Option<u32>,
    search: Search,
    stop: Arc<AtomicBool>,
    ended: bool,
    /// Where progress goes while the engine thinks (the front end writes it out at once);
    /// without one, there is none.
    progress: Option<Box<dyn FnMut(Reply) + Send>>,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

/// The protocol's `(x, y)` of cell `c` of `g`: column and row from 0.
fn xy(g: Geometry, c: Cell) -> (usize, usize) {
    let (y, x) = g.row_column(c);
    (x, y)
}

/// `x,y` (spaces allowed around the numbers) on board `g`.
fn parse_xy(text: &str, g: Geometry) -> Result<(usize, usize), BrainError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        return Err(BrainError::NotXy(Excerpt::of(text)));
    }
    let number = |s: &str| {
        s.parse::<usize>()
            .map_err(|_| BrainError::NotACoordinate(Excerpt::of(s)))
    };
    let (x, y) = (number(parts[0])?, number(parts[1])?);
    if x >= g.width() || y >= g.height() {
        return Err(BrainError::OffBoard {
            x,
            y,
            width: g.width(),
            height: g.height(),
        });
    }
    Ok((x, y))
}

impl Brain {
    /// A brain with no board yet, timed by the manager's `INFO`.
    pub fn new() -> Brain {
        let stop = crate::search::cancel_flag();
        Brain {
            board: None,
            run: DEFAULT_RUN,
            stones: Stones::default(),
            in_board: false,
            board_moves: true,
            rule: Rule::Freestyle,
            timeout_turn: DEFAULT_TIMEOUT_TURN,
            timeout_match: 0,
            time_left: None,
            fixed: None,
            threads: 1,
            max_node: None,
            max_depth: None,
            search: Search::new(Limits::time(1000), Arc::clone(&stop)),
            stop,
            ended: false,
            progress: None,
        }
    }

    /// A brain that thinks within `limits` whatever the manager's times (for reproducible tests).
    pub fn with_limits(limits: Limits) -> Brain {
        Brain {
            fixed: Some(limits),
            ..Brain::new()
        }
    }

    /// The search's stop flag: once set, a search under way (and every later one) stops at once
    /// with the best move found so far. The front end sets it when the manager ends the engine
    /// (`END`, or the end of the input) while it thinks.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Sends the search's progress (`MESSAGE depth …`, [`Reply::Progress`]) to `sink` as it
    /// comes.
    pub fn set_progress(&mut self, sink: Box<dyn FnMut(Reply) + Send>) {
        self.progress = Some(sink);
    }

    /// True after `END`: the loop stops.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The run length in force.
    pub fn run(&self) -> usize {
        self.run
    }

    /// The rule in force.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The board, once `START` has set it.
    pub fn board(&self) -> Option<Geometry> {
        self.board
    }

    /// The stones on the board (the engine's are [`OWN`]'s).
    pub fn stones(&self) -> &Stones {
        &self.stones
    }

    /// The time the next move may take ([`time::Clock::budget`]): `timeout_turn` less a margin
    /// (a fortieth, 25 ms to 500 ms, and a loaded machine's stall), spent whole; with a match
    /// clock, an optimum share of `time_left` and a maximum the search never passes.
    pub fn budget(&self) -> time::Budget {
        time::Clock {
            turn_ms: self.timeout_turn,
            match_left_ms: self.time_left.filter(|_| self.timeout_match > 0),
            stones: self.stones.occupied().len(),
            cells: self.board.map_or(0, |g| g.cells()),
        }
        .budget()
    }

    /// The most the next move may take: [`Brain::budget`]'s maximum.
    pub fn move_time(&self) -> Duration {
        self.budget().maximum
    }

    /// Answers one line from the manager (a trailing CR is ignored) with the lines to send.
    pub fn handle(&mut self, line: &str) -> Vec<Reply> {
        let line = line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        if is_end(line) {
            self.ended = true;
            return Vec::new();
        }
        if self.in_board {
            return self.board_line(line).unwrap_or_else(|e| vec![e.into()]);
        }
        let (command, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let answer = match command.to_ascii_uppercase().as_str() {
            "START" => self.start(args, args),
            "RECTSTART" => match args.split_once(',') {
                Some((w, h)) => self.start(w.trim(), h.trim()),
                None => Err(BrainError::RectStart(Excerpt::of(args))),
            },
            "RESTART" => self.geometry().map(|_| {
                self.stones = Stones::default();
                vec![Reply::Ok]
            }),
            "INFO" => self.info(args),
            "BEGIN" => self.geometry().and_then(|_| self.reply_move()),
            "TURN" => self.turn(args),
            "BOARD" | "YXBOARD" => self.geometry().map(|_| {
                self.stones = Stones::default();
                self.in_board = true;
                self.board_moves = command.eq_ignore_ascii_case("BOARD");
                Vec::new()
            }),
            "YXSHOWFORBID" => self.show_forbid(),
            "TAKEBACK" => self.takeback(args),
            "ABOUT" => Ok(vec![Reply::About]),
            "YXNBEST" => match args.parse::<usize>() {
                Ok(n) if n >= 1 => self.geometry().and_then(|_| self.reply_nbest(n)),
                _ => Err(BrainError::NotANumber {
                    key: "YXNBEST",
                    value: Excerpt::of(args),
                }),
            },
            _ => Ok(vec![Reply::Unknown(Excerpt::of(command))]),
        };
        answer.unwrap_or_else(|e| vec![e.into()])
    }

    fn geometry(&self) -> Result<Geometry, BrainError> {
        self.board.ok_or(BrainError::NoBoard)
    }

    fn start(&mut self, w: &str, h: &str) -> Result<Vec<Reply>, BrainError> {
        let (Ok(width), Ok(height)) = (w.parse::<usize>(), h.parse::<usize>()) else {
            let size = if w == h {
                w.to_string()
            } else {
                format!("{w},{h}")
            };
            return Err(BrainError::SizeNotNumbers(Excerpt::of(&size)));
        };
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(BrainError::SizeOutOfRange { width, height });
        }
        let g = Geometry::new(width, height, self.run).map_err(|_| BrainError::RunTooLong {
            run: self.run,
            width,
            height,
        })?;
        self.board = Some(g);
        self.stones = Stones::default();
        self.in_board = false;
        self.prepare();
        Ok(vec![Reply::Ok])
    }

    /// Makes the search's tables for the board now, while the manager waits for `OK` and no
    /// move's clock runs ([`Search::prepare`]), rather than on the first move. (Not on `INFO`:
    /// the manager sends its `INFO` lines with the first `TURN` or `BOARD`, whose clock then
    /// runs.)
    fn prepare(&mut self) {
        if let Some(geometry) = self.board {
            self.search.prepare(&Setup {
                geometry,
                rule: self.rule,
                stones: Stones::default(),
                to_move: OWN,
            });
        }
    }

    fn info(&mut self, args: &str) -> Result<Vec<Reply>, BrainError> {
        let (key, value) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
        let value = value.trim();
        let number = |key: &'static str| {
            value.parse::<u64>().map_err(|_| BrainError::NotANumber {
                key,
                value: Excerpt::of(value),
            })
        };
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.timeout_turn = number("timeout_turn")?,
            "timeout_match" => self.timeout_match = number("timeout_match")?,
            "time_left" => match value.parse::<i64>() {
                Ok(ms) => self.time_left = Some(ms.max(0) as u64),
                Err(_) => {
                    return Err(BrainError::NotANumber {
                        key: "time_left",
                        value: Excerpt::of(value),
                    })
                }
            },
            "rule" => {
                let n = number("rule")?;
                let Some(rule) = u32::try_from(n).ok().and_then(Rule::from_gomocup) else {
                    return Ok(vec![Reply::RuleNotSupported(n)]);
                };
                self.rule = rule;
                if rule == Rule::Renju && self.run != RENJU_RUN {
                    self.run = RENJU_RUN;
                    if let Some(g) = self.board {
                        self.board = Geometry::new(g.width(), g.height(), RENJU_RUN).ok();
                    }
                }
            }
            "k" => {
                let bad = || BrainError::BadRun(Excerpt::of(value));
                let k = value.parse::<usize>().map_err(|_| bad())?;
                match self.board {
                    None if k >= 1 => self.run = k,
                    None => return Err(bad()),
                    Some(g) => {
                        self.board =
                            Some(Geometry::new(g.width(), g.height(), k).map_err(|_| bad())?);
                        self.run = k;
                    }
                }
            }
            "thread_num" => self.threads = number("thread_num")?.clamp(1, 64) as usize,
            "max_memory" => self.search.set_memory(number("max_memory")?),
            "max_node" => self.max_node = Some(number("max_node")?).filter(|&n| n > 0),
            "max_depth" => {
                self.max_depth = Some(number("max_depth")?)
                    .filter(|&n| n > 0)
                    .map(|n| n.min(u32::MAX as u64) as u32)
            }
            // game_type, evaluate, folder and keys not known: nothing to do.
            _ => {}
        }
        Ok(Vec::new())
    }

    fn turn(&mut self, args: &str) -> Result<Vec<Reply>, BrainError> {
        let g = self.geometry()?;
        let (x, y) = parse_xy(args, g)?;
        let c = g.cell(y, x);
        if self.stones.at(c).is_some() {
            return Err(BrainError::Occupied { x, y });
        }
        self.stones[OPPONENT].insert(c);
        self.reply_move()
    }

    fn takeback(&mut self, args: &str) -> Result<Vec<Reply>, BrainError> {
        let g = self.geometry()?;
        let (x, y) = parse_xy(args, g)?;
        let c = g.cell(y, x);
        let Some(p) = self.stones.at(c) else {
            return Err(BrainError::NoStone { x, y });
        };
        self.stones[p].remove(c);
        Ok(vec![Reply::Ok])
    }

    /// A line inside `BOARD … DONE`: `x,y,f` or `DONE` (`END` is obeyed before).
    fn board_line(&mut self, line: &str) -> Result<Vec<Reply>, BrainError> {
        if line.eq_ignore_ascii_case("DONE") {
            self.in_board = false;
            return if self.board_moves {
                self.reply_move()
            } else {
                Ok(Vec::new())
            };
        }
        let g = self.geometry()?;
        let Some((xy, f)) = line.rsplit_once(',') else {
            return Err(BrainError::NotABoardLine(Excerpt::of(line)));
        };
        let (x, y) = parse_xy(xy, g)?;
        let owner = match f.trim() {
            "1" => OWN,
            "2" => OPPONENT,
            "3" => return Ok(Vec::new()), // a winning-line or forbidden-point marker: no stone
            other => return Err(BrainError::StoneField(Excerpt::of(other))),
        };
        let c = g.cell(y, x);
        if self.stones.at(c).is_some() {
            return Err(BrainError::Occupied { x, y });
        }
        self.stones[owner].insert(c);
        Ok(Vec::new())
    }

    /// `YXSHOWFORBID`: under renju, when black is to move (the engine, to move, has as many
    /// stones as the manager), black's forbidden points in x order within y order of cells;
    /// otherwise none (`FORBID .`), as Rapfi answers.
    fn show_forbid(&self) -> Result<Vec<Reply>, BrainError> {
        let g = self.geometry()?;
        let black_to_move = self.stones[OWN].len() == self.stones[OPPONENT].len();
        let points = if self.rule == Rule::Renju && black_to_move {
            RenjuBoard::from_stones(g, &self.stones[OWN], &self.stones[OPPONENT])
                .forbidden_points()
                .iter()
                .map(|c| {
                    let (y, x) = g.row_column(c);
                    (x, y)
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(vec![Reply::Forbid(points)])
    }

    /// The engine's move in the current position (its stone is placed), as `x,y`.
    fn reply_move(&mut self) -> Result<Vec<Reply>, BrainError> {
        let geometry = self.geometry()?;
        let position = Setup {
            geometry,
            rule: self.rule,
            stones: self.stones,
            to_move: OWN,
        };
        let budget = self.budget();
        let time = Limits::time(budget.maximum.as_millis() as u64);
        self.search.set_limits(
            self.fixed.unwrap_or(Limits {
                threads: self.threads,
                optimum: budget.optimum,
                nodes: self.max_node,
                max_depth: self
                    .max_depth
                    .map_or(time.max_depth, |d| d.min(time.max_depth)),
                ..time
            }),
        );
        let Brain {
            search,
            stop,
            progress,
            ..
        } = self;
        let mut report = |r: &SearchResult| {
            let score = match r.proven {
                Some(v) => Score::Proven(v),
                None if r.value.abs() >= MATE_BOUND => {
                    Score::Estimate(r.value.signum() * (MATE - MATE_BOUND))
                }
                None => Score::Estimate(r.value),
            };
            let secs = r.elapsed.as_secs_f64();
            let p = Reply::Progress(Progress {
                depth: r.depth,
                multipv: None,
                ev: ev_text(&score),
                nodes: r.nodes,
                nps: if secs > 0.0 {
                    (r.nodes as f64 / secs) as u64
                } else {
                    0
                },
                pv: r.pv.iter().map(|&c| xy(geometry, c)).collect(),
            });
            if let Some(sink) = progress.as_mut() {
                sink(p);
            }
        };
        let best: Cell = search
            .think_with(
                &position,
                stop,
                Hooks {
                    on_depth: Some(&mut report),
                    ..Hooks::default()
                },
            )
            .ok_or(BrainError::GameOver)?
            .best;
        let (x, y) = xy(geometry, best);
        self.stones[OWN].insert(best);
        Ok(vec![Reply::Move { x, y }])
    }

    /// `YXNBEST n` (Yixin's protocol, as Rapfi implements it): thinks with the `n` best moves
    /// (multi-PV), reporting every line after each depth (`MESSAGE depth D multipv K …`), then
    /// plays the best, as for `BEGIN`. A board that no game of turns leaves is searched with one
    /// line.
    fn reply_nbest(&mut self, n: usize) -> Result<Vec<Reply>, BrainError> {
        let geometry = self.geometry()?;
        let setup = Setup {
            geometry,
            rule: self.rule,
            stones: self.stones,
            to_move: OWN,
        };
        let Ok(state) = setup.position() else {
            return self.reply_move();
        };
        if state.game_over() {
            return Err(BrainError::GameOver);
        }
        let limits = self
            .fixed
            .unwrap_or_else(|| Limits::time(self.move_time().as_millis() as u64));
        let mut analysis = Analysis::new(&state, n);
        let started = std::time::Instant::now();
        // In slices, so that each depth's lines go out as soon as they are found.
        while !analysis.finished() && !self.stop.load(std::sync::atomic::Ordering::Relaxed) {
            let nodes_left = limits.nodes.map(|n| n.saturating_sub(analysis.nodes()));
            let time_left = limits.time.map(|t| t.saturating_sub(started.elapsed()));
            if nodes_left == Some(0) || time_left == Some(Duration::ZERO) {
                break;
            }
            let slice = nodes_left.map_or(SLICE_NODES, |n| n.min(SLICE_NODES));
            for report in analysis.step(Some(slice), time_left, &self.stop) {
                let nps = report.nps();
                for (k, line) in report.lines.iter().enumerate() {
                    let p = Reply::Progress(Progress {
                        depth: report.depth,
                        multipv: Some(k + 1),
                        ev: ev_text(&line.score),
                        nodes: report.nodes,
                        nps,
                        pv: line.pv.iter().map(|&c| xy(geometry, c)).collect(),
                    });
                    if let Some(sink) = self.progress.as_mut() {
                        sink(p);
                    }
                }
            }
        }
        let best = match analysis.report() {
            Some(r) => r.lines[0].cell,
            None => analysis.first_report().lines[0].cell,
        };
        let (x, y) = xy(geometry, best);
        self.stones[OWN].insert(best);
        Ok(vec![Reply::Move { x, y }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brain() -> Brain {
        Brain::with_limits(Limits::nodes(20_000))
    }

    /// The replies to `line`, as sent.
    fn say(b: &mut Brain, line: &str) -> Vec<String> {
        b.handle(line).iter().map(Reply::to_string).collect()
    }

    fn xy(reply: &[String]) -> (usize, usize) {
        assert_eq!(reply.len(), 1, "{reply:?}");
        let (x, y) = reply[0].split_once(',').expect(&reply[0]);
        (x.parse().unwrap(), y.parse().unwrap())
    }

    #[test]
    fn start_accepts_1_to_26_and_rejects_the_rest() {
        let mut b = brain();
        assert_eq!(say(&mut b, "START 15"), ["OK"]);
        assert_eq!(say(&mut b, "START 19\r\n"), ["OK"]);
        assert_eq!(say(&mut b, "START 20"), ["OK"]);
        assert_eq!(say(&mut b, "START 26"), ["OK"]);
        for bad in ["START 27", "START 0", "START x", "START", "START 4"] {
            let r = say(&mut b, bad);
            assert!(r.len() == 1 && r[0].starts_with("ERROR "), "{bad}: {r:?}");
        }
        // START 4 fails only because the run is 5; with INFO k 4 it fits.
        assert_eq!(say(&mut b, "INFO k 4"), Vec::<String>::new());
        assert_eq!(say(&mut b, "START 4"), ["OK"]);
        assert_eq!(say(&mut b, "RECTSTART 7,5"), ["OK"]);
        assert_eq!(b.board().map(|g| (g.width(), g.height())), Some((7, 5)));
        assert!(say(&mut b, "RECTSTART 7x5")[0].starts_with("ERROR"));
        assert_eq!(say(&mut b, "RECTSTART 26,5"), ["OK"]);
        assert!(say(&mut b, "RECTSTART 27,5")[0].starts_with("ERROR"));
    }

    #[test]
    fn commands_before_start_are_errors_not_crashes() {
        let mut b = brain();
        for cmd in ["BEGIN", "TURN 1,1", "BOARD", "TAKEBACK 1,1", "RESTART"] {
            let r = say(&mut b, cmd);
            assert!(r[0].starts_with("ERROR "), "{cmd}: {r:?}");
        }
    }

    #[test]
    fn unknown_commands_get_unknown_and_info_keys_are_ignored() {
        let mut b = brain();
        assert_eq!(say(&mut b, "FOO bar"), ["UNKNOWN command 'FOO'"]);
        assert_eq!(say(&mut b, "SWAP2BOARD"), ["UNKNOWN command 'SWAP2BOARD'"]);
        for info in [
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO folder /tmp",
            "INFO evaluate 1,1",
            "INFO whatever 12",
            "INFO rule 0",
        ] {
            assert_eq!(say(&mut b, info), Vec::<String>::new(), "{info}");
        }
        assert!(say(&mut b, "INFO rule 8")[0].starts_with("MESSAGE"));
        assert!(say(&mut b, "INFO rule 99")[0].starts_with("MESSAGE"));
        assert_eq!(b.rule(), Rule::Freestyle);
        assert!(say(&mut b, "INFO timeout_turn soon")[0].starts_with("ERROR"));
        assert!(say(&mut b, "INFO k 0")[0].starts_with("ERROR"));
        assert_eq!(say(&mut b, ""), Vec::<String>::new());
    }

    #[test]
    fn info_rule_takes_0_1_4_and_2_as_renju() {
        let mut b = brain();
        for (n, rule) in [
            (1, Rule::Standard),
            (4, Rule::Renju),
            (0, Rule::Freestyle),
            (2, Rule::Renju),
        ] {
            assert_eq!(say(&mut b, &format!("INFO rule {n}")), Vec::<String>::new());
            assert_eq!(b.rule(), rule);
        }
        // Renju is five in a row, whatever INFO k said.
        let mut b = brain();
        say(&mut b, "INFO k 4");
        say(&mut b, "START 15");
        say(&mut b, "INFO rule 4");
        assert_eq!(b.board().unwrap().run(), 5);
    }

    /// A 15 × 15 brain under `rule` with the engine's stones `own` and the manager's `theirs`
    /// (as x,y) set by YXBOARD (no move asked).
    fn position(rule: u32, own: &[(usize, usize)], theirs: &[(usize, usize)]) -> Brain {
        let mut b = brain();
        say(&mut b, "START 15");
        say(&mut b, &format!("INFO rule {rule}"));
        assert_eq!(say(&mut b, "YXBOARD"), Vec::<String>::new());
        for (stones, f) in [(own, 1), (theirs, 2)] {
            for (x, y) in stones {
                assert_eq!(say(&mut b, &format!("{x},{y},{f}")), Vec::<String>::new());
            }
        }
        assert_eq!(
            say(&mut b, "DONE"),
            Vec::<String>::new(),
            "YXBOARD asks no move"
        );
        b
    }

    #[test]
    fn yxshowforbid_lists_black_forbidden_points_when_black_is_to_move() {
        // The engine (black, to move: as many stones as the manager) has a double three at 7,7:
        // 5,7 and 6,7 across, 7,5 and 7,6 down.
        let own = [(5, 7), (6, 7), (7, 5), (7, 6)];
        let theirs = [(0, 0), (14, 0), (0, 14), (14, 14)];
        let mut b = position(4, &own, &theirs);
        assert_eq!(say(&mut b, "YXSHOWFORBID"), ["FORBID 0707."]);
        // Under rule 2 (Yixin Board's renju) too.
        let mut b = position(2, &own, &theirs);
        assert_eq!(say(&mut b, "YXSHOWFORBID"), ["FORBID 0707."]);
        // Not under freestyle or standard.
        for rule in [0, 1] {
            let mut b = position(rule, &own, &theirs);
            assert_eq!(say(&mut b, "YXSHOWFORBID"), ["FORBID ."]);
        }
        // White to move (the manager has one stone more): none.
        let mut b = position(4, &own, &[(0, 0), (14, 0), (0, 14), (14, 14), (3, 3)]);
        assert_eq!(say(&mut b, "YXSHOWFORBID"), ["FORBID ."]);
        // Two points, ascending by cell: an overline point 4,7 (x, y) … set up across row 7.
        let mut b = position(
            4,
            &[(0, 7), (1, 7), (2, 7), (4, 7), (5, 7)],
            &[(0, 0), (14, 0), (0, 14), (14, 14), (9, 9)],
        );
        assert_eq!(say(&mut b, "YXSHOWFORBID"), ["FORBID 0307."]);
        let mut b = brain();
        assert!(say(&mut b, "YXSHOWFORBID")[0].starts_with("ERROR"));
    }

    #[test]
    fn under_renju_black_never_plays_a_forbidden_point() {
        // The engine is black with a double-three point at 7,7 and nothing better to do there;
        // whatever it plays, it is not 7,7. Under freestyle the same position makes 7,7 its
        // strongest move (an open four with either three).
        let own = [(5, 7), (6, 7), (7, 5), (7, 6)];
        let theirs = [(0, 0), (14, 0), (0, 14), (14, 14)];
        let mut b = position(4, &own, &theirs);
        say(&mut b, "BOARD");
        for (stones, f) in [(&own[..], 1), (&theirs[..], 2)] {
            for (x, y) in stones {
                say(&mut b, &format!("{x},{y},{f}"));
            }
        }
        let renju = xy(&say(&mut b, "DONE"));
        assert_ne!(renju, (7, 7));
        let mut b = position(0, &own, &theirs);
        say(&mut b, "BOARD");
        for (stones, f) in [(&own[..], 1), (&theirs[..], 2)] {
            for (x, y) in stones {
                say(&mut b, &format!("{x},{y},{f}"));
            }
        }
        assert_eq!(xy(&say(&mut b, "DONE")), (7, 7));
    }

    #[test]
    fn under_standard_an_overline_on_the_board_is_no_win() {
        // The manager has six across row 0 (0,0 to 5,0): under freestyle the game is over; under
        // standard it goes on and the engine answers a move.
        let own = [(0, 5), (3, 9), (9, 3), (6, 9), (12, 12), (9, 9)];
        let theirs = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)];
        let board = |rule: u32| {
            let mut b = brain();
            say(&mut b, "START 15");
            say(&mut b, &format!("INFO rule {rule}"));
            say(&mut b, "BOARD");
            for (stones, f) in [(&own[..], 1), (&theirs[..], 2)] {
                for (x, y) in stones {
                    say(&mut b, &format!("{x},{y},{f}"));
                }
            }
            say(&mut b, "DONE")
        };
        assert!(board(0)[0].starts_with("ERROR"), "freestyle: the six won");
        let (x, y) = xy(&board(1));
        assert!(!own.contains(&(x, y)) && !theirs.contains(&(x, y)));
    }

    #[test]
    fn thread_num_and_max_memory_are_taken() {
        let mut b = brain();
        assert_eq!(say(&mut b, "INFO thread_num 2"), Vec::<String>::new());
        assert_eq!(b.threads, 2);
        assert_eq!(say(&mut b, "INFO thread_num 0"), Vec::<String>::new());
        assert_eq!(b.threads, 1, "at least one thread");
        assert!(say(&mut b, "INFO thread_num many")[0].starts_with("ERROR"));
        assert!(say(&mut b, "INFO max_memory lots")[0].starts_with("ERROR"));
        assert_eq!(say(&mut b, "INFO max_memory 0"), Vec::<String>::new());
    }

    /// A fresh brain's reply on a small 15 × 15 position after the `infos` (`INFO` lines), and
    /// the depth and nodes of each progress report it made.
    fn think_with(infos: &[String]) -> (Vec<String>, Vec<(u32, u64)>) {
        let mut b = Brain::new();
        let reports = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = Arc::clone(&reports);
        b.set_progress(Box::new(move |r| {
            if let Reply::Progress(p) = r {
                sink.lock().unwrap().push((p.depth, p.nodes));
            }
        }));
        say(&mut b, "INFO timeout_turn 100000");
        for info in infos {
            say(&mut b, &format!("INFO {info}"));
        }
        say(&mut b, "START 15");
        say(&mut b, "BOARD");
        for m in ["7,7,2", "8,8,1", "7,8,2", "6,9,1"] {
            say(&mut b, m);
        }
        let reply = say(&mut b, "DONE");
        let seen = reports.lock().unwrap().clone();
        (reply, seen)
    }

    #[test]
    fn max_node_limits_the_search_and_makes_it_reproducible() {
        let play = |max_node: u64| {
            let (reply, reports) = think_with(&[format!("max_node {max_node}")]);
            (reply, reports.last().map(|&(_, nodes)| nodes))
        };
        let (first, nodes) = play(5_000);
        assert!(nodes.is_some_and(|n| n <= 5_000 + 1_000), "{nodes:?}");
        assert_eq!(play(5_000).0, first, "the same move at the same node limit");
        let mut b = brain();
        assert!(say(&mut b, "INFO max_node lots")[0].starts_with("ERROR"));
        assert_eq!(say(&mut b, "INFO max_node 0"), Vec::<String>::new());
        assert_eq!(b.max_node, None, "0: no limit");
    }

    #[test]
    fn max_depth_limits_the_iterations() {
        let depths = |max_depth: Option<u32>| {
            let mut infos = vec!["max_node 200000".to_string()];
            infos.extend(max_depth.map(|d| format!("max_depth {d}")));
            let (_, reports) = think_with(&infos);
            reports.iter().map(|&(depth, _)| depth).max()
        };
        assert_eq!(depths(Some(3)), Some(3));
        assert!(depths(None).is_some_and(|d| d > 3), "deeper without it");
        let mut b = brain();
        assert!(say(&mut b, "INFO max_depth deep")[0].starts_with("ERROR"));
        assert_eq!(say(&mut b, "INFO max_depth 0"), Vec::<String>::new());
        assert_eq!(b.max_depth, None, "0: no limit");
    }

    #[test]
    fn info_sets_the_times_and_the_run() {
        let mut b = brain();
        say(&mut b, "INFO timeout_turn 1000");
        assert_eq!(b.move_time(), Duration::from_millis(915));
        say(&mut b, "INFO timeout_turn 100");
        assert_eq!(b.move_time(), Duration::from_millis(65));
        say(&mut b, "INFO timeout_turn 10000");
        say(&mut b, "INFO timeout_match 60000");
        say(&mut b, "INFO time_left 15000");
        // 15 s less a twentieth, over 12 moves to go: 1,187 ms aimed at, a fifth of the usable
        // time at most.
        assert_eq!(b.budget().optimum, Some(Duration::from_millis(1187)));
        assert_eq!(b.move_time(), Duration::from_millis(2850));
        // On an empty 15 x 15 board 5 ms more are kept for each of the 113 moves it may still
        // ask of us: (15,000 - 750 - 565) / 12 = 1,140 ms, and a fifth of 13,685 at most.
        say(&mut b, "START 15");
        assert_eq!(b.budget().optimum, Some(Duration::from_millis(1140)));
        assert_eq!(b.move_time(), Duration::from_millis(2737));
        say(&mut b, "INFO timeout_match 0");
        assert_eq!(b.move_time(), Duration::from_millis(9690));
        say(&mut b, "INFO k 4");
        assert_eq!(b.run(), 4);
    }

    #[test]
    fn begin_and_turn_answer_empty_cells() {
        let mut b = brain();
        say(&mut b, "START 15");
        let first = xy(&say(&mut b, "BEGIN"));
        assert_eq!(first, (7, 7), "the first stone goes to the centre");
        let (x, y) = xy(&say(&mut b, "TURN 8,8"));
        assert!((x, y) != (7, 7) && (x, y) != (8, 8) && x < 15 && y < 15);
        assert!(say(&mut b, "TURN 8,8")[0].starts_with("ERROR"), "occupied");
        assert!(
            say(&mut b, "TURN 15,0")[0].starts_with("ERROR"),
            "off the board"
        );
        assert!(say(&mut b, "TURN 1")[0].starts_with("ERROR"), "malformed");
    }

    #[test]
    fn board_sets_up_a_position_and_the_engine_wins_or_blocks() {
        let mut b = brain();
        say(&mut b, "START 15");
        // Own stones on 3..6 of row 2: the engine completes five at 2,2 or 7,2.
        assert!(say(&mut b, "BOARD").is_empty());
        for line in [
            "3,2,1", "4,2,1", "5,2,1", "6,2,1", "3,3,2", "4,4,2", "9,9,2", "12,12,2", "0,0,3",
        ] {
            assert!(say(&mut b, line).is_empty(), "{line}");
        }
        let m = xy(&say(&mut b, "DONE"));
        assert!(m == (2, 2) || m == (7, 2), "{m:?}");
        // The opponent's four on column 10 must be blocked at the one open end.
        say(&mut b, "BOARD");
        for line in [
            "10,1,2", "10,2,2", "10,3,2", "10,4,2", "10,0,1", "1,1,1", "2,2,1",
        ] {
            say(&mut b, line);
        }
        assert_eq!(xy(&say(&mut b, "DONE")), (10, 5));
        // Stones no game of turns could leave, the engine to move: still a move.
        say(&mut b, "BOARD");
        for line in ["1,1,1", "2,2,1", "3,3,1"] {
            say(&mut b, line);
        }
        let m = xy(&say(&mut b, "DONE"));
        assert!(m == (0, 0) || m == (4, 4), "extends its open three: {m:?}");
        // Bad lines inside BOARD are errors; DONE still ends it.
        say(&mut b, "BOARD");
        assert!(say(&mut b, "1,1")[0].starts_with("ERROR"));
        assert!(say(&mut b, "1,1,7")[0].starts_with("ERROR"));
        assert!(say(&mut b, "99,1,1")[0].starts_with("ERROR"));
        assert!(say(&mut b, "1,1,1").is_empty());
        assert!(say(&mut b, "1,1,2")[0].starts_with("ERROR"), "occupied");
        assert!(say(&mut b, "2,2,2").is_empty());
        let m = xy(&say(&mut b, "DONE"));
        assert!(m != (1, 1) && m != (2, 2));
    }

    #[test]
    fn takeback_restart_end_and_about() {
        let mut b = brain();
        say(&mut b, "START 9");
        let (x, y) = xy(&say(&mut b, "BEGIN"));
        assert_eq!(say(&mut b, &format!("TAKEBACK {x},{y}")), ["OK"]);
        assert!(b.stones().occupied().is_empty());
        assert!(say(&mut b, &format!("TAKEBACK {x},{y}"))[0].starts_with("ERROR"));
        say(&mut b, "TURN 0,0");
        assert_eq!(say(&mut b, "RESTART"), ["OK"]);
        assert!(b.stones().occupied().is_empty());
        let about = say(&mut b, "ABOUT");
        assert!(
            about[0].starts_with("name=\"tictactoe\", version=\""),
            "{about:?}"
        );
        assert!(!b.ended());
        assert!(say(&mut b, "END").is_empty());
        assert!(b.ended());
    }

    #[test]
    fn the_run_length_extension_plays_other_games() {
        // 3×3 with k 3 (tic-tac-toe): the engine blocks the opponent's two in a row.
        let mut b = brain();
        say(&mut b, "INFO k 3");
        say(&mut b, "START 3");
        say(&mut b, "BOARD");
        for line in ["0,0,2", "1,0,2", "1,1,1"] {
            say(&mut b, line);
        }
        assert_eq!(xy(&say(&mut b, "DONE")), (2, 0));
        // A full board: no move, an error.
        say(&mut b, "BOARD");
        for (i, f) in [2, 1, 2, 2, 1, 1, 1, 2, 2].iter().enumerate() {
            say(&mut b, &format!("{},{},{f}", i % 3, i / 3));
        }
        assert!(say(&mut b, "DONE")[0].starts_with("ERROR"));
    }

    #[test]
    fn end_is_obeyed_inside_board_and_with_arguments() {
        let mut b = brain();
        b.handle("START 15");
        b.handle("BOARD");
        assert!(b.handle("1,1,1").is_empty());
        assert!(b.handle("end\r\n").is_empty());
        assert!(b.ended());
        assert!(is_end("END") && is_end(" End now") && !is_end("ENDS") && !is_end("BOARD"));
    }

    #[test]
    fn replies_repeat_a_short_printable_excerpt() {
        assert_eq!(Excerpt::of("a\rb\x1b[0m\u{7f}").to_string(), "a?b?[0m?");
        let long = Excerpt::of(&"y".repeat(1 << 20)).to_string();
        assert_eq!(long.chars().count(), Excerpt::MAX_CHARS);
        assert!(long.ends_with("..."));
        assert_eq!(Excerpt::of(&"é".repeat(40)).to_string(), "é".repeat(40));
        let mut b = brain();
        let r = b.handle(&format!("{}\u{1b}", "Q".repeat(100_000)));
        assert_eq!(r, [Reply::Unknown(Excerpt::of(&"Q".repeat(100_000)))]);
        let text = r[0].to_string();
        assert!(
            text.len() < 60 && !text.chars().any(char::is_control),
            "{text}"
        );
        b.handle("START 15");
        let r = say(&mut b, "TURN 1\u{7},2");
        assert_eq!(r, ["ERROR '1?' is not a coordinate"]);
    }

    /// The brain with its progress collected.
    fn watched() -> (Brain, Arc<std::sync::Mutex<Vec<String>>>) {
        let mut b = brain();
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = Arc::clone(&seen);
        b.set_progress(Box::new(move |r| sink.lock().unwrap().push(r.to_string())));
        (b, seen)
    }

    #[test]
    fn progress_after_each_depth_as_managers_show_it() {
        let (mut b, seen) = watched();
        say(&mut b, "START 15");
        let (x, y) = xy(&say(&mut b, "TURN 7,7"));
        let seen = seen.lock().unwrap();
        assert!(!seen.is_empty());
        let mut depth = 0;
        for line in seen.iter() {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(&words[..2], ["MESSAGE", "depth"], "{line}");
            let d: u32 = words[2].parse().unwrap();
            assert!(
                d > depth,
                "one message per depth, deeper each time: {seen:?}"
            );
            depth = d;
            assert_eq!(words[3], "ev");
            assert!(
                words[4].parse::<i64>().is_ok() || words[4].contains('M'),
                "{line}"
            );
            assert_eq!(
                (words[5], words[7], words[9]),
                ("nodes", "nps", "pv"),
                "{line}"
            );
            assert!(words[6].parse::<u64>().is_ok() && words[8].parse::<u64>().is_ok());
            assert!(words.len() > 10, "a line: {line}");
        }
        // The last line's first move is the move played.
        let last: Vec<&str> = seen.last().unwrap().split(' ').collect();
        assert_eq!(last[10], format!("{x},{y}"));
    }

    #[test]
    fn yxnbest_reports_n_lines_a_depth_and_plays_the_best() {
        let (mut b, seen) = watched();
        say(&mut b, "START 15");
        say(&mut b, "TURN 7,7");
        seen.lock().unwrap().clear();
        let (x, y) = xy(&say(&mut b, "YXNBEST 3"));
        let seen = seen.lock().unwrap();
        let lines: Vec<Vec<&str>> = seen.iter().map(|l| l.split(' ').collect()).collect();
        assert_eq!(lines.len() % 3, 0, "{seen:?}");
        for (i, words) in lines.iter().enumerate() {
            assert_eq!(&words[..2], ["MESSAGE", "depth"]);
            assert_eq!(
                (words[3], words[4]),
                ("multipv", (i % 3 + 1).to_string().as_str())
            );
        }
        // The best line of the last depth is the move; the three first moves differ.
        let last = &lines[lines.len() - 3..];
        assert_eq!(last[0][12], format!("{x},{y}"));
        assert!(last[0][12] != last[1][12] && last[1][12] != last[2][12]);
        assert!(last[0][12] != last[2][12]);
        assert!(say(&mut b, "YXNBEST many")[0].starts_with("ERROR"));
    }
}
