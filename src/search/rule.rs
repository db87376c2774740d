//! The rule's part in the search (issue 15), kept in one place: under renju, the side to move is
//! black (the first player) when both sides have as many stones, and black's forbidden points
//! ([`crate::rule::renju`]) are left out of the root's moves, so the search never plays one.
//!
//! Inside the tree and the threat searches (VCF, VCT) ([`Renju`]) black does not play its
//! forbidden points either, and an only block of white's four that is a forbidden point loses for
//! black. The board's winner and its fours follow the rule ([`longest_wins`]): an overline is no
//! win under standard, nor for black under renju, so a four whose five would be an overline is no
//! four (no threat); black's threats of a double four are none (a double four is forbidden).

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

/// Per colour index, the longest line that wins under the position's rule: any (freestyle, and
/// white under renju) or exactly the run (standard, and black under renju).
pub(super) fn longest_wins(position: &Setup) -> [usize; 2] {
    let k = position.geometry.run();
    match position.rule {
        Rule::Freestyle => [usize::MAX; 2],
        Rule::Standard => [k; 2],
        Rule::Renju => {
            let black = black(position);
            let mut runs = [usize::MAX; 2];
            runs[black.index()] = k;
            runs
        }
    }
}

/// Black, the first player: the side with more stones, or the side to move when both have as
/// many.
pub(super) fn black(position: &Setup) -> Player {
    let me = position.to_move;
    if position.stones[me].len() >= position.stones[me.other()].len() {
        me
    } else {
        me.other()
    }
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
        let black = black(position);
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

    /// Whether `colour` (0 x, 1 o) is black.
    pub(super) fn is_black(&self, colour: usize) -> bool {
        colour == self.black
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
