//! The command line's answers: what `tictactoe move`, `explain`, `solve` and `arena` print, as text
//! or a one-line error (the binary prints the error on standard error and exits with code 2).

use crate::app::App;
use crate::cli::{Cli, Command};
use crate::players::search::{SearchPlayer, SEARCH};
use crate::players::ComputerPlayer;
use std::io::IsTerminal;

pub mod analyse;

/// Runs a subcommand: its standard output, or a one-line error.
pub fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Move {
            player,
            start,
            seed,
            board,
            budget,
            cells,
        } => {
            let g = board.geometry()?;
            let custom;
            let chosen: &dyn ComputerPlayer = match budget.limits() {
                Some(limits) if player == SEARCH.name() => {
                    custom = SearchPlayer::new(limits);
                    &custom
                }
                Some(_) => {
                    return Err(format!(
                        "--think and --nodes are options of the search player, not of {player}"
                    ))
                }
                None => crate::engine::player_for(g, &player)?,
            };
            let cell = crate::engine::choose_move_with(g, chosen, start.into(), seed, &cells)?;
            Ok(format!("{cell}\n"))
        }
        Command::Explain {
            player,
            start,
            board,
            cells,
        } => crate::explain::text::command(&player, start.into(), board.geometry()?, &cells),
        Command::Analyse {
            lines,
            budget,
            json,
            start,
            board,
            cells,
        } => analyse::command(
            board.geometry()?,
            start.into(),
            lines.into(),
            budget,
            json,
            &cells,
        ),
        Command::Solve {
            start,
            board,
            cells,
        } => crate::solver::command(board.geometry()?, start.into(), &cells),
        Command::Arena {
            games,
            seed,
            board,
            budget,
        } => {
            let g = board.geometry()?;
            // The search player with the arena's budget, in the roster's place.
            let search = SearchPlayer::new(budget.limits().unwrap_or(SEARCH.limits));
            let players: Vec<&dyn ComputerPlayer> = crate::players::for_board(g)
                .into_iter()
                .map(|p| {
                    if p.name() == search.name() {
                        &search
                    } else {
                        p
                    }
                })
                .collect();
            let bar = progress_bar();
            let mut tick = |done: usize, total: usize| {
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            };
            let table = crate::arena::arena_on(g, &players, games as usize, seed, &mut tick);
            bar.finish_and_clear();
            let mut text = table.to_string();
            if players.iter().any(|p| p.name() == search.name()) {
                let at = text.find('\n').map_or(text.len(), |i| i + 1);
                text.insert_str(
                    at,
                    &format!("search thinks {} a move.\n", budget.describe()),
                );
            }
            Ok(text)
        }
        Command::Pbrain => crate::pbrain::run_stdio().map(|()| String::new()),
    }
}

/// The window's first state from the command line: seats, start, seed, board, the moves already
/// played (`--moves`) and whether it explains (`--explain`); or a one-line error.
pub fn window_app(cli: &Cli) -> Result<App, String> {
    let g = cli.board.geometry()?;
    let mut app = App::new(&cli.x, &cli.o, cli.start.into(), cli.seed).on_board(g);
    for (name, side) in [(&cli.x, "x"), (&cli.o, "o")] {
        if crate::players::by_name(name).is_some_and(|p| !p.plays(g)) {
            return Err(format!("{name} does not play the {g} board (as {side})"));
        }
    }
    app.game = crate::engine::parse_game(g, cli.start.into(), &cli.moves)?;
    app.explain = cli.explain;
    Ok(app)
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
