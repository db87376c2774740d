//! The whole program's cycle: the additions (seats, start, score, keys, computer moves) go through
//! `new_state` and `images` like the LED program, and leave the LED program's layout untouched.

use proptest::prelude::*;
use std::collections::BTreeSet;
use tictactoe::app::{self, new_state, App, Seat, NEXT_GAME_DELAY, PACE, REPLY_DELAY};
use tictactoe::easel::{Image, Input, Key};
use tictactoe::layout::Rect;
use tictactoe::led;
use tictactoe::players::PlayerId;
use tictactoe::rules::Player;
use tictactoe::Game;
use tictactoe::Geometry;

/// A person's seat.
const HUMAN: Seat = Seat::Human;

/// A computer's seat.
fn seat(id: PlayerId) -> Seat {
    Seat::Computer(id)
}

fn centre(r: Rect) -> Input {
    let p = r.centre();
    Input::click(p.x as f32, p.y as f32)
}

fn click_cell(c: usize) -> Input {
    Input::click(led::center_x(c) as f32, led::center_y(c) as f32)
}

/// `s` with its pending hint and explanation worked out away from the cycle (as the shell's
/// workers do) and their answers taken as inputs at time `now`.
fn answer_requests(mut s: App, now: f64) -> App {
    let stop = std::sync::atomic::AtomicBool::new(false);
    for request in [s.hinting.clone(), s.explaining.clone()]
        .into_iter()
        .flatten()
    {
        let reply = app::answer(&request, &stop).expect("an answer");
        s = new_state(&reply.input(request.ticket, now), s);
    }
    s
}

/// Whether the picture shows `words`.
fn shows(s: &App, words: &str) -> bool {
    app::images(s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. } if text == words))
}

fn consistent(s: &App) {
    assert_eq!(
        Game::from_cells_under(s.geometry(), s.game.rule(), s.game.start(), s.game.moves())
            .as_ref(),
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
        // The winning line, drawn over the winning cells' centres in the winner's colour …
        let line: BTreeSet<Image> = match s.game.state().winning_line() {
            Some((p, cells)) => {
                let colour = if p == Player::X {
                    led::BLUE
                } else {
                    led::GREEN
                };
                let (a, b) = (cells[0], cells[cells.len() - 1]);
                let (ax, ay, bx, by) = (
                    led::center_x(a),
                    led::center_y(a),
                    led::center_x(b),
                    led::center_y(b),
                );
                let lines: BTreeSet<Image> = all
                    .iter()
                    .filter(|i| {
                        matches!(i, Image::Segment { from, to, color }
                        if *color == colour
                            && (from.x - ax).abs() <= 1 && (from.y - ay).abs() <= 1
                            && (to.x - bx).abs() <= 1 && (to.y - by).abs() <= 1)
                    })
                    .cloned()
                    .collect();
                assert_eq!(lines.len(), 3, "the winning line is drawn");
                lines
            }
            None => BTreeSet::new(),
        };
        // … and every other addition lies below the board (y < 400) or right of it (x > 400,
        // y < 700).
        for image in all.difference(&led_images).filter(|i| !line.contains(i)) {
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
    let names = app::seats();
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
    // The button says what the player is to a newcomer: "o: bp (medium)".
    let label = format!("o: {}", names[1].description());
    assert!(app::images(&s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. } if *text == label)));
}

#[test]
fn the_computer_answers_the_person_after_the_reply_delay() {
    for name in app::seats().into_iter().filter(|&n| n != HUMAN) {
        let mut s = App::new(HUMAN, name, Player::X, 7);
        s = new_state(&click_cell(1).at(1.0), s);
        assert_eq!(s.game.moves(), vec![1]);
        // Clicks while it is the computer's turn are not the person's moves.
        s = new_state(&click_cell(2).at(1.0 + REPLY_DELAY / 2.0), s);
        assert_eq!(s.game.moves(), vec![1], "{name}");
        assert_eq!(s.next_change_at(), Some(1.0 + REPLY_DELAY));
        s = new_state(&Input::default().at(1.0 + REPLY_DELAY), s);
        if let Some(request) = s.thinking.clone() {
            // A slow player (search) is asked to think away from the cycle; its answer arrives
            // as an input.
            let stop = std::sync::atomic::AtomicBool::new(false);
            let reply = app::answer(&request, &stop).expect("an answer");
            s = new_state(&reply.input(request.ticket, 1.5 + REPLY_DELAY), s);
        }
        assert_eq!(s.game.moves().len(), 2, "{name} answered");
        assert!(s.game.state().occupies(Player::O, s.game.moves()[1]));
        assert_eq!(s.next_change_at(), None, "then it waits for the person");
        consistent(&s);
    }
}

