//! What time alone makes due — a computer's move, the next computer-against-computer game, a
//! hint's end — and the requests a slow computer answers away from the cycle.
//!
//! A slow computer's move, a hint from a slow player and a slow player's explanation are each a
//! [`ThinkRequest`] (its [`Task`]), which the shell works out away from the frames — on a worker
//! thread on the desktop ([`answer`]), in slices between the frames on a web page — and hands back
//! as an input ([`crate::easel::Input::answer`], [`crate::easel::Input::explanation`]). Each
//! request has a ticket; an answer is taken only while its request is still the app's (like the
//! version counter of iced's `game_of_life`): any change to what was asked (a new game, a seat
//! changed, undo, …) drops the request, and its answer is ignored when it arrives.

use super::state::{App, Seat};
use crate::easel::Input;
use crate::explain::Explanation;
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::players::{self, ComputerPlayer, PlayerId};
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

/// What a [`ThinkRequest`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The move of the side to move's computer, answered with [`Input::answer`].
    Move,
    /// A hint: the move the board's strongest player plays ([`hint_player`]; the request's
    /// `player` is not asked), answered with [`Input::answer`].
    Hint,
    /// How the request's player sees the position ([`crate::explain::explain`]), answered with
    /// [`Input::explanation`].
    Explain,
}

/// The answer to a [`ThinkRequest`], as the shell hands it back.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A move or a hint: the cell.
    Cell(Cell),
    /// An explanation (`None`: the player has none for the position).
    Explanation(Option<Box<Explanation>>),
}

impl Reply {
    /// The reply as the input that brings it to request `ticket`, at time `now`.
    pub fn input(self, ticket: u64, now: f64) -> Input {
        match self {
            Reply::Cell(c) => Input::answer(ticket, c, now),
            Reply::Explanation(e) => Input {
                explanation: Some((ticket, e)),
                time: now,
                ..Input::default()
            },
        }
    }
}

/// A request for a slow computer's move, hint or explanation ([`Task`]), worked out away from the
/// cycle (the shell runs [`answer`] on a worker thread, or in slices between a page's frames) and
/// answered with an input. A request that is no longer the app's (the game restarted, a seat
/// changed, …) is cancelled: its answer is ignored.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    /// Tells the answer to this request from answers to earlier ones.
    pub ticket: u64,
    /// What is asked.
    pub task: Task,
    /// The player asked.
    pub player: PlayerId,
    /// The game to answer in.
    pub game: Game,
    /// Seed of the player's random numbers (drawn from the app's, so a session repeats).
    pub seed: u64,
    /// For an external engine's move, its number in [`App::engines`] (then `player` is not
    /// asked: the shell asks the engine's process).
    pub engine: Option<u8>,
}

impl App {
    /// The requests the app waits for, each worked out away from the cycle: a computer's move, a
    /// hint, an explanation.
    pub fn requests(&self) -> impl Iterator<Item = &ThinkRequest> {
        [&self.thinking, &self.hinting, &self.explaining]
            .into_iter()
            .flatten()
    }

    /// A new request for `task` by `player` in the current game (its ticket the next one).
    pub(super) fn request(&mut self, task: Task, player: PlayerId) -> ThinkRequest {
        let seed = rand::RngCore::next_u64(&mut self.rng);
        let request = ThinkRequest {
            ticket: self.next_ticket,
            task,
            player,
            game: self.game.clone(),
            seed,
            engine: None,
        };
        self.next_ticket += 1;
        request
    }

