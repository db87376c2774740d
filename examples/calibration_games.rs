//! Search-vs-search games for the win-probability calibration (`scripts/calibrate.py` runs this):
//! prints one CSV row per searched position — the search's score for the side to move and the
//! game's result for that side (1 win, 0.5 draw, 0 loss) — for positions whose value the search
//! did not prove, where it searched a tree and its score is not a mate score.
//!
//! `cargo run --release --example calibration_games -- GAMES NODES [WIDTH HEIGHT RUN [SEED]]`:
//! GAMES games with NODES nodes a move, each opened by 2 to 5 random moves in the middle of the
//! board (so that the games differ), on two threads.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tictactoe::search::{cancel_flag, Limits, Search, MATE_BOUND};
use tictactoe::{Geometry, Outcome, Player, State};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let games = args.first().copied().unwrap_or(200);
    let nodes = args.get(1).copied().unwrap_or(3000) as u64;
    let (w, h, k) = (
        args.get(2).copied().unwrap_or(15),
        args.get(3).copied().unwrap_or(15),
        args.get(4).copied().unwrap_or(5),
    );
    let seed = args.get(5).copied().unwrap_or(1) as u64;
    println!("game,ply,score,result");
    let threads = 2;
    let rows: Vec<Vec<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut search = Search::new(Limits::nodes(nodes), cancel_flag());
                    let mut rows = Vec::new();
                    for g in (t..games).step_by(threads) {
                        let mut rng = StdRng::seed_from_u64(seed * 1_000_003 + g as u64);
                        search.clear();
                        play(&mut search, &mut rng, (w, h, k), g, &mut rows);
                    }
                    rows
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for r in rows.into_iter().flatten() {
        println!("{r}");
    }
}

/// One game: its rows (unproven positions' scores with the result for their mover).
fn play(
    search: &mut Search,
    rng: &mut StdRng,
    (w, h, k): (usize, usize, usize),
    game: usize,
    rows: &mut Vec<String>,
) {
    let g = Geometry::new(w, h, k).expect("a board");
    let mut pos = State::empty(g, Player::X);
    let opening = rng.gen_range(2..=5);
    let (cx, cy) = (w / 2, h / 2);
    let span = 3.min(w / 2).min(h / 2);
    for _ in 0..opening {
        for _ in 0..100 {
            let x = rng.gen_range(cx - span..=cx + span);
            let y = rng.gen_range(cy - span..=cy + span);
            let c = g.cell(y, x);
            if !pos.occupied(c) {
                pos = pos.result(c);
                break;
            }
        }
        if pos.game_over() {
            return;
        }
    }
    let mut seen: Vec<(usize, Player, i32)> = Vec::new();
    let mut ply = opening;
    while !pos.game_over() {
        let r = search.think(&pos.setup()).expect("the game is on");
        // Heuristic scores of a tree search only: not the forced answers (depth 0, score 0) nor
        // unproven mate scores (the analysis shows those at the end of the scale).
        if r.proven.is_none() && r.depth > 0 && r.value.abs() < MATE_BOUND {
            seen.push((ply, pos.player_to_move(), r.value));
        }
        pos = pos.result(r.best);
        ply += 1;
    }
    for (at, mover, score) in seen {
        let result = match pos.outcome() {
            Some(Outcome::Won(p)) if p == mover => 1.0,
            Some(Outcome::Won(_)) => 0.0,
            _ => 0.5,
        };
        rows.push(format!("{game},{at},{score},{result}"));
    }
}
