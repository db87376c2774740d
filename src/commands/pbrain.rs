//! `tictactoe pbrain`: the Gomocup protocol ([`crate::pbrain::Brain`]) over standard input and
//! output.

use crate::pbrain::Brain;
use std::io::{BufRead, Write};

/// Runs the protocol on standard input and output until `END` or the end of the input (or until
/// the manager closes the output).
pub fn run() -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut brain = Brain::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) => return Err(format!("cannot read the manager's commands: {e}")),
        }
        let line = String::from_utf8_lossy(&buf);
        let replies = brain.handle(&line);
        let mut out = stdout.lock();
        for r in replies {
            if writeln!(out, "{r}").and_then(|_| out.flush()).is_err() {
                return Ok(());
            }
        }
        if brain.ended() {
            return Ok(());
        }
    }
}
