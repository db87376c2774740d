//! `images` equals the LED program's image sets, written out literally from seed 002 and SPEC.md §2.

use std::collections::BTreeSet;
use tictactoe::easel::{color, point, segment, text, Image};
use tictactoe::led::{self, images};
use tictactoe::rules::{Player, State};
use tictactoe::Geometry;

const BLACK: tictactoe::easel::Color = color(0, 0, 0);
const BLUE: tictactoe::easel::Color = color(0, 0, 255);
const GREEN: tictactoe::easel::Color = color(0, 255, 0);
const RED: tictactoe::easel::Color = color(255, 0, 0);

fn set(images: Vec<Image>) -> BTreeSet<Image> {
    let n = images.len();
    let s: BTreeSet<Image> = images.into_iter().collect();
    assert_eq!(s.len(), n, "images holds a duplicate");
    s
}

/// gridDisplay ∪ restartButton, literally.
fn frame() -> Vec<Image> {
    vec![
        segment(point(200, 700), point(200, 400), BLACK),
        segment(point(300, 700), point(300, 400), BLACK),
        segment(point(100, 600), point(400, 600), BLACK),
        segment(point(100, 500), point(400, 500), BLACK),
        segment(point(350, 725), point(550, 725), BLACK),
        segment(point(550, 725), point(550, 775), BLACK),
        segment(point(550, 775), point(350, 775), BLACK),
        segment(point(350, 775), point(350, 725), BLACK),
        text("restart", point(450, 750), 36, BLACK),
    ]
}

fn state(cells: &[usize]) -> State {
    State::from_cells(Geometry::LED, Player::X, cells).unwrap()
}

#[test]
fn the_restart_label_stands_at_restart_mid_x_and_y() {
    // (35), (36): restartMidX = mid(350, 550), restartMidY = mid(725, 775).
    assert_eq!((led::RESTART_MID_X, led::RESTART_MID_Y), (450, 750));
    let label = text(
        "restart",
        point(led::RESTART_MID_X, led::RESTART_MID_Y),
        36,
        BLACK,
    );
    assert!(led::restart_button().contains(&label));
}

#[test]
fn initial_state() {
    let mut expected = frame();
    expected.push(text("x's turn", point(100, 750), 36, BLACK));
    assert_eq!(set(images(&State::initial_state())), set(expected));
}

#[test]
fn mid_game() {
    // x in 1 and 9, o in 5: three moves made, so o is to move.
    let mut expected = frame();
    expected.push(text("x", point(150, 650), 36, BLUE));
    expected.push(text("o", point(250, 550), 36, GREEN));
    expected.push(text("x", point(350, 450), 36, BLUE));
    expected.push(text("o's turn", point(100, 750), 36, BLACK));
    assert_eq!(set(images(&state(&[1, 5, 9]))), set(expected));
}

#[test]
fn x_won() {
    // x: 1, 2, 3; o: 4, 5.
    let mut expected = frame();
    for (c, x, y) in [(1, 150, 650), (2, 250, 650), (3, 350, 650)] {
        assert_eq!((led::center_x(c), led::center_y(c)), (x, y));
        expected.push(text("x", point(x, y), 36, BLUE));
    }
    expected.push(text("o", point(150, 550), 36, GREEN));
    expected.push(text("o", point(250, 550), 36, GREEN));
    expected.push(text("x won", point(200, 750), 36, BLUE));
    assert_eq!(set(images(&state(&[1, 4, 2, 5, 3]))), set(expected));
}

#[test]
fn o_won() {
    // x: 1, 2, 4; o completes the diagonal 3, 5, 7.
    let mut expected = frame();
    for (x, y) in [(150, 650), (250, 650), (150, 550)] {
        expected.push(text("x", point(x, y), 36, BLUE));
    }
    for (x, y) in [(350, 650), (250, 550), (150, 450)] {
        expected.push(text("o", point(x, y), 36, GREEN));
    }
    expected.push(text("o won", point(200, 750), 36, GREEN));
    assert_eq!(set(images(&state(&[1, 3, 2, 5, 4, 7]))), set(expected));
}

#[test]
fn cat_got_it() {
    // x o x / x o o / o x x: full, nobody has three in a row.
    let s = state(&[1, 2, 3, 5, 4, 6, 8, 7, 9]);
    assert!(s.board_full());
    let mut expected = frame();
    for c in 1..=9 {
        let (x, y) = (150 + 100 * ((c - 1) % 3), 650 - 100 * ((c - 1) / 3));
        let image = if [1, 3, 4, 8, 9].contains(&c) {
            text("x", point(x, y), 36, BLUE)
        } else {
            text("o", point(x, y), 36, GREEN)
        };
        expected.push(image);
    }
    expected.push(text("cat got it", point(200, 750), 36, RED));
    assert_eq!(set(images(&s)), set(expected));
}

#[test]
fn a_win_on_the_last_move_shows_the_win_not_the_draw() {
    // x fills the board and completes 1-5-9 with the ninth move.
    let s = state(&[1, 2, 3, 4, 5, 7, 6, 8, 9]);
    assert!(s.board_full() && s.three_in_row(Player::X));
    assert!(images(&s).contains(&text("x won", point(200, 750), 36, BLUE)));
    assert!(!images(&s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. } if text == "cat got it")));
}

#[test]
fn every_reachable_position_shows_one_mark_per_move_and_one_status() {
    for s in tictactoe::analysis::reachable_positions(Geometry::LED, Player::X) {
        let imgs = images(&s);
        let marks = imgs
            .iter()
            .filter(|i| matches!(i, Image::Text { text, .. } if text == "x" || text == "o"))
            .count();
        assert_eq!(marks, s.moves_count());
        // 4 grid lines + 4 box sides + "restart" + marks + one status or result text.
        assert_eq!(imgs.len(), 9 + marks + 1);
    }
}
