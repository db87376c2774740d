//! The rule's part in the search (issue 15), kept in one place: under renju, the side to move is
//! black (the first player) when both sides have as many stones, and black's forbidden points
//! ([`crate::rule::renju`]) are left out of the root's moves, so the search never plays one.
//!
//! Inside the tree ([`Renju`]) black does not play its forbidden points either, and an only block
//! of white's four that is a forbidden point loses for black; but the threat counts still read
//! lines as freestyle does (a window of five is a win, so black's four whose five would be an
//! overline still counts as a threat), and the threat searches (VCF, VCT) ignore the rule.

use crate::rule::{RenjuBoard, Rule};
use crate::rules::{Player, Setup};

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

/// Black's forbidden points inside the tree: a renju board following the search's moves.
#[derive(Clone, Debug)]
pub(super) struct Renju {
    board: RenjuBoard,
    /// Black's colour index in the search's board (0 x, 1 o).
    black: usize,
}

impl Renju {
    /// The renju board of `position`, if the rule is renju. Black is the side with more stones,
    /// or the side to move when both have as many.
    pub(super) fn of(position: &Setup) -> Option<Renju> {
        if position.rule != Rule::Renju {
            return None;
        }
        let me = position.to_move;
        let black: Player = if position.stones[me].len() >= position.stones[me.other()].len() {
            me
        } else {
            me.other()
        };
        Some(Renju {
            board: RenjuBoard::from_stones(
                position.geometry,
                &position.stones[black],
                &position.stones[black.other()],
            ),
            black: black.index(),
        })
    }

    /// Whether `colour` is black and the engine cell `c` is one of its forbidden points.
    pub(super) fn forbidden(&mut self, colour: usize, c: u16) -> bool {
        colour == self.black && self.board.forbidden(c as usize + 1).is_some()
    }

    /// `colour` plays the engine cell `c`.
    pub(super) fn put(&mut self, colour: usize, c: u16) {
        self.board.put(c as usize + 1, Some(colour == self.black));
    }

    /// The engine cell `c` is emptied.
    pub(super) fn clear(&mut self, c: u16) {
        self.board.put(c as usize + 1, None);
    }
}
