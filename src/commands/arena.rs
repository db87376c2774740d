//! `tictactoe arena`: every computer player of the board against every other, both sides, and
//! against the exhaustive adversary (3 × 3 only), printed as a table.

use super::cli::{Board, SearchBudget};
use crate::arena::{arena_under, ArenaProgress, ArenaTable};
use crate::geometry::Geometry;
use crate::players::search::{SearchPlayer, SEARCH};
use crate::players::ComputerPlayer;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

/// The subcommand: the table, or a one-line error. On a terminal, a progress bar counts the games
/// on standard error. External `engines` join the table (after ours); with `save`, every game is
/// written there as a `.psq`.
pub fn run(
    games: u32,
    seed: u64,
    board: Board,
    budget: SearchBudget,
    engines: &[PathBuf],
    save: Option<&Path>,
) -> Result<String, String> {
    let g = board.geometry().map_err(|e| e.to_string())?;
    // Off 3 × 3, perfect plays a board only if the solver proves it within a move's budget; that
    // first proof can take seconds, so a terminal is told.
    let spinner = super::progress("{spinner} {elapsed} {wide_msg}", None);
    if g != Geometry::LED {
        spinner.set_message(format!("perfect: proving {g} first…"));
        spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    }
    let roster: Vec<_> = crate::players::for_board(g)
        .into_iter()
        .filter(|p| p.plays_rule(board.rule))
        .collect();
    spinner.finish_and_clear();
    // The search player with the arena's budget, in the roster's place.
    let search = SearchPlayer::new(budget.limits().unwrap_or(SEARCH.limits));
    let players: Vec<&dyn ComputerPlayer> = roster
        .into_iter()
        .map(|p| {
            if p.name() == search.name() {
                &search
            } else {
                p
            }
        })
        .collect();
    // Off 3 × 3 perfect proves every move it makes (up to 16 million nodes a move), so its
    // pairings take most of the time: the bar names the pairing being played.
    let bar = super::progress(
        "arena {bar:20} {pos}/{len} games {elapsed} ({eta} left) {wide_msg}",
        Some(0),
    );
    let mut tick = |p: &ArenaProgress| {
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        if let Some((x, o)) = p.next {
            let proving = if g != Geometry::LED && (x == "perfect" || o == "perfect") {
                ": perfect proves each move"
            } else {
                ""
            };
            bar.set_message(format!("{x} v {o}{proving}"));
        }
    };
    let searching = players.iter().any(|p| p.name() == search.name());
    if engines.is_empty() && save.is_none() {
        let table = arena_under(g, board.rule, &players, games as usize, seed, &mut tick);
        bar.finish_and_clear();
        return Ok(text(&table, searching.then(|| budget.describe())));
    }
    let mut counted = |done: usize, total: usize| {
        tick(&ArenaProgress {
            done,
            total,
            next: None,
        })
    };
    with_engines(
        g,
        board.rule,
        &players,
        games,
        seed,
        budget,
        engines,
        save,
        &mut counted,
    )
    .inspect(|_| bar.finish_and_clear())
    .map(|(table, tail)| text(&table, searching.then(|| budget.describe())) + &tail)
}

/// The arena with external engines among the players, or saving its games: the table, and the
/// lines that follow it (each engine's fault; where the games went).
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::too_many_arguments)]
fn with_engines(
    g: Geometry,
    rule: crate::rule::Rule,
    ours: &[&dyn ComputerPlayer],
    games: u32,
    seed: u64,
    budget: SearchBudget,
    engines: &[PathBuf],
    save: Option<&Path>,
    tick: &mut dyn FnMut(usize, usize),
) -> Result<(ArenaTable, String), String> {
    use crate::contest::{arena_with_engines, Contestant};
    use crate::external::{Engine, EngineCommand, Limits};
    let limits = Limits {
        turn: std::time::Duration::from_millis(budget.think.unwrap_or(1000)),
        game_type: 1,
        ..Limits::default()
    };
    let mut players: Vec<Contestant> = ours.iter().map(|&p| Contestant::Ours(p)).collect();
    for path in engines {
        if !path.is_file() {
            return Err(format!("--engine {}: no such file", path.display()));
        }
        let engine = Engine::new(EngineCommand::path(path), limits);
        players.push(Contestant::Engine(Box::new(engine)));
    }
    let (table, saved, faults) =
        arena_with_engines(g, rule, &mut players, games as usize, seed, save, tick).map_err(
            |e| {
                format!(
                    "--save {}: {e}",
                    save.map_or(String::new(), |p| p.display().to_string())
                )
            },
        )?;
    let mut tail = String::new();
    if !faults.is_empty() {
        let _ = writeln!(tail, "\nFaults (each cost the engine its game):");
        for f in &faults {
            let _ = writeln!(tail, "  {f}");
        }
    }
    if let Some(dir) = save {
        let _ = writeln!(tail, "\n{} games saved in {}", saved.len(), dir.display());
    }
    Ok((table, tail))
}

