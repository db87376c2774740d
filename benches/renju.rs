//! The renju forbidden-point detector (issue 15): one point, and every point of a position, on
//! 15 × 15 middle-game positions from seeded random play near the centre — what a search pays to
//! keep black off forbidden points.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tictactoe::geometry::{CellSet, Geometry};
use tictactoe::rule::{forbidden_points, RenjuBoard};

/// A 15 × 15 position of `stones` stones (black one more or as many as white), played at random in
/// the 9 × 9 square at the centre.
fn position(seed: u64, stones: usize) -> (Geometry, CellSet, CellSet) {
    let g = Geometry::new(15, 15, 5).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut black, mut white) = (CellSet::EMPTY, CellSet::EMPTY);
    let mut n = 0;
    while n < stones {
        let c = g.cell(rng.gen_range(3..12), rng.gen_range(3..12));
        if black.contains(c) || white.contains(c) {
            continue;
        }
        if n % 2 == 0 {
            black.insert(c)
        } else {
            white.insert(c)
        }
        n += 1;
    }
    (g, black, white)
}

fn detector(c: &mut Criterion) {
    let positions: Vec<_> = (0..16).map(|seed| position(seed, 40)).collect();
    let total: usize = positions
        .iter()
        .map(|(g, b, w)| forbidden_points(*g, b, w).len())
        .sum();
    eprintln!("16 positions of 40 stones: {total} forbidden points in all");
    let mut boards: Vec<RenjuBoard> = positions
        .iter()
        .map(|(g, b, w)| RenjuBoard::from_stones(*g, b, w))
        .collect();
    c.bench_function(
        "renju: forbidden_points, 15×15, 40 stones (per position)",
        |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % boards.len();
                black_box(boards[i].forbidden_points())
            })
        },
    );
    c.bench_function(
        "renju: forbidden(c) on the empty cells, in turn (per cell)",
        |b| {
            let cells: Vec<(usize, usize)> = positions
                .iter()
                .enumerate()
                .flat_map(|(i, (g, bl, wh))| {
                    let occupied = *bl | *wh;
                    g.game_board()
                        .filter(move |&c| !occupied.contains(c))
                        .map(move |c| (i, c))
                })
                .collect();
            let mut k = 0;
            b.iter(|| {
                k = (k + 1) % cells.len();
                let (i, cell) = cells[k];
                black_box(boards[i].forbidden(cell))
            })
        },
    );
    c.bench_function("renju: RenjuBoard::from_stones, 15×15", |b| {
        let (g, bl, wh) = &positions[0];
        b.iter(|| RenjuBoard::from_stones(*g, black_box(bl), black_box(wh)))
    });
}

criterion_group!(benches, detector);
criterion_main!(benches);
