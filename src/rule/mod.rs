//! Gomocup's three rules (SPEC.md §9, issue 15): which lines win, and where the first player may not
//! play.
//!
//! - [`Rule::Freestyle`]: k or more in a row wins, for either player (every board before issue 15).
//! - [`Rule::Standard`]: exactly k in a row wins; a longer line (an overline) does not, for either
//!   player.
//! - [`Rule::Renju`]: k = 5. Black (the first player) wins with exactly five and may not play a
//!   forbidden point — an overline, a double four or a double three, as the Renju International
//!   Federation defines them ([`renju`]); white wins with five or more.
//!
//! The rule is a small `Copy` value that travels beside the [`Geometry`]. The functions here work on
//! the core's stone sets ([`CellSet`]), so that the rules engine, the players and the commands share
//! one definition.

pub mod renju;

pub use renju::{forbidden, forbidden_points, Forbidden, RenjuBoard};

use crate::geometry::{Cell, CellSet, Geometry};
use std::fmt;
use std::str::FromStr;

/// The rule a game is played under: which unbroken lines win, and which moves the first player may
/// not make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Freestyle: an unbroken line of k or more stones wins, for either player. No point is
    /// forbidden. Gomocup's `INFO rule 0`.
    #[default]
    Freestyle,
    /// Standard gomoku: an unbroken line of exactly k stones wins, for either player; a line of more
    /// than k (an overline) does not win. No point is forbidden. Gomocup's `INFO rule 1`.
    Standard,
    /// Renju (Renju International Federation): k = 5 on any board. Black, the first player, wins
    /// with exactly five and may not play a forbidden point ([`Forbidden`]: an overline, a double
    /// four or a double three); a move that makes five wins even if it also makes a forbidden
    /// pattern. White, the second player, wins with five or more and may play anywhere. Gomocup's
    /// `INFO rule 4` (Yixin Board sends 2).
    Renju,
}

/// The run length of renju, on every board.
pub const RENJU_RUN: usize = 5;

impl Rule {
    /// The three rules, in Gomocup's order.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The rule's name on the command line and in the window: `freestyle`, `standard` or `renju`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// The next rule in [`Rule::ALL`], round: what the window's rule button steps to.
    pub fn next(self) -> Rule {
        match self {
            Rule::Freestyle => Rule::Standard,
            Rule::Standard => Rule::Renju,
            Rule::Renju => Rule::Freestyle,
        }
    }

    /// The run length that wins under this rule when the board asks for `k`: renju is always five.
    pub fn run(self, k: usize) -> usize {
        match self {
            Rule::Renju => RENJU_RUN,
            Rule::Freestyle | Rule::Standard => k,
        }
    }

    /// Whether an unbroken line of `len` stones of one player wins, with `k` in a row asked for;
    /// `first` tells whether that player moved first (black, in renju):
    /// freestyle `len ≥ k`; standard `len = k`; renju `len = 5` for black and `len ≥ 5` for white.
    pub fn wins_with(self, len: usize, k: usize, first: bool) -> bool {
        match self {
            Rule::Freestyle => len >= k,
            Rule::Standard => len == k,
            Rule::Renju if first => len == RENJU_RUN,
            Rule::Renju => len >= RENJU_RUN,
        }
    }

    /// Whether some points may be forbidden for the first player (renju).
    pub fn has_forbidden_points(self) -> bool {
        self == Rule::Renju
    }

    /// The rule of Gomocup's `INFO rule n`. Piskvork's value is a bit mask — 1 exactly five,
    /// 2 continuous game, 4 renju, 8 caro — and Yixin Board sends 2 for renju, as Rapfi accepts:
    /// 2 → renju; else bit 4 → renju; else bit 1 → standard; else freestyle (the continuous-game bit
    /// changes nothing here). Caro (bit 8) is not played: `None`.
    pub fn from_gomocup(n: u32) -> Option<Rule> {
        if n & 8 != 0 || n > 15 {
            None
        } else if n == 2 || n & 4 != 0 {
            Some(Rule::Renju)
        } else if n & 1 != 0 {
            Some(Rule::Standard)
        } else {
            Some(Rule::Freestyle)
        }
    }

    /// The value of Gomocup's `INFO rule` for this rule: 0, 1 or 4.
    pub fn gomocup(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// The line that wins for a player whose stones are `stones` and who has just played `c` (a
    /// stone of `stones`), if one does: the longest winning unbroken line through `c`. Lines not
    /// through `c` are not looked at (they were there before the move). `first` tells whether the
    /// player moved first; `geometry.run()` is k (five under renju, whatever the geometry says).
    pub fn winning_line(
        self,
        geometry: Geometry,
        stones: &CellSet,
        c: Cell,
        first: bool,
    ) -> Option<Line> {
        let k = self.run(geometry.run());
        Line::through(geometry, stones, c)
            .into_iter()
            .filter(|line| self.wins_with(line.len, k, first))
            .max_by_key(|line| line.len)
    }

    /// Whether a player whose stones are `stones` holds a winning line anywhere on the board.
    pub fn has_win(self, geometry: Geometry, stones: &CellSet, first: bool) -> bool {
        stones
            .iter()
            .any(|c| self.winning_line(geometry, stones, c, first).is_some())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is not `freestyle`, `standard` or `renju`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRuleError(pub String);

impl fmt::Display for ParseRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule '{}' (freestyle, standard or renju)",
            self.0
        )
    }
}

impl std::error::Error for ParseRuleError {}

impl FromStr for Rule {
    type Err = ParseRuleError;

    /// `freestyle`, `standard` or `renju` (any case).
    fn from_str(s: &str) -> Result<Rule, ParseRuleError> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseRuleError(s.to_string()))
    }
}

