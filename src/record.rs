//! Game records: Piskvork's `.psq` file, and a plain text file of cell numbers.
//!
//! # `.psq`, as Piskvork writes and reads it
//!
//! Piskvork (P. Laštovička's gomoku manager, `source/game.cpp`: `savePsq`, `openPsq`, `wrNames`)
//! writes a text file (CR LF line ends on Windows, where it runs):
//!
//! ```text
//! Piskvorky 15x15, 11:0, 0        width x height, level of player 1 : of player 2, who started
//! 8,8,0                           one line per move: x,y,ms (1-based, x the column; ms it took)
//! 9,9,1523
//! pbrain-rapfi.exe                the players' names, only in tournaments and command-line games:
//! homo-2                            an engine's file name, or homo-1 / homo-2 for a person
//! 0                               the result code: 0 a game that ended, -1 unknown (a save from the
//!                                   menu), -2 an engine's error, 15 a timeout
//! ```
//!
//! A player's level is 0 for a person and `level + 1` for an engine, where `level` indexes the time
//! per move in Piskvork's table (100 ms … 60 s). Who started is 0 when the file's first player
//! made the first move, 1 when the second did. Piskvork reads the header with
//! `fscanf("Piskvorky %dx%d, %d:%d, %d")`, then move lines (`x,y` with the time optional) until a
//! line is not a move, then two name lines; it ignores what follows. We read comment lines (`#`
//! first) there too, and refuse anything else: `scripts/match.py` notes each game's opening and
//! how it ended in them.
//!
//! Here the file's first player is x and the second o. Piskvork plays five in a row only; a game of
//! another kind (a run other than 5, or a rule other than free-style) gets one more line after the
//! result code, which Piskvork never reads: the board and rule as `record` prints them
//! (`7x6 k4 freestyle`). A five-in-a-row free-style game is written byte for byte as Piskvork
//! writes it.
//!
//! # Cell numbers
//!
//! A text file of cell numbers (1 … width·height, row-major from the top-left, the starting
//! player's first), separated by spaces, commas or line ends, optionally after a first line naming
//! the board and rule (`15x15 k5 freestyle`). Without that line the board is the one the caller
//! gives (the board on the screen, or the command line's).
//!
//! # Reading is strict
//!
//! Every move is played through [`Game::play`], so a file that names a cell off the board, a cell
//! twice, or a move after the game was won is refused with the move's line. The reader takes at most
//! [`MAX_BYTES`] bytes and refuses control characters (binary data). A refused file changes nothing:
//! the reader returns a new [`Record`] or a [`RecordError`] and touches no other state.

use crate::game::{Game, MoveError};
use crate::geometry::{Cell, Geometry};
use crate::rules::Player;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// The most bytes a record may have: 256 KiB, far above the largest real one (a full 26 × 26
/// board is 676 move lines of at most 20 bytes, about 14 KB).
pub const MAX_BYTES: u64 = 256 * 1024;

/// The longest player name kept from a `.psq` (Windows' longest path).
pub const MAX_NAME: usize = 260;

/// Piskvork's table of times per move (ms) behind a player's level (`levelTab` in `game.cpp`).
pub const PISKVORK_LEVELS: [u32; 11] = [
    100, 300, 600, 1000, 1500, 2500, 5000, 10000, 15000, 30000, 60000,
];

/// The result code Piskvork writes last: 0 when the game ended normally.
pub const RESULT_FINISHED: i32 = 0;
/// The result code when it is unknown (a save from Piskvork's menu; a game still in play).
pub const RESULT_UNKNOWN: i32 = -1;
/// The result code of an engine's error (crash, bad answer).
pub const RESULT_ERROR: i32 = -2;
/// The result code of a timeout.
pub const RESULT_TIMEOUT: i32 = 15;

/// The rule a record is played under: the game's one [`crate::rule::Rule`] (`freestyle`,
/// `standard`, `renju`); a record naming another (Piskvork's `caro`) is not read as a board line.
pub use crate::rule::Rule;

