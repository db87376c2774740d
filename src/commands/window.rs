//! The window's options (`tictactoe` without a subcommand): the seats, the start, the seed, the
//! board, the moves already played (`--moves`) and `--explain`, checked before the window opens.

use super::cli::Cli;
use super::{error_line, parse_game};
use crate::app::{App, Seat};

/// The window's first state from the command line, or a one-line error (a player that does not
/// play the board, a bad cell in `--moves`).
pub fn window_app(cli: &Cli) -> Result<App, String> {
    app(cli).map_err(|e| error_line(&e))
}

fn app(cli: &Cli) -> Result<App, String> {
    let g = cli.board.geometry().map_err(|e| e.to_string())?;
    let seat = |name: &str| Seat::named(name).unwrap_or_default();
    let mut app = App::new(seat(&cli.x), seat(&cli.o), cli.start.into(), cli.seed).on_board(g);
    for (name, side) in [(&cli.x, "x"), (&cli.o, "o")] {
        if crate::players::by_name(name).is_some_and(|p| !p.plays(g)) {
            return Err(format!("{name} does not play the {g} board (as {side})"));
        }
    }
    app.game = parse_game(g, cli.start.into(), &cli.moves).map_err(|e| e.to_string())?;
    app.explain = cli.explain;
    Ok(app)
}