/// The four directions of a line, as (row step, column step): horizontal, vertical, diagonal down
/// to the right, diagonal down to the left.
pub const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// An unbroken line of one player's stones: `len` cells from `start` stepping by
/// `DIRECTIONS[direction]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// The first cell (the one nearest the top, or the left on a row).
    pub start: Cell,
    /// An index into [`DIRECTIONS`].
    pub direction: usize,
    /// The number of stones.
    pub len: usize,
}

impl Line {
    /// The maximal unbroken lines of `stones` through `c` in the four directions (`c` counted as a
    /// stone whether or not it is in `stones`).
    pub fn through(geometry: Geometry, stones: &CellSet, c: Cell) -> [Line; 4] {
        let (row, col) = geometry.row_column(c);
        let (w, h) = (geometry.width() as isize, geometry.height() as isize);
        let on = |r: isize, k: isize| {
            (r, k) == (row as isize, col as isize)
                || (0..h).contains(&r)
                    && (0..w).contains(&k)
                    && stones.contains(geometry.cell(r as usize, k as usize))
        };
        std::array::from_fn(|direction| {
            let (dr, dc) = DIRECTIONS[direction];
            let (mut r, mut k) = (row as isize, col as isize);
            while on(r - dr, k - dc) {
                r -= dr;
                k -= dc;
            }
            let start = geometry.cell(r as usize, k as usize);
            let mut len = 1;
            while on(r + dr, k + dc) {
                r += dr;
                k += dc;
                len += 1;
            }
            Line {
                start,
                direction,
                len,
            }
        })
    }

    /// The cells of the line, in order from `start`.
    pub fn cells(&self, geometry: Geometry) -> Vec<Cell> {
        let (row, col) = geometry.row_column(self.start);
        let (dr, dc) = DIRECTIONS[self.direction];
        (0..self.len as isize)
            .map(|i| {
                geometry.cell(
                    (row as isize + i * dr) as usize,
                    (col as isize + i * dc) as usize,
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in Rule::ALL {
            assert_eq!(r.to_string().parse::<Rule>(), Ok(r));
            assert_eq!(Rule::from_gomocup(r.gomocup()), Some(r));
        }
        assert_eq!("Renju".parse::<Rule>(), Ok(Rule::Renju));
        assert!("caro".parse::<Rule>().is_err());
        assert_eq!(
            "x".parse::<Rule>().unwrap_err().to_string(),
            "unknown rule 'x' (freestyle, standard or renju)"
        );
        assert_eq!(Rule::default(), Rule::Freestyle);
    }

    #[test]
    fn gomocup_values() {
        assert_eq!(Rule::from_gomocup(0), Some(Rule::Freestyle));
        assert_eq!(Rule::from_gomocup(1), Some(Rule::Standard));
        assert_eq!(Rule::from_gomocup(2), Some(Rule::Renju));
        assert_eq!(Rule::from_gomocup(3), Some(Rule::Standard));
        assert_eq!(Rule::from_gomocup(4), Some(Rule::Renju));
        assert_eq!(Rule::from_gomocup(5), Some(Rule::Renju));
        assert_eq!(Rule::from_gomocup(8), None);
        assert_eq!(Rule::from_gomocup(99), None);
    }

    #[test]
    fn winning_lengths() {
        for len in 1..10 {
            assert_eq!(Rule::Freestyle.wins_with(len, 5, true), len >= 5);
            assert_eq!(Rule::Freestyle.wins_with(len, 3, false), len >= 3);
            assert_eq!(Rule::Standard.wins_with(len, 5, true), len == 5);
            assert_eq!(Rule::Standard.wins_with(len, 5, false), len == 5);
            assert_eq!(Rule::Renju.wins_with(len, 9, true), len == 5);
            assert_eq!(Rule::Renju.wins_with(len, 9, false), len >= 5);
        }
    }

    #[test]
    fn lines_through_a_cell() {
        let g = Geometry::new(7, 5, 4).unwrap();
        // Row 2: cells 15..=21; stones at columns 1, 2, 3 and 5.
        let stones: CellSet = [16, 17, 18, 20].into_iter().collect();
        let lines = Line::through(g, &stones, 17);
        assert_eq!(
            lines[0],
            Line {
                start: 16,
                direction: 0,
                len: 3
            }
        );
        assert_eq!(lines[0].cells(g), vec![16, 17, 18]);
        assert_eq!(lines[1].len, 1);
        // The empty cell 19 joins the two groups.
        let lines = Line::through(g, &stones, 19);
        assert_eq!(
            lines[0],
            Line {
                start: 16,
                direction: 0,
                len: 5
            }
        );
        // A diagonal down to the left: 7 (row 0, col 6), 13, 19.
        let d: CellSet = [7, 13].into_iter().collect();
        assert_eq!(
            Line::through(g, &d, 19)[3],
            Line {
                start: 7,
                direction: 3,
                len: 3
            }
        );
        assert_eq!(Line::through(g, &d, 19)[3].cells(g), vec![7, 13, 19]);
    }

    #[test]
    fn overlines_win_only_in_freestyle_and_for_white_in_renju() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let six: CellSet = (0..6).map(|c| g.cell(7, 2 + c)).collect();
        let last = g.cell(7, 7);
        assert!(Rule::Freestyle.winning_line(g, &six, last, true).is_some());
        assert!(Rule::Standard.winning_line(g, &six, last, true).is_none());
        assert!(Rule::Standard.winning_line(g, &six, last, false).is_none());
        assert!(Rule::Renju.winning_line(g, &six, last, true).is_none());
        assert_eq!(
            Rule::Renju
                .winning_line(g, &six, last, false)
                .map(|l| l.len),
            Some(6)
        );
    }
}
