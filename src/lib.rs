//! tictactoe: the executable form of five classic specifications of tic-tac-toe.
//!
//! The pure core — everything in this library — compiles and tests without macroquad. The binary
//! (`src/main.rs`, `src/shell.rs`) runs the Easel cycle on macroquad.

pub mod analysis;
pub mod app;
pub mod arena;
pub mod bp;
pub mod commands;
pub mod easel;
pub mod explain;
pub mod game;
pub mod geometry;
pub mod icon;
pub mod layout;
pub mod led;
pub mod pbrain;
pub mod players;
pub mod rules;
pub mod search;
pub mod solver;
pub mod value;

pub use game::{Game, MoveError};
pub use geometry::{Cell, CellSet, Geometry};
pub use rules::{ByPlayer, Move, Outcome, Player, Setup, SetupError, State, Stones};
pub use value::{Value, Verdict};
