//! The move-ordering fit's features (`scripts/fit_order.py` runs this).
//!
//! `cargo run --release --example order_features < POSITIONS > FEATURES`: reads lines
//! `size x,y x,y … | tx,ty` (the stones in the order played, black first, 0-based columns and
//! rows; after `|` the move chosen) and prints, for each position whose chosen move is a
//! candidate cell, one line: the chosen cell's index among the candidates, then for each
//! candidate `k_move,k_wait,t_move,t_wait` (`tictactoe::search::order_features`). Other lines are
//! skipped with a count on stderr.

use std::io::{BufRead, BufWriter, Write};

fn main() {
    let mut out = BufWriter::new(std::io::stdout().lock());
    let (mut read, mut skipped) = (0, 0);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        read += 1;
        match features(&line) {
            Some(text) => {
                if writeln!(out, "{text}").is_err() {
                    return;
                }
            }
            None => skipped += 1,
        }
    }
    if skipped > 0 {
        eprintln!("{skipped} of {read} lines skipped");
    }
}

/// `x,y` as numbers.
fn cell(t: &str) -> Option<(usize, usize)> {
    let (x, y) = t.trim().split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// The output line of one input line.
fn features(line: &str) -> Option<String> {
    let (position, chosen) = line.split_once('|')?;
    let mut words = position.split_whitespace();
    let size: usize = words.next()?.parse().ok()?;
    let moves = words.map(cell).collect::<Option<Vec<_>>>()?;
    let chosen = cell(chosen)?;
    let cells = tictactoe::search::order_features(size, &moves)?;
    let index = cells.iter().position(|c| (c.x, c.y) == chosen)?;
    let mut text = index.to_string();
    for c in &cells {
        text += &format!(
            " {},{},{},{}",
            c.key_move, c.key_wait, c.threat_move, c.threat_wait
        );
    }
    Some(text)
}
