//! The one value type: what perfect play makes of a position, for the side to move, and how many
//! plies remain until the game ends.
//!
//! SPEC.md §6 and §7 speak of a board's "value with perfect play": first player wins, or draw.
//! Every prover in the program reports it in this one form — the perfect player's table
//! ([`crate::players::perfect`]), the exact solver ([`crate::solver`]), the search's proofs
//! ([`crate::search`]) and the explanations ([`crate::explain`]) — seen from the side to move.

use crate::rules::{Outcome, Player};
use std::fmt;

/// Win, draw or loss for the side to move, with perfect play on both sides. Ordered from the
/// mover's point of view: `Loss < Draw < Win`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// The side to move loses whatever it does.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins whatever the other side does.
    Win,
}

impl Verdict {
    /// The same position seen by the other player.
    pub fn flip(self) -> Verdict {
        match self {
            Verdict::Loss => Verdict::Win,
            Verdict::Draw => Verdict::Draw,
            Verdict::Win => Verdict::Loss,
        }
    }

    /// The finished game this verdict leads to when `mover` is the side to move.
    pub fn outcome(self, mover: Player) -> Outcome {
        match self {
            Verdict::Win => Outcome::Won(mover),
            Verdict::Loss => Outcome::Won(mover.other()),
            Verdict::Draw => Outcome::Draw,
        }
    }

    /// The verdict for `mover` of a game that ends as `outcome`.
    pub fn of(outcome: Outcome, mover: Player) -> Verdict {
        match outcome {
            Outcome::Draw => Verdict::Draw,
            Outcome::Won(p) if p == mover => Verdict::Win,
            Outcome::Won(_) => Verdict::Loss,
        }
    }
}

/// A position's value with perfect play for the side to move: the [`Verdict`], and the plies
/// until the game ends (the winner ending it as fast as it can, the loser holding out as long as
/// it can; a draw fills the board). `plies` is `None` where the prover does not count them (the
/// exact solver proves the verdict alone).
///
/// The value *of a move* is the value for the player who makes it, counting the move itself:
/// [`Value::of_move`] of the value of the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win, draw or loss for the side to move.
    pub verdict: Verdict,
    /// Plies to the end of the game with perfect play, when counted.
    pub plies: Option<u32>,
}

impl Value {
    /// The side to move wins, the game ending `plies` plies from now.
    pub const fn win(plies: u32) -> Value {
        Value {
            verdict: Verdict::Win,
            plies: Some(plies),
        }
    }

    /// The side to move loses, the game ending `plies` plies from now.
    pub const fn loss(plies: u32) -> Value {
        Value {
            verdict: Verdict::Loss,
            plies: Some(plies),
        }
    }

    /// A draw, the board filling `plies` plies from now.
    pub const fn draw(plies: u32) -> Value {
        Value {
            verdict: Verdict::Draw,
            plies: Some(plies),
        }
    }

    /// A verdict whose plies were not counted.
    pub const fn uncounted(verdict: Verdict) -> Value {
        Value {
            verdict,
            plies: None,
        }
    }

    /// The value for the player who moved into a position whose value (for its side to move)
    /// is `after`: the verdict flipped, one more ply.
    pub fn of_move(after: Value) -> Value {
        Value {
            verdict: after.verdict.flip(),
            plies: after.plies.map(|p| p + 1),
        }
    }

    /// Whether the value is a win for the side to move.
    pub fn is_win(&self) -> bool {
        self.verdict == Verdict::Win
    }

    /// The short label: `W3` (a win, the game ending 3 plies from now), `D`, `L2`; `W`/`L` when
    /// the plies were not counted.
    pub fn label(&self) -> String {
        let plies = self.plies.map(|p| p.to_string()).unwrap_or_default();
        match self.verdict {
            Verdict::Win => format!("W{plies}"),
            Verdict::Draw => "D".to_string(),
            Verdict::Loss => format!("L{plies}"),
        }
    }

    /// A preference order for the side to move: wins first, the faster the better; then draws;
    /// then losses, the slower the better. Uncounted plies rank as the farthest end.
    pub fn rank(&self) -> (Verdict, i64) {
        let plies = self.plies.map_or(u32::MAX as i64, i64::from);
        match self.verdict {
            Verdict::Win => (Verdict::Win, -plies),
            Verdict::Draw => (Verdict::Draw, 0),
            Verdict::Loss => (Verdict::Loss, plies),
        }
    }
}

impl fmt::Display for Value {
    /// `win in 3 plies`, `draw`, `loss in 2 plies`; `win`/`loss` when the plies were not counted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.verdict {
            Verdict::Win => "win",
            Verdict::Draw => return f.write_str("draw"),
            Verdict::Loss => "loss",
        };
        match self.plies {
            Some(1) => write!(f, "{word} in 1 ply"),
            Some(p) => write!(f, "{word} in {p} plies"),
            None => f.write_str(word),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_flips_the_verdict_and_adds_its_ply() {
        assert_eq!(Value::of_move(Value::loss(2)), Value::win(3));
        assert_eq!(Value::of_move(Value::win(4)), Value::loss(5));
        assert_eq!(Value::of_move(Value::draw(0)), Value::draw(1));
        assert_eq!(
            Value::of_move(Value::uncounted(Verdict::Win)),
            Value::uncounted(Verdict::Loss)
        );
    }

    #[test]
    fn labels_and_ranks() {
        assert_eq!(Value::win(3).label(), "W3");
        assert_eq!(Value::draw(4).label(), "D");
        assert_eq!(Value::loss(2).label(), "L2");
        assert_eq!(Value::uncounted(Verdict::Win).label(), "W");
        assert!(Value::win(1).rank() > Value::win(3).rank());
        assert!(Value::win(9).rank() > Value::draw(0).rank());
        assert!(Value::loss(8).rank() > Value::loss(2).rank());
        assert!(Value::draw(1).rank() > Value::loss(99).rank());
        assert_eq!(Value::win(3).to_string(), "win in 3 plies");
    }

    #[test]
    fn verdicts_and_outcomes_agree() {
        for mover in [Player::X, Player::O] {
            for v in [Verdict::Loss, Verdict::Draw, Verdict::Win] {
                assert_eq!(Verdict::of(v.outcome(mover), mover), v);
                assert_eq!(v.flip().outcome(mover.other()), v.outcome(mover));
            }
        }
    }
}
