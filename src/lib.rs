//! tictactoe: the executable form of five classic specifications of tic-tac-toe, and the m,n,k
//! family of games up to 26 × 26 (gomoku included).
//!
//! The pure core — everything in this library — compiles and tests without macroquad. The binary
//! (`src/main.rs`, `src/shell.rs`) runs the Easel cycle on macroquad: `state`,
//! `new_state(input, state)`, `images(state)`.
//!
//! # Module map
//!
//! Dependencies run one way, from the top of this list to the bottom: a module uses only modules
//! below it (`docs/architecture.md` follows one click through them).
//!
//! | layer | modules | what it is |
//! |---|---|---|
//! | shell | `main.rs`, `shell.rs`, `platform.rs` (binary) | macroquad: input events in, images drawn; slow work on worker threads (on the web page, in slices between frames); files saved, opened and dropped |
//! | command line | [`commands`] | one module per subcommand, owning all printed text; clap in `commands::cli` |
//! | app | [`app`] | the window's program: `state`, `update` (input → `Action` → `apply`), `schedule` (due moves, think requests), `view` (`images`), `layout` |
//! | display | [`led`], [`easel`] | the LED program literally (seeds 000/002), and Easel's images and input as values |
//! | protocols, tables | [`pbrain`], [`external`], [`engine_host`], [`contest`], [`arena`], [`analysis`] | the Gomocup engine protocol (our engine; any engine as a player, its processes off the frames), games between players, exhaustive counts |
//! | files | [`record`], [`settings`] | Piskvork's `.psq` and cell-number files; settings that persist (TOML) |
//! | players | [`players`], [`explain`], [`bp`] | computer players behind one trait (each explains itself), the behavioral-programming engine of seed 001 |
//! | engines | [`search`], [`solver`] | alpha-beta and threat-space search (and the pattern search for five in a row, under each rule, with an evaluation fitted to Rapfi's and a move ordering fitted to its moves; the Gomocup clock in `search::time`); the exact solver (freestyle and standard) |
//! | vocabulary | [`value`], [`game`], [`rules`], [`rule`], [`geometry`], [`coordinates`] | one value type; the game record; the rules (`State`, `Setup`, `Player`, `Stones`); Gomocup's rules (freestyle, standard, renju and its forbidden points); boards and their lines; cells named to people (`h8`) |
//!
//! One vocabulary runs through every layer: a [`Cell`] numbered 1 … width·height row-major from
//! the top-left (turned into text, or Gomocup's 0-based x,y, only at the edges), one [`Player`],
//! one stone layout ([`Stones`]) from which every engine derives its own view, one [`Value`].

pub mod analysis;
pub mod app;
pub mod arena;
pub mod bp;
pub mod clock;
pub mod commands;
#[cfg(not(target_arch = "wasm32"))]
pub mod contest;
pub mod coordinates;
pub mod easel;
#[cfg(not(target_arch = "wasm32"))]
pub mod engine_host;
pub mod explain;
#[cfg(not(target_arch = "wasm32"))]
pub mod external;
pub mod game;
pub mod geometry;
pub mod icon;
pub use app::layout;
pub mod led;
pub mod pbrain;
pub mod players;
pub mod record;
pub mod rule;
pub mod rules;
pub mod search;
pub mod settings;
pub mod solver;
pub mod value;
pub mod web;

pub use game::{Game, MoveError};
pub use geometry::{Cell, CellSet, Geometry};
pub use rules::{ByPlayer, Move, Outcome, Player, Setup, SetupError, State, Stones};
pub use value::{Value, Verdict};