#[test]
fn computers_play_each_other_at_a_pace_count_the_result_once_and_start_again() {
    let mut s = App::new(
        seat(PlayerId::Random),
        seat(PlayerId::Perfect),
        Player::X,
        3,
    );
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
        &centre(Rect::new(
            led::RESTART_LEFT,
            led::RESTART_BOTTOM,
            led::RESTART_RIGHT,
            led::RESTART_TOP,
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
            '1', '2', '3', '4', '5', '6', '7', '8', '9', 'r', 'x', 'o', 's', 'q', 'b', 'u', 'h',
            ' '
        ])
        .prop_map(|k| Some(Key::Char(k))),
        prop::sample::select(vec![
            Key::Left,
            Key::Right,
            Key::Up,
            Key::Down,
            Key::Enter,
            Key::Ctrl('z'),
            Key::Ctrl('y')
        ])
        .prop_map(Some),
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
                ..Input::default()
            };
            (input, dt)
        })
}

/// A sequence proptest found (session 90's CI): on 5 × 5 with four in a row under standard, the
/// analysis replayed the game's line under freestyle, where an overline had already won, and
/// panicked. The line is replayed under the game's rule.
#[test]
fn the_analysis_replays_the_line_under_the_games_rule() {
    // (clicked, mouse x, mouse y, key, seconds since the last input)
    #[rustfmt::skip]
    let inputs: [(bool, f32, f32, Option<Key>, f64); 57] = [
        (true, 0.0, 0.0, None, 0.6384505453255545),
        (false, 0.0, 0.0, None, 0.41696069572026506),
        (false, 0.0, 0.0, Some(Key::Left), 0.4361327511488465),
        (false, 0.0, 0.0, None, 0.6112677348721866),
        (true, 0.0, 0.0, None, 0.8010663445549864),
        (false, 0.0, 0.0, Some(Key::Char('b')), 0.0),
        (false, 0.0, 0.0, None, 0.9931733477481244),
        (false, 0.0, 411.92215, Some(Key::Char('x')), 0.37786231646287316),
        (true, 212.37437, 792.25977, Some(Key::Ctrl('y')), 0.7279217994397534),
        (false, 643.87744, 145.99721, Some(Key::Ctrl('z')), 0.5411179482709195),
        (true, 602.5008, 795.9412, Some(Key::Up), 0.6869378769705976),
        (true, 625.84, 482.11792, None, 0.12109942281667428),
        (true, 212.38211, 732.2103, Some(Key::Ctrl('z')), 0.7953208597593717),
        (true, 717.39355, 516.65955, None, 0.7206368979555628),
        (true, 354.7536, 404.96878, None, 0.9055686864203659),
        (false, 253.1012, 575.28076, Some(Key::Char('x')), 0.5675122399132767),
        (false, 285.98712, 361.0609, Some(Key::Char('o')), 0.3848104621458926),
        (true, 108.39218, 568.89075, Some(Key::Ctrl('z')), 0.9127278025466344),
        (false, 551.54517, 701.8544, Some(Key::Up), 0.6966821583855607),
        (false, 763.6387, 121.85103, Some(Key::Up), 0.7292596589219935),
        (false, 750.15186, 76.19899, Some(Key::Char('4')), 0.25318440998591346),
        (true, 723.25085, 231.054, Some(Key::Left), 0.5721134058862765),
        (false, 207.41264, 637.6572, None, 0.9182989459771842),
        (true, 204.78731, 277.1888, Some(Key::Char('4')), 0.036663795351787945),
        (false, 703.44525, 594.5741, None, 0.6897105125899812),
        (false, 548.5646, 696.8684, Some(Key::Right), 0.4521003559738008),
        (false, 531.19586, 219.86652, Some(Key::Right), 0.4089234806449088),
        (true, 445.87805, 458.1843, Some(Key::Char(' ')), 0.12953154546102594),
        (false, 482.22678, 397.8571, None, 0.2833108345125398),
        (false, 425.4165, 427.27023, Some(Key::Enter), 0.8867995180546479),
        (true, 534.398, 597.705, Some(Key::Ctrl('y')), 0.5748268069400897),
        (true, 722.6801, 634.5918, Some(Key::Char('9')), 0.8290104849143978),
        (false, 467.57886, 142.49707, Some(Key::Char('s')), 0.07160600334479462),
        (false, 347.03754, 778.616, None, 0.6020891033301198),
        (false, 614.1479, 196.95215, Some(Key::Char('q')), 0.6276084503165755),
        (false, 447.74002, 279.30173, None, 0.9449246324221484),
        (true, 161.78337, 37.63055, Some(Key::Char('s')), 0.7778994344412287),
        (false, 229.05405, 533.4657, Some(Key::Char('h')), 0.3445823985141324),
        (true, 72.14608, 454.08984, Some(Key::Char('b')), 0.8842385429642408),
        (true, 252.39883, 437.112, None, 0.8229043123166511),
        (false, 120.37247, 568.07324, Some(Key::Left), 0.4947462709320558),
        (true, 751.3659, 131.51794, None, 0.22098733941827306),
        (true, 355.56985, 652.3423, Some(Key::Char('6')), 0.9751184139007704),
        (true, 430.45767, 276.57977, Some(Key::Ctrl('z')), 0.8073211952431392),
        (false, 278.55875, 649.9846, Some(Key::Char('5')), 0.6776308474201184),
        (true, 502.6668, 54.120625, Some(Key::Right), 0.9184449221450883),
        (false, 604.43744, 401.67664, Some(Key::Char('4')), 0.4898711304336065),
        (true, 376.7109, 130.78015, None, 0.49648555851488163),
        (true, 231.05205, 242.46414, Some(Key::Left), 0.7988084245559686),
        (false, 313.69016, 440.04077, None, 0.5340488912515344),
        (true, 290.3255, 61.68266, Some(Key::Right), 0.20375808510861915),
        (true, 640.1089, 264.17065, Some(Key::Enter), 0.9095346324419916),
        (true, 345.77744, 783.8089, Some(Key::Up), 0.4206867553116932),
        (false, 668.42834, 608.9597, Some(Key::Char('4')), 0.1947835793722908),
        (false, 441.82556, 458.59143, None, 0.7846920825989742),
        (true, 609.26373, 160.86478, None, 0.6543859856832388),
        (false, 236.5405, 404.6181, Some(Key::Up), 0.7315444532036531),
    ];
    let names = app::seats();
    let mut s = App::new(
        names[4 % names.len()],
        names[3 % names.len()],
        Player::X,
        7071258509023456247,
    );
    let mut t = 0.0;
    for (clicked, x, y, key, dt) in inputs {
        t += dt;
        let input = Input {
            mouse_clicked: clicked,
            mouse_x: x,
            mouse_y: y,
            key,
            time: t,
            ..Input::default()
        };
        s = new_state(&input, s);
        consistent(&s);
    }
    assert_eq!(s.game.state().rule(), tictactoe::rule::Rule::Standard);
    assert_eq!(s.game.moves().len(), 18);
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
        let names = app::seats();
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

/// The box a text covers, at most: DejaVu Sans Mono advances 0.61 of the size a character, and
/// its glyphs stand within the size's height, centred on the point.
fn text_box(text: &str, at: tictactoe::easel::Point, height: u32) -> Rect {
    let w = (text.chars().count() as f32 * height as f32 * 0.61 / 2.0).ceil() as i32;
    let h = (height as f32 / 2.0).ceil() as i32;
    Rect::new(at.x - w, at.y - h, at.x + w, at.y + h)
}

fn preset_app(i: usize) -> App {
    let (w, h, k) = app::PRESETS[i];
    App::default().on_board(Geometry::new(w, h, k).unwrap())
}

#[test]
fn every_preset_board_has_square_cells_that_tile_it_and_no_control_over_it() {
    for i in 0..app::PRESETS.len() {
        let mut s = preset_app(i);
        // A mid-game position, so marks and the last move are drawn too.
        for c in [1, 2, s.geometry().cells()] {
            s = new_state(&Input::key('h').at(0.0), s);
            let b = s.layout().board.centre(c);
            s = new_state(&Input::click(b.x as f32, b.y as f32), s);
        }
        let g = s.geometry();
        let layout = s.layout();
        let board = layout.board.bounds();
        assert!(board.left >= 0 && board.right <= 800 && board.bottom >= 0 && board.top <= 710);
        for c in g.game_board() {
            let b = layout.board.cell_box(c);
            assert_eq!(b.width(), b.height(), "{g}: square cells");
            let p = layout.board.centre(c);
            assert_eq!(layout.board.cell_at(p.x as f32, p.y as f32), Some(c));
        }
        assert_eq!(
            layout.board.cell_box(1).width() * layout.board.cell_box(1).height() * g.cells() as i32,
            board.width() * board.height(),
            "{g}: the cells tile the board"
        );
        // Every control and every text that is not a mark stays off the board, and the buttons
        // and texts stay inside the window.
        let window = Rect::new(0, 0, 800, 800);
        for button in app::buttons(&s) {
            assert!(!button.rect.overlaps(&board), "{g}: {button:?}");
            assert!(window.encloses(&button.rect));
            let label = text_box(&button.label, button.rect.centre(), button.font);
            assert!(
                button.rect.encloses(&label),
                "{g}: {button:?} label overflows"
            );
        }
        for image in app::images(&s) {
            if let Image::Text {
                text, at, height, ..
            } = &image
            {
                if text == "x" || text == "o" {
                    continue;
                }
                let t = text_box(text, *at, *height);
                assert!(!t.overlaps(&board), "{g}: {image:?} over the board");
                assert!(window.encloses(&t), "{g}: {image:?} outside the window");
            }
        }
        // Texts do not overlap one another (except a button's label and its own box).
        let texts: Vec<(String, Rect)> = app::images(&s)
            .iter()
            .filter_map(|i| match i {
                Image::Text {
                    text, at, height, ..
                } if text != "x" && text != "o" => {
                    Some((text.clone(), text_box(text, *at, *height)))
                }
                _ => None,
            })
            .collect();
        for (i, (a, ra)) in texts.iter().enumerate() {
            for (b, rb) in &texts[i + 1..] {
                assert!(!ra.overlaps(rb), "{g}: '{a}' overlaps '{b}'");
            }
        }
    }
}

#[test]
fn the_board_button_and_the_b_key_cycle_through_the_presets() {
    let mut s = App::default();
    s = new_state(&Input::click(150.0, 650.0), s);
    for (i, &(w, h, k)) in app::PRESETS.iter().enumerate().skip(1) {
        s = if i % 2 == 0 {
            new_state(&Input::key('b'), s)
        } else {
            let board = app::buttons(&s)
                .into_iter()
                .find(|b| b.action == app::Action::NextBoard)
                .unwrap();
            new_state(&centre(board.rect), s)
        };
        assert_eq!(s.geometry(), Geometry::new(w, h, k).unwrap());
        assert!(s.game.moves().is_empty(), "a new game");
        assert!(app::images(&s).iter().any(|i| matches!(i,
            Image::Text { text, .. } if *text == format!("{w}x{h} k{k}"))));
    }
    s = new_state(&Input::key('b'), s);
    assert_eq!(s.geometry(), Geometry::LED);
}

#[test]
fn each_seat_offers_only_the_players_of_its_board() {
    let gomoku = Geometry::new(15, 15, 5).unwrap();
    let names = app::seats_for(gomoku);
    assert!(
        !names.contains(&seat(PlayerId::Bp)),
        "bp is the 3×3 program"
    );
    assert!(names.contains(&seat(PlayerId::Weights)) && names.contains(&seat(PlayerId::Random)));
    let mut s =
        App::new(seat(PlayerId::Bp), seat(PlayerId::Perfect), Player::X, 0).on_board(gomoku);
    assert_eq!((s.x_seat, s.o_seat), (HUMAN, HUMAN));
    for _ in 0..names.len() {
        s = new_state(&Input::key('x'), s);
        assert!(s.x_seat.computer().is_none_or(|p| p.plays(gomoku)));
    }
}

#[test]
fn on_gomoku_clicks_play_centres_grid_lines_play_nothing_and_five_win_with_the_line_shown() {
    let mut s = preset_app(app::PRESETS.len() - 1);
    let g = s.geometry();
    let board = s.layout().board;
    // A click on a grid line plays nothing.
    let b = board.cell_box(113);
    s = new_state(&Input::click(b.left as f32, (b.bottom + 5) as f32), s);
    assert!(s.game.moves().is_empty());
    // x 113..117 (row 8, columns 8–12), o on the row below.
    for (x, o) in (113..=117).zip(128..) {
        for c in [x, o] {
            if s.game.state().game_over() {
                break;
            }
            let p = board.centre(c);
            s = new_state(&Input::click(p.x as f32, p.y as f32), s);
        }
    }
    assert_eq!(
        s.game.moves(),
        [113, 128, 114, 129, 115, 130, 116, 131, 117]
    );
    let (winner, line) = s.game.state().winning_line().unwrap();
    assert_eq!((winner, line), (Player::X, &[113, 114, 115, 116, 117][..]));
    let images = app::images(&s);
    assert!(images.iter().any(
        |i| matches!(i, Image::Text { text, color, .. } if text == "x won" && *color == led::BLUE)
    ));
    let (a, z) = (board.centre(113), board.centre(117));
    let highlighted = images
        .iter()
        .filter(|i| {
            matches!(i, Image::Segment { from, to, color }
            if *color == led::BLUE && (from.x - a.x).abs() <= 1 && (to.x - z.x).abs() <= 1
                && (from.y - a.y).abs() <= 1 && (to.y - z.y).abs() <= 1)
        })
        .count();
    assert_eq!(highlighted, 3, "the winning line is highlighted");
    assert_eq!(g.cells(), 225);
}

#[test]
fn on_larger_boards_the_arrows_move_a_cursor_and_enter_or_space_plays() {
    let mut s = preset_app(1); // 4×4
    s = new_state(&Input::key('1'), s);
    assert!(s.game.moves().is_empty(), "digits name cells only on 3×3");
    s = new_state(&Input::special(Key::Enter), s);
    assert!(s.game.moves().is_empty(), "no cursor yet");
    s = new_state(&Input::special(Key::Right), s);
    let start = s.cursor.unwrap();
    assert_eq!(
        start,
        s.geometry().cell(2, 2),
        "the first arrow shows the cursor"
    );
    for (k, expected) in [
        (Key::Up, (1, 2)),
        (Key::Left, (1, 1)),
        (Key::Left, (1, 0)),
        (Key::Left, (1, 0)),
        (Key::Down, (2, 0)),
    ] {
        s = new_state(&Input::special(k), s);
        assert_eq!(
            s.geometry().row_column(s.cursor.unwrap()),
            expected,
            "{k:?}"
        );
    }
    s = new_state(&Input::special(Key::Enter), s);
    assert_eq!(s.game.moves(), [9]);
    s = new_state(&Input::key(' '), s);
    assert_eq!(s.game.moves(), [9], "occupied");
    s = new_state(&Input::special(Key::Up), s);
    s = new_state(&Input::key(' '), s);
    assert_eq!(s.game.moves(), [9, 5]);
    // The cursor and the last move are drawn inside their cells.
    let inside = |c: usize, colour| {
        let b = s.layout().board.cell_box(c);
        app::images(&s).iter().any(|i| {
            matches!(i, Image::Segment { from, to, color }
            if *color == colour && b.strictly_contains(from.x as f32, from.y as f32)
                && b.strictly_contains(to.x as f32, to.y as f32))
        })
    };
    assert!(inside(5, app::ORANGE) && inside(5, app::GREY));
}

#[test]
fn undo_against_a_computer_takes_back_its_reply_and_the_persons_move_and_redo_replays_them() {
    let mut s = App::new(HUMAN, seat(PlayerId::Perfect), Player::X, 3);
    s = new_state(&Input::key('5').at(1.0), s);
    s = new_state(&Input::tick(1.0 + REPLY_DELAY), s);
    assert_eq!(s.game.moves().len(), 2);
    let reply = s.game.moves()[1];
    let after = s.game.clone();
    s = new_state(&Input::key('u').at(2.0), s);
    assert_eq!(s.game, Game::led(), "back to the person's turn");
    assert_eq!(s.next_change_at(), None);
    s = new_state(&Input::special(Key::Ctrl('y')).at(3.0), s);
    assert_eq!(s.game, after);
    assert_eq!(s.game.moves()[1], reply);
    // Undo, then play elsewhere: the redo list is gone.
    s = new_state(&Input::special(Key::Ctrl('z')).at(4.0), s);
    s = new_state(&Input::key('1').at(4.5), s);
    s = new_state(&Input::special(Key::Ctrl('y')).at(5.0), s);
    assert_eq!(s.game.moves(), [1]);
}

#[test]
fn undo_of_a_finished_game_takes_its_result_off_the_score() {
    let mut s = App::default();
    for c in [1, 4, 2, 5, 3] {
        s = new_state(&Input::key(char::from_digit(c, 10).unwrap()), s);
    }
    assert_eq!(s.score.x_won, 1);
    let undo = app::buttons(&s)
        .into_iter()
        .find(|b| b.action == app::Action::Undo)
        .unwrap();
    s = new_state(&centre(undo.rect), s);
    assert_eq!(s.score.x_won, 0);
    assert_eq!(s.game.moves(), [1, 4, 2, 5]);
    s = new_state(&Input::key('9'), s);
    assert_eq!(s.game.moves(), [1, 4, 2, 5, 9]);
}

#[test]
fn a_hint_marks_the_strongest_players_move_for_a_moment() {
    let mut s = App::default();
    for c in ['1', '4', '2', '5'] {
        s = new_state(&Input::key(c), s);
    }
    s = new_state(&Input::key('h').at(10.0), s);
    assert_eq!(
        s.hint,
        Some((3, 10.0 + app::HINT_TIME)),
        "perfect wins at 3"
    );
    assert_eq!(s.next_change_at(), Some(10.0 + app::HINT_TIME));
    s = new_state(&Input::tick(10.0 + app::HINT_TIME), s);
    assert_eq!(s.hint, None);
    assert!(s.game.moves().len() == 4, "a hint plays nothing");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Undo after any move returns the game exactly as it was before that move, on any preset.
    #[test]
    fn undo_after_play_returns_the_previous_game(
        board in 0usize..app::PRESETS.len(),
        moves in prop::collection::vec(0usize..225, 1..40),
    ) {
        let mut s = preset_app(board);
        for m in moves {
            if s.game.state().game_over() {
                break;
            }
            let free: Vec<usize> = s.game.state().legal_moves().collect();
            let c = free[m % free.len()];
            let before = s.clone();
            let p = s.layout().board.centre(c);
            s = new_state(&Input::click(p.x as f32, p.y as f32), s);
            prop_assert_eq!(s.game.last_move(), Some(c));
            let undone = new_state(&Input::key('u'), s.clone());
            prop_assert_eq!(&undone.game, &before.game);
            prop_assert_eq!(undone.score, before.score);
            let redone = new_state(&Input::special(Key::Ctrl('y')), undone);
            prop_assert_eq!(&redone.game, &s.game);
            prop_assert_eq!(redone.score, s.score);
        }
    }
}

#[test]
fn explain_draws_each_players_view_inside_the_empty_cells_and_never_over_a_text() {
    let seats = app::seats();
    for i in 0..app::PRESETS.len() {
        for &o_seat in &seats {
            let mut s = App::new(HUMAN, o_seat, Player::X, 1).on_board(preset_app(i).geometry());
            if s.o_seat != o_seat {
                continue; // not a player of this board
            }
            // x plays the first cell; o (a computer, or nobody yet) is to move; then explain.
            let p = s.layout().board.centre(1);
            s = new_state(&Input::click(p.x as f32, p.y as f32), s);
            assert_eq!(s.game.moves(), [1]);
            s = new_state(&Input::key('e'), s);
            assert!(s.explain);
            if s.explaining.is_some() {
                // A slow player explains away from the cycle: "explain thinking" meanwhile.
                assert!(s.explained.is_none() && shows(&s, "explain thinking"));
                s = answer_requests(s, 0.0);
                assert!(s.explaining.is_none() && !shows(&s, "explain thinking"));
            }
            if app::analysis::explains_by_analysis(s.geometry()) {
                // Where the solver does not play, explain shows the live analysis instead (after
                // a quick review of the moves before).
                assert!(
                    s.analysing.job.is_some(),
                    "{}: explain runs the analysis",
                    s.geometry()
                );
                continue;
            }
            let images = app::images(&s);
            let board = s.layout().board;
            let name = app::explaining_player(&s).expect("someone explains");
            // The explanation the state keeps is the explaining player's, of this position.
            let e = s
                .explained
                .as_ref()
                .and_then(|x| x.explanation.clone())
                .expect("an explanation kept in the state");
            assert_eq!((e.player, e.state), (name.name(), *s.game.state()));
            let labels: Vec<&Image> = images
                .iter()
                .filter(|i| matches!(i, Image::Text { text, at, .. }
                    if board.cell_at(at.x as f32, at.y as f32).is_some() && text != "x" && text != "o"))
                .collect();
            let free = s.game.state().legal_moves().count();
            assert_eq!(
                labels.len(),
                free,
                "{} {o_seat}: a label in every empty cell",
                s.geometry()
            );
            for label in &labels {
                let Image::Text {
                    text,
                    at,
                    height,
                    color,
                } = label
                else {
                    unreachable!()
                };
                let c = board.cell_at(at.x as f32, at.y as f32).unwrap();
                assert!(!s.game.state().occupied(c));
                assert_eq!(Some(text.clone()), e.label(c));
                let expected = if e.chosen.contains(&c) {
                    app::ORANGE
                } else {
                    app::GREY
                };
                assert_eq!(*color, expected);
                let b = text_box(text, *at, *height);
                assert!(
                    board.cell_box(c).inset(1).encloses(&b),
                    "{} {o_seat}: '{text}' leaves cell {c}",
                    s.geometry()
                );
            }
            // No label touches another text (marks, the LED top line, buttons, hints).
            for label in &labels {
                let Image::Text {
                    text, at, height, ..
                } = label
                else {
                    unreachable!()
                };
                let b = text_box(text, *at, *height);
                for other in &images {
                    if let Image::Text {
                        text: t2,
                        at: a2,
                        height: h2,
                        ..
                    } = other
                    {
                        if std::ptr::eq(other, *label) {
                            continue;
                        }
                        assert!(
                            !b.overlaps(&text_box(t2, *a2, *h2)),
                            "'{text}' covers '{t2}'"
                        );
                    }
                }
            }
            let caption = if o_seat == HUMAN {
                format!("explain: {name} for o")
            } else {
                format!("{name} for o: enter = its move")
            };
            assert!(images
                .iter()
                .any(|i| matches!(i, Image::Text { text, .. } if *text == caption)));
        }
    }
}

#[test]
fn explain_on_seed_004s_worked_example_shows_its_weight_grid() {
    // x on 1 and 2, o on 7, o to move, o played by weights: the seed's final grid.
    let mut s = App::new(HUMAN, HUMAN, Player::X, 0);
    for c in ['1', '7', '2'] {
        s = new_state(&Input::key(c), s);
    }
    s = new_state(&Input::key('o'), s); // o: bp
    s = new_state(&Input::key('o'), s); // o: oxo
    s = new_state(&Input::key('o'), s); // o: weights
    assert_eq!(s.o_seat, seat(PlayerId::Weights));
    let s = new_state(&Input::key('e'), s);
    let labels: Vec<(usize, String)> = app::images(&s)
        .into_iter()
        .filter_map(|i| match i {
            Image::Text { text, at, .. } if text != "x" && text != "o" => led::moves_made(
                &Input::click(at.x as f32, at.y as f32),
                &tictactoe::State::initial_state(),
            )
            .first()
            .map(|&c| (c, text)),
            _ => None,
        })
        .collect();
    let grid: Vec<(usize, &str)> = labels.iter().map(|(c, t)| (*c, t.as_str())).collect();
    assert_eq!(
        grid,
        [(3, "11"), (4, "0"), (5, "3"), (6, "0"), (8, "2"), (9, "2")],
        "seed 004: 0 0 11 / 0 3 0 / 0 2 2"
    );
}

#[test]
fn while_explaining_a_computer_moves_one_step_at_a_time() {
    // x 1, then o (weights) would have answered: with explain on it waits for a step instead.
    let mut s = App::new(HUMAN, seat(PlayerId::Weights), Player::X, 5);
    s = new_state(&Input::key('e').at(0.0), s);
    s = new_state(&Input::key('1').at(1.0), s);
    assert_eq!(
        s.next_change_at(),
        None,
        "no move by itself while explaining"
    );
    s = new_state(&Input::tick(100.0), s);
    assert_eq!(s.game.moves(), [1]);
    assert!(app::images(&s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. }
        if text == "weights for o: enter = its move")));
    s = new_state(&Input::special(Key::Enter).at(101.0), s);
    assert_eq!(s.game.moves().len(), 2, "one step: weights moved");
    s = new_state(&Input::key(' ').at(102.0), s);
    assert_eq!(s.game.moves().len(), 2, "a step is the computer's only");
    // Explain off: the computer answers by itself again.
    s = new_state(&Input::key('e').at(103.0), s);
    let free = s.game.state().legal_moves().next().unwrap();
    s = new_state(
        &Input::click(led::center_x(free) as f32, led::center_y(free) as f32).at(104.0),
        s,
    );
    s = new_state(&Input::tick(104.0 + REPLY_DELAY), s);
    assert_eq!(s.game.moves().len(), 4);
}

