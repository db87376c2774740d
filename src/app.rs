//! The whole program as an Easel program: the LED tic-tac-toe (module [`crate::led`]) plus the
//! additions that make it a desktop game — who plays each side, who starts, the score, the keyboard
//! and the computer players' moves — drawn in the part of the window the LED program leaves empty,
//! with the LED program's own vocabulary (boxes of four segments, size-36 texts).
//!
//! Like the LED program it is a state ([`App`]), `new_state(input, state)` ([`new_state`]) and
//! `images(state)` ([`images`]); the LED definitions are used unchanged for the board.

use crate::easel::{color, point, text, Color, Image, Input, Key, Point};
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::led::{self, boxed_label, clicked_inside, BLACK, BLUE, FONT_SIZE, GREEN, RED};
use crate::players::{self, ComputerPlayer};
use crate::rules::{Outcome, Player};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The name of a seat played by a person with the mouse and keyboard.
pub const HUMAN: &str = "human";

/// Seconds a computer waits before answering a person: the next frames, with time to see one's own
/// move first.
pub const REPLY_DELAY: f64 = 0.2;
/// Seconds between moves when computers play each other: a pace a person can follow.
pub const PACE: f64 = 0.6;
/// Seconds a finished computer-against-computer game stays on screen before the next one starts.
pub const NEXT_GAME_DELAY: f64 = 2.0;

/// The session's score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games x won.
    pub x_won: u32,
    /// Games o won.
    pub o_won: u32,
    /// Drawn games ("cat got it").
    pub drawn: u32,
}

/// The program's state: the LED state Γ and what the additions need.
#[derive(Clone, Debug)]
pub struct App {
    /// The game record: Γ, the LED state (the set of moves so far, with the starting player), and
    /// the cells in the order they were played (the behavioral program needs the order).
    pub game: Game,
    /// Who plays x: [`HUMAN`] or a computer player's name.
    pub x_seat: &'static str,
    /// Who plays o.
    pub o_seat: &'static str,
    /// The session's score.
    pub score: Score,
    /// Breaks the computer players' ties; seeded, so a session can be repeated.
    pub rng: StdRng,
    /// When the last move was made or the game (re)started, in input time.
    pub last_change: f64,
}

impl Default for App {
    fn default() -> Self {
        App::new(HUMAN, HUMAN, Player::X, 0)
    }
}

impl App {
    /// A new session: the LED initial state, with these seats, starting player and random seed.
    /// Unknown seat names are played by a person.
    pub fn new(x_seat: &str, o_seat: &str, start: Player, seed: u64) -> App {
        App {
            game: Game::new(Geometry::LED, start),
            x_seat: seat_name(x_seat),
            o_seat: seat_name(o_seat),
            score: Score::default(),
            rng: StdRng::seed_from_u64(seed),
            last_change: 0.0,
        }
    }

    /// Who plays `p`.
    pub fn seat(&self, p: Player) -> &'static str {
        match p {
            Player::X => self.x_seat,
            Player::O => self.o_seat,
        }
    }

    /// The computer that plays `p`, if a computer does.
    pub fn computer(&self, p: Player) -> Option<&'static dyn ComputerPlayer> {
        players::by_name(self.seat(p))
    }

    /// Whether both sides are computers.
    pub fn computers_only(&self) -> bool {
        self.computer(Player::X).is_some() && self.computer(Player::O).is_some()
    }

    /// When, in input time, the program will change by itself (a computer's move, the next
    /// computer-against-computer game); `None` while it waits for the person.
    pub fn next_change_at(&self) -> Option<f64> {
        if self.game.state().game_over() {
            self.computers_only()
                .then_some(self.last_change + NEXT_GAME_DELAY)
        } else {
            self.computer(self.game.state().player_to_move()).map(|_| {
                let delay = if self.computers_only() {
                    PACE
                } else {
                    REPLY_DELAY
                };
                self.last_change + delay
            })
        }
    }

    /// Start a new game with the same seats and starting player (LED: `initialState`).
    fn restart(&mut self, now: f64) {
        self.game = self.game.restarted();
        self.last_change = now;
    }

    /// Play `c` for the player to move; count the result when it ends the game.
    fn play(&mut self, c: Cell, now: f64) {
        if self.game.play_in_place(c).is_err() {
            return;
        }
        self.last_change = now;
        match self.game.state().outcome() {
            Some(Outcome::Won(Player::X)) => self.score.x_won += 1,
            Some(Outcome::Won(Player::O)) => self.score.o_won += 1,
            Some(Outcome::Draw) => self.score.drawn += 1,
            None => {}
        }
    }
}

/// The seat names in the order a click cycles through them: a person, then every computer.
pub fn seat_names() -> Vec<&'static str> {
    std::iter::once(HUMAN)
        .chain(players::all().into_iter().map(|p| p.name()))
        .collect()
}

fn seat_name(name: &str) -> &'static str {
    seat_names()
        .into_iter()
        .find(|&n| n == name)
        .unwrap_or(HUMAN)
}