/// Which kind of file a record came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Piskvork's `.psq`.
    Psq,
    /// A text file of cell numbers.
    Cells,
}

/// A game record: the game, the rule, and what a `.psq` keeps besides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game: board, who started, the moves in order.
    pub game: Game,
    /// The milliseconds each move took (0 when not known), one per move.
    pub times: Vec<u32>,
    /// Each player's Piskvork level: 0 a person, 1–11 an engine (x's first).
    pub levels: [u8; 2],
    /// The players' names (x's first), when the file names them.
    pub names: Option<[String; 2]>,
    /// The result code (see [`RESULT_FINISHED`] and the others), when the file has one.
    pub result: Option<i32>,
}

impl Record {
    /// A record of `game` played by two people under the game's rule, no times known.
    pub fn new(game: Game) -> Record {
        let times = vec![0; game.moves().len()];
        Record {
            game,
            times,
            levels: [0, 0],
            names: None,
            result: None,
        }
    }

    /// The board and rule in one line, as `record` prints it: `15x15 k5 freestyle`.
    pub fn board_line(&self) -> String {
        board_line(self.game.geometry(), self.game.rule())
    }
}

/// The board and rule in one line: `15x15 k5 freestyle`.
pub fn board_line(g: Geometry, rule: Rule) -> String {
    format!("{}x{} k{} {}", g.width(), g.height(), g.run(), rule)
}

/// Piskvork's level for an engine given `ms` per move: 1 + the index of the largest entry of
/// [`PISKVORK_LEVELS`] not above `ms` (1 below 300 ms, 11 from 60 s on).
pub fn piskvork_level(ms: u32) -> u8 {
    let l = PISKVORK_LEVELS.iter().rposition(|&t| t <= ms).unwrap_or(0);
    l as u8 + 1
}

