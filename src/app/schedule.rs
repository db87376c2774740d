//! What time alone makes due — a computer's move, the next computer-against-computer game, a
//! hint's end — and the requests a slow computer answers away from the cycle.
//!
//! A slow computer's move is a [`ThinkRequest`], which the shell works out on a worker thread
//! ([`answer`]) and hands back as an input ([`crate::easel::Input::answer`]). Each request has a
//! ticket; an answer is taken only while its request is still the app's (like the version counter
//! of iced's `game_of_life`): any change to what was asked (a new game, a seat changed, undo, …)
//! drops the request, and its answer is ignored when it arrives.

use super::state::{App, Seat};
use crate::easel::Input;
use crate::game::Game;
use crate::geometry::Cell;
use crate::players::PlayerId;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};

/// Seconds a computer waits before answering a person: the next frames, with time to see one's own
/// move first.
pub const REPLY_DELAY: f64 = 0.2;
/// Seconds between moves when computers play each other: a pace a person can follow.
pub const PACE: f64 = 0.6;
/// Seconds a finished computer-against-computer game stays on screen before the next one starts.
pub const NEXT_GAME_DELAY: f64 = 2.0;
/// Seconds a hint stays marked on the board.
pub const HINT_TIME: f64 = 1.5;

/// A request for a slow computer's move, worked out away from the cycle (the shell runs
/// [`crate::players::ComputerPlayer::think`] on a worker thread) and answered with [`Input::answer`]. A request
/// that is no longer the app's (the game restarted, a seat changed, …) is cancelled: its answer is
/// ignored.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    /// Tells the answer to this request from answers to earlier ones.
    pub ticket: u64,
    /// The player asked.
    pub player: PlayerId,
    /// The game to answer in.
    pub game: Game,
    /// Seed of the player's random numbers (drawn from the app's, so a session repeats).
    pub seed: u64,
}

impl App {
    /// When, in input time, the program will change by itself (a computer's move, the next
    /// computer-against-computer game, a hint's end); `None` while it waits for the person or for
    /// a slow computer's answer ([`App::thinking`]).
    pub fn next_change_at(&self) -> Option<f64> {
        let state = self.game.state();
        let by_itself = if self.thinking.is_some() {
            None
        } else if state.game_over() {
            // While explaining, the next game waits too (the result stays on screen).
            (self.computers_only() && !self.explain).then_some(self.last_change + NEXT_GAME_DELAY)
        } else if self.explain {
            None // while explaining, a computer moves when asked to (Enter or Space: a step)
        } else {
            self.computer(state.player_to_move()).map(|_| {
                let delay = if self.computers_only() {
                    PACE
                } else {
                    REPLY_DELAY
                };
                self.last_change + delay
            })
        };
        let hint_end = self.hint.map(|(_, until)| until);
        match (by_itself, hint_end) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// What time alone makes due.
pub(super) enum Due {
    /// The hint's time is up.
    HintEnds,
    /// Computers play each other and the finished game has been shown long enough.
    NextGame,
    /// The computer to move makes its move.
    Computer(PlayerId),
}

/// What time alone makes due at `now`: a computer's move when its time has come, the next game
/// when computers play each other, a hint's end (`None` when nothing is due).
pub(super) fn due(state: &App, now: f64) -> Option<Due> {
    let at = state.next_change_at().filter(|&t| now >= t)?;
    if state.hint.is_some_and(|(_, until)| until <= at) {
        return Some(Due::HintEnds);
    }
    let game = state.game.state();
    if game.game_over() {
        return Some(Due::NextGame);
    }
    match state.seat(game.player_to_move()) {
        Seat::Computer(id) => Some(Due::Computer(id)),
        Seat::Human => None,
    }
}

/// The computer to move takes its turn: its cell at once, or for a slow player `None` and a
/// request to think (unless one is already pending).
pub(super) fn computer_turn(s: &mut App, player: PlayerId) -> Option<Cell> {
    let computer = player.player();
    if computer.slow(s.geometry()) {
        if s.thinking.is_none() {
            let seed = rand::RngCore::next_u64(&mut s.rng);
            s.thinking = Some(ThinkRequest {
                ticket: s.next_ticket,
                player,
                game: s.game.clone(),
                seed,
            });
            s.next_ticket += 1;
        }
        return None;
    }
    let c = computer.choose(&s.game, &mut s.rng);
    debug_assert!(s.game.check(c).is_ok(), "{} chose {c}", computer.name());
    Some(c)
}

/// The cell of an answer ([`Input::answer`]) if it answers the pending request and is legal;
/// `None` for an answer to a cancelled (stale) request.
pub(super) fn answered(state: &App, input: &Input) -> Option<Cell> {
    let (ticket, c) = input.answer?;
    state
        .thinking
        .as_ref()
        .filter(|r| r.ticket == ticket && state.game.check(c).is_ok())
        .map(|_| c)
}

/// Works out a request's answer where the shell runs it (on a worker thread): the cell, unless
/// `stop` was set meanwhile.
pub fn answer(request: &ThinkRequest, stop: &AtomicBool) -> Option<Cell> {
    let mut rng = StdRng::seed_from_u64(request.seed);
    let c = request.player.player().think(&request.game, &mut rng, stop);
    (!stop.load(Ordering::Relaxed)).then_some(c)
}
