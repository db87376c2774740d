//! Live analysis in the window (issue 16): what is drawn of an analysis report — the top moves in
//! their cells, ranked, each with its value; the best line as small numbered ghost marks; the line
//! under the board (depth, nodes/s, the best line in coordinates) — and the evaluation graph
//! (x's win probability after every move), with the point a click is on.
//!
//! Everything here computes images from data the state holds; the analysis itself runs on the
//! worker thread ([`crate::search::analysis::run_paced`]).

use crate::easel::{color, point, segment, text, Color, Image};
use crate::geometry::{Cell, Geometry};
use super::layout::{BoardLayout, Rect};
use crate::rules::{Player, State};
use crate::search::analysis::{Report, Score};
use crate::value::Verdict;

/// The moves shown on the board.
pub const SHOWN_LINES: usize = 5;

/// The best move's colour (orange) and the other shown moves' (grey).
const BEST: Color = color(255, 140, 0);
const OTHER: Color = color(110, 110, 110);
/// The ghost marks of the best line: x's and o's colours, faded.
const GHOST_X: Color = color(130, 130, 255);
const GHOST_O: Color = color(60, 170, 60);

/// A value as a cell shows it: `W3`, `L4`, `D`, or the side to move's chance to win in percent.
pub fn cell_label(score: &Score) -> String {
    match score {
        Score::Proven(v) => {
            let plies = v.plies.map(|p| p.to_string()).unwrap_or_default();
            match v.verdict {
                Verdict::Win => format!("W{plies}"),
                Verdict::Loss => format!("L{plies}"),
                Verdict::Draw => "D".to_string(),
            }
        }
        Score::Estimate(_) => format!("{:.0}%", score.win_probability() * 100.0),
    }
}

/// A cell's name: its column's letter and its row's number counted from the bottom, `h8` (the
/// gomoku convention; columns skip no letter).
pub fn cell_name(g: Geometry, c: Cell) -> String {
    let (row, column) = g.row_column(c);
    let letter = char::from(b'a' + (column % 26) as u8);
    format!("{letter}{}", g.height() - row)
}

/// The top moves of `report` in their cells (rank and value; the best in orange), and the best
/// line's moves after the first as ghost marks numbered from 2 in the mover's faded colour.
pub fn board_images(report: &Report, board: &BoardLayout, state: &State) -> Vec<Image> {
    let cell = board.cell_size();
    let mut images = Vec::new();
    let mover = state.player_to_move();
    if let Some(best) = report.lines.first() {
        for (i, &c) in best.pv.iter().enumerate().skip(1) {
            let p = if i % 2 == 0 { mover } else { mover.other() };
            let colour = if p == Player::X { GHOST_X } else { GHOST_O };
            let font = (cell * 2 / 5).max(7) as u32;
            images.push(text(
                format!("{}{}", p.symbol(), i + 1),
                board.centre(c),
                font,
                colour,
            ));
        }
    }
    for (rank, line) in report.lines.iter().take(SHOWN_LINES).enumerate() {
        let label = cell_label(&line.score);
        let b = board.cell_box(line.cell);
        let chars = label.chars().count().max(1) as i32;
        let font = ((cell - 6) * 100 / (61 * chars)).min(cell * 2 / 5).max(7) as u32;
        let colour = if rank == 0 { BEST } else { OTHER };
        images.push(text(label, b.centre(), font, colour));
        let small = (cell / 4).max(6) as u32;
        images.push(text(
            (rank + 1).to_string(),
            point(b.left + cell / 6, b.top - cell / 6),
            small,
            colour,
        ));
        images.extend(b.inset(2).outline(colour));
    }
    images
}

/// The line under the board: depth, nodes/s, the best move's value and the best line in
/// coordinates (as many moves as fit in `chars` characters).
pub fn status_line(report: &Report, g: Geometry, chars: usize) -> String {
    let mut s = format!("depth {}  {} n/s", report.depth, short_count(report.nps()));
    if let Some(best) = report.lines.first() {
        s += &format!("  {} ", cell_label(&best.score));
        for c in &best.pv {
            let name = cell_name(g, *c);
            if s.chars().count() + name.len() + 1 > chars {
                break;
            }
            s += " ";
            s += &name;
        }
    }
    s
}

