//! The perfect player's time budget (issue 4): the first answer, including building the LED table,
//! within 10 ms; later answers within 100 µs. This file is its own test binary, so the table is not
//! built before the first call here. Debug-profile tests run at opt-level 2 (Cargo.toml).

use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::{Duration, Instant};
use tictactoe::players::{perfect::Perfect, ComputerPlayer};
use tictactoe::{Geometry, Player, State};

#[test]
fn first_answer_within_10_ms_and_later_answers_within_100_us() {
    let mut rng = StdRng::seed_from_u64(0);
    let s = State::from_cells(Geometry::LED, Player::X, &[5]).unwrap();
    let t = Instant::now();
    let c = Perfect.choose(&s, &[5], &mut rng);
    let first = t.elapsed();
    assert!(
        [1, 3, 7, 9].contains(&c),
        "o answers the centre in a corner, got {c}"
    );
    assert!(
        first <= Duration::from_millis(10),
        "first answer took {first:?}"
    );

    let positions: Vec<(State, Vec<usize>)> = [&[][..], &[1], &[1, 5, 9], &[2, 4, 6, 8, 5]]
        .iter()
        .map(|cells| {
            let s = State::from_cells(Geometry::LED, Player::O, cells).unwrap();
            (s, cells.to_vec())
        })
        .collect();
    let rounds = 1000;
    let t = Instant::now();
    for _ in 0..rounds {
        for (s, h) in &positions {
            std::hint::black_box(Perfect.choose(s, h, &mut rng));
        }
    }
    let each = t.elapsed() / (rounds * positions.len() as u32);
    assert!(
        each <= Duration::from_micros(100),
        "later answers took {each:?} each"
    );
}
