//! The window's options (`tictactoe` without a subcommand): the seats, the start, the seed, the
//! board, the moves already played (`--moves`), `--explain`, `--open FILE` and
//! `--reset-settings`, checked before the window opens; and the settings kept between runs, read
//! here (the command line's options win over them).

use super::cli::{Board, Cli, Side};
use super::{error_line, parse_game_under};
use crate::app::{apply_settings, App, Seat};
use crate::rule::Rule;
use crate::settings::Settings;

/// The window's first state from the command line, or a one-line error (a player that does not
/// play the board, a bad cell in `--moves`, a file `--open` cannot read).
pub fn window_app(cli: &Cli) -> Result<App, String> {
    window_app_with(cli, None).map_err(|e| error_line(&e))
}

/// The window's first state from the settings kept (when the command line leaves a choice at its
/// default) and the command line.
pub fn window_app_with(cli: &Cli, settings: Option<&Settings>) -> Result<App, String> {
    let mut app = App::new(Seat::Human, Seat::Human, cli.start.into(), cli.seed);
    let defaults = cli.x == "human"
        && cli.o == "human"
        && cli.start == Side::X
        && cli.board
            == (Board {
                width: 3,
                height: 3,
                run: 3,
                rule: Rule::Freestyle,
            })
        && cli.moves.is_empty();
    if let (Some(s), true) = (settings, defaults) {
        app = apply_settings(app, s);
    } else if let Some(s) = settings {
        // The command line chose the game; the toggles and scores are still the kept ones.
        let kept = apply_settings(App::default(), s);
        app.engines = kept.engines.clone();
        app.coordinates = kept.coordinates;
        app.numbers = kept.numbers;
        let g = kept.geometry();
        app.scores = kept.scores;
        app.scores
            .insert((g.width(), g.height(), g.run()), kept.score);
        // The app is on 3 × 3 until the board is chosen below.
        app.score = app.scores.remove(&(3, 3, 3)).unwrap_or_default();
    }
    if !defaults || settings.is_none() {
        let g = cli.board.geometry().map_err(|e| e.to_string())?;
        app.x_seat = app.seat_named(&cli.x).unwrap_or_default();
        app.o_seat = app.seat_named(&cli.o).unwrap_or_default();
        app.game = crate::game::Game::new(app.geometry(), cli.start.into());
        app = app.on_board(g);
        for (name, side) in [(&cli.x, "x"), (&cli.o, "o")] {
            if crate::players::by_name(name).is_some_and(|p| !p.plays(g)) {
                return Err(format!("{name} does not play the {g} board (as {side})"));
            }
        }
        if let Some(name) = [&cli.x, &cli.o].into_iter().find(|name| {
            crate::players::by_name(name).is_some_and(|p| !p.plays_rule(cli.board.rule))
        }) {
            return Err(format!(
                "{name} plays freestyle only, not {}",
                cli.board.rule
            ));
        }
        app.game = parse_game_under(g, cli.board.rule, cli.start.into(), &cli.moves)
            .map_err(|e| e.to_string())?;
    }
    if let Some(path) = &cli.open {
        let default = cli.board.geometry().map_err(|e| e.to_string())?;
        let (rec, _) = crate::record::read_file(path, default)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        app = app.on_board(rec.game.geometry());
        app.game = rec.game;
        app.status = Some(format!("opened {}", path.display()));
    }
    app.explain = cli.explain;
    Ok(app)
}