/// Why a file cannot be read as a game record. Its `Display` is one line.
#[derive(Debug)]
pub enum RecordError {
    /// The file could not be read.
    Io(String),
    /// More than [`MAX_BYTES`] bytes.
    TooLarge,
    /// A control character (a NUL, an escape…): binary data, not a record.
    Binary {
        /// Its 1-based line.
        line: usize,
    },
    /// Nothing in the file.
    Empty,
    /// A first line that is neither Piskvork's header nor a board line.
    Header {
        /// What the line says (cut short).
        found: String,
    },
    /// The board named cannot be played here.
    Board {
        /// Why.
        reason: String,
    },
    /// A line that is not what belongs there.
    Malformed {
        /// Its 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A move that cannot be made: off the board, on an occupied cell, after the end.
    Move {
        /// Its 1-based line.
        line: usize,
        /// The move's number (1 = the first move).
        number: usize,
        /// Why the game refuses it.
        error: MoveError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Io(e) => write!(f, "cannot read the file: {e}"),
            RecordError::TooLarge => write!(
                f,
                "the file is larger than {} KiB: not a game record",
                MAX_BYTES / 1024
            ),
            RecordError::Binary { line } => {
                write!(f, "line {line} has binary bytes: not a game record")
            }
            RecordError::Empty => f.write_str("the file is empty"),
            RecordError::Header { found } => write!(
                f,
                "the first line '{found}' is neither a Piskvork header ('Piskvorky 15x15, 0:0, 0') nor a board ('15x15 k5 freestyle')"
            ),
            RecordError::Board { reason } => write!(f, "the board cannot be played: {reason}"),
            RecordError::Malformed { line, reason } => write!(f, "line {line}: {reason}"),
            RecordError::Move {
                line,
                number,
                error,
            } => write!(f, "line {line}: move {number}: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// At most this much of a line is quoted in an error.
const QUOTE: usize = 40;

fn quote(line: &str) -> String {
    let mut q: String = line.chars().take(QUOTE).collect();
    if line.chars().count() > QUOTE {
        q.push('…');
    }
    q
}

/// Reads at most [`MAX_BYTES`] of `reader` and checks that it is text.
pub fn read_text(reader: impl Read) -> Result<String, RecordError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::Io(e.to_string()))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(RecordError::TooLarge);
    }
    if let Some(i) = bytes
        .iter()
        .position(|&b| (b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n')) || b == 0x7f)
    {
        let line = 1 + bytes[..i].iter().filter(|&&b| b == b'\n').count();
        return Err(RecordError::Binary { line });
    }
    // Names in old files may be in a Windows code page; they are the only free text kept.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Reads the record in the file at `path`: cell numbers on `default` (used when the file does not
/// name its board) if it begins with a number, else a `.psq`.
pub fn read_file(path: &Path, default: Geometry) -> Result<(Record, Format), RecordError> {
    let file = std::fs::File::open(path).map_err(|e| RecordError::Io(e.to_string()))?;
    let meta = file
        .metadata()
        .map_err(|e| RecordError::Io(e.to_string()))?;
    if meta.is_dir() {
        return Err(RecordError::Io("it is a folder".into()));
    }
    parse(&read_text(file)?, default)
}

/// Parses a record's text: cell numbers on `default` if it begins with a number, else a `.psq`.
pub fn parse(text: &str, default: Geometry) -> Result<(Record, Format), RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A cell file begins with a number (a cell, or the board's width); anything else is read as a
    // `.psq`, whose header then says what is wrong.
    let first = text.trim_start().chars().next();
    if first.is_none() || first.is_some_and(|c| c.is_ascii_digit() || c == '-') {
        parse_cells(text, default).map(|r| (r, Format::Cells))
    } else {
        parse_psq(text).map(|r| (r, Format::Psq))
    }
}

/// The lines of `text` with their 1-based numbers, line ends (LF or CR LF) and trailing blanks cut.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(str::trim_end)
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// A decimal number with an optional minus sign and nothing else.
fn integer(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Parses `WxH kK rule` (`15x15 k5 freestyle`); the rule may be left out (free-style).
pub fn parse_board_line(line: &str) -> Option<Result<(Geometry, Rule), RecordError>> {
    let mut words = line.split_whitespace();
    let size = words.next()?;
    let (w, h) = size.split_once('x')?;
    let (w, h) = (integer(w)?, integer(h)?);
    let k = integer(words.next()?.strip_prefix('k')?)?;
    let rule = match words.next() {
        None => Rule::Freestyle,
        Some(name) => name.parse().ok()?,
    };
    if words.next().is_some() {
        return None;
    }
    if rule == Rule::Renju && k != crate::rule::RENJU_RUN as i64 {
        return Some(Err(RecordError::Board {
            reason: format!("renju is played with five in a row, not k{k}"),
        }));
    }
    Some(geometry(w, h, k).map(|g| (g, rule)))
}

fn geometry(w: i64, h: i64, k: i64) -> Result<Geometry, RecordError> {
    let fit = |n: i64| usize::try_from(n).unwrap_or(0);
    Geometry::new(fit(w), fit(h), fit(k)).map_err(|e| RecordError::Board {
        reason: e.to_string(),
    })
}

/// Parses Piskvork's header `Piskvorky WxH, A:B, S` into (width, height, levels, who started).
fn parse_header(line: &str) -> Option<(i64, i64, [u8; 2], Player)> {
    let rest = line.strip_prefix("Piskvorky ")?;
    let (size, rest) = rest.split_once(", ")?;
    let (levels, start) = rest.split_once(", ")?;
    let (w, h) = size.split_once('x')?;
    let (a, b) = levels.split_once(':')?;
    let level = |s: &str| integer(s).and_then(|n| u8::try_from(n).ok());
    let start = match integer(start)? {
        0 => Player::X,
        1 => Player::O,
        _ => return None,
    };
    Some((integer(w)?, integer(h)?, [level(a)?, level(b)?], start))
}

/// What a line after the header of a `.psq` is.
enum PsqLine {
    Move { x: i64, y: i64, ms: u32 },
    Code(i32),
    Other,
}

fn psq_line(line: &str) -> Result<PsqLine, String> {
    if let Some(n) = integer(line) {
        return i32::try_from(n)
            .map(PsqLine::Code)
            .map_err(|_| format!("the result code {n} is out of range"));
    }
    let starts_like_a_number = line.starts_with(|c: char| c.is_ascii_digit() || c == '-');
    if !(starts_like_a_number && line.contains(',')) {
        return Ok(PsqLine::Other);
    }
    let parts: Vec<&str> = line.split(',').collect();
    let bad = || format!("'{}' is not a move 'x,y,ms'", quote(line));
    if !(2..=3).contains(&parts.len()) {
        return Err(bad());
    }
    let x = integer(parts[0]).ok_or_else(bad)?;
    let y = integer(parts[1]).ok_or_else(bad)?;
    let ms = match parts.get(2) {
        None => 0,
        Some(t) => integer(t)
            .and_then(|t| u32::try_from(t).ok())
            .ok_or_else(bad)?,
    };
    Ok(PsqLine::Move { x, y, ms })
}

/// Plays `cell` as move `number` of `game`, or says which line refused it.
fn play(game: &mut Game, cell: Cell, line: usize, number: usize) -> Result<(), RecordError> {
    game.play_in_place(cell).map_err(|error| RecordError::Move {
        line,
        number,
        error,
    })
}

/// Parses Piskvork's `.psq` text.
pub fn parse_psq(text: &str) -> Result<Record, RecordError> {
    let mut lines = lines(text).filter(|(_, l)| !l.is_empty()).peekable();
    let (_, first) = lines.next().ok_or(RecordError::Empty)?;
    let (w, h, levels, start) = parse_header(first).ok_or_else(|| RecordError::Header {
        found: quote(first),
    })?;
    // Piskvork plays five in a row; a board too small for five is read with its longer side.
    let five = 5.min(w.max(h));
    let mut geometry = geometry(w, h, five)?;
    let mut moves: Vec<(usize, i64, i64, u32)> = Vec::new();
    while let Some(&(n, line)) = lines.peek() {
        match psq_line(line).map_err(|reason| RecordError::Malformed { line: n, reason })? {
            PsqLine::Move { x, y, ms } => moves.push((n, x, y, ms)),
            _ => break,
        }
        lines.next();
    }
    // The closing lines: two names and the result code, or the result code alone, then our line
    // naming a board of another kind.
    // Comments (`#` first) may close the file: Piskvork ignores what follows the record, and our
    // match script notes the opening and how the game ended there.
    let closing: Vec<(usize, &str)> = lines.collect();
    let comments = closing
        .iter()
        .position(|(_, l)| l.starts_with('#'))
        .unwrap_or(closing.len());
    if let Some((n, line)) = closing[comments..]
        .iter()
        .find(|(_, l)| !l.starts_with('#'))
    {
        return Err(RecordError::Malformed {
            line: *n,
            reason: format!("'{}' follows the record's comments", quote(line)),
        });
    }
    let mut names = None;
    let mut result = None;
    let mut rule = Rule::Freestyle;
    let mut rest = &closing[..comments];
    let is_code = |line: &str| matches!(psq_line(line), Ok(PsqLine::Code(_)));
    if let [(n, a), tail @ ..] = rest {
        if !is_code(a) {
            let [(m, b), tail @ ..] = tail else {
                return Err(RecordError::Malformed {
                    line: *n,
                    reason: "one player's name, and not the other's".into(),
                });
            };
            if is_code(b) {
                return Err(RecordError::Malformed {
                    line: *m,
                    reason: "one player's name, and not the other's".into(),
                });
            }
            for (n, name) in [(n, a), (m, b)] {
                if name.chars().count() > MAX_NAME {
                    return Err(RecordError::Malformed {
                        line: *n,
                        reason: format!("a player's name is longer than {MAX_NAME} characters"),
                    });
                }
            }
            names = Some([a.trim().to_string(), b.trim().to_string()]);
            rest = tail;
        }
    }
    if let [(n, line), tail @ ..] = rest {
        match psq_line(line) {
            Ok(PsqLine::Code(c)) => result = Some(c),
            _ => {
                return Err(RecordError::Malformed {
                    line: *n,
                    reason: format!("'{}' is not the result code", quote(line)),
                })
            }
        }
        rest = tail;
    }
    if let [(n, line), tail @ ..] = rest {
        let (g, r) = parse_board_line(line).ok_or_else(|| RecordError::Malformed {
            line: *n,
            reason: format!("'{}' is not a board line '15x15 k4 freestyle'", quote(line)),
        })??;
        if (g.width(), g.height()) != (geometry.width(), geometry.height()) {
            return Err(RecordError::Malformed {
                line: *n,
                reason: format!("the board line '{line}' disagrees with the header's {w}x{h}"),
            });
        }
        geometry = g;
        rule = r;
        rest = tail;
    }
    if let [(n, line), ..] = rest {
        return Err(RecordError::Malformed {
            line: *n,
            reason: format!("'{}' follows the end of the record", quote(line)),
        });
    }
    let mut game = Game::new_under(geometry, rule, start);
    let mut times = Vec::with_capacity(moves.len());
    for (i, &(n, x, y, ms)) in moves.iter().enumerate() {
        let on = |v: i64, side: usize| (1..=side as i64).contains(&v);
        if !on(x, geometry.width()) || !on(y, geometry.height()) {
            return Err(RecordError::Malformed {
                line: n,
                reason: format!(
                    "move {} at {x},{y} is off the {}x{} board",
                    i + 1,
                    geometry.width(),
                    geometry.height()
                ),
            });
        }
        let cell = geometry.cell(y as usize - 1, x as usize - 1);
        play(&mut game, cell, n, i + 1)?;
        times.push(ms);
    }
    Ok(Record {
        game,
        times,
        levels,
        names,
        result,
    })
}

/// Parses a text of cell numbers, after an optional board line; `default` is the board otherwise.
pub fn parse_cells(text: &str, default: Geometry) -> Result<Record, RecordError> {
    let mut all = lines(text).filter(|(_, l)| !l.trim().is_empty()).peekable();
    let (mut geometry, mut rule) = (default, Rule::Freestyle);
    if let Some(&(_, first)) = all.peek() {
        if first.trim_start().starts_with(|c: char| c.is_ascii_digit()) && first.contains('x') {
            match parse_board_line(first.trim()) {
                Some(board) => (geometry, rule) = board?,
                None => {
                    return Err(RecordError::Header {
                        found: quote(first),
                    })
                }
            }
            all.next();
        }
    }
    let mut game = Game::new_under(geometry, rule, Player::X);
    let mut number = 0;
    for (n, line) in all {
        for word in line.split(|c: char| c.is_whitespace() || c == ',') {
            if word.is_empty() {
                continue;
            }
            let cell = integer(word)
                .and_then(|c| usize::try_from(c).ok())
                .ok_or_else(|| RecordError::Malformed {
                    line: n,
                    reason: format!("'{}' is not a cell number", quote(word)),
                })?;
            number += 1;
            play(&mut game, cell, n, number)?;
        }
    }
    if number == 0 && text.trim().is_empty() {
        return Err(RecordError::Empty);
    }
    Ok(Record::new(game))
}

/// The `.psq` text of `record`, as Piskvork writes it (CR LF line ends). The names and the result
/// code are written when known; a game Piskvork cannot play (a run other than 5, a rule other than
/// free-style) gets its board line after them.
pub fn write_psq(record: &Record) -> String {
    use fmt::Write;
    let g = record.game.geometry();
    let mut s = String::new();
    let start = match record.game.start() {
        Player::X => 0,
        Player::O => 1,
    };
    let _ = write!(
        s,
        "Piskvorky {}x{}, {}:{}, {start}\r\n",
        g.width(),
        g.height(),
        record.levels[0],
        record.levels[1]
    );
    for (i, &c) in record.game.moves().iter().enumerate() {
        let (row, column) = g.row_column(c);
        let ms = record.times.get(i).copied().unwrap_or(0);
        let _ = write!(s, "{},{},{ms}\r\n", column + 1, row + 1);
    }
    if let Some([a, b]) = &record.names {
        let _ = write!(s, "{a}\r\n{b}\r\n");
    }
    let code = record.result.unwrap_or(RESULT_UNKNOWN);
    let _ = write!(s, "{code}\r\n");
    if g.run() != 5 || record.game.rule() != Rule::Freestyle {
        let _ = write!(s, "{}\r\n", record.board_line());
    }
    s
}

/// The moves as cell numbers separated by spaces (the second line `record` prints).
pub fn cells_line(game: &Game) -> String {
    let cells: Vec<String> = game.moves().iter().map(|c| c.to_string()).collect();
    cells.join(" ")
}

/// What `tictactoe record FILE` prints: the board and rule (`15x15 k5 freestyle`), the moves as
/// cell numbers separated by spaces, then the board as a grid with its coordinates.
pub fn describe(record: &Record) -> String {
    format!(
        "{}\n{}\n{}",
        record.board_line(),
        cells_line(&record.game),
        crate::coordinates::grid_text(record.game.state())
    )
}

/// The text of a cell-number file of `record`: its board line, then its cells.
pub fn write_cells(record: &Record) -> String {
    format!("{}\n{}\n", record.board_line(), cells_line(&record.game))
}

/// A name for the player whose seat is a person, as Piskvork writes it: `homo-1` (x) or `homo-2`.
pub fn person_name(p: Player) -> &'static str {
    match p {
        Player::X => "homo-1",
        Player::O => "homo-2",
    }
}

/// The UTC date and time of `t` as `YYYY-MM-DD_HH-MM-SS` (a file name's stamp).
pub fn timestamp(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}_{:02}-{:02}-{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Writes `text` to a new file `<stamp>.<extension>` in `dir` (made if missing), never over an
/// existing file: a taken name gets `-2`, `-3`, … Returns the path written.
#[cfg(not(target_arch = "wasm32"))]
pub fn save_new(
    dir: &Path,
    stamp: &str,
    extension: &str,
    text: &str,
) -> std::io::Result<std::path::PathBuf> {
    use std::io::Write;
    std::fs::create_dir_all(dir)?;
    for n in 1..1000 {
        let name = if n == 1 {
            format!("{stamp}.{extension}")
        } else {
            format!("{stamp}-{n}.{extension}")
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                f.write_all(text.as_bytes())?;
                f.sync_all()?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("999 files named {stamp} already exist"),
    ))
}

/// The name of the log of engines' `MESSAGE` lines, beside the saved games.
pub const MESSAGE_LOG: &str = "messages.log";

/// Appends `lines` from the engine `engine` to [`MESSAGE_LOG`] in `dir` (made if missing), each as
/// `<stamp> <engine>: <line>`. Returns the log's path.
#[cfg(not(target_arch = "wasm32"))]
pub fn append_messages(
    dir: &Path,
    stamp: &str,
    engine: &str,
    lines: &[String],
) -> std::io::Result<std::path::PathBuf> {
    use std::io::Write;
    std::fs::create_dir_all(dir)?;
    let path = dir.join(MESSAGE_LOG);
    let mut text = String::new();
    for line in lines {
        let line: String = line.chars().filter(|c| !c.is_control()).collect();
        text.push_str(&format!("{stamp} {engine}: {line}\n"));
    }
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)?
        .write_all(text.as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests;
