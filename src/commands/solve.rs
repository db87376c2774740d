//! `tictactoe solve`: the value of a position with perfect play, with the size and time of its
//! proof (`x wins (1,234 nodes, 0.01 s)`).

use super::cli::Board;
use super::parse_game;
use crate::rules::{Outcome, Player};
use crate::solver::{solve, Solution};

/// The subcommand: the position reached by `cells` (parsed as `tictactoe move` parses them) on
/// `board` with `start` first, solved; the line to print, or a one-line error.
pub fn run(
    board: Board,
    start: Player,
    memory_mb: u64,
    cells: &[String],
) -> Result<String, String> {
    let _ = memory_mb;
    let g = board.geometry().map_err(|e| e.to_string())?;
    let game = parse_game(g, start, cells).map_err(|e| e.to_string())?;
    let s = solve(game.state(), u64::MAX).map_err(|e| e.to_string())?;
    Ok(report(&s) + "\n")
}

/// `n` with a comma between groups of three digits: 14430 → "14,430".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The line `tictactoe solve` prints: the value, then the size and time of the proof, e.g.
/// `draw (14,430 nodes, 0.04 s)`.
pub fn report(s: &Solution) -> String {
    let value = match s.value {
        Outcome::Won(p) => format!("{p} wins"),
        Outcome::Draw => "draw".to_string(),
    };
    let noun = if s.nodes == 1 { "node" } else { "nodes" };
    format!(
        "{value} ({} {noun}, {:.2} s)",
        thousands(s.nodes),
        s.seconds
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(14430), "14,430");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn report_reads_as_a_sentence() {
        let s = Solution {
            value: Outcome::Won(Player::X),
            nodes: 1,
            seconds: 0.004,
        };
        assert_eq!(report(&s), "x wins (1 node, 0.00 s)");
        let s = Solution {
            value: Outcome::Draw,
            nodes: 14_430,
            seconds: 0.04,
        };
        assert_eq!(report(&s), "draw (14,430 nodes, 0.04 s)");
    }
}
