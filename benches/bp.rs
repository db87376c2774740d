//! Benchmarks of the BP player and of the verification of the seed's program (SPEC.md §3).
//!
//! Goals: one O answer ≤ 50 µs median; exploring every X play ≤ 1 s.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::SeedableRng;
use tictactoe::bp::explore;
use tictactoe::bp::tictactoe::{seed_program, x_moves, Event};
use tictactoe::players::bp::Bp;
use tictactoe::players::ComputerPlayer;
use tictactoe::{Game, Geometry, Player};

fn bp_choose(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(0);
    // Mid-game positions, O to move (X first): cells 1..=9 row-major.
    let histories: [&[usize]; 4] = [&[1], &[1, 5, 9], &[1, 5, 8, 7], &[2, 5, 4, 1, 9]];
    for h in histories {
        let game = Game::from_cells(Geometry::LED, Player::X, h).unwrap();
        c.bench_function(&format!("bp choose after {h:?}"), |b| {
            b.iter(|| Bp.choose(black_box(&game), &mut rng))
        });
    }
}

fn verification(c: &mut Criterion) {
    let mut g = c.benchmark_group("verification");
    g.sample_size(10);
    g.bench_function("explore every X play", |b| {
        b.iter(|| {
            let found = explore(seed_program, &x_moves(), 9, |p| {
                p.trace().contains(&Event::XWin)
            });
            assert!(found.violation.is_none());
            found.runs
        })
    });
    g.finish();
}

criterion_group!(benches, bp_choose, verification);
criterion_main!(benches);