fn next_seat(name: &str) -> &'static str {
    let names = seat_names();
    let i = names.iter().position(|&n| n == name).unwrap_or(0);
    names[(i + 1) % names.len()]
}

/// GREY, for the key hints (an addition; the LED palette has no grey).
pub const GREY: Color = color(110, 110, 110);

/// The x seat's button: a box like the restart button, below the board.
pub const X_SEAT_BOX: (Point, Point) = (point(100, 305), point(380, 355));
/// The o seat's button.
pub const O_SEAT_BOX: (Point, Point) = (point(420, 305), point(700, 355));
/// The starting player's button.
pub const START_BOX: (Point, Point) = (point(100, 225), point(380, 275));
/// The button that sets the score back to zero.
pub const RESET_SCORE_BOX: (Point, Point) = (point(420, 225), point(700, 275));

fn clicked(input: &Input, (bottom_left, top_right): (Point, Point)) -> bool {
    clicked_inside(input, bottom_left, top_right)
}

/// The program's `newState`: the LED `newState` for the board (restart button, clicks on cells by
/// the person whose turn it is), then the additions: the seat, start and score buttons, the keys
/// (r restart, 1–9 play a cell, x/o change a seat, s change who starts), and the computer's move
/// when it is a computer's turn and its time has come.
pub fn new_state(input: &Input, state: App) -> App {
    let mut s = state;
    let now = input.time;
    let pressed = |k: char| input.key == Some(Key::Char(k));

    if led::restart_clicked(input) || pressed('r') {
        s.restart(now);
    }
    if clicked(input, X_SEAT_BOX) || pressed('x') {
        s.x_seat = next_seat(s.x_seat);
        s.last_change = now;
    }
    if clicked(input, O_SEAT_BOX) || pressed('o') {
        s.o_seat = next_seat(s.o_seat);
        s.last_change = now;
    }
    if clicked(input, START_BOX) || pressed('s') {
        s.game = Game::new(s.game.geometry(), s.game.start().other());
        s.restart(now);
    }
    if clicked(input, RESET_SCORE_BOX) {
        s.score = Score::default();
    }

    let to_move = s.game.state().player_to_move();
    if s.computer(to_move).is_none() {
        // LED (46)–(48): movesMade from the click; the keys 1–9 name cells the same way.
        let typed = input
            .key
            .iter()
            .filter_map(|k| match k {
                Key::Char(c) => c.to_digit(10),
                _ => None,
            })
            .map(|d| d as Cell)
            .filter(|&c| c >= 1 && s.game.state().legal_to_move_in(c));
        if let Some(c) = led::moves_made(input, s.game.state())
            .into_iter()
            .chain(typed)
            .next()
        {
            s.play(c, now);
        }
    } else if !s.game.state().game_over() && s.next_change_at().is_some_and(|t| now >= t) {
        if let Some(computer) = s.computer(to_move) {
            let c = computer.choose(&s.game, &mut s.rng);
            debug_assert!(s.game.check(c).is_ok(), "{} chose {c}", computer.name());
            s.play(c, now);
        }
    }
    if s.game.state().game_over() && s.next_change_at().is_some_and(|t| now >= t) {
        s.restart(now);
    }
    s
}

/// The program's `images`: the LED program's images of Γ, and the additions' images.
pub fn images(state: &App) -> Vec<Image> {
    let mut images = led::images(state.game.state());
    images.extend(score_display(&state.score));
    let seat = |p: Player| format!("{}: {}", p.symbol(), state.seat(p));
    images.extend(boxed_label(
        X_SEAT_BOX.0,
        X_SEAT_BOX.1,
        &seat(Player::X),
        BLACK,
    ));
    images.extend(boxed_label(
        O_SEAT_BOX.0,
        O_SEAT_BOX.1,
        &seat(Player::O),
        BLACK,
    ));
    let first = format!("first: {}", state.game.start().symbol());
    images.extend(boxed_label(START_BOX.0, START_BOX.1, &first, BLACK));
    images.extend(boxed_label(
        RESET_SCORE_BOX.0,
        RESET_SCORE_BOX.1,
        "reset score",
        BLACK,
    ));
    images.push(text(
        "keys: r restart, 1-9 play",
        point(400, 150),
        FONT_SIZE,
        GREY,
    ));
    images.push(text(
        "x o players, s first, esc quit",
        point(400, 100),
        FONT_SIZE,
        GREY,
    ));
    images
}

/// The score beside the board, one line per result, each in the colour of the LED result it counts.
pub fn score_display(score: &Score) -> Vec<Image> {
    let line = |label: &str, n: u32| format!("{label:<10} {n:>3}");
    vec![
        text(line("x won", score.x_won), point(600, 650), FONT_SIZE, BLUE),
        text(
            line("o won", score.o_won),
            point(600, 600),
            FONT_SIZE,
            GREEN,
        ),
        text(
            line("cat got it", score.drawn),
            point(600, 550),
            FONT_SIZE,
            RED,
        ),
    ]
}
