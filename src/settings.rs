//! Settings and statistics that persist between runs: a small TOML file in the user's config folder.
//!
//! What is kept: the board, the seats, who starts, the coordinate and move-number toggles, the
//! window's size, the external engines that join the seat cycle, and the score per board. The file
//! is read at start and written on change, atomically (a temporary file beside it, then a rename),
//! so a crash mid-write leaves the old file whole. A damaged file — not TOML, a wrong type, a board
//! that cannot be played, more than [`MAX_BYTES`] — is reported in one line and replaced by the
//! defaults; it never stops the program.
//!
//! At this edge a seat is a player's name as the command line takes it (`human`, `search`,
//! `engine:/path/to/pbrain-rapfi`); the app maps it to its typed seat and falls back to a person
//! for a name it does not know.
//!
//! ```toml
//! x = "human"
//! o = "search"
//! start = "x"
//! coordinates = true
//! numbers = false
//! engines = ["/opt/gomoku/pbrain-rapfi"]
//!
//! [board]
//! width = 15
//! height = 15
//! run = 5
//! rule = "freestyle"
//!
//! [window]
//! width = 720
//! height = 720
//!
//! [scores."15x15 k5 freestyle"]
//! x_won = 3
//! o_won = 1
//! drawn = 0
//! ```

use crate::geometry::Geometry;
use crate::record;
use crate::rule::Rule;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The most bytes a settings file may have (a real one is well under 4 KiB).
pub const MAX_BYTES: u64 = 64 * 1024;

/// The settings file's name in the config folder.
pub const FILE_NAME: &str = "settings.toml";

/// The board: width × height, the run that wins, the rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Marks in a line that win.
    pub run: usize,
    /// The rule's name (`freestyle`, `standard` or `renju`).
    #[serde(default = "freestyle")]
    pub rule: String,
}

fn freestyle() -> String {
    Rule::Freestyle.name().to_string()
}

impl Default for Board {
    fn default() -> Board {
        Board::of(Geometry::LED, Rule::Freestyle)
    }
}

impl Board {
    /// The board of `g` with `rule`.
    pub fn of(g: Geometry, rule: Rule) -> Board {
        Board {
            width: g.width(),
            height: g.height(),
            run: g.run(),
            rule: rule.name().to_string(),
        }
    }

    /// The geometry and rule, or why they cannot be played.
    pub fn geometry(&self) -> Result<(Geometry, Rule), String> {
        let g = Geometry::new(self.width, self.height, self.run).map_err(|e| e.to_string())?;
        let rule = self.rule.parse::<Rule>().map_err(|e| e.to_string())?;
        Ok((g, rule))
    }
}

/// The window's size in logical pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Window {
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl Default for Window {
    fn default() -> Window {
        Window {
            width: 800,
            height: 800,
        }
    }
}

/// The smallest and largest window side kept (a larger or smaller one is clamped when read).
pub const WINDOW_SIDES: std::ops::RangeInclusive<u32> = 200..=8192;

/// Games won and drawn on one board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Games x won.
    #[serde(default)]
    pub x_won: u32,
    /// Games o won.
    #[serde(default)]
    pub o_won: u32,
    /// Drawn games.
    #[serde(default)]
    pub drawn: u32,
}

/// Everything kept between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Who plays x: a player's name (`human`, `search`, `engine:PATH`).
    pub x: String,
    /// Who plays o.
    pub o: String,
    /// Who moves first: `x` or `o`.
    pub start: String,
    /// Whether the coordinates are drawn around the board.
    pub coordinates: bool,
    /// Whether each mark carries its move number.
    pub numbers: bool,
    /// External pbrain engines (paths) that join the seat cycle.
    pub engines: Vec<String>,
    /// The board.
    pub board: Board,
    /// The window's size.
    pub window: Window,
    /// The score per board, keyed by the board line (`15x15 k5 freestyle`).
    pub scores: BTreeMap<String, Tally>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            x: "human".into(),
            o: "human".into(),
            start: "x".into(),
            coordinates: true,
            numbers: false,
            engines: Vec::new(),
            board: Board::default(),
            window: Window::default(),
            scores: BTreeMap::new(),
        }
    }
}

