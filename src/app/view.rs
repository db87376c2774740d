//! The program's `images`: draws the state and computes nothing else. What takes work to know —
//! the explanation shown, a computer's move — is worked out by `new_state` and kept in the state
//! ([`App::explained`], [`App::thinking`]).

use super::analysis;
use super::layout::{buttons, BoardLayout, Layout};
use super::state::{App, Score};
use crate::coordinates;
use crate::easel::{color, point, segment, text, Color, Image};
use crate::led::{self, BLACK, BLUE, GREEN, RED};
use crate::rules::Player;

/// GREY, for the key hints and the last move (an addition; the LED palette has no grey).
pub const GREY: Color = color(110, 110, 110);
/// ORANGE, for the keyboard's cursor and the hint (an addition).
pub const ORANGE: Color = color(255, 140, 0);

/// The program's `images`: on the LED board the LED program's images of Γ, on other boards the same
/// images through [`BoardLayout`]; then the winning line, the last move, the cursor and hint, the
/// buttons, the score and the key hints.
pub fn images(state: &App) -> Vec<Image> {
    let layout = state.layout();
    let game = state.game.state();
    let mut images = if layout.led {
        led::images(game)
    } else {
        board_images(state, &layout)
    };
    images.extend(winning_line(state, &layout.board));
    if !layout.led {
        if let Some(c) = state.game.last_move() {
            images.extend(layout.board.cell_box(c).inset(3).outline(GREY));
        }
        if let Some(c) = state.cursor {
            images.extend(layout.board.cell_box(c).inset(6).outline(ORANGE));
        }
    }
    images.extend(forbidden_crosses(state, &layout));
    if let Some((c, _)) = state.hint {
        images.extend(layout.board.cell_box(c).inset(9).outline(ORANGE));
    }
    let live = analysis::wanted(state);
    if state.explain && !analysis::explains_by_analysis(state.geometry()) {
        images.extend(explanation_images(state, &layout));
    }
    let report = state.analysing.report.as_ref().filter(|_| live);
    if let Some(r) = report {
        images.extend(analysis::board_images(r, &layout.board, game));
    }
    if state.analysing.graph_shown(state) {
        images.extend(analysis::graph_images(
            &state.analysing.curve,
            state.game.moves().len(),
            layout.graph_area(),
        ));
    }
    let busy = if state.thinking.is_some() {
        let p = state.game.state().player_to_move();
        Some(format!("{} thinking", p.symbol()))
    } else if state.hinting.is_some() {
        Some("hint thinking".to_string())
    } else if state.explaining.is_some() {
        Some("explain thinking".to_string())
    } else {
        None
    };
    if let Some(busy) = busy {
        images.push(text(busy, point(675, 750), layout.font(), GREY));
    }
    for b in buttons(state) {
        images.extend(b.images());
    }
    images.extend(score_display(&state.score, &layout));
    if let Some(line) = status_line(state) {
        images.push(text(elide(&line, 72), point(400, 14), 18, GREY));
    }
    let hints = layout.key_hints();
    let caption = state.explain.then(|| explanation_caption(state)).flatten();
    let status = report.map(|r| analysis::status_line(r, state.geometry(), 42));
    for (i, (line, at)) in hints.iter().enumerate() {
        if let Some(s) = status.as_ref().filter(|_| i == 0 && state.notice.is_none()) {
            images.push(text(s, *at, super::layout::SMALL_FONT, ORANGE));
            continue;
        }
        match (&state.notice, &caption) {
            (Some(n), _) if i == 0 => images.push(text(n, *at, layout.font(), RED)),
            (_, Some(c)) if i + 1 == hints.len() => {
                images.push(text(c, *at, layout.font(), ORANGE))
            }
            _ => images.push(text(*line, *at, layout.font(), GREY)),
        }
    }
    images
}

/// Under renju, on the first player's (black's) turn: a small red cross on each forbidden point.
fn forbidden_crosses(state: &App, layout: &Layout) -> Vec<Image> {
    let game = state.game.state();
    if game.game_over() || game.player_to_move() != game.start() {
        return Vec::new();
    }
    let half = (layout.board.cell_size() / 6).max(2);
    let mut images = Vec::new();
    for c in game.forbidden_points() {
        let m = layout.board.centre(c);
        let (x, y) = (m.x, m.y);
        images.push(segment(
            point(x - half, y - half),
            point(x + half, y + half),
            RED,
        ));
        images.push(segment(
            point(x - half, y + half),
            point(x + half, y - half),
            RED,
        ));
    }
    images
}

/// The LED program's images generalised to a board of any size: the grid, the marks scaled to the
/// cells, and the LED top line (whose turn, or the result, and the restart button) unchanged.
fn board_images(state: &App, layout: &Layout) -> Vec<Image> {
    let board = &layout.board;
    let game = state.game.state();
    let mut images = board.grid_display(BLACK);
    // A frame around the board: without one, the edge cells of a large board have no edge.
    images.extend(board.bounds().outline(BLACK));
    let font = layout.mark_font();
    for (i, &c) in state.game.moves().iter().enumerate() {
        let (mark, colour) = match game.occupant(c) {
            Some(Player::X) => ("x", BLUE),
            _ => ("o", GREEN),
        };
        if state.numbers {
            // The move number in the mark's colour, as large as fits the cell.
            let number = (i + 1).to_string();
            let chars = number.len() as u32;
            let size = (board.cell_size() as u32 * 100 / (61 * chars.max(2))).min(font);
            images.push(text(number, board.centre(c), size.max(6), colour));
        } else {
            images.push(text(mark, board.centre(c), font, colour));
        }
    }
    if state.coordinates {
        images.extend(coordinate_labels(board));
    }
    images.extend(led::restart_button());
    images.push(if let Some((loser, _)) = &state.forfeit {
        let colour = if *loser == Player::O { BLUE } else { GREEN };
        text(
            format!("{} won", loser.other().symbol()),
            point(200, 750),
            led::FONT_SIZE,
            colour,
        )
    } else if game.game_over() {
        led::game_result_display(game)
    } else {
        led::current_player_display(game)
    });
    images
}

