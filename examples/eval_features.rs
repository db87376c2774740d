//! The gomoku evaluation's features for labelled positions (`scripts/fit_eval.py` runs this).
//!
//! `cargo run --release --example eval_features [RULE] < POSITIONS > FEATURES` (RULE: `freestyle`,
//! the default, `standard` or `renju`, the features counted under it): reads the lines of
//! `scripts/eval_data.py` (`size result eval depth x,y x,y …`, the stones in the order played,
//! black first) and prints, for each position the pattern board takes, one line of numbers:
//! Rapfi's eval, the result for the side to move, the hand-set evaluation the fitted ones replaced
//! and the evaluation the search uses now (the fit's baselines), then the dense features
//! (`src/search/pattern.rs`, the layout above `EVAL_FEATURES`), then `|` and the sparse ones as
//! `index:count` (`PatternBoard::eval_combinations`). Unreadable lines are skipped with a note on
//! stderr.

use tictactoe::rule::Rule;
use tictactoe::search::eval_features;

fn main() {
    let rule = tictactoe::search::rule_argument("eval_features");
    tictactoe::search::map_stdin_lines(|line| features(rule, line));
}

/// The output line of one input line under `rule`.
fn features(rule: Rule, line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    let size: usize = words.next()?.parse().ok()?;
    let result: f64 = words.next()?.parse().ok()?;
    let eval: i32 = words.next()?.parse().ok()?;
    let _depth: u32 = words.next()?.parse().ok()?;
    let moves = words
        .map(|w| {
            let (x, y) = w.split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect::<Option<Vec<(usize, usize)>>>()?;
    let f = eval_features(size, rule, &moves)?;
    let mut text = format!("{eval} {result} {} {}", f.hand_set, f.fitted);
    for v in f.dense {
        text.push_str(&format!(" {v}"));
    }
    text.push_str(" |");
    for (k, n) in f.combinations {
        text.push_str(&format!(" {k}:{n}"));
    }
    Some(text)
}