/// 1234567 → "1.2M", 12345 → "12k".
fn short_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// The evaluation graph in `area`: x's win probability after each move (`points[0]` before the
/// first), a line from point to point, the 50 % line, and the current move (`at`) marked.
pub fn graph_images(points: &[f64], at: usize, area: Rect) -> Vec<Image> {
    let mut images = area.outline(OTHER);
    let mid = (area.bottom + area.top) / 2;
    images.push(segment(
        point(area.left, mid),
        point(area.right, mid),
        color(200, 200, 200),
    ));
    let xy = |i: usize, p: f64| graph_point(area, points.len(), i, p);
    for (i, pair) in points.windows(2).enumerate() {
        images.push(segment(xy(i, pair[0]), xy(i + 1, pair[1]), BEST));
    }
    if let Some(&p) = points.get(at) {
        let c = xy(at, p);
        images.extend(Rect::new(c.x - 3, c.y - 3, c.x + 3, c.y + 3).outline(color(0, 0, 0)));
    }
    images
}

/// Where point `i` of `n` with probability `p` is drawn in `area`.
fn graph_point(area: Rect, n: usize, i: usize, p: f64) -> crate::easel::Point {
    let span = (n.max(2) - 1) as f64;
    let x = area.left as f64 + (area.width() as f64) * i as f64 / span;
    let y = area.bottom as f64 + area.height() as f64 * p.clamp(0.0, 1.0);
    point(x.round() as i32, y.round() as i32)
}

/// The point of the graph a click at (`x`, `y`) is on: the nearest move's index, if the click
/// is in `area` and the graph has `n` points.
pub fn graph_hit(area: Rect, n: usize, x: f32, y: f32) -> Option<usize> {
    if n == 0 || !area.strictly_contains(x, y) {
        return None;
    }
    let span = (n.max(2) - 1) as f32;
    let i = ((x - area.left as f32) / area.width() as f32 * span).round() as usize;
    Some(i.min(n - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::analysis::Line;
    use crate::value::Value;
    use std::time::Duration;

    #[test]
    fn cells_are_named_by_column_letter_and_row_from_the_bottom() {
        let g = Geometry::new(15, 15, 5).unwrap();
        assert_eq!(cell_name(g, 1), "a15");
        assert_eq!(cell_name(g, 113), "h8");
        assert_eq!(cell_name(g, 225), "o1");
    }

    #[test]
    fn labels_show_proofs_and_chances() {
        assert_eq!(cell_label(&Score::Proven(Value::win(3))), "W3");
        assert_eq!(cell_label(&Score::Proven(Value::loss(4))), "L4");
        assert_eq!(cell_label(&Score::Proven(Value::draw(9))), "D");
        assert_eq!(cell_label(&Score::Estimate(0)).chars().last(), Some('%'));
    }

    #[test]
    fn the_graph_hits_the_nearest_move_and_nothing_outside() {
        let area = Rect::new(600, 100, 800, 200);
        assert_eq!(graph_hit(area, 11, 601.0, 150.0), Some(0));
        assert_eq!(graph_hit(area, 11, 699.0, 150.0), Some(5));
        assert_eq!(graph_hit(area, 11, 799.0, 150.0), Some(10));
        assert_eq!(graph_hit(area, 11, 500.0, 150.0), None);
        assert_eq!(graph_hit(area, 0, 700.0, 150.0), None);
        // Every point drawn is hit where it is drawn.
        for n in [1, 2, 7, 40] {
            for i in 0..n {
                let p = graph_point(area, n, i, 0.5);
                let x = (p.x as f32).clamp(area.left as f32 + 0.5, area.right as f32 - 0.5);
                assert_eq!(graph_hit(area, n, x, p.y as f32), Some(i), "{i} of {n}");
            }
        }
    }

    #[test]
    fn the_board_shows_the_top_moves_and_the_line() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let state = State::from_cells(g, Player::X, &[113]).unwrap();
        let line = |cell, pv: Vec<Cell>| Line {
            cell,
            score: Score::Estimate(10),
            pv,
        };
        let report = Report {
            depth: 3,
            nodes: 1000,
            elapsed: Duration::from_millis(10),
            lines: vec![line(97, vec![97, 98, 99]), line(99, vec![99])],
            finished: false,
        };
        let board = BoardLayout::new(g, Rect::new(20, 110, 600, 710));
        let images = board_images(&report, &board, &state);
        let texts: Vec<&str> = images
            .iter()
            .filter_map(|i| match i {
                Image::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(texts.contains(&"x2") && texts.contains(&"o3"), "{texts:?}");
        assert!(texts.contains(&"1") && texts.contains(&"2"), "{texts:?}");
        let s = status_line(&report, g, 60);
        assert!(s.starts_with("depth 3  100k n/s"), "{s}");
        assert!(s.ends_with("g9 h9 i9"), "{s}");
    }
}
