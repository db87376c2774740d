//! The search in slices (`Search::begin_slices`, `Search::slice`), as a web page runs it between
//! its frames: each slice stays within its node budget, the search goes on where the last slice
//! stopped, and it reaches the answers of the search run at once — the same proofs.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use tictactoe::search::{cancel_flag, Limits, Search, SearchResult};
use tictactoe::{Geometry, Player, State, Value};

/// The search of `pos` in slices of `per_slice` nodes: the answer and the number of slices.
fn sliced(pos: &State, limits: Limits, per_slice: u64) -> (SearchResult, usize) {
    let mut search = Search::new(limits, cancel_flag());
    let mut slices = search.begin_slices(&pos.setup()).expect("the game goes on");
    let mut count = 0;
    loop {
        let before = slices.nodes();
        count += 1;
        let answer = search.slice(&mut slices, per_slice);
        if count > 1 {
            // The limits are checked every 1024 nodes.
            let used = slices.nodes() - before;
            assert!(
                used <= per_slice + 1024,
                "slice {count} searched {used} nodes"
            );
        }
        if let Some(r) = answer {
            assert!(pos.legal_to_move_in(r.best), "{r:?}");
            return (r, count);
        }
        assert!(count < 1_000_000, "the slices never end");
    }
}

fn at_once(pos: &State, limits: Limits) -> SearchResult {
    Search::new(limits, cancel_flag())
        .think(&pos.setup())
        .expect("a move")
}

#[test]
fn slices_prove_what_the_search_proves_at_once() {
    // SPEC.md §7: 4×4 k3 the first player wins, 4×4 k4 a draw; and random positions of 5×4 k4.
    let mut positions = vec![
        State::empty(Geometry::new(4, 4, 3).unwrap(), Player::X),
        State::empty(Geometry::new(4, 4, 4).unwrap(), Player::X),
    ];
    let mut rng = StdRng::seed_from_u64(19);
    for _ in 0..12 {
        let mut pos = State::empty(Geometry::new(5, 4, 4).unwrap(), Player::X);
        for _ in 0..4 {
            let free: Vec<_> = (1..=20).filter(|&c| pos.legal_to_move_in(c)).collect();
            let next = pos.result(*free.choose(&mut rng).unwrap());
            if next.outcome().is_some() {
                break;
            }
            pos = next;
        }
        positions.push(pos);
    }
    let mut several = 0;
    for pos in &positions {
        let once = at_once(pos, Limits::nodes(5_000_000));
        assert!(once.proven.is_some(), "{pos:?}: {once:?}");
        // Each slice goes on where the last stopped: the slices need not many more nodes in all
        // than the search at once.
        let (r, count) = sliced(pos, Limits::nodes(4 * once.nodes + 50_000), 4096);
        let verdict = |v: Option<Value>| v.map(|v| v.verdict);
        println!(
            "{:?} at once {} nodes; in {count} slices {} nodes",
            verdict(once.proven),
            once.nodes,
            r.nodes
        );
        assert_eq!(verdict(r.proven), verdict(once.proven), "{pos:?}: {r:?}");
        several += usize::from(count > 3);
    }
    assert!(
        several >= 2,
        "the proofs took several slices ({several} did)"
    );
}

#[test]
fn a_node_limit_holds_over_all_the_slices() {
    // Gomoku's board after x's centre: the search does not end by itself.
    let pos = State::empty(Geometry::new(15, 15, 5).unwrap(), Player::X).result(113);
    let (r, count) = sliced(&pos, Limits::nodes(60_000), 4096);
    assert!(count >= 10, "{count} slices");
    assert!(r.nodes >= 60_000 && r.nodes <= 60_000 + 1024, "{}", r.nodes);
    assert!(r.depth >= 2, "{r:?}");
    // A person's answer next to the centre stone.
    let (x, y) = ((r.best - 1) % 15, (r.best - 1) / 15);
    assert!(x.abs_diff(7) <= 2 && y.abs_diff(7) <= 2, "{}", r.best);
}

#[test]
fn the_cancel_flag_ends_the_slices_with_the_best_move_so_far() {
    let cancel = cancel_flag();
    let pos = State::empty(Geometry::new(15, 15, 5).unwrap(), Player::X).result(113);
    let mut search = Search::new(Limits::nodes(10_000_000), cancel.clone());
    let mut slices = search.begin_slices(&pos.setup()).unwrap();
    for _ in 0..5 {
        assert!(search.slice(&mut slices, 2048).is_none());
    }
    cancel.store(true, std::sync::atomic::Ordering::Relaxed);
    let r = search.slice(&mut slices, 2048).expect("stopped");
    assert!(pos.legal_to_move_in(r.best));
    assert!(search.begin_slices(&pos.result(r.best).setup()).is_some());
}

#[test]
fn the_threat_searches_go_on_over_small_slices() {
    // tests/search.rs: 15×15 k5, x to move; a win by continuous fours, and one by threes.
    let at = |x: usize, y: usize| y * 15 + x + 1;
    let corners = [at(0, 0), at(14, 0), at(0, 14), at(14, 14)];
    let position = |x: &[usize], o: &[usize]| {
        tictactoe::Setup {
            geometry: Geometry::new(15, 15, 5).unwrap(),
            stones: tictactoe::Stones {
                x: x.iter().copied().collect(),
                o: o.iter().chain(&corners).copied().collect(),
            },
            to_move: Player::X,
            rule: tictactoe::rule::Rule::Freestyle,
        }
        .position()
        .unwrap()
    };
    let vcf = position(
        &[
            at(2, 5),
            at(3, 5),
            at(4, 5),
            at(5, 6),
            at(5, 7),
            at(2, 11),
            at(3, 10),
            at(4, 9),
        ],
        &[at(1, 5), at(5, 9), at(1, 12), at(12, 12)],
    );
    let vct = position(&[at(6, 7), at(7, 7), at(5, 5), at(5, 6)], &[]);
    for (pos, budget) in [(vcf, 200_000), (vct, 400_000)] {
        let once = at_once(&pos, Limits::nodes(budget));
        let (r, count) = sliced(&pos, Limits::nodes(budget), 1024);
        assert_eq!(once.depth, 0, "{once:?}");
        assert_eq!((r.depth, r.proven), (0, once.proven), "{r:?}");
        assert!(once.nodes < 1024 || count > 1, "{count} slices");
    }
}