    /// When, in input time, the program will change by itself (a computer's move, the next
    /// computer-against-computer game, a hint's end); `None` while it waits for the person or for
    /// a slow computer's answer ([`App::thinking`]).
    pub fn next_change_at(&self) -> Option<f64> {
        let state = self.game.state();
        let by_itself = if self.thinking.is_some() {
            None
        } else if self.over() {
            // While explaining, the next game waits too (the result stays on screen).
            (self.computers_only() && !self.explain).then_some(self.last_change + NEXT_GAME_DELAY)
        } else if self.explain {
            None // while explaining, a computer moves when asked to (Enter or Space: a step)
        } else {
            self.machine(state.player_to_move()).then(|| {
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
    /// The external engine to move is asked for its move.
    Engine(u8),
}

/// What time alone makes due at `now`: a computer's move when its time has come, the next game
/// when computers play each other, a hint's end (`None` when nothing is due).
pub(super) fn due(state: &App, now: f64) -> Option<Due> {
    let at = state.next_change_at().filter(|&t| now >= t)?;
    if state.hint.is_some_and(|(_, until)| until <= at) {
        return Some(Due::HintEnds);
    }
    let game = state.game.state();
    if state.over() {
        return Some(Due::NextGame);
    }
    match state.seat(game.player_to_move()) {
        Seat::Computer(id) => Some(Due::Computer(id)),
        Seat::Engine(i) => Some(Due::Engine(i)),
        Seat::Human => None,
    }
}

/// The computer to move takes its turn: its cell at once, or for a slow player `None` and a
/// request to think (unless one is already pending).
pub(super) fn computer_turn(s: &mut App, player: PlayerId) -> Option<Cell> {
    let computer = player.player();
    if computer.slow(s.geometry()) {
        if s.thinking.is_none() {
            s.thinking = Some(s.request(Task::Move, player));
        }
        return None;
    }
    let c = computer.choose(&s.game, &mut s.rng);
    debug_assert!(s.game.check(c).is_ok(), "{} chose {c}", computer.name());
    Some(c)
}

/// The external engine `i` (to move) is asked for its move, away from the cycle (unless it is
/// being asked already).
pub(super) fn engine_turn(s: &mut App, i: u8) {
    if s.thinking.is_none() {
        s.thinking = Some(ThinkRequest {
            ticket: s.next_ticket,
            task: Task::Move,
            player: PlayerId::Random,
            game: s.game.clone(),
            seed: 0,
            engine: Some(i),
        });
        s.next_ticket += 1;
    }
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

/// Works out a request's answer where the shell runs it (on a worker thread): the cell or the
/// explanation, unless `stop` was set meanwhile.
pub fn answer(request: &ThinkRequest, stop: &AtomicBool) -> Option<Reply> {
    let mut rng = StdRng::seed_from_u64(request.seed);
    let game = &request.game;
    let reply = match request.task {
        Task::Move => Reply::Cell(request.player.player().think(game, &mut rng, stop)),
        Task::Hint => {
            let player = hint_player(game.geometry(), game.rule());
            Reply::Cell(player.think(game, &mut rng, stop))
        }
        Task::Explain => Reply::Explanation(
            crate::explain::explain(request.player.player(), game)
                .ok()
                .map(Box::new),
        ),
    };
    (!stop.load(Ordering::Relaxed)).then_some(reply)
}

/// The search player on a budget a key press can wait for (tens of milliseconds), for hints.
pub static HINT_SEARCH: players::search::SearchPlayer =
    players::search::SearchPlayer::new(crate::search::Limits::nodes(30_000));

/// The strongest player of a board, for hints: `perfect` where it plays (it is exact there),
/// else the search player on a small budget ([`HINT_SEARCH`]).
pub fn hint_player(geometry: Geometry, rule: crate::rule::Rule) -> &'static dyn ComputerPlayer {
    let perfect = PlayerId::Perfect.player();
    if perfect.plays(geometry) && perfect.plays_rule(rule) {
        perfect
    } else {
        &HINT_SEARCH
    }
}

/// Whether `player`'s explanation of a position on `geometry` is worked out away from the cycle
/// (an [`Task::Explain`] request): a slow player's off the LED board (there every explanation
/// takes well under a millisecond).
pub fn explained_away(player: PlayerId, geometry: Geometry) -> bool {
    geometry != Geometry::LED && player.player().slow(geometry)
}
