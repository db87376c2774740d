//! The command line's grammar (clap): the window's options and the `move`, `explain`, `solve`,
//! `arena` and `pbrain` subcommands.

use crate::geometry::{Geometry, GeometryError, MAX_SIDE};
use crate::rule::{Rule, RENJU_RUN};
use crate::rules::Player;
use clap::{Parser, Subcommand, ValueEnum};

/// Tic-tac-toe: the LED program of the Easel environment, with the seeds' computer players.
#[derive(Parser, Debug, PartialEq)]
#[command(name = "tictactoe", version, about)]
pub struct Cli {
    /// Who plays x in the window: human, a computer player's name, or engine:PATH (a Gomocup
    /// pbrain engine).
    #[arg(long, value_name = "PLAYER", default_value = "human", value_parser = seat_parser)]
    pub x: String,
    /// Who plays o in the window: human, a computer player's name, or engine:PATH.
    #[arg(long, value_name = "PLAYER", default_value = "human", value_parser = seat_parser)]
    pub o: String,
    /// Who moves first (OXO's startplayer).
    #[arg(long, value_enum, default_value_t = Side::X)]
    pub start: Side,
    /// Seed of the random numbers that break the computer players' ties.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The board: width, height and run length (3 × 3, three in a row, is the LED game).
    #[command(flatten)]
    pub board: Board,
    /// Open the window on the game after these cells (comma-separated, in play order, the starting
    /// player's first), e.g. `--moves 1,7,2`.
    #[arg(long, value_name = "CELLS", value_delimiter = ',')]
    pub moves: Vec<String>,
    /// Open the window explaining the side to move's player (as the `explain` button does).
    #[arg(long)]
    pub explain: bool,
    /// Open the window on a saved game: a Piskvork `.psq`, or a text file of cell numbers (on the
    /// board of --width/--height/--run unless it names its own).
    #[arg(long, value_name = "FILE")]
    pub open: Option<std::path::PathBuf>,
    /// Start with the default settings, forgetting the ones kept (board, seats, score, …).
    #[arg(long)]
    pub reset_settings: bool,
    /// A subcommand; without one, the game opens in a window.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug, PartialEq)]
pub enum Command {
    /// Print the cell a computer player chooses after the cells played so far, and exit.
    Move {
        /// The computer player.
        #[arg(long, value_name = "NAME")]
        player: String,
        /// Who moved first.
        #[arg(long, value_enum, default_value_t = Side::X)]
        start: Side,
        /// Seed of the random numbers that break ties.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The board.
        #[command(flatten)]
        board: Board,
        /// The search player's budget for the move.
        #[command(flatten)]
        budget: SearchBudget,
        /// The cells played so far, 1–9 on the 3 × 3 board (1 to width·height, row-major from the
        /// top-left), the starting player's first.
        #[arg(value_name = "CELL", allow_hyphen_values = true)]
        cells: Vec<String>,
    },
    /// Print how a computer player sees the position after the cells played so far: a grid with a
    /// number in every free cell (weights, sqval, each move's value, b-thread bids, probability).
    Explain {
        /// The computer player: bp, oxo, weights, perfect or random.
        #[arg(long, value_name = "NAME")]
        player: String,
        /// Who moved first.
        #[arg(long, value_enum, default_value_t = Side::X)]
        start: Side,
        /// The board.
        #[command(flatten)]
        board: Board,
        /// The cells played so far, in order, the starting player's first.
        #[arg(value_name = "CELL", allow_hyphen_values = true)]
        cells: Vec<String>,
    },
    /// Print the value of a position with perfect play (x wins, o wins or draw), proved by search,
    /// with the size and time of the proof.
    Solve {
        /// Who moved first.
        #[arg(long, value_enum, default_value_t = Side::X)]
        start: Side,
        /// The board (at most 64 cells).
        #[command(flatten)]
        board: Board,
        /// The most memory the solver's tables may take, in MiB; a proof that needs more stops
        /// with a one-line error (the default keeps today's largest table, 192 MiB, and the
        /// moment it is copied into a larger one).
        #[arg(long, value_name = "MB", default_value_t = DEFAULT_MEMORY_MB, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
        memory: u64,
        /// The cells played so far, in order, the starting player's first.
        #[arg(value_name = "CELL", allow_hyphen_values = true)]
        cells: Vec<String>,
    },
    /// Play every computer player against every other, both sides, and against an exhaustive
    /// adversary; print the table.
    Arena {
        /// Games per ordered pairing (at most 100,000).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=MAX_GAMES as i64))]
        games: u32,
        /// Seed of the random numbers that break ties.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The board (the exhaustive adversary plays only on 3 × 3).
        #[command(flatten)]
        board: Board,
        /// The search player's budget a move (with --nodes, reproducible tables); an external
        /// engine's time a move too (`INFO timeout_turn`, 1000 ms unless --think says).
        #[command(flatten)]
        budget: SearchBudget,
        /// An external Gomocup engine (pbrain) to put in the table; repeat for more.
        #[arg(long = "engine", value_name = "PATH")]
        engines: Vec<std::path::PathBuf>,
        /// Save every game in this folder as a Piskvork `.psq` file.
        #[arg(long, value_name = "DIR")]
        save: Option<std::path::PathBuf>,
    },
    /// Print a saved game (a Piskvork `.psq`, or a text file of cell numbers): the board and rule,
    /// the moves as cell numbers, then the board as a grid.
    Record {
        /// The file.
        #[arg(value_name = "FILE")]
        file: std::path::PathBuf,
        /// The board of a file of cell numbers that does not name its own.
        #[command(flatten)]
        board: Board,
    },
    /// Print what the search thinks of the position after the cells played so far: its best moves,
    /// each with its value (proven win, loss or draw with the plies to the end, or x's or o's
    /// chance to win) and its principal variation, then the depth, nodes and nodes/s.
    Analyse {
        /// The lines to show, best first.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..=400))]
        lines: u16,
        /// The search's budget (default: 1000 ms).
        #[command(flatten)]
        budget: SearchBudget,
        /// Print exactly one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Who moved first.
        #[arg(long, value_enum, default_value_t = Side::X)]
        start: Side,
        /// The board.
        #[command(flatten)]
        board: Board,
        /// The cells played so far, in order, the starting player's first.
        #[arg(value_name = "CELL", allow_hyphen_values = true)]
        cells: Vec<String>,
    },
    /// Play as a Gomocup engine ("pbrain") over standard input and output: START, BEGIN, TURN,
    /// BOARD, INFO (with the extension `INFO k K`, the run length, and `INFO rule` 0, 1 or 4),
    /// TAKEBACK, RESTART, END, ABOUT, and Yixin's YXBOARD and YXSHOWFORBID.
    Pbrain,
    /// Print the points where the first player may not play under renju (overline, double four,
    /// double three) after the cells played so far, whoever is to move: one cell number per line,
    /// ascending.
    Forbidden {
        /// Who moved first (black).
        #[arg(long, value_enum, default_value_t = Side::X)]
        start: Side,
        /// The board's width, in cells (1 to the largest side).
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
        width: u8,
        /// The board's height, in cells (1 to the largest side).
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
        height: u8,
        /// The cells played so far (1 to width·height, row-major from the top-left), in order,
        /// the first player's first.
        #[arg(value_name = "CELL", allow_hyphen_values = true)]
        cells: Vec<String>,
    },
}

/// The solver's default memory for its tables, in MiB (`solve --memory`): a 2^22-bucket table
/// (192 MiB) while the 48 MiB one it grew from is copied into it.
pub const DEFAULT_MEMORY_MB: u64 = 512;

/// The most games per pairing the arena plays: enough for any table, and a bound on its time.
pub const MAX_GAMES: u32 = 100_000;

/// The search player's budget on the command line: `--think MS` or `--nodes N`.
#[derive(clap::Args, Debug, PartialEq, Clone, Copy)]
pub struct SearchBudget {
    /// The search player's time a move, in milliseconds (default 1000).
    #[arg(long, value_name = "MS", conflicts_with = "nodes", value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub think: Option<u64>,
    /// The search player's node budget a move (reproducible, one thread).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: Option<u64>,
}

impl SearchBudget {
    /// The limits asked for, if either option was given.
    pub fn limits(&self) -> Option<crate::search::Limits> {
        match (self.think, self.nodes) {
            (_, Some(n)) => Some(crate::search::Limits::nodes(n)),
            (Some(ms), _) => Some(crate::search::Limits::time(ms)),
            _ => None,
        }
    }