#[cfg(target_arch = "wasm32")]
#[allow(clippy::too_many_arguments)]
fn with_engines(
    _: Geometry,
    _: crate::rule::Rule,
    _: &[&dyn ComputerPlayer],
    _: u32,
    _: u64,
    _: SearchBudget,
    _: &[PathBuf],
    _: Option<&Path>,
    _: &mut dyn FnMut(usize, usize),
) -> Result<(ArenaTable, String), String> {
    Err("external engines and saved games need the desktop program".into())
}

/// The table as text: the heading (with the search player's budget a move, when it plays), the
/// pairings, and the rows against the exhaustive adversary.
pub fn text(table: &ArenaTable, search_budget: Option<String>) -> String {
    let mut out = String::new();
    write_table(&mut out, table, search_budget).expect("write to a string");
    out
}

fn write_table(f: &mut String, t: &ArenaTable, search_budget: Option<String>) -> fmt::Result {
    let g = t.geometry;
    let rule = match t.rule {
        crate::rule::Rule::Freestyle => String::new(),
        rule => format!(" under {rule}"),
    };
    writeln!(
        f,
        "Arena: {}×{}, {} in a row{rule}; {} games per ordered pairing, seed {}, x moves first.",
        g.width(),
        g.height(),
        g.run(),
        t.games,
        t.seed
    )?;
    if let Some(budget) = search_budget {
        writeln!(f, "search thinks {budget} a move.")?;
    }
    writeln!(f, "Won, drawn and lost count from the row player's side.")?;
    writeln!(f)?;
    let heading: [&dyn fmt::Display; 4] = [&"games", &"won", &"drawn", &"lost"];
    line(f, "x (row)", "o", heading)?;
    for r in &t.pairings {
        let s = &r.tally;
        line(f, r.x, r.o, [&s.total(), &s.won, &s.drawn, &s.lost])?;
    }
    if t.adversary.is_empty() {
        return Ok(());
    }
    writeln!(f)?;
    writeln!(
        f,
        "Against the exhaustive adversary (every reply tried; x moves first; finished games):"
    )?;
    writeln!(f)?;
    line(f, "player", "as", heading)?;
    for r in &t.adversary {
        let s = &r.tally;
        line(
            f,
            r.player,
            r.side.symbol(),
            [&s.total(), &s.won, &s.drawn, &s.lost],
        )?;
    }
    Ok(())
}

/// One line of the table: two names, then the games and how they ended.
fn line(f: &mut String, a: &str, b: &str, cells: [&dyn fmt::Display; 4]) -> fmt::Result {
    let [games, won, drawn, lost] = cells;
    writeln!(
        f,
        "{a:<10} {b:<10} {games:>7} {won:>7} {drawn:>7} {lost:>7}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::arena;

    #[test]
    fn the_table_names_the_seed_the_players_and_the_adversary() {
        let players = crate::players::all();
        let a = arena(&players, 3, 7);
        let t = text(&a, Some("9 nodes".into()));
        assert_eq!(t, text(&arena(&players, 3, 7), Some("9 nodes".into())));
        let lines: Vec<&str> = t.lines().collect();
        assert!(
            lines[0].starts_with("Arena: 3×3, 3 in a row; 3 games") && lines[0].contains("seed 7")
        );
        assert_eq!(lines[1], "search thinks 9 nodes a move.");
        assert!(t.contains("adversary"));
        for r in &a.pairings {
            let row = format!("{:<10} {:<10} {:>7}", r.x, r.o, 3);
            assert!(t.contains(&row), "{row} in\n{t}");
        }
        assert!(!text(&a, None).contains("search thinks"));
    }
}