/// The coordinates outside the grid, scaled with the cells: letters A, B, … above the columns,
/// numbers 1, 2, … left of the rows (counted from the top, as Gomocup's x,y).
fn coordinate_labels(board: &BoardLayout) -> Vec<Image> {
    let g = board.geometry();
    let bounds = board.bounds();
    let cell = board.cell_size();
    let size = (cell * 11 / 20).clamp(8, 22) as u32;
    let mut images = Vec::new();
    for column in 0..g.width() {
        let at = board.centre(g.cell(0, column));
        let label = coordinates::column_label(column).to_string();
        images.push(text(
            label,
            point(at.x, bounds.top + 4 + size as i32 / 2),
            size,
            GREY,
        ));
    }
    for row in 0..g.height() {
        let at = board.centre(g.cell(row, 0));
        let label = coordinates::row_label(row);
        images.push(text(
            label,
            point(bounds.left - 4 - size as i32 * 2 / 3, at.y),
            size,
            GREY,
        ));
    }
    images
}

/// The status line, at the bottom of the window: the app's message, or else the last move in
/// coordinates (`x h8, move 12`) on a board larger than 3 × 3.
pub fn status_line(state: &App) -> Option<String> {
    if let Some(s) = &state.status {
        return Some(s.clone());
    }
    let c = state.game.last_move()?;
    let p = state.game.state().occupant(c)?;
    (state.geometry() != crate::geometry::Geometry::LED).then(|| {
        format!(
            "{} {}, move {}",
            p.symbol(),
            coordinates::name(state.geometry(), c),
            state.game.moves().len()
        )
    })
}

/// At most `max` characters of `line`, its middle elided (a long path keeps its ends).
fn elide(line: &str, max: usize) -> String {
    let n = line.chars().count();
    if n <= max {
        return line.to_string();
    }
    let head: String = line.chars().take(max / 2 - 1).collect();
    let tail: String = line.chars().skip(n - (max - max / 2)).collect();
    format!("{head}...{tail}")
}

/// How the side to move's player sees the position, drawn on the board: a short label in every
/// empty cell (the weight, the square value, the move's value, the b-threads' bids, the chance),
/// orange on the cells it chooses among, grey on the others; and whose view it is, in the key
/// hints' place.
fn explanation_images(state: &App, layout: &Layout) -> Vec<Image> {
    let Some(e) = state
        .explained
        .as_ref()
        .and_then(|e| e.explanation.as_ref())
    else {
        return Vec::new();
    };
    let board = &layout.board;
    let cell = board.cell_size();
    let mut images = Vec::new();
    for c in state.geometry().game_board() {
        let Some(label) = e.label(c) else { continue };
        // As large as fits the cell with a margin, and no larger than a mark.
        let chars = label.chars().count().max(1) as i32;
        let font = ((cell - 8) * 100 / (61 * chars)).min(cell * 2 / 5).max(6) as u32;
        let colour = if e.chosen.contains(&c) { ORANGE } else { GREY };
        images.push(text(label, board.centre(c), font, colour));
    }
    images
}

/// Whose view `explain` shows, in the last key hint's place: "explain: weights for o".
fn explanation_caption(state: &App) -> Option<String> {
    if state.game.state().game_over() {
        return None;
    }
    let side = state.game.state().player_to_move();
    if analysis::explains_by_analysis(state.geometry()) {
        return Some(format!("explain: analysis for {}", side.symbol()));
    }
    let id = state.explained.as_ref()?.player;
    Some(if state.machine(side) {
        format!("{id} for {}: enter = its move", side.symbol())
    } else {
        format!("explain: {id} for {}", side.symbol())
    })
}

/// The winning line: three segments side by side in the winner's colour, from the centre of its
/// first cell to the centre of its last.
fn winning_line(state: &App, board: &BoardLayout) -> Vec<Image> {
    let Some((p, cells)) = state.game.state().winning_line() else {
        return Vec::new();
    };
    let colour = if p == Player::X { BLUE } else { GREEN };
    let (a, b) = (board.centre(cells[0]), board.centre(cells[cells.len() - 1]));
    let (dx, dy) = if a.y == b.y { (0, 1) } else { (1, 0) };
    (-1..=1)
        .map(|i| {
            segment(
                point(a.x + i * dx, a.y + i * dy),
                point(b.x + i * dx, b.y + i * dy),
                colour,
            )
        })
        .collect()
}

/// The score, one line per result, each in the colour of the LED result it counts.
pub fn score_display(score: &Score, layout: &Layout) -> Vec<Image> {
    let [x, o, d] = layout.score_points();
    let font = layout.font();
    let line = |label: &str, n: u32| {
        if layout.led {
            format!("{label:<10} {n:>3}")
        } else {
            format!("{label:<10} {n:>2}")
        }
    };
    vec![
        text(line("x won", score.x_won), x, font, BLUE),
        text(line("o won", score.o_won), o, font, GREEN),
        text(line("cat got it", score.drawn), d, font, RED),
    ]
}
