//! The Easel cycle's cost per frame, and the exhaustive enumeration of the game.

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
    let idle = Input::default();
    c.bench_function("app::new_state (idle frame)", |b| {
        b.iter(|| app::new_state(black_box(&idle), black_box(app.clone())))
    });
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

criterion_group!(benches, frame, enumeration);
criterion_main!(benches);
