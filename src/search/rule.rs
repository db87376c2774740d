//! The rule's part in the search (issue 15), kept in one place: under renju, the side to move is
//! black (the first player) when both sides have as many stones, and black's forbidden points
//! ([`crate::rule::renju`]) are left out of the root's moves, so the search never plays one.
//!
//! Inside the tree the search still reads lines as freestyle does (a window of five is a win);
//! teaching its threat counts exact fives and forbidden points is left to the search itself.

use crate::rule::{RenjuBoard, Rule};
use crate::rules::Setup;

/// Per engine cell index (`cell − 1`), whether the side to move may not play it; empty when
/// nothing is excluded (every rule but renju, and white to move).
pub(super) fn excluded_at_root(position: &Setup) -> Vec<bool> {
    let me = position.to_move;
    let black_to_move = position.stones[me].len() == position.stones[me.other()].len();
    if position.rule != Rule::Renju || !black_to_move {
        return Vec::new();
    }
    let g = position.geometry;
    let forbidden = RenjuBoard::from_stones(g, &position.stones[me], &position.stones[me.other()])
        .forbidden_points();
    if forbidden.is_empty() {
        return Vec::new();
    }
    (1..=g.cells()).map(|c| forbidden.contains(c)).collect()
}
