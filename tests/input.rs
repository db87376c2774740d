//! Input to the letter: cellClicked / restartClicked with strict inequalities, and newState; then
//! properties of any sequence of clicks (proptest).

use proptest::prelude::*;
use tictactoe::easel::Input;
use tictactoe::led::{self, cell_clicked, new_state, restart_clicked};
use tictactoe::rules::{Player, State};
use tictactoe::Geometry;

fn click(x: f32, y: f32) -> Input {
    Input::click(x, y)
}

#[test]
fn cell_centres_hit_their_cell_and_no_other() {
    for c in 1..=9 {
        let (x, y) = (led::center_x(c) as f32, led::center_y(c) as f32);
        for d in 1..=9 {
            assert_eq!(
                cell_clicked(&click(x, y), d),
                c == d,
                "centre of {c}, cell {d}"
            );
        }
        assert!(!restart_clicked(&click(x, y)));
    }
}

#[test]
fn cell_boxes_are_open_intervals() {
    // Cell 5 spans 200 < x < 300 and 500 < y < 600.
    assert!(cell_clicked(&click(200.5, 550.0), 5));
    assert!(cell_clicked(&click(299.5, 599.5), 5));
    for (x, y) in [
        (200.0, 550.0),
        (300.0, 550.0),
        (250.0, 500.0),
        (250.0, 600.0),
        (200.0, 600.0),
    ] {
        assert!(
            (1..=9).all(|c| !cell_clicked(&click(x, y), c)),
            "({x}, {y}) is on a line"
        );
    }
    // The outer edges of the board and anything outside it hit nothing.
    for (x, y) in [
        (100.0, 650.0),
        (400.0, 650.0),
        (150.0, 700.0),
        (150.0, 400.0),
        (50.0, 50.0),
        (450.0, 650.0),
    ] {
        assert!(
            (1..=9).all(|c| !cell_clicked(&click(x, y), c)),
            "({x}, {y}) is outside"
        );
    }
    // The cells' own bounds, as defined: xMin(c) = 100 + 100((c−1) mod 3) …
    assert_eq!(
        (led::x_min(6), led::x_max(6), led::y_min(6), led::y_max(6)),
        (300.0, 400.0, 500.0, 600.0)
    );
}

#[test]
fn a_move_without_a_click_is_no_move() {
    let mut no_click = click(150.0, 650.0);
    no_click.mouse_clicked = false;
    assert!(!cell_clicked(&no_click, 1));
    assert_eq!(
        new_state(&no_click, &State::initial_state()),
        State::initial_state()
    );
}

#[test]
fn restart_box_is_an_open_interval() {
    assert!(restart_clicked(&click(450.0, 750.0)));
    assert!(restart_clicked(&click(350.5, 725.5)));
    for (x, y) in [
        (350.0, 750.0),
        (550.0, 750.0),
        (450.0, 725.0),
        (450.0, 775.0),
        (349.0, 750.0),
    ] {
        assert!(!restart_clicked(&click(x, y)), "({x}, {y}) is not inside");
    }
}

#[test]
fn new_state_plays_restarts_and_ignores() {
    let s0 = State::initial_state();
    let s1 = new_state(&click(150.0, 650.0), &s0);
    assert!(s1.occupies(Player::X, 1) && s1.moves_count() == 1);
    // An occupied cell: nothing.
    assert_eq!(new_state(&click(160.0, 640.0), &s1), s1);
    // A grid line: nothing.
    assert_eq!(new_state(&click(200.0, 650.0), &s1), s1);
    let s2 = new_state(&click(250.0, 650.0), &s1);
    assert!(s2.occupies(Player::O, 2));
    // Restart mid-game.
    assert_eq!(new_state(&click(450.0, 750.0), &s2), s0);
    // After game over, clicks on free cells do nothing, restart still works.
    let over = State::from_cells(Geometry::LED, Player::X, &[1, 4, 2, 5, 3]).unwrap();
    assert_eq!(new_state(&click(350.0, 450.0), &over), over);
    assert_eq!(new_state(&click(450.0, 750.0), &over), s0);
}

fn any_click() -> impl Strategy<Value = Input> {
    // Mostly on or near the board and the button, with exact line and edge coordinates included.
    let coordinate = prop_oneof![
        (0u32..=8).prop_map(|i| (i * 100) as f32),
        (0u32..=16).prop_map(|i| (i * 50) as f32),
        0.0f32..800.0,
    ];
    (coordinate.clone(), coordinate, any::<bool>()).prop_map(|(x, y, clicked)| Input {
        mouse_clicked: clicked,
        ..click(x, y)
    })
}

proptest! {
    #[test]
    fn any_click_sequence_keeps_the_invariants(clicks in prop::collection::vec(any_click(), 0..60)) {
        let mut s = State::initial_state();
        for input in clicks {
            let before = s;
            s = new_state(&input, &s);
            // restart gives the empty state
            if restart_clicked(&input) {
                prop_assert_eq!(s, State::initial_state());
                continue;
            }
            // nothing changes after game over
            if before.game_over() {
                prop_assert_eq!(s, before);
            }
            // at most one move, by the player to move, in a cell that was free
            let added: Vec<_> = s.moves().filter(|m| !before.moves().any(|b| b == *m)).collect();
            prop_assert!(added.len() <= 1);
            for m in &added {
                prop_assert_eq!(m.player, before.player_to_move());
                prop_assert!(!before.occupied(m.cell));
            }
            prop_assert!(before.moves().all(|m| s.occupies(m.player, m.cell)));
            // no cell taken twice; x's count equals o's or one more
            let x = s.cells_of(Player::X).len();
            let o = s.cells_of(Player::O).len();
            prop_assert!((s.cells_of(Player::X) & s.cells_of(Player::O)).is_empty());
            prop_assert!(x == o || x == o + 1);
        }
    }
}
