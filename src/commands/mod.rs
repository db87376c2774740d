//! The command line: its options ([`cli`], clap), one module per subcommand, each owning all the
//! text it prints, and the window's options ([`window`]). This is the top of the library: nothing
//! in the core imports it. The core answers with typed values and typed errors; only here do they
//! become text.
//!
//! | subcommand | module |
//! |---|---|
//! | (none: the window) | `window` ([`window_app`]) |
//! | `move` | `move` |
//! | `explain` | [`explain`] |
//! | `solve` | [`solve`] |
//! | `arena` | `arena` |
//! | `analyse` | [`analyse`] |
//! | `pbrain` | `pbrain` (the stdio loop around [`crate::pbrain::Brain`]) |
//! | `forbidden` | `forbidden` |
//! | `record` | `record` |
//!
//! A subcommand answers with its standard output or a one-line error; the binary prints the error
//! on standard error (after `tictactoe: `) and exits with code 2.

pub mod analyse;
mod arena;
pub mod cli;
pub mod explain;
mod forbidden;
mod r#move;
mod pbrain;
mod record;
pub mod solve;
mod window;

use crate::game::{Game, MoveError};
use crate::geometry::{Cell, Geometry};
use crate::players::{self, ComputerPlayer};
use crate::rule::Rule;
use crate::rules::Player;
use cli::Command;
use std::fmt;

pub use window::{window_app, window_app_with};

/// Runs a subcommand: its standard output, or a one-line error ([`error_line`] has made it one
/// line).
pub fn run(command: Command) -> Result<String, String> {
    let answer = match command {
        Command::Move {
            player,
            start,
            seed,
            board,
            budget,
            cells,
        } => r#move::run(&player, start.into(), seed, board, budget, &cells),
        Command::Explain {
            player,
            start,
            board,
            cells,
        } => explain::run(&player, start.into(), board, &cells),
        Command::Solve {
            start,
            board,
            memory,
            cells,
        } => solve::run(board, start.into(), memory, &cells),
        Command::Arena {
            games,
            seed,
            board,
            budget,
            engines,
            save,
        } => arena::run(games, seed, board, budget, &engines, save.as_deref()),
        Command::Record { file, board } => record::run(&file, board),
        Command::Analyse {
            lines,
            budget,
            json,
            start,
            board,
            cells,
        } => analyse::run(lines.into(), budget, json, start.into(), board, &cells),
        Command::Pbrain => pbrain::run().map(|()| String::new()),
        Command::Forbidden {
            start,
            width,
            height,
            cells,
        } => forbidden::run(start.into(), width, height, &cells),
    };
    answer.map_err(|e| error_line(&e))
}

/// `text` on one line: every control character (a newline or CR inside an argument, an escape
/// byte) is shown escaped (`\n`, `\r`, `\u{1b}`), so that an error is always one line.
pub fn error_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch.is_control() {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    out
}

/// Why the cells given on the command line are not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCellsError {
    /// The `index`th cell (from 1) is not a number.
    NotACell {
        /// Its place in the list, from 1.
        index: usize,
        /// The text given.
        text: String,
        /// The board's number of cells.
        cells: usize,
    },
    /// The `index`th cell (from 1) is a number but not a possible move there.
    Illegal {
        /// Its place in the list, from 1.
        index: usize,
        /// Why the move cannot be made.
        error: MoveError,
    },
}

impl fmt::Display for ParseCellsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCellsError::NotACell { index, text, cells } => write!(
                f,
                "move {index}: '{}' is not a cell number (1-{cells})",
                error_line(text)
            ),
            ParseCellsError::Illegal { index, error } => write!(f, "move {index}: {error}"),
        }
    }
}

impl std::error::Error for ParseCellsError {}

/// The game reached by the cells given on the command line (numbers 1 to width·height, row-major
/// from the top-left, in play order, `start`'s first); the error names the first one that is not
/// a possible move, and why.
pub fn parse_game(g: Geometry, start: Player, cells: &[String]) -> Result<Game, ParseCellsError> {
    parse_game_under(g, Rule::Freestyle, start, cells)
}

/// [`parse_game`] under `rule` (a forbidden point of the first player is not a possible move).
pub fn parse_game_under(
    g: Geometry,
    rule: Rule,
    start: Player,
    cells: &[String],
) -> Result<Game, ParseCellsError> {
    let mut game = Game::new_under(g, rule, start);
    for (i, text) in cells.iter().enumerate() {
        let index = i + 1;
        let c: Cell = text.trim().parse().map_err(|_| ParseCellsError::NotACell {
            index,
            text: text.clone(),
            cells: g.cells(),
        })?;
        game.play_in_place(c)
            .map_err(|error| ParseCellsError::Illegal { index, error })?;
    }
    Ok(game)
}

/// The computer player called `name`, if it plays boards of `g`; else a one-line error that lists
/// the players (of the board).
pub fn player_for(g: Geometry, name: &str) -> Result<&'static dyn ComputerPlayer, String> {
    let player = players::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = players::all().iter().map(|p| p.name()).collect();
        format!(
            "unknown player '{}' (players: {})",
            error_line(name),
            names.join(", ")
        )
    })?;
    if !player.plays(g) {
        let names: Vec<&str> = players::for_board(g).iter().map(|p| p.name()).collect();
        return Err(format!(
            "{name} does not play the {g} board (players there: {})",
            names.join(", ")
        ));
    }
    Ok(player)
}

/// A progress bar or spinner on standard error when it is a terminal, with `template`
/// (indicatif's); hidden otherwise, so that scripts and pipes see only the answer.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn progress(template: &str, length: Option<u64>) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = match length {
        Some(n) => indicatif::ProgressBar::new(n),
        None => indicatif::ProgressBar::new_spinner(),
    };
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// A web page has no terminal (and offers no subcommands): no progress bar.
#[cfg(target_arch = "wasm32")]
pub(crate) fn progress(_template: &str, _length: Option<u64>) -> crate::web::NoProgress {
    crate::web::NoProgress
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parse_game_names_the_first_bad_cell() {
        let g = Geometry::LED;
        let e = |cells: &[&str]| parse_game(g, Player::X, &strings(cells)).unwrap_err();
        assert_eq!(
            e(&["5", "x"]),
            ParseCellsError::NotACell {
                index: 2,
                text: "x".into(),
                cells: 9
            }
        );
        assert_eq!(
            e(&["5", "5"]).to_string(),
            "move 2: cell 5 is already occupied by x"
        );
        assert_eq!(
            e(&["1\n2"]).to_string(),
            "move 1: '1\\n2' is not a cell number (1-9)"
        );
        let game = parse_game(g, Player::O, &strings(&["1", " 5 "])).unwrap();
        assert_eq!(game.moves(), [1, 5]);
        assert_eq!(game.state().occupant(1), Some(Player::O));
    }

    #[test]
    fn error_lines_escape_control_characters() {
        assert_eq!(error_line("a\nb\rc\u{1b}d é"), "a\\nb\\rc\\u{1b}d é");
        assert_eq!(error_line("plain"), "plain");
    }
}
