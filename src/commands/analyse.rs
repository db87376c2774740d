//! `tictactoe analyse`: what the search thinks of a position — its best moves, each with its value
//! and principal variation, then the depth, nodes and nodes/s — as text or as one JSON object.

use super::cli::{Board, SearchBudget};
use super::parse_game;
use super::solve::thousands;
use crate::geometry::Cell;
use crate::rules::Player;
use crate::search::analysis::{Analysis, Report, Score};
use crate::search::Limits;
use crate::value::Verdict;
use serde_json::{json, Value as Json};
use std::sync::atomic::AtomicBool;

/// The subcommand: the position reached by `cells` on `board` (`start` first) analysed with
/// `lines` lines within `budget` (1000 ms by default), as text or JSON; or a one-line error (as
/// for `move`).
pub fn run(
    lines: usize,
    budget: SearchBudget,
    json: bool,
    start: Player,
    board: Board,
    cells: &[String],
) -> Result<String, String> {
    let g = board.geometry().map_err(|e| e.to_string())?;
    let game = parse_game(g, start, cells).map_err(|e| e.to_string())?;
    let state = *game.state();
    if let Some(outcome) = state.outcome() {
        return Err(format!("the game is already over ({outcome})"));
    }
    let limits = budget.limits().unwrap_or(Limits::time(1000));
    let mut analysis = Analysis::new(&state, lines);
    let stop = AtomicBool::new(false);
    analysis.step(limits.nodes, limits.time, &stop);
    // At least one depth, whatever the budget.
    let report = match analysis.report() {
        Some(r) => r.clone(),
        None => analysis.first_report(),
    };
    let mover = state.player_to_move();
    Ok(if json {
        to_json(&report, mover).to_string() + "\n"
    } else {
        text(&report)
    })
}

/// A value as the text shows it: `W 7`, `L 4`, `D` (`W`, `L` where the plies were not counted),
/// or the side to move's chance to win, `0.62`.
pub fn value_text(score: &Score) -> String {
    match score {
        Score::Proven(v) => {
            let plies = v.plies.map(|p| format!(" {p}")).unwrap_or_default();
            match v.verdict {
                Verdict::Win => format!("W{plies}"),
                Verdict::Loss => format!("L{plies}"),
                Verdict::Draw => "D".to_string(),
            }
        }
        Score::Estimate(_) => format!("{:.2}", score.win_probability()),
    }
}

fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text: a line per move, best first (rank, move, value, principal variation), then the
/// depth, nodes and nodes/s.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    for (i, line) in report.lines.iter().enumerate() {
        out += &format!(
            "{:>2}. {:>3}  {:<5}  {}\n",
            i + 1,
            line.cell,
            value_text(&line.score),
            cells_text(&line.pv)
        );
    }
    out += &format!(
        "depth {}, {} nodes, {} nodes/s\n",
        report.depth,
        thousands(report.nodes),
        thousands(report.nps())
    );
    out
}

/// The JSON object: `{"to_move", "depth", "nodes", "nps", "lines": [{"move", "value", "pv"}]}`,
/// a value being `{"proven": "win"|"loss"|"draw", "plies": P}` (`null` plies where only the
/// solver knows the verdict) or `{"win_probability": Q}`.
pub fn to_json(report: &Report, mover: Player) -> Json {
    let lines: Vec<Json> = report
        .lines
        .iter()
        .map(|line| {
            let value = match line.score {
                Score::Proven(v) => json!({
                    "proven": match v.verdict {
                        Verdict::Win => "win",
                        Verdict::Draw => "draw",
                        Verdict::Loss => "loss",
                    },
                    "plies": v.plies,
                }),
                Score::Estimate(_) => json!({
                    "win_probability": (line.score.win_probability() * 1000.0).round() / 1000.0,
                }),
            };
            json!({ "move": line.cell, "value": value, "pv": line.pv })
        })
        .collect();
    json!({
        "to_move": mover.symbol(),
        "depth": report.depth,
        "nodes": report.nodes,
        "nps": report.nps(),
        "lines": lines,
    })
}
