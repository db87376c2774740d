//! `tictactoe record FILE`: a saved game printed on three kinds of line — the board and rule
//! (`15x15 k5 freestyle`), the moves as cell numbers separated by spaces, then the board as a grid
//! with its coordinates. FILE is a Piskvork `.psq` or a text file of cell numbers (on the board of
//! `--width/--height/--run` unless it names its own); a file that cannot be read is one line.

use super::cli::Board;
use crate::record;
use std::path::Path;

/// The subcommand: the record's text, or a one-line error naming the file.
pub fn run(file: &Path, board: Board) -> Result<String, String> {
    let default = board.geometry().map_err(|e| e.to_string())?;
    let (rec, _) =
        record::read_file(file, default).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(record::describe(&rec))
}