/// Why a settings file was not used. Its `Display` is one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// The file could not be read or written.
    Io(String),
    /// More than [`MAX_BYTES`].
    TooLarge,
    /// Not TOML, or not these settings.
    Damaged(String),
    /// A value that cannot be used.
    Invalid(String),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Io(e) => write!(f, "settings: {e}"),
            SettingsError::TooLarge => write!(
                f,
                "settings: the file is larger than {} KiB; defaults used",
                MAX_BYTES / 1024
            ),
            SettingsError::Damaged(e) | SettingsError::Invalid(e) => {
                write!(f, "settings: the file is damaged ({e}); defaults used")
            }
        }
    }
}

impl std::error::Error for SettingsError {}

/// TOML's errors span several lines (a quote of the file and a caret); the first is the message.
fn one_line(e: &toml::de::Error) -> String {
    let message = e.message().lines().next().unwrap_or("").trim().to_string();
    match e.span() {
        Some(span) => format!("{message} at byte {}", span.start),
        None => message,
    }
}

impl Settings {
    /// The settings of a TOML text, checked: the board can be played, `start` is `x` or `o`, no
    /// seat name is empty; the window is clamped to [`WINDOW_SIDES`].
    pub fn from_toml(text: &str) -> Result<Settings, SettingsError> {
        let mut s: Settings =
            toml::from_str(text).map_err(|e| SettingsError::Damaged(one_line(&e)))?;
        s.board.geometry().map_err(SettingsError::Invalid)?;
        if !matches!(s.start.as_str(), "x" | "o") {
            return Err(SettingsError::Invalid(format!(
                "start is '{}', not x or o",
                s.start
            )));
        }
        for (seat, name) in [("x", &s.x), ("o", &s.o)] {
            if name.trim().is_empty() {
                return Err(SettingsError::Invalid(format!("the {seat} seat is empty")));
            }
        }
        for side in [&mut s.window.width, &mut s.window.height] {
            *side = (*side).clamp(*WINDOW_SIDES.start(), *WINDOW_SIDES.end());
        }
        Ok(s)
    }

    /// The TOML text.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("settings are plain values")
    }

    /// The board's key in [`Settings::scores`].
    pub fn score_key(g: Geometry, rule: Rule) -> String {
        record::board_line(g, rule)
    }

    /// The score on a board (zero when none was kept).
    pub fn score(&self, g: Geometry, rule: Rule) -> Tally {
        self.scores
            .get(&Settings::score_key(g, rule))
            .copied()
            .unwrap_or_default()
    }

    /// Sets the score on a board (a zero score is not kept).
    pub fn set_score(&mut self, g: Geometry, rule: Rule, tally: Tally) {
        let key = Settings::score_key(g, rule);
        if tally == Tally::default() {
            self.scores.remove(&key);
        } else {
            self.scores.insert(key, tally);
        }
    }
}