#[test]
fn on_gomoku_a_hint_blocks_an_open_four() {
    // x has four in a row with both ends open, o to move: any hint must be one of the two ends
    // (o cannot stop both, but a hint that ignores them is no hint).
    let g = Geometry::new(15, 15, 5).unwrap();
    let mut s = App::default().on_board(g);
    s.game = Game::from_cells(g, Player::X, &[113, 1, 114, 3, 115, 5, 116]).unwrap();
    s = new_state(&Input::key('h').at(1.0), s);
    // The search thinks away from the cycle: "hint thinking" meanwhile, then the hint.
    assert!(s.hint.is_none() && shows(&s, "hint thinking"));
    let asked = s.clone();
    s = answer_requests(s, 1.5);
    let (c, until) = s.hint.expect("a hint");
    assert!([112, 117].contains(&c), "hint {c}");
    assert_eq!(until, 1.5 + app::HINT_TIME, "marked from when it came");
    assert!(s.hinting.is_none() && !shows(&s, "hint thinking"));
    // A hint that comes after the position changed is dropped (its request with it).
    let request = asked.hinting.clone().expect("asked");
    let moved = new_state(&Input::key('u').at(1.2), asked);
    assert!(moved.hinting.is_none());
    let stale = Input::answer(request.ticket, c, 1.5);
    assert_eq!(new_state(&stale, moved.clone()).hint, None);
}

