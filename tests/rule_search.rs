//! The search under each rule (issue 15): threats, the threat searches (VCF, VCT) and wins follow
//! the rule. Under standard an overline is no five for either side; under renju black wins with
//! exactly five, a forbidden point is neither black's move nor black's threat (a four whose five
//! would be an overline is no four), and white wins with five or more. Each position is checked
//! with both engines (the first, and the pattern search of five in a row), and the freestyle
//! reading of the same stones is checked to differ where the rule matters, so that each test
//! fails on a search that reads lines as freestyle does.

use tictactoe::rule::Rule;
use tictactoe::search::{cancel_flag, Limits, Search, SearchResult};
use tictactoe::{Cell, CellSet, Geometry, Player, Setup, Stones, Verdict};

/// A 15 × 15 position from a diagram: 'X' x (black, first), 'O' o, '.' empty, at rows from `top`
/// and columns from `left`; `extra` adds o stones (far-away fillers to make the counts right).
fn position(rule: Rule, rows: &[&str], top: usize, left: usize, to_move: Player) -> Setup {
    let g = Geometry::new(15, 15, 5).unwrap();
    let (mut x, mut o) = (CellSet::EMPTY, CellSet::EMPTY);
    for (r, row) in rows.iter().enumerate() {
        for (k, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            match ch {
                'X' => x.insert(g.cell(top + r, left + k)),
                'O' => o.insert(g.cell(top + r, left + k)),
                '.' => {}
                other => panic!("diagram character {other:?}"),
            }
        }
    }
    Setup {
        geometry: g,
        rule,
        stones: Stones { x, o },
        to_move,
    }
}

fn cell(r: usize, k: usize) -> Cell {
    Geometry::new(15, 15, 5).unwrap().cell(r, k)
}

/// Both engines' answers: the first engine's and the default search's (the pattern search where
/// it plays the rule).
fn answers(p: &Setup, nodes: u64) -> [SearchResult; 2] {
    let first = Search::new(Limits::nodes(nodes), cancel_flag())
        .first_engine_only()
        .think(p)
        .expect("a move");
    let default = Search::new(Limits::nodes(nodes), cancel_flag())
        .think(p)
        .expect("a move");
    [first, default]
}

fn claims_win(r: &SearchResult) -> bool {
    r.proven.is_some_and(|v| v.verdict == Verdict::Win)
}

/// x: `O X X X X . X` on row 7 (the gap at column 6 makes six); x to move.
fn overline_four(rule: Rule, to_move: Player) -> Setup {
    let mut p = position(
        rule,
        &[
            "O X X X X . X . . . . . . .",
            ". . . . . . . . . . . . . .",
            ". . . . . . . . . . . . . .",
        ],
        7,
        1,
        to_move,
    );
    // o's fillers, far apart and far from x.
    for (r, k) in [(0, 0), (0, 14), (14, 0), (14, 14)] {
        p.stones.o.insert(cell(r, k));
    }
    p
}

#[test]
fn under_standard_a_four_whose_five_is_an_overline_is_no_win() {
    let p = overline_four(Rule::Standard, Player::X);
    assert!(p.position().is_ok());
    for r in answers(&p, 20_000) {
        assert!(!claims_win(&r), "claims a win: {r:?}");
        assert_ne!(r.best, cell(7, 6), "plays the overline");
    }
    // Under freestyle the gap wins at once.
    let free = Setup {
        rule: Rule::Freestyle,
        ..p
    };
    for r in answers(&free, 20_000) {
        assert_eq!(r.best, cell(7, 6));
        assert!(claims_win(&r));
    }
}

/// `overline_four` with o to move and an open three of o on row 11 (columns 5–7), x's extra stone
/// on row 13 keeping the counts: o should make an open four, not block the gap.
fn open_three_against_overline_four(rule: Rule) -> Setup {
    let mut p = overline_four(rule, Player::O);
    for k in 5..=7 {
        p.stones.o.insert(cell(11, k));
    }
    for (r, k) in [(0, 14), (14, 0), (14, 14)] {
        p.stones.o.remove(cell(r, k));
    }
    p.stones.x.insert(cell(13, 12));
    p
}

#[test]
fn a_four_whose_five_is_an_overline_is_no_threat_to_answer() {
    for rule in [Rule::Standard, Rule::Renju] {
        let p = open_three_against_overline_four(rule);
        assert!(p.position().is_ok(), "{rule}: {:?}", p.position());
        for r in answers(&p, 50_000) {
            assert!(claims_win(&r), "{rule}: no win found: {r:?}");
            assert_ne!(r.best, cell(7, 6), "{rule}: blocks a four that is none");
        }
    }
    // Under freestyle x's four is real: o must block it.
    let free = Setup {
        rule: Rule::Freestyle,
        ..open_three_against_overline_four(Rule::Freestyle)
    };
    for r in answers(&free, 50_000) {
        assert_eq!(r.best, cell(7, 6));
    }
}

#[test]
fn under_renju_blacks_four_through_an_overline_point_is_no_double_threat() {
    // Black (x, to move): `O X X X X . X` on row 7 (the gap is an overline, forbidden) and
    // `O X X X .` on row 12: a four there leaves one five to block, not two.
    let mut p = position(
        Rule::Renju,
        &[
            "O X X X X . X . . . . . . .",
            ". . . . . . . . . . . . . .",
            ". . . . . . . . . . . . . .",
            ". . . . . . . . . . . . . .",
            ". . . . . . . . . . . . . .",
            ". . . . . . O X X X . . . .",
        ],
        7,
        1,
        Player::X,
    );
    for (r, k) in [(0, 0), (0, 14), (14, 0), (14, 14), (0, 7), (14, 7)] {
        p.stones.o.insert(cell(r, k));
    }
    assert!(p.position().is_ok(), "{:?}", p.position());
    for r in answers(&p, 100_000) {
        assert!(!claims_win(&r), "claims a win: {r:?}");
        assert_ne!(r.best, cell(7, 6), "plays a forbidden point");
    }
    // Under freestyle the gap wins at once.
    let free = Setup {
        rule: Rule::Freestyle,
        ..p
    };
    for r in answers(&free, 20_000) {
        assert!(claims_win(&r));
    }
}

#[test]
fn under_renju_a_four_whose_block_is_forbidden_to_black_wins_for_white() {
    // White (o, to move) makes a four on column 9 by (6, 9) whose one block, (7, 9), is a double
    // three of black's (row 7 and the diagonal from (5, 7)): black cannot block.
    let mut p = position(
        Rule::Renju,
        &[
            ". . . . . . . . X . . .",
            ". . . . . . . . O . . .",
            ". . . . . . . . O . . .",
            ". . . . . . X . O . . .",
            ". . . . . . . X . . . .",
            ". . . . . X X . . . . .",
        ],
        2,
        1,
        Player::O,
    );
    p.stones.o.insert(cell(14, 0));
    assert!(p.position().is_ok(), "{:?}", p.position());
    let block = cell(7, 9);
    let state = p.position().unwrap();
    let four = state.result(cell(6, 9));
    assert!(four.forbidden(block).is_some(), "the block is forbidden");
    for r in answers(&p, 100_000) {
        assert!(claims_win(&r), "no win found: {r:?}");
    }
}