/// Where the settings live, and the last settings read or written there.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug)]
pub struct Store {
    path: std::path::PathBuf,
    saved: Option<Settings>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Store {
    /// The settings file in the user's config folder (`$XDG_CONFIG_HOME/tictactoe/settings.toml`
    /// on Linux, the platform's equivalent elsewhere); `None` when the system names no home.
    pub fn user() -> Option<Store> {
        Some(Store::at(config_dir()?.join(FILE_NAME)))
    }

    /// The settings file at `path`.
    pub fn at(path: impl Into<std::path::PathBuf>) -> Store {
        Store {
            path: path.into(),
            saved: None,
        }
    }

    /// The file's path.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Reads the settings: the defaults when there is no file yet; the defaults and a one-line
    /// report when the file is damaged (the damaged file is kept beside as `settings.toml.bad`, and
    /// replaced at the next write).
    pub fn load(&mut self) -> (Settings, Option<SettingsError>) {
        match self.read() {
            Ok(Some(s)) => {
                self.saved = Some(s.clone());
                (s, None)
            }
            Ok(None) => (Settings::default(), None),
            Err(e) => {
                if !matches!(e, SettingsError::Io(_)) {
                    let _ = std::fs::copy(&self.path, self.path.with_extension("toml.bad"));
                }
                (Settings::default(), Some(e))
            }
        }
    }

    fn read(&self) -> Result<Option<Settings>, SettingsError> {
        use std::io::Read;
        let file = match std::fs::File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(SettingsError::Io(format!(
                    "cannot read {}: {e}",
                    self.path.display()
                )))
            }
        };
        let mut bytes = Vec::new();
        file.take(MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| SettingsError::Io(format!("cannot read {}: {e}", self.path.display())))?;
        if bytes.len() as u64 > MAX_BYTES {
            return Err(SettingsError::TooLarge);
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| SettingsError::Damaged("it is not UTF-8 text".into()))?;
        Settings::from_toml(&text).map(Some)
    }

    /// Writes `settings` if they differ from those last read or written: to a temporary file
    /// beside the settings file, then renamed over it. Returns whether it wrote.
    pub fn save(&mut self, settings: &Settings) -> Result<bool, SettingsError> {
        if self.saved.as_ref() == Some(settings) {
            return Ok(false);
        }
        write_atomically(&self.path, &settings.to_toml())
            .map_err(|e| SettingsError::Io(format!("cannot write {}: {e}", self.path.display())))?;
        self.saved = Some(settings.clone());
        Ok(true)
    }

    /// Removes the settings file (`--reset-settings`); no file is not an error.
    pub fn reset(&mut self) -> Result<(), SettingsError> {
        self.saved = None;
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(SettingsError::Io(format!(
                "cannot remove {}: {e}",
                self.path.display()
            ))),
        }
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so that the
/// file is either the old one or the new one, never half written.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(not(target_arch = "wasm32"))]
fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "tictactoe")
}

/// The user's config folder for this program (`$XDG_CONFIG_HOME/tictactoe` on Linux).
#[cfg(not(target_arch = "wasm32"))]
pub fn config_dir() -> Option<std::path::PathBuf> {
    project_dirs().map(|d| d.config_dir().to_path_buf())
}

/// The user's data folder for this program (`$XDG_DATA_HOME/tictactoe` on Linux).
#[cfg(not(target_arch = "wasm32"))]
pub fn data_dir() -> Option<std::path::PathBuf> {
    project_dirs().map(|d| d.data_dir().to_path_buf())
}