#[test]
fn seat_buttons_say_what_each_player_is_to_a_newcomer() {
    let g = Geometry::new(15, 15, 5).unwrap();
    for (id, label) in [
        (PlayerId::Random, "o: random (easy)"),
        (PlayerId::Weights, "o: weights (medium)"),
        (PlayerId::Search, "o: search (strong)"),
    ] {
        let s = App::new(HUMAN, app::Seat::Computer(id), Player::X, 0).on_board(g);
        assert_eq!(s.seat_label(Player::O), label);
        assert!(app::images(&s)
            .iter()
            .any(|i| matches!(i, Image::Text { text, .. } if text == label)));
    }
    let s = App::new(HUMAN, app::Seat::Computer(PlayerId::Perfect), Player::X, 0);
    assert_eq!(s.seat_label(Player::O), "o: perfect (never loses)");
}

#[test]
fn an_engines_fault_ends_the_game_as_its_loss_and_a_new_game_clears_it() {
    let g = Geometry::new(9, 9, 5).unwrap();
    let mut s = App::new(HUMAN, HUMAN, Player::X, 0).on_board(g);
    s.o_seat = s.seat_named("engine:/opt/pbrain-rapfi").unwrap();
    assert_eq!(s.seat_label(Player::O), "o: pbrain-rapfi");
    s = new_state(&click_cell_on(g, 41).at(1.0), s);
    // The engine is asked for its move away from the cycle.
    s = new_state(&Input::tick(2.0), s);
    let ticket = s.thinking.as_ref().expect("a request").ticket;
    assert_eq!(s.thinking.as_ref().unwrap().engine, Some(0));
    s = new_state(
        &Input {
            engine_name: Some((0, "Rapfi".into())),
            ..Input::tick(2.5)
        },
        s,
    );
    assert_eq!(s.seat_label(Player::O), "o: Rapfi");
    // A fault for another (stale) request changes nothing.
    let stale = Input {
        fault: Some((ticket + 1, "crashed: exited with code 3".into())),
        ..Input::tick(2.6)
    };
    s = new_state(&stale, s);
    assert!(s.forfeit.is_none());
    s = new_state(
        &Input {
            fault: Some((ticket, "crashed: exited with code 3".into())),
            ..Input::tick(3.0)
        },
        s,
    );
    assert_eq!(
        app::status_line(&s).as_deref(),
        Some("x won: Rapfi (o) crashed: exited with code 3")
    );
    assert_eq!(s.score.x_won, 1);
    assert!(s.over() && s.thinking.is_none());
    // No more moves; a restart clears the fault.
    let before = s.game.moves().len();
    s = new_state(&click_cell_on(g, 1).at(4.0), s);
    assert_eq!(s.game.moves().len(), before);
    s = new_state(&Input::key('r').at(5.0), s);
    assert!(s.forfeit.is_none() && s.game.moves().is_empty());
}

