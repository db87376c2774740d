//! The whole program's cycle: the additions (seats, start, score, keys, computer moves) go through
//! `new_state` and `images` like the LED program, and leave the LED program's layout untouched.

use proptest::prelude::*;
use std::collections::BTreeSet;
use tictactoe::app::{self, new_state, App, HUMAN, NEXT_GAME_DELAY, PACE, REPLY_DELAY};
use tictactoe::easel::{Image, Input, Key};
use tictactoe::led;
use tictactoe::rules::Player;
use tictactoe::Game;
use tictactoe::Geometry;

fn centre((bl, tr): (tictactoe::easel::Point, tictactoe::easel::Point)) -> Input {
    Input::click(((bl.x + tr.x) / 2) as f32, ((bl.y + tr.y) / 2) as f32)
}

fn click_cell(c: usize) -> Input {
    Input::click(led::center_x(c) as f32, led::center_y(c) as f32)
}

fn consistent(s: &App) {
    assert_eq!(
        Game::from_cells(Geometry::LED, s.game.start(), s.game.moves()).as_ref(),
        Ok(&s.game),
        "history {:?} does not replay to the game",
        s.game.moves()
    );
}

#[test]
fn the_led_images_are_all_there_and_the_additions_stay_out_of_their_way() {
    for cells in [&[][..], &[1, 5, 9], &[1, 4, 2, 5, 3]] {
        let mut s = App::default();
        for &c in cells {
            s = new_state(&click_cell(c), s);
        }
        let all: BTreeSet<Image> = app::images(&s).into_iter().collect();
        let led_images: BTreeSet<Image> = led::images(s.game.state()).into_iter().collect();
        assert!(led_images.is_subset(&all));
        // Every addition lies below the board (y < 400) or right of it (x > 400, y < 700).
        for image in all.difference(&led_images) {
            let points = match image {
                Image::Segment { from, to, .. } => vec![*from, *to],
                Image::Text { at, .. } => vec![*at],
            };
            for p in points {
                assert!(
                    p.y < 400 || (p.x > 400 && p.y < 700),
                    "{image:?} is in the LED layout's part"
                );
            }
        }
    }
}

#[test]
fn seat_buttons_cycle_through_every_player_and_back_to_the_person() {
    let names = app::seat_names();
    assert!(
        names.len() >= 6,
        "human and the five computer players: {names:?}"
    );
    let mut s = App::default();
    for expected in names.iter().skip(1).chain(std::iter::once(&HUMAN)) {
        s = new_state(&centre(app::X_SEAT_BOX), s);
        assert_eq!(s.x_seat, *expected);
        assert_eq!(s.o_seat, HUMAN);
    }
    s = new_state(&Input::key('o'), s);
    assert_eq!(s.o_seat, names[1]);
    let label = format!("o: {}", names[1]);
    assert!(app::images(&s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. } if *text == label)));
}

#[test]
fn the_computer_answers_the_person_after_the_reply_delay() {
    for name in app::seat_names().into_iter().filter(|&n| n != HUMAN) {
        let mut s = App::new(HUMAN, name, Player::X, 7);
        s = new_state(&click_cell(1).at(1.0), s);
        assert_eq!(s.game.moves(), vec![1]);
        // Clicks while it is the computer's turn are not the person's moves.
        s = new_state(&click_cell(2).at(1.0 + REPLY_DELAY / 2.0), s);
        assert_eq!(s.game.moves(), vec![1], "{name}");
        assert_eq!(s.next_change_at(), Some(1.0 + REPLY_DELAY));
        s = new_state(&Input::default().at(1.0 + REPLY_DELAY), s);
        assert_eq!(s.game.moves().len(), 2, "{name} answered");
        assert!(s.game.state().occupies(Player::O, s.game.moves()[1]));
        assert_eq!(s.next_change_at(), None, "then it waits for the person");
        consistent(&s);
    }
}

