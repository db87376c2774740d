//! The program's `images`: draws the state and computes nothing else. What takes work to know —
//! the explanation shown, a computer's move — is worked out by `new_state` and kept in the state
//! ([`App::explained`], [`App::thinking`]).

use super::layout::{buttons, BoardLayout, Layout};
use super::state::{App, Score};
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
    if let Some((c, _)) = state.hint {
        images.extend(layout.board.cell_box(c).inset(9).outline(ORANGE));
    }
    if state.explain {
        images.extend(explanation_images(state, &layout));
    }
    if state.thinking.is_some() {
        let p = state.game.state().player_to_move();
        images.push(text(
            format!("{} thinking", p.symbol()),
            point(675, 750),
            layout.font(),
            GREY,
        ));
    }
    for b in buttons(state) {
        images.extend(b.images());
    }
    images.extend(score_display(&state.score, &layout));
    let hints = layout.key_hints();
    let caption = state.explain.then(|| explanation_caption(state)).flatten();
    for (i, (line, at)) in hints.iter().enumerate() {
        match &caption {
            Some(c) if i + 1 == hints.len() => images.push(text(c, *at, layout.font(), ORANGE)),
            _ => images.push(text(*line, *at, layout.font(), GREY)),
        }
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
    for c in game.occupied_cells() {
        let (mark, colour) = match game.occupant(c) {
            Some(Player::X) => ("x", BLUE),
            _ => ("o", GREEN),
        };
        images.push(text(mark, board.centre(c), font, colour));
    }
    images.extend(led::restart_button());
    images.push(if game.game_over() {
        led::game_result_display(game)
    } else {
        led::current_player_display(game)
    });
    images
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
    let id = state
        .explained
        .as_ref()
        .filter(|_| !state.game.state().game_over())?
        .player;
    let side = state.game.state().player_to_move();
    Some(if state.computer(side).is_some() {
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
