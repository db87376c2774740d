//! The Easel cycle's cost per frame, on the LED board and on a full 15 × 15 board (goal: `app::images`
//! ≤ 50 µs), winner detection after a move on 15 × 15 (goal ≤ 1 µs), and the exhaustive enumeration
//! of the game.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tictactoe::analysis::{count_games, reachable_positions};
use tictactoe::app::{self, App};
use tictactoe::easel::Input;
use tictactoe::led;
use tictactoe::rules::{Player, State};
use tictactoe::Geometry;

fn frame(c: &mut Criterion) {
    let mid = State::from_cells(Geometry::LED, Player::X, &[5, 1, 9, 3]).unwrap();
    c.bench_function("led::images (mid-game)", |b| {
        b.iter(|| led::images(black_box(&mid)))
    });
    let click = Input::click(150.0, 450.0);
    c.bench_function("led::new_state (a click that moves)", |b| {
        b.iter(|| led::new_state(black_box(&click), black_box(&mid)))
    });
    let app = App::default();
    c.bench_function("app::images (whole window)", |b| {
        b.iter(|| app::images(black_box(&app)))
    });
    let explained = app::apply(
        app::Action::ToggleExplain,
        App {
            game: tictactoe::Game::from_cells(Geometry::LED, Player::X, &[5, 1]).unwrap(),
            ..App::default()
        },
        0.0,
    );
    c.bench_function("app::images (explain shown, LED mid-game)", |b| {
        b.iter(|| app::images(black_box(&explained)))
    });
    let idle = Input::default();
    c.bench_function("app::new_state (idle frame)", |b| {
        b.iter(|| app::new_state(black_box(&idle), black_box(app.clone())))
    });
}

/// A full 15 × 15 board with no five in a row: rows of x x o o x x o o …, each row shifted by two
/// from the last, so every line of five holds both marks.
fn full_gomoku() -> App {
    let g = Geometry::new(15, 15, 5).unwrap();
    let mark = |r: usize, c: usize| (c + 2 * r) % 4 < 2; // true: x
    let (mut xs, mut os): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    for r in 0..15 {
        for c in 0..15 {
            if mark(r, c) {
                xs.push(g.cell(r, c))
            } else {
                os.push(g.cell(r, c))
            }
        }
    }
    // Alternate x and o; the surplus of one side goes last (the game record needs alternation,
    // so start with the side that has more).
    let (first, second, start) = if xs.len() >= os.len() {
        (xs, os, Player::X)
    } else {
        (os, xs, Player::O)
    };
    let mut cells = Vec::new();
    for (i, &c) in first.iter().enumerate() {
        cells.push(c);
        cells.extend(second.get(i));
    }
    let game = tictactoe::Game::from_cells(g, start, &cells).expect("a drawn full board");
    App {
        game,
        ..App::default().on_board(g)
    }
}

fn large_boards(c: &mut Criterion) {
    let full = full_gomoku();
    assert!(full.game.state().board_full() && full.game.state().winning_line().is_none());
    c.bench_function("app::images (full 15x15 board)", |b| {
        b.iter(|| app::images(black_box(&full)))
    });
    let g15 = Geometry::new(15, 15, 5).unwrap();
    let explained = app::apply(
        app::Action::ToggleExplain,
        App {
            game: tictactoe::Game::from_cells(g15, Player::X, &[113, 97, 114]).unwrap(),
            ..App::default().on_board(g15)
        },
        0.0,
    );
    c.bench_function("app::images (explain shown, 15x15 search)", |b| {
        b.iter(|| app::images(black_box(&explained)))
    });
    // Winner detection: the move that completes a five through the lines of its cell.
    let g = Geometry::new(15, 15, 5).unwrap();
    let before =
        State::from_cells(g, Player::X, &[113, 128, 114, 129, 115, 130, 116, 131]).unwrap();
    c.bench_function(
        "State::result with winner detection (15x15, the fifth in a row)",
        |b| {
            b.iter(|| {
                black_box(&before)
                    .result(black_box(117))
                    .winning_line()
                    .is_some()
            })
        },
    );
}

fn enumeration(c: &mut Criterion) {
    let mut group = c.benchmark_group("enumeration");
    group.sample_size(20);
    group.bench_function("all 255,168 games", |b| {
        b.iter(|| count_games(black_box(&State::initial_state())))
    });
    group.bench_function("all 5,478 positions", |b| {
        b.iter(|| reachable_positions(Geometry::LED, Player::X))
    });
    group.finish();
}

criterion_group!(benches, frame, large_boards, enumeration);
criterion_main!(benches);
