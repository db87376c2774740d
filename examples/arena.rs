//! Prints the arena table: `cargo run --release --example arena -- [--games N] [--seed S]`
//! (defaults: 100 games, seed 1).

use tictactoe::arena::arena;
use tictactoe::players;

fn main() {
    let mut games = 100usize;
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next();
        let parsed = match (a.as_str(), value.as_deref()) {
            ("--games", Some(v)) => v.parse().map(|n| games = n).is_ok(),
            ("--seed", Some(v)) => v.parse().map(|n| seed = n).is_ok(),
            _ => false,
        };
        if !parsed {
            eprintln!("usage: arena [--games N] [--seed S]");
            std::process::exit(2);
        }
    }
    print!("{}", arena(&players::all(), games, seed));
}
