//! The command line's answers: what `tictactoe move`, `explain`, `solve` and `arena` print, as text
//! or a one-line error (the binary prints the error on standard error and exits with code 2).

use crate::cli::Command;
use std::io::IsTerminal;

/// Runs a subcommand: its standard output, or a one-line error.
pub fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Move {
            player,
            start,
            seed,
            board,
            cells,
        } => {
            let g = board.geometry()?;
            let cell = crate::engine::choose_move_on(g, &player, start.into(), seed, &cells)?;
            Ok(format!("{cell}\n"))
        }
        Command::Explain {
            player,
            start,
            board,
            cells,
        } => crate::explain::text::command(&player, start.into(), board.geometry()?, &cells),
        Command::Solve {
            start,
            board,
            cells,
        } => crate::solver::command(board.geometry()?, start.into(), &cells),
        Command::Arena { games, seed, board } => {
            let g = board.geometry()?;
            let players = crate::players::for_board(g);
            let bar = progress_bar();
            let mut tick = |done: usize, total: usize| {
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            };
            let table = crate::arena::arena_on(g, &players, games as usize, seed, &mut tick);
            bar.finish_and_clear();
            Ok(table.to_string())
        }
    }
}

/// A progress bar on standard error when it is a terminal; hidden otherwise, so scripts and pipes
/// see only the answer.
fn progress_bar() -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(0);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("arena {bar:40} {pos}/{len} games, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}
