//! Benchmarks of the computer players' answers on a few LED positions (goal: ≤ 100 µs median), on
//! a 15 × 15 gomoku position (goal: ≤ 50 ms), and of the perfect player's table build, the bulk of
//! its first answer (goal: ≤ 10 ms).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::rngs::StdRng;
use rand::SeedableRng;
use tictactoe::players::{self, perfect};
use tictactoe::{Game, Geometry, Player, State};

fn positions() -> Vec<(&'static str, Vec<usize>)> {
    vec![
        ("empty", vec![]),
        ("after_5", vec![5]),
        ("after_1_5_9", vec![1, 5, 9]),
        ("midgame_1_2_5_9_3", vec![1, 2, 5, 9, 3]),
    ]
}

fn answers(c: &mut Criterion) {
    let mut group = c.benchmark_group("answer");
    for p in players::all() {
        for (label, cells) in positions() {
            let g = Game::from_cells(Geometry::LED, Player::X, &cells).unwrap();
            let mut rng = StdRng::seed_from_u64(1);
            group.bench_with_input(BenchmarkId::new(p.name(), label), &g, |b, g| {
                b.iter(|| p.choose(black_box(g), &mut rng))
            });
        }
    }
    group.finish();
}

/// Every player of 15 × 15 five-in-a-row (gomoku) on a board with 20 stones near the centre.
fn gomoku_answers(c: &mut Criterion) {
    let g = Geometry::new(15, 15, 5).unwrap();
    let mut game = Game::new(g, Player::X);
    let mut rng = StdRng::seed_from_u64(3);
    let weights = players::by_name("weights").unwrap();
    while game.moves().len() < 20 {
        let c = weights.choose(&game, &mut rng);
        game.play_in_place(c).unwrap();
    }
    let mut group = c.benchmark_group("answer_15x15");
    for p in players::for_board(g) {
        group.bench_function(p.name(), |b| {
            b.iter(|| p.choose(black_box(&game), &mut rng))
        });
    }
    group.finish();
}

fn perfect_first_answer(c: &mut Criterion) {
    c.bench_function("perfect/build_table", |b| b.iter(perfect::build_table));
    // The first answer = the table build plus a lookup; measured without the OnceLock cache.
    c.bench_function("perfect/first_answer_uncached", |b| {
        b.iter(|| {
            let t = perfect::build_table();
            black_box(t.entry(&State::initial_state()).map(|e| e.best))
        })
    });
}

criterion_group! {
    name = benches;
    // Short runs: two shared cores, 18 benchmarks.
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = answers, gomoku_answers, perfect_first_answer
}
criterion_main!(benches);
