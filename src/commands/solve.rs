//! `tictactoe solve`: the value of a position with perfect play, with the size and time of its
//! proof (`x wins (1,234 nodes, 0.01 s)`).

use super::cli::Board;
use super::parse_game_under;
use crate::rules::{Outcome, Player};
use crate::solver::{solve_with, Progress, Solution, SolveError};

/// The subcommand: the position reached by `cells` (parsed as `tictactoe move` parses them) on
/// `board` with `start` first, solved with tables of at most `memory_mb` MiB; the line to print,
/// or a one-line error. On a terminal, a spinner on standard error shows the time so far, the
/// nodes, the depth of the node being searched and the tables' size.
pub fn run(
    board: Board,
    start: Player,
    memory_mb: u64,
    cells: &[String],
) -> Result<String, String> {
    let g = board.geometry().map_err(|e| e.to_string())?;
    if board.rule == crate::rule::Rule::Renju {
        return Err(SolveError::Rule { rule: board.rule }.to_string());
    }
    let game = parse_game_under(g, board.rule, start, cells).map_err(|e| e.to_string())?;
    let bar = super::progress("solve {spinner} {elapsed} {msg}", None);
    let shown = bar.clone();
    let memory = usize::try_from(memory_mb << 20).unwrap_or(usize::MAX);
    let solved = solve_with(game.state(), u64::MAX, Some(memory), move |p: &Progress| {
        shown.set_message(progress_text(p));
        shown.tick();
    });
    bar.finish_and_clear();
    match solved {
        Ok(s) => Ok(report(&s) + "\n"),
        Err(SolveError::OutOfMemory { .. }) => Err(format!(
            "the proof needs more than {memory_mb} MiB of tables (--memory MB raises the limit)"
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// The progress line: `1,245,184 nodes, ply 17, tables 48 MiB`.
pub fn progress_text(p: &Progress) -> String {
    format!(
        "{} nodes, ply {}, tables {} MiB",
        thousands(p.nodes),
        p.depth,
        p.table_bytes.div_ceil(1 << 20)
    )
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
    let value = match s.outcome() {
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
    use crate::value::{Value, Verdict};

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
            value: Value::uncounted(Verdict::Win),
            to_move: Player::X,
            nodes: 1,
            seconds: 0.004,
        };
        assert_eq!(report(&s), "x wins (1 node, 0.00 s)");
        let s = Solution {
            value: Value::uncounted(Verdict::Draw),
            to_move: Player::O,
            nodes: 14_430,
            seconds: 0.04,
        };
        assert_eq!(report(&s), "draw (14,430 nodes, 0.04 s)");
        let p = Progress {
            nodes: 1_245_184,
            depth: 17,
            table_bytes: 48 << 20,
        };
        assert_eq!(progress_text(&p), "1,245,184 nodes, ply 17, tables 48 MiB");
    }
}
