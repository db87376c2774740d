//! The LED program's display and input (seed 002 (11)–(48), SPEC.md §2), definition by definition.
//!
//! `images` computes the whole display from the state; `new_state` computes the next state from the
//! input of a frame. Both are pure. The layout is the LED program's own, for its 3 × 3 board, in Easel
//! coordinates (origin bottom-left, y up).

use crate::easel::{color, point, segment, text, Color, Image, Input, Point};
use crate::geometry::Cell;
use crate::rules::{Player, State};

/// `BLACK := color(0, 0, 0)` (11).
pub const BLACK: Color = color(0, 0, 0);
/// `WHITE := color(255, 255, 255)` (12).
pub const WHITE: Color = color(255, 255, 255);
/// `BLUE := color(0, 0, 255)` (13).
pub const BLUE: Color = color(0, 0, 255);
/// `GREEN := color(0, 255, 0)` (14).
pub const GREEN: Color = color(0, 255, 0);
/// `RED := color(255, 0, 0)` (15).
pub const RED: Color = color(255, 0, 0);

/// `fontSize := 36` (17).
pub const FONT_SIZE: u32 = 36;

/// `gridDisplay := {L1, L2, L3, L4}` (16): the two vertical and two horizontal BLACK lines.
pub fn grid_display() -> Vec<Image> {
    vec![
        segment(point(200, 700), point(200, 400), BLACK),
        segment(point(300, 700), point(300, 400), BLACK),
        segment(point(100, 600), point(400, 600), BLACK),
        segment(point(100, 500), point(400, 500), BLACK),
    ]
}

/// `centerX(c) := 150 + 100 × ((c − 1) mod 3)` (18).
pub fn center_x(c: Cell) -> i32 {
    150 + 100 * ((c as i32 - 1) % 3)
}

/// `centerY(c) := 650 − 100 × ⌊(c − 1) / 3⌋` (19).
pub fn center_y(c: Cell) -> i32 {
    650 - 100 * ((c as i32 - 1) / 3)
}

/// `xImage(c) := text("x", point(centerX(c), centerY(c)), fontSize, BLUE)` (20).
pub fn x_image(c: Cell) -> Image {
    text("x", point(center_x(c), center_y(c)), FONT_SIZE, BLUE)
}

/// `oImage(c) := text("o", point(centerX(c), centerY(c)), fontSize, GREEN)` (21).
pub fn o_image(c: Cell) -> Image {
    text("o", point(center_x(c), center_y(c)), FONT_SIZE, GREEN)
}

/// `cellDisplay(c) := {xImage(c)} if ('x, c) ∈ Γ; {oImage(c)} if ('o, c) ∈ Γ; ∅ otherwise` (22).
pub fn cell_display(state: &State, c: Cell) -> Option<Image> {
    if state.occupies(Player::X, c) {
        Some(x_image(c))
    } else if state.occupies(Player::O, c) {
        Some(o_image(c))
    } else {
        None
    }
}

/// `cellDisplays := ⋃_{c ∈ gameBoard} cellDisplay(c)` (24).
pub fn cell_displays(state: &State) -> Vec<Image> {
    state
        .geometry()
        .game_board()
        .filter_map(|c| cell_display(state, c))
        .collect()
}

/// `currentPlayerDisplay := {text("x's turn", point(100, 750), fontSize, BLACK)} if playerToMove =
/// 'x, {text("o's turn", …)} otherwise` (25).
pub fn current_player_display(state: &State) -> Image {
    let s = format!("{}'s turn", state.player_to_move().symbol());
    text(s, point(100, 750), FONT_SIZE, BLACK)
}

/// `restartLeft := 350` (26).
pub const RESTART_LEFT: i32 = 350;
/// `restartRight := 550` (27).
pub const RESTART_RIGHT: i32 = 550;
/// `restartBottom := 725` (28).
pub const RESTART_BOTTOM: i32 = 725;
/// `restartTop := 775` (29).
pub const RESTART_TOP: i32 = 775;

/// `restartBottomLeftPoint := point(restartLeft, restartBottom)` (30).
pub const fn restart_bottom_left_point() -> Point {
    point(RESTART_LEFT, RESTART_BOTTOM)
}

/// `restartBottomRightPoint := point(restartRight, restartBottom)` (31).
pub const fn restart_bottom_right_point() -> Point {
    point(RESTART_RIGHT, RESTART_BOTTOM)
}

/// `restartTopLeftPoint := point(restartLeft, restartTop)` (32).
pub const fn restart_top_left_point() -> Point {
    point(RESTART_LEFT, RESTART_TOP)
}

/// `restartTopRightPoint := point(restartRight, restartTop)` (33).
pub const fn restart_top_right_point() -> Point {
    point(RESTART_RIGHT, RESTART_TOP)
}

/// `mid(a, b) := (a + b) / 2` (34; the seed's `a + b / 2` is extraction damage, SPEC.md §2).
pub const fn mid(a: i32, b: i32) -> i32 {
    (a + b) / 2
}

/// `restartMidX := mid(restartLeft, restartRight)` (35).
pub const RESTART_MID_X: i32 = mid(RESTART_LEFT, RESTART_RIGHT);
/// `restartMidY := mid(restartBottom, restartTop)` (36).
pub const RESTART_MID_Y: i32 = mid(RESTART_BOTTOM, RESTART_TOP);

