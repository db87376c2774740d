//! `tictactoe pbrain`: the Gomocup protocol ([`crate::pbrain::Brain`]) over standard input and
//! output.
//!
//! Standard input is read on its own thread, so that the manager is obeyed while the engine
//! thinks: `END`, or the end of the input, sets the search's stop flag, and the engine exits at
//! once without answering the move. A line longer than [`MAX_LINE`] bytes is cut there (the rest
//! of it is read and dropped), so that a hostile manager cannot make the engine hold it.

use crate::pbrain::{is_end, Brain, Reply};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

/// The longest line kept, in bytes: far beyond any command of the protocol.
pub const MAX_LINE: usize = 4096;

/// What the reader thread passes on.
enum Input {
    /// A line (its end of line included, cut to [`MAX_LINE`] bytes).
    Line(String),
    /// The end of the input.
    End,
    /// Reading failed.
    Failed(std::io::Error),
}

/// Runs the protocol on standard input and output until `END` or the end of the input (or until
/// the manager closes the output).
pub fn run() -> Result<(), String> {
    let mut brain = Brain::new();
    // The search's progress is written as it comes, while the engine thinks.
    brain.set_progress(Box::new(|reply| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{reply}").and_then(|_| out.flush());
    }));
    let stop = brain.stop_flag();
    let (tx, rx) = mpsc::channel();
    let reader_stop = Arc::clone(&stop);
    // The thread ends with the process: it may be blocked in a read when the engine exits.
    std::thread::spawn(move || read_lines(std::io::stdin().lock(), &tx, &reader_stop));
    let stdout = std::io::stdout();
    for input in rx {
        let line = match input {
            Input::Line(line) => line,
            Input::End => return Ok(()),
            Input::Failed(e) => return Err(format!("cannot read the manager's commands: {e}")),
        };
        let replies = brain.handle(&line);
        // Once the manager has ended the engine, a search is cut short: its move is not sent.
        let ending = stop.load(Ordering::Relaxed);
        let mut out = stdout.lock();
        for r in replies {
            if ending && matches!(r, Reply::Move { .. }) {
                return Ok(());
            }
            if writeln!(out, "{r}").and_then(|_| out.flush()).is_err() {
                return Ok(());
            }
        }
        if brain.ended() {
            return Ok(());
        }
    }
    Ok(())
}

/// Reads `input` line by line into `tx` until the end of the input, `END`, or a read error; at
/// `END` and at the end of the input it first sets `stop`, so that a search under way ends.
fn read_lines(mut input: impl BufRead, tx: &mpsc::Sender<Input>, stop: &AtomicBool) {
    loop {
        let message = match read_line(&mut input) {
            Ok(None) => {
                stop.store(true, Ordering::Relaxed);
                Input::End
            }
            Ok(Some(line)) => {
                if is_end(&line) {
                    stop.store(true, Ordering::Relaxed);
                }
                Input::Line(line)
            }
            Err(e) => Input::Failed(e),
        };
        let last = !matches!(&message, Input::Line(line) if !is_end(line));
        if tx.send(message).is_err() || last {
            return;
        }
    }
}

/// The next line of `input`, its first [`MAX_LINE`] bytes (as UTF-8, invalid bytes replaced);
/// `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut kept = Vec::new();
    let mut read_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        input.consume(used);
        if done {
            break;
        }
    }
    Ok(read_any.then(|| String::from_utf8_lossy(&kept).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_to_the_longest_kept_and_the_rest_dropped() {
        let long = "x".repeat(3 * MAX_LINE);
        let text = format!("ABOUT\r\n{long}\nEND\n");
        let mut input = std::io::Cursor::new(text.into_bytes());
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("ABOUT\r\n"));
        assert_eq!(read_line(&mut input).unwrap().unwrap().len(), MAX_LINE);
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("END\n"));
        assert_eq!(read_line(&mut input).unwrap(), None);
        // A last line without its end of line.
        let mut input = std::io::Cursor::new(b"BEGIN".to_vec());
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("BEGIN"));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn the_reader_sets_the_stop_flag_at_end_and_at_the_end_of_the_input() {
        for (text, lines) in [("INFO k 5\nEND\nBEGIN\n", 2), ("INFO k 5\n", 1)] {
            let stop = AtomicBool::new(false);
            let (tx, rx) = mpsc::channel();
            read_lines(std::io::Cursor::new(text.as_bytes()), &tx, &stop);
            assert!(stop.load(Ordering::Relaxed), "{text:?}");
            let got: Vec<Input> = rx.try_iter().collect();
            let read = got.iter().filter(|i| matches!(i, Input::Line(_))).count();
            assert_eq!(read, lines, "nothing is read after END: {text:?}");
        }
    }
}
