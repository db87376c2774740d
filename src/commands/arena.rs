//! `tictactoe arena`: every computer player of the board against every other, both sides, and
//! against the exhaustive adversary (3 × 3 only), printed as a table.

use super::cli::{Board, SearchBudget};
use crate::arena::{arena_on, ArenaProgress, ArenaTable};
use crate::geometry::Geometry;
use crate::players::search::{SearchPlayer, SEARCH};
use crate::players::ComputerPlayer;
use std::fmt::{self, Write as _};

/// The subcommand: the table, or a one-line error. On a terminal, a progress bar counts the games
/// on standard error.
pub fn run(games: u32, seed: u64, board: Board, budget: SearchBudget) -> Result<String, String> {
    let g = board.geometry().map_err(|e| e.to_string())?;
    // Off 3 × 3, perfect plays a board only if the solver proves it within a move's budget; that
    // first proof can take seconds, so a terminal is told.
    let spinner = super::progress("{spinner} {elapsed} {wide_msg}", None);
    if g != Geometry::LED {
        spinner.set_message(format!("perfect: proving {g} first…"));
        spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    }
    let roster = crate::players::for_board(g);
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
    let table = arena_on(g, &players, games as usize, seed, &mut tick);
    bar.finish_and_clear();
    let searching = players.iter().any(|p| p.name() == search.name());
    Ok(text(&table, searching.then(|| budget.describe())))
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
    writeln!(
        f,
        "Arena: {}×{}, {} in a row; {} games per ordered pairing, seed {}, x moves first.",
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
