//! The solver's proofs from the empty board (SPEC.md §7): 5×5 k4 (draw), 6×6 k4 (x wins), 7×4 k4
//! (draw), 6×6 k5 (draw). Each iteration solves from scratch, with a fresh transposition table.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tictactoe::commands::solve::report;
use tictactoe::rules::{Outcome, Player, State};
use tictactoe::{solver, Geometry};

fn proofs(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (w, h, k, value) in [
        (5, 5, 4, Outcome::Draw),
        (6, 6, 4, Outcome::Won(Player::X)),
        (7, 4, 4, Outcome::Draw),
        (6, 6, 5, Outcome::Draw),
    ] {
        let empty = State::empty(Geometry::new(w, h, k).unwrap(), Player::X);
        let s = solver::solve(&empty, u64::MAX).unwrap();
        assert_eq!(s.outcome(), value, "{w}×{h} k{k}");
        println!("{w}×{h} k{k}: {}", report(&s));
        group.bench_function(format!("{w}x{h} k{k}"), |b| {
            b.iter(|| solver::solve(black_box(&empty), u64::MAX).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, proofs);
criterion_main!(benches);
