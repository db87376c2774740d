//! Benchmarks of the search engine on 15 × 15 free-style gomoku (k = 5):
//! - `search/nodes_50k/*`: a fixed node budget (one thread): nodes per second = 50,000 / time;
//! - `search/depth_6/threads_{1,2}`: the time to complete depth 6, on one thread and on two (lazy
//!   SMP: whether the second core pays);
//! - before those, the depth reached and the nodes per second at one second a move, printed.
//!
//! `cargo bench --bench search -- --warm-up-time 1 --measurement-time 3`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;
use tictactoe::search::{cancel_flag, Limits, Search};
use tictactoe::{Geometry, Player, State};

/// Opening and middle-game positions of 15 × 15 k5 (cells `y · 15 + x + 1`).
fn positions() -> Vec<(&'static str, State)> {
    let at = |x: usize, y: usize| y * 15 + x + 1;
    [
        ("opening", vec![at(7, 7), at(8, 8), at(7, 8)]),
        (
            "middle",
            vec![
                at(7, 7),
                at(8, 8),
                at(7, 8),
                at(7, 6),
                at(6, 7),
                at(8, 7),
                at(8, 6),
                at(6, 8),
                at(9, 5),
                at(10, 4),
            ],
        ),
        (
            "fight",
            // Twelve moves of the engine against itself at 300,000 nodes a move.
            vec![113, 112, 99, 128, 96, 127, 97, 98, 126, 81, 83, 111],
        ),
    ]
    .into_iter()
    .map(|(name, moves)| {
        let gomoku = Geometry::new(15, 15, 5).unwrap();
        (name, State::from_cells(gomoku, Player::X, &moves).unwrap())
    })
    .collect()
}

/// Depth and nodes per second at one second a move, one thread and two, printed once.
fn one_second_a_move() {
    for threads in [1, 2] {
        for (name, pos) in positions() {
            let limits = Limits {
                threads,
                ..Limits::time(1000)
            };
            let r = Search::new(limits, cancel_flag())
                .think(&pos.setup())
                .unwrap();
            println!(
                "1 s a move, {threads} thread(s), {name}: depth {}, {} nodes, {:.0} nodes/s, best {},{}",
                r.depth,
                r.nodes,
                r.nodes as f64 / r.elapsed.as_secs_f64(),
                (r.best - 1) % 15,
                (r.best - 1) / 15
            );
        }
    }
}

fn benches(c: &mut Criterion) {
    one_second_a_move();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, pos) in positions() {
        let r = Search::new(Limits::nodes(50_000), cancel_flag())
            .think(&pos.setup())
            .unwrap();
        println!("50,000 nodes, {name}: depth {}", r.depth);
        group.bench_with_input(BenchmarkId::new("nodes_50k", name), &pos, |b, pos| {
            b.iter(|| {
                Search::new(Limits::nodes(50_000), cancel_flag())
                    .think(black_box(&pos.setup()))
                    .unwrap()
                    .nodes
            })
        });
    }
    let (_, pos) = &positions()[1];
    for threads in [1, 2] {
        let limits = Limits {
            time: None,
            optimum: None,
            nodes: None,
            threads,
            max_depth: 6,
        };
        group.bench_with_input(
            BenchmarkId::new("depth_6", format!("threads_{threads}")),
            pos,
            |b, pos| {
                b.iter(|| {
                    Search::new(limits, cancel_flag())
                        .think(black_box(&pos.setup()))
                        .unwrap()
                })
            },
        );
    }
    group.finish();
}

criterion_group! {
    name = search;
    config = Criterion::default().warm_up_time(Duration::from_secs(1));
    targets = benches
}
criterion_main!(search);