    /// How the arena's table names the budget.
    pub fn describe(&self) -> String {
        match (self.think, self.nodes) {
            (_, Some(n)) => format!("{n} nodes"),
            (Some(ms), _) => format!("{ms} ms"),
            _ => "1000 ms".to_string(),
        }
    }
}

/// A board on the command line: `--width W --height H --run K`, each side from 1 to [`MAX_SIDE`].
#[derive(clap::Args, Debug, PartialEq, Clone, Copy)]
pub struct Board {
    /// The board's width, in cells (1 to the largest side).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
    pub width: u8,
    /// The board's height, in cells (1 to the largest side).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
    pub height: u8,
    /// Marks in a line that win (1 to the longer side; five on gomoku's 15 × 15; renju is always
    /// five).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=MAX_SIDE as i64))]
    pub run: u8,
    /// The rule: freestyle (run or more in a row wins), standard (exactly run), or renju (five;
    /// the first player wins only with exactly five and may not make an overline, a double four
    /// or a double three).
    #[arg(long, value_name = "RULE", default_value = "freestyle")]
    pub rule: Rule,
}

impl Board {
    /// The board as a geometry, or why it cannot be played: under renju the run is five, whatever
    /// `--run` says.
    pub fn geometry(&self) -> Result<Geometry, BoardError> {
        let (width, height) = (usize::from(self.width), usize::from(self.height));
        match self.rule {
            Rule::Renju if width.max(height) < RENJU_RUN => {
                Err(BoardError::TooSmallForRenju { width, height })
            }
            Rule::Renju => Ok(Geometry::new(width, height, RENJU_RUN)?),
            _ => Ok(Geometry::new(width, height, self.run.into())?),
        }
    }
}

/// Why the board options are no board to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Width, height or run out of range.
    Geometry(GeometryError),
    /// Renju is five in a row, and neither side has five cells.
    TooSmallForRenju {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
}

impl From<GeometryError> for BoardError {
    fn from(e: GeometryError) -> BoardError {
        BoardError::Geometry(e)
    }
}

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardError::Geometry(e) => e.fmt(f),
            BoardError::TooSmallForRenju { width, height } => write!(
                f,
                "renju is five in a row: a {width}x{height} board is too small (try --width 15 \
                 --height 15)"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// A side on the command line: x or o.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// x
    X,
    /// o
    O,
}

impl From<Side> for Player {
    fn from(s: Side) -> Player {
        match s {
            Side::X => Player::X,
            Side::O => Player::O,
        }
    }
}

fn seat_parser(s: &str) -> Result<String, String> {
    let names = crate::app::seat_names();
    if let Some(path) = s.strip_prefix(crate::app::ENGINE_PREFIX) {
        if cfg!(target_arch = "wasm32") {
            return Err("engine seats are desktop only: a web page cannot run a program".into());
        }
        return if std::path::Path::new(path).is_file() {
            Ok(s.to_string())
        } else {
            Err(format!(
                "no engine at '{path}' (engine:PATH names a pbrain program)"
            ))
        };
    }
    if names.contains(&s) {
        Ok(s.to_string())
    } else {
        Err(format!("expected one of: {}", names.join(", ")))
    }
}

/// What `parse` decided.
#[derive(Debug)]
pub enum Parsed {
    /// Arguments to act on.
    Run(Cli),
    /// Text to print on standard output, then exit 0 (`--help`, `--version`).
    Print(String),
    /// A one-line error for standard error, then exit 2.
    Error(String),
}

/// Parses the arguments. An error is reduced to one line: clap's message up to its first blank
/// line (what is wrong, with the missing argument or the valid values it names on the lines after
/// the first), the lines joined, without the usage and the help hint.
pub fn parse<I, T>(args: I) -> Parsed
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => Parsed::Run(cli),
        Err(e) if !e.use_stderr() => Parsed::Print(e.to_string()),
        Err(e) => Parsed::Error(format!(
            "tictactoe: {} (see --help)",
            super::error_line(&one_line(&e.to_string()))
        )),
    }
}

/// The first paragraph of an error message, its lines trimmed and joined by spaces.
fn one_line(message: &str) -> String {
    let line = message
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if line.is_empty() {
        "error: bad arguments".into()
    } else {
        line
    }
}