/// Where saved games go: `games/` in the data folder.
#[cfg(not(target_arch = "wasm32"))]
pub fn games_dir() -> Option<std::path::PathBuf> {
    data_dir().map(|d| d.join("games"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("ttt-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn changed() -> Settings {
        let mut s = Settings {
            x: "engine:/opt/pbrain-rapfi".into(),
            o: "search".into(),
            start: "o".into(),
            coordinates: false,
            numbers: true,
            engines: vec!["/opt/pbrain-rapfi".into(), "/opt/pbrain embryo".into()],
            board: Board::of(Geometry::new(15, 15, 5).unwrap(), Rule::Renju),
            window: Window {
                width: 900,
                height: 700,
            },
            scores: BTreeMap::new(),
        };
        let tally = Tally {
            x_won: 3,
            o_won: 1,
            drawn: 7,
        };
        s.set_score(Geometry::new(15, 15, 5).unwrap(), Rule::Renju, tally);
        s.set_score(Geometry::LED, Rule::Freestyle, Tally { drawn: 2, ..tally });
        s
    }

    #[test]
    fn settings_survive_a_write_and_a_read() {
        let dir = temp("round");
        let path = dir.join("deep/er").join(FILE_NAME);
        let mut store = Store::at(&path);
        assert_eq!(store.load(), (Settings::default(), None));
        let s = changed();
        assert!(store.save(&s).unwrap());
        assert!(
            !store.save(&s).unwrap(),
            "unchanged settings are not written again"
        );
        let mut again = Store::at(&path);
        assert_eq!(again.load(), (s.clone(), None));
        assert!(!again.save(&s).unwrap());
        let g = Geometry::new(15, 15, 5).unwrap();
        assert_eq!(again.load().0.score(g, Rule::Renju).x_won, 3);
        assert_eq!(again.load().0.score(g, Rule::Freestyle), Tally::default());
        // No temporary file is left beside it.
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [FILE_NAME]);
        again.reset().unwrap();
        assert_eq!(Store::at(&path).load(), (Settings::default(), None));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_partial_file_keeps_the_defaults_for_the_rest() {
        let s = Settings::from_toml("numbers = true\n[scores.\"3x3 k3 freestyle\"]\ndrawn = 4\n")
            .unwrap();
        assert!(s.numbers);
        assert_eq!(s.x, "human");
        assert_eq!(s.board, Board::default());
        assert_eq!(s.score(Geometry::LED, Rule::Freestyle).drawn, 4);
        let s = Settings::from_toml("[window]\nwidth = 1\nheight = 4000000000\n").unwrap();
        assert_eq!((s.window.width, s.window.height), (200, 8192));
    }

    #[test]
    fn a_damaged_file_gives_one_line_and_the_defaults() {
        let damaged: &[(&str, &[u8])] = &[
            ("not toml", b"x = = human\n"),
            ("a wrong type", b"coordinates = \"yes\"\n"),
            ("an unknown key", b"colour = \"blue\"\n"),
            (
                "a board too large",
                b"[board]\nwidth = 99\nheight = 9\nrun = 5\n",
            ),
            (
                "a run too long",
                b"[board]\nwidth = 3\nheight = 3\nrun = 4\n",
            ),
            (
                "a negative width",
                b"[board]\nwidth = -3\nheight = 3\nrun = 3\n",
            ),
            (
                "an unknown rule",
                b"[board]\nwidth = 3\nheight = 3\nrun = 3\nrule = \"pente\"\n",
            ),
            ("start z", b"start = \"z\"\n"),
            ("an empty seat", b"x = \" \"\n"),
            ("a negative score", b"[scores.a]\nx_won = -1\n"),
            ("binary", b"\x00\x01\x02\xff\xfe"),
            ("half a file", b"[board]\nwidth = 15\nhei"),
        ];
        let dir = temp("damaged");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        for (what, bytes) in damaged {
            std::fs::write(&path, bytes).unwrap();
            let (s, e) = Store::at(&path).load();
            assert_eq!(s, Settings::default(), "{what}");
            let e = e.unwrap_or_else(|| panic!("{what}: no report"));
            let line = e.to_string();
            assert!(
                line.starts_with("settings: ") && !line.contains('\n'),
                "{what}: {line:?}"
            );
            assert_eq!(
                std::fs::read(path.with_extension("toml.bad")).unwrap(),
                *bytes
            );
            // The next write replaces the damaged file.
            Store::at(&path).save(&changed()).unwrap();
            assert_eq!(Store::at(&path).load(), (changed(), None), "{what}");
        }
        std::fs::write(&path, vec![b'#'; MAX_BYTES as usize + 1]).unwrap();
        assert_eq!(Store::at(&path).load().1, Some(SettingsError::TooLarge));
        // A folder where the file should be: reported, defaults, no panic.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        let (s, e) = Store::at(&path).load();
        assert_eq!(s, Settings::default());
        assert!(matches!(e, Some(SettingsError::Io(_))), "{e:?}");
        assert!(Store::at(&path).save(&changed()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