#[test]
fn computers_play_each_other_at_a_pace_count_the_result_once_and_start_again() {
    let mut s = App::new("random", "perfect", Player::X, 3);
    let mut t = 0.0;
    while !s.game.state().game_over() {
        let before = s.game.moves().len();
        s = new_state(&Input::default().at(t + PACE * 0.9), s);
        assert_eq!(s.game.moves().len(), before, "too early");
        t += PACE;
        s = new_state(&Input::default().at(t), s);
        assert_eq!(s.game.moves().len(), before + 1);
        consistent(&s);
    }
    let finished = s.score;
    assert_eq!(finished.x_won + finished.o_won + finished.drawn, 1);
    assert_eq!(finished.x_won, 0, "perfect never loses");
    // Idle frames while the result shows count nothing more.
    s = new_state(&Input::default().at(t + NEXT_GAME_DELAY / 2.0), s);
    assert_eq!(s.score, finished);
    assert!(s.game.state().game_over());
    s = new_state(&Input::default().at(t + NEXT_GAME_DELAY), s);
    assert_eq!(s.game, Game::led());
    assert_eq!(s.score, finished);
}

#[test]
fn keys_play_restart_and_change_who_starts() {
    let mut s = App::default();
    s = new_state(&Input::key('5'), s);
    assert!(s.game.state().occupies(Player::X, 5));
    s = new_state(&Input::key('5'), s);
    assert_eq!(
        s.game.moves(),
        vec![5],
        "an occupied cell by key is no move"
    );
    s = new_state(&Input::key('r'), s);
    assert_eq!(s.game, Game::led());
    s = new_state(&Input::key('s'), s);
    assert_eq!(s.game.start(), Player::O);
    s = new_state(&Input::key('1'), s);
    assert!(s.game.state().occupies(Player::O, 1));
    assert!(app::images(&s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. } if text == "first: o")));
    // Restart keeps who starts; the start button changes it back and restarts.
    s = new_state(
        &centre((
            led::restart_bottom_left_point(),
            led::restart_top_right_point(),
        )),
        s,
    );
    assert_eq!(s.game, Game::new(Geometry::LED, Player::O));
    s = new_state(&centre(app::START_BOX), s);
    assert_eq!(s.game, Game::led());
}

#[test]
fn the_score_counts_finished_games_and_resets() {
    let mut s = App::default();
    for c in [1, 4, 2, 5, 3] {
        s = new_state(&click_cell(c), s);
    }
    assert_eq!(s.score.x_won, 1);
    s = new_state(&click_cell(9), s);
    assert_eq!(s.score.x_won, 1, "no move after the game is over");
    assert!(app::images(&s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. } if text == "x won        1")));
    s = new_state(&Input::key('r'), s);
    for c in [1, 2, 3, 5, 4, 6, 8, 7, 9] {
        s = new_state(&click_cell(c), s);
    }
    assert_eq!((s.score.x_won, s.score.o_won, s.score.drawn), (1, 0, 1));
    s = new_state(&centre(app::RESET_SCORE_BOX), s);
    assert_eq!(s.score, app::Score::default());
}

fn any_input() -> impl Strategy<Value = (Input, f64)> {
    let key = prop_oneof![
        Just(None),
        prop::sample::select(vec![
            '1', '2', '3', '4', '5', '6', '7', '8', '9', 'r', 'x', 'o', 's', 'q'
        ])
        .prop_map(|k| Some(Key::Char(k))),
    ];
    (
        0.0f32..800.0,
        0.0f32..800.0,
        any::<bool>(),
        key,
        0.0f64..1.0,
    )
        .prop_map(|(x, y, clicked, key, dt)| {
            let input = Input {
                mouse_clicked: clicked,
                mouse_x: x,
                mouse_y: y,
                key,
                time: 0.0,
            };
            (input, dt)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_inputs_keep_the_program_consistent(
        inputs in prop::collection::vec(any_input(), 0..150),
        x in 0usize..6,
        o in 0usize..6,
        seed in any::<u64>(),
    ) {
        let names = app::seat_names();
        let mut s = App::new(names[x % names.len()], names[o % names.len()], Player::X, seed);
        let mut t = 0.0;
        let mut finished = 0;
        for (mut input, dt) in inputs {
            t += dt;
            input.time = t;
            let was_over = s.game.state().game_over();
            s = new_state(&input, s);
            consistent(&s);
            if s.game.state().game_over() && !was_over {
                finished += 1;
            }
            let x = s.game.state().cells_of(Player::X).len() as i32;
            let o = s.game.state().cells_of(Player::O).len() as i32;
            let diff = if s.game.start() == Player::X { x - o } else { o - x };
            prop_assert!(diff == 0 || diff == 1);
            let sc = s.score;
            prop_assert!(sc.x_won + sc.o_won + sc.drawn <= finished);
        }
    }
}
