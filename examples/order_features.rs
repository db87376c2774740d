//! The move-ordering fit's features (`scripts/fit_order.py` runs this).
//!
//! `cargo run --release --example order_features [RULE] < POSITIONS > FEATURES` (RULE:
//! `freestyle`, the default, `standard` or `renju`): reads lines `size x,y x,y … | tx,ty` (the
//! stones in the order played, black first, 0-based columns and rows; after `|` the move chosen)
//! and prints, for each position whose chosen move is a candidate cell, one line: the chosen
//! cell's index among the candidates, then for each candidate
//! `k_move,k_wait,t_move,t_wait,score` (`tictactoe::search::order_features`: the features under
//! RULE, and the search's ordering score now). Other lines are skipped with a count on stderr.

use tictactoe::rule::Rule;

fn main() {
    let rule = tictactoe::search::rule_argument("order_features");
    tictactoe::search::map_stdin_lines(|line| features(rule, line));
}

/// `x,y` as numbers.
fn cell(t: &str) -> Option<(usize, usize)> {
    let (x, y) = t.trim().split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// The output line of one input line under `rule`.
fn features(rule: Rule, line: &str) -> Option<String> {
    let (position, chosen) = line.split_once('|')?;
    let mut words = position.split_whitespace();
    let size: usize = words.next()?.parse().ok()?;
    let moves = words.map(cell).collect::<Option<Vec<_>>>()?;
    let chosen = cell(chosen)?;
    let cells = tictactoe::search::order_features(size, rule, &moves)?;
    let index = cells.iter().position(|c| (c.x, c.y) == chosen)?;
    let mut text = index.to_string();
    for c in &cells {
        text += &format!(
            " {},{},{},{},{}",
            c.key_move, c.key_wait, c.threat_move, c.threat_wait, c.score
        );
    }
    Some(text)
}