#[test]
fn keys_toggle_coordinates_and_numbers_save_and_step_through_the_game() {
    let g = Geometry::new(15, 15, 5).unwrap();
    let mut s = App::default().on_board(g);
    assert!(s.coordinates && !s.numbers);
    let labels = |s: &App| {
        app::images(s)
            .iter()
            .filter(|i| matches!(i, Image::Text { text, .. } if text == "O" || text == "15"))
            .count()
    };
    assert_eq!(labels(&s), 2, "column O and row 15");
    s = new_state(&Input::key('c'), s);
    assert!(!s.coordinates);
    assert_eq!(labels(&s), 0);
    for c in [113, 114, 99] {
        s = new_state(&click_cell_on(g, c), s);
    }
    assert_eq!(app::status_line(&s).as_deref(), Some("x i7, move 3"));
    s = new_state(&Input::key('n'), s);
    assert!(app::images(&s)
        .iter()
        .any(|i| matches!(i, Image::Text { text, .. } if text == "3")));
    s = new_state(&Input::special(Key::Ctrl('s')), s);
    assert_eq!(s.save_requests, 1);
    s = new_state(&Input::note("saved /tmp/x.psq", 0.0), s);
    assert_eq!(app::status_line(&s).as_deref(), Some("saved /tmp/x.psq"));
    s = new_state(&Input::special(Key::PageUp), s);
    assert_eq!(s.game.moves(), [113, 114]);
    s = new_state(&Input::special(Key::Home), s);
    assert!(s.game.moves().is_empty());
    s = new_state(&Input::special(Key::PageDown), s);
    assert_eq!(s.game.moves(), [113]);
    s = new_state(&Input::special(Key::End), s);
    assert_eq!(s.game.moves(), [113, 114, 99]);
    // A game opened from a file replaces the one on the screen, on its board.
    let opened = Game::from_cells(Geometry::LED, Player::X, &[5]).unwrap();
    s = new_state(&Input::open(opened.clone(), "opened a.psq", 0.0), s);
    assert_eq!(s.game, opened);
    assert_eq!(app::status_line(&s).as_deref(), Some("opened a.psq"));
}

/// A click in the middle of cell `c` of the board `g` as the window lays it out.
fn click_cell_on(g: Geometry, c: usize) -> Input {
    let p = app::Layout::of(g).board.centre(c);
    Input::click(p.x as f32, p.y as f32)
}