/// `restartButton := {A1, A2, A3, A4, txt}` (37): the box's four BLACK sides and the BLACK text
/// "restart" at its middle.
pub fn restart_button() -> Vec<Image> {
    boxed_label(
        restart_bottom_left_point(),
        restart_top_right_point(),
        "restart",
        BLACK,
    )
}

/// A box drawn as four BLACK segments from `bottom_left` to `top_right`, with `label` centred in it:
/// the restart button's shape, reused for the additions' buttons.
pub fn boxed_label(bottom_left: Point, top_right: Point, label: &str, color: Color) -> Vec<Image> {
    let (l, b, r, t) = (bottom_left.x, bottom_left.y, top_right.x, top_right.y);
    vec![
        segment(point(l, b), point(r, b), BLACK),
        segment(point(r, b), point(r, t), BLACK),
        segment(point(r, t), point(l, t), BLACK),
        segment(point(l, t), point(l, b), BLACK),
        text(label, point(mid(l, r), mid(b, t)), FONT_SIZE, color),
    ]
}

/// `gameResultDisplay := {text("x won", point(200, 750), fontSize, BLUE)} if threeInRow('x);
/// {text("o won", …, GREEN)} if threeInRow('o); {text("cat got it", …, RED)} otherwise` (38).
pub fn game_result_display(state: &State) -> Image {
    let at = point(200, 750);
    if state.three_in_row(Player::X) {
        text("x won", at, FONT_SIZE, BLUE)
    } else if state.three_in_row(Player::O) {
        text("o won", at, FONT_SIZE, GREEN)
    } else {
        text("cat got it", at, FONT_SIZE, RED)
    }
}

/// `alwaysDisplay := gridDisplay ∪ cellDisplays ∪ restartButton` (39).
pub fn always_display(state: &State) -> Vec<Image> {
    let mut images = grid_display();
    images.extend(cell_displays(state));
    images.extend(restart_button());
    images
}

/// `images := alwaysDisplay ∪ gameResultDisplay if gameOver, alwaysDisplay ∪ currentPlayerDisplay
/// otherwise` (39): everything the LED program shows for state Γ.
pub fn images(state: &State) -> Vec<Image> {
    let mut images = always_display(state);
    images.push(if state.game_over() {
        game_result_display(state)
    } else {
        current_player_display(state)
    });
    images
}

/// `xMin(c) := 100 + 100 × ((c − 1) mod 3)` (40).
pub fn x_min(c: Cell) -> f32 {
    (100 + 100 * ((c as i32 - 1) % 3)) as f32
}

/// `xMax(c) := 200 + 100 × ((c − 1) mod 3)` (41).
pub fn x_max(c: Cell) -> f32 {
    (200 + 100 * ((c as i32 - 1) % 3)) as f32
}

/// `yMin(c) := 600 − 100 × ⌊(c − 1) / 3⌋` (42).
pub fn y_min(c: Cell) -> f32 {
    (600 - 100 * ((c as i32 - 1) / 3)) as f32
}

/// `yMax(c) := 700 − 100 × ⌊(c − 1) / 3⌋` (43).
pub fn y_max(c: Cell) -> f32 {
    (700 - 100 * ((c as i32 - 1) / 3)) as f32
}

/// `cellClicked(c) iff mouseClicked ∧ mouseX > xMin(c) ∧ mouseX < xMax(c) ∧ mouseY > yMin(c) ∧
/// mouseY < yMax(c)` (44): strict, so a click on a grid line hits no cell.
pub fn cell_clicked(input: &Input, c: Cell) -> bool {
    input.mouse_clicked
        && input.mouse_x > x_min(c)
        && input.mouse_x < x_max(c)
        && input.mouse_y > y_min(c)
        && input.mouse_y < y_max(c)
}

/// `restartClicked iff mouseClicked ∧ mouseX > restartLeft ∧ mouseX < restartRight ∧ mouseY >
/// restartBottom ∧ mouseY < restartTop` (45).
pub fn restart_clicked(input: &Input) -> bool {
    clicked_inside(
        input,
        restart_bottom_left_point(),
        restart_top_right_point(),
    )
}

/// A click strictly inside the box from `bottom_left` to `top_right` (the shape of (45)).
pub fn clicked_inside(input: &Input, bottom_left: Point, top_right: Point) -> bool {
    input.mouse_clicked
        && input.mouse_x > bottom_left.x as f32
        && input.mouse_x < top_right.x as f32
        && input.mouse_y > bottom_left.y as f32
        && input.mouse_y < top_right.y as f32
}

/// `moveMadeIn(c) iff cellClicked(c) ∧ legalToMoveIn(c)` (46).
pub fn move_made_in(input: &Input, state: &State, c: Cell) -> bool {
    cell_clicked(input, c) && state.legal_to_move_in(c)
}

/// `movesMade := {(playerToMove, c) | c ∈ gameBoard ∧ moveMadeIn(c)}` (47), as the cells (the
/// player is always `playerToMove`). A click is inside at most one cell, so this has at most one.
pub fn moves_made(input: &Input, state: &State) -> Vec<Cell> {
    state
        .geometry()
        .game_board()
        .filter(|&c| move_made_in(input, state, c))
        .collect()
}

/// `newState := initialState if restartClicked, currentState ∪ movesMade otherwise` (48). The
/// initial state keeps the board and the starting player (the LED program's is ∅ with 'x first).
pub fn new_state(input: &Input, state: &State) -> State {
    if restart_clicked(input) {
        State::empty(state.geometry(), state.start())
    } else {
        moves_made(input, state)
            .into_iter()
            .fold(*state, |s, c| s.result(c))
    }
}
