//! `tictactoe explain`: an [`Explanation`] as text, for scripts and the README.
//!
//! The first `height` lines are the board as a grid, one column per cell, right-aligned: each free
//! cell's label ([`CellNote::label`]) and each occupied cell's mark (`x`, `o`). For `weights` the
//! occupied cells show `0` instead, as in seed 004's diagrams (the seed's grid has a weight in every
//! cell, 0 where a mark stands), so the grid is the seed's. Then the caption
//! ([`Explanation::caption`]), and for `bp` every free cell's O event with the b-threads that request
//! it and those that block it, and the b-threads that block some event.

use super::cli::Board;
use super::player_for;
use crate::bp::tictactoe::Event;
use crate::explain::{event_text, explain, priority_text, Bidder, CellNote, Explanation, Kind};
use crate::rules::Player;
use std::fmt::{self, Write as _};

/// The grid of an explanation: one line per row (see the module documentation).
pub struct Grid<'a>(pub &'a Explanation);

impl fmt::Display for Grid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.0;
        let g = e.state.geometry();
        let text: Vec<String> = g
            .game_board()
            .map(|c| match (e.state.occupant(c), &e.kind) {
                (Some(_), Kind::Weights { .. }) => "0".to_string(),
                (Some(p), _) => p.symbol().to_string(),
                (None, _) => e.label(c).unwrap_or_else(|| ".".to_string()),
            })
            .collect();
        let width = text.iter().map(|t| t.chars().count()).max().unwrap_or(1);
        for row in text.chunks(g.width()) {
            let cells: Vec<String> = row.iter().map(|t| format!("{t:>width$}")).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

/// "Name priority, Name priority", or "none".
fn bidders(bs: &[Bidder]) -> String {
    if bs.is_empty() {
        return "none".to_string();
    }
    bs.iter()
        .map(|b| format!("{} {}", b.name, priority_text(b.priority)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The whole text of `tictactoe explain`: the grid, the caption, and for `bp` the bids.
pub fn render(e: &Explanation) -> String {
    let mut out = Grid(e).to_string();
    writeln!(out, "{}", e.caption()).expect("write to a string");
    if let Kind::Bp(view) = &e.kind {
        for c in e.state.legal_moves() {
            if let Some(CellNote::Bids {
                requested_by,
                blocked_by,
            }) = e.note(c)
            {
                let _ = writeln!(
                    out,
                    "cell {c} {}: requested by {}; blocked by {}",
                    event_text(Event::at_cell(Player::O, c)),
                    bidders(requested_by),
                    bidders(blocked_by)
                );
            }
        }
        // The blocking bids, grouped by b-thread kind: what keeps the other events from happening.
        let mut kinds: Vec<(&str, usize, Vec<Event>)> = Vec::new();
        for t in view
            .snapshot
            .threads
            .iter()
            .filter(|t| !t.blocked.is_empty())
        {
            let mut blocked = t.blocked.clone();
            match kinds.iter_mut().find(|(n, _, _)| *n == t.name) {
                Some((_, count, events)) => {
                    *count += 1;
                    blocked.retain(|x| !events.contains(x));
                    events.extend(blocked);
                }
                None => kinds.push((t.name, 1, blocked)),
            }
        }
        for (name, count, mut events) in kinds {
            events.sort();
            let shown: Vec<String> = if events.len() == crate::players::bp::events().len() {
                vec!["every event".to_string()]
            } else {
                events.into_iter().map(event_text).collect()
            };
            let _ = writeln!(
                out,
                "{name} ({count} b-thread{}) blocks {}",
                if count == 1 { "" } else { "s" },
                shown.join(" ")
            );
        }
    }
    out
}

/// `tictactoe explain --player NAME [--start x|o] [--width W --height H --run K] CELL ...`: the
/// text of the explanation of the game reached by `cells` (as `tictactoe move` reads them), or a
/// one-line error: an unknown player, a player that does not play the board or cannot explain
/// itself, a bad cell, a finished game.
pub fn run(player: &str, start: Player, board: Board, cells: &[String]) -> Result<String, String> {
    let g = board.geometry().map_err(|e| e.to_string())?;
    let chosen = player_for(g, player)?;
    if !chosen.plays_rule(board.rule) {
        return Err(format!("{player} plays freestyle only, not {}", board.rule));
    }
    let game = super::parse_game_under(g, board.rule, start, cells).map_err(|e| e.to_string())?;
    let player = chosen;
    explain(player, &game)
        .map(|e| render(&e))
        .map_err(|e| e.to_string())
}
