//! The command line (clap): the window's options and the `move`, `solve` and `arena` subcommands.

use crate::rules::Player;
use clap::{Parser, Subcommand, ValueEnum};

/// Tic-tac-toe: the LED program of the Easel environment, with the seeds' computer players.
#[derive(Parser, Debug, PartialEq)]
#[command(name = "tictactoe", version, about)]
pub struct Cli {
    /// Who plays x in the window: human or a computer player's name.
    #[arg(long, value_name = "PLAYER", default_value = "human", value_parser = seat_parser)]
    pub x: String,
    /// Who plays o in the window: human or a computer player's name.
    #[arg(long, value_name = "PLAYER", default_value = "human", value_parser = seat_parser)]
    pub o: String,
    /// Who moves first (OXO's startplayer).
    #[arg(long, value_enum, default_value_t = Side::X)]
    pub start: Side,
    /// Seed of the random numbers that break the computer players' ties.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
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
        /// The board's width (seed 004's players play any width × height).
        #[arg(long, default_value_t = 3)]
        width: usize,
        /// The board's height.
        #[arg(long, default_value_t = 3)]
        height: usize,
        /// Marks in a line that win.
        #[arg(long, default_value_t = 3)]
        run: usize,
        /// The cells played so far, 1–9 on the 3 × 3 board (1 to width·height, row-major from the
        /// top-left), the starting player's first.
        #[arg(value_name = "CELL", allow_hyphen_values = true)]
        cells: Vec<String>,
    },
    /// Print the value of a position with perfect play (x wins, o wins or draw), proved by search,
    /// with the size and time of the proof.
    Solve {
        /// The board's width.
        #[arg(long, default_value_t = 3)]
        width: usize,
        /// The board's height.
        #[arg(long, default_value_t = 3)]
        height: usize,
        /// Marks in a line that win.
        #[arg(long, default_value_t = 3)]
        run: usize,
        /// Who moved first.
        #[arg(long, value_enum, default_value_t = Side::X)]
        start: Side,
        /// The cells played so far (1 to width·height, row-major from the top-left), the starting
        /// player's first.
        #[arg(value_name = "CELL", allow_hyphen_values = true)]
        cells: Vec<String>,
    },
    /// Play every computer player against every other, both sides, and against an exhaustive
    /// adversary; print the table.
    Arena {
        /// Games per pairing and side.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Seed of the random numbers that break ties.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

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

/// Parses the arguments. Errors are reduced to clap's first line, so a user's mistake gets one
/// line, not a page.
pub fn parse<I, T>(args: I) -> Parsed
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => Parsed::Run(cli),
        Err(e) if !e.use_stderr() => Parsed::Print(e.to_string()),
        Err(e) => {
            let first = e.to_string();
            let first = first.lines().next().unwrap_or("error: bad arguments");
            Parsed::Error(format!("tictactoe: {first} (see --help)"))
        }
    }
}
