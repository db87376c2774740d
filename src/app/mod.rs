//! The whole program as an Easel program: the LED tic-tac-toe (module [`crate::led`]) plus the
//! additions that make it a desktop game — boards of any size, who plays each side, who starts, the
//! score, undo, the keyboard and the computer players' moves — drawn in the part of the window the
//! LED program leaves empty, with the LED program's own vocabulary (boxes of four segments, texts).
//!
//! Like the LED program it is a state ([`App`]), `new_state(input, state)` ([`new_state`]) and
//! `images(state)` ([`images`]), modelled on iced's `game_of_life` example (a message, an `update`
//! and a `view`; stale asynchronous answers dropped by a counter). One job per module:
//!
//! | module | job |
//! |---|---|
//! | `state` | the state: [`App`], its [`Seat`]s and [`Score`], the board presets, the explanation shown ([`Explained`]) |
//! | `update` | `new_state`: each input turned into at most one [`Action`] ([`action`]) and applied ([`apply`]); the explanation worked out again when what it explains changed |
//! | `schedule` | what time alone makes due (a computer's move, the next game, a hint's end), and the [`ThinkRequest`]s (a slow computer's move, a hint, an explanation: [`Task`]) answered away from the cycle, their stale answers dropped by ticket |
//! | `view` | `images`: draws the state, computes nothing (no search, no explanation, no cache) |
//! | `persist` | the settings that persist, taken from and given to the state; the game as a record |
//! | [`layout`] | where everything goes: the board's [`layout::BoardLayout`], the [`Button`]s and boxes |
//! | [`analysis`] | live analysis and the evaluation graph: the state's [`analysis::Analysing`], the worker's jobs, what is drawn of them |
//!
//! On the LED board the LED definitions are used unchanged; on other boards their generalisation,
//! [`layout::BoardLayout`], whose LED case is tested to be the LED program's.

pub mod analysis;
pub mod layout;
mod persist;
mod schedule;
mod state;
mod update;
mod view;

pub use layout::{
    buttons, Button, Layout, ANALYSE_BOX, BOARD_BOX, EXPLAIN_BOX, GRAPH_BOX, LARGE_BOARD_AREA,
    O_SEAT_BOX, RESET_SCORE_BOX, RULE_BOX, SMALL_FONT, START_BOX, UNDO_BOX, X_SEAT_BOX,
};
pub use persist::{apply_settings, game_record, settings_of};
pub use schedule::{
    answer, explained_away, hint_player, Reply, Task, ThinkRequest, HINT_SEARCH, HINT_TIME,
    NEXT_GAME_DELAY, PACE, REPLY_DELAY,
};
pub use state::{
    explaining_player, next_board, seat_names, seats, seats_for, App, EngineSeat, Explained, Score,
    Seat, ENGINE_PREFIX, HUMAN, PRESETS,
};
pub use update::{action, apply, new_state, Action, Stepping};
pub use view::{images, score_display, status_line, GREY, ORANGE};
