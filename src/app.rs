//! The whole program as an Easel program: the LED tic-tac-toe (module [`crate::led`]) plus the
//! additions that make it a desktop game — boards of any size, who plays each side, who starts, the
//! score, undo, the keyboard and the computer players' moves — drawn in the part of the window the
//! LED program leaves empty, with the LED program's own vocabulary (boxes of four segments, texts).
//!
//! Like the LED program it is a state ([`App`]), `new_state(input, state)` ([`new_state`]) and
//! `images(state)` ([`images`]). `new_state` turns each input into at most one [`Action`]
//! ([`action`]) and applies it ([`apply`]). On the LED board the LED definitions are used
//! unchanged; on other boards their generalisation, [`BoardLayout`], whose LED case is tested to be
//! the LED program's.

pub mod analysis;

use crate::easel::{color, point, segment, text, Color, Image, Input, Key, Point};
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::layout::{BoardLayout, Rect};
use crate::led::{self, BLACK, BLUE, FONT_SIZE, GREEN, RED};
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
/// Seconds a hint stays marked on the board.
pub const HINT_TIME: f64 = 1.5;

/// The boards the `board` button and the `b` key cycle through: the LED game, then the m,n,k-games
/// of SPEC.md §7 up to free-style gomoku.
pub const PRESETS: [(usize, usize, usize); 7] = [
    (3, 3, 3),
    (4, 4, 4),
    (5, 5, 4),
    (6, 6, 4),
    (7, 7, 5),
    (9, 9, 5),
    (15, 15, 5),
];

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

impl Score {
    fn tally(&mut self, outcome: Outcome, sign: i32) {
        let n = match outcome {
            Outcome::Won(Player::X) => &mut self.x_won,
            Outcome::Won(Player::O) => &mut self.o_won,
            Outcome::Draw => &mut self.drawn,
        };
        *n = n.saturating_add_signed(sign);
    }
}

/// The program's state: the game record and what the additions need.
#[derive(Clone, Debug)]
pub struct App {
    /// The game record: Γ, the LED state (the set of moves so far, with the starting player), and
    /// the cells in the order they were played (the behavioral program and undo need the order).
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
    /// Cells taken back by undo, the next to redo last.
    pub redo: Vec<Cell>,
    /// The keyboard's cell on boards larger than 3 × 3, once an arrow key has been pressed.
    pub cursor: Option<Cell>,
    /// A hinted cell and the time until which it is marked.
    pub hint: Option<(Cell, f64)>,
    /// Whether the board shows how the side to move's player sees the position.
    pub explain: bool,
    /// The request a slow computer is working on away from the cycle, if any.
    pub thinking: Option<ThinkRequest>,
    /// The ticket of the next request.
    pub next_ticket: u64,
}

/// A request for a slow computer's move, worked out away from the cycle (the shell runs
/// [`ComputerPlayer::think`] on a worker thread) and answered with [`Input::answer`]. A request
/// that is no longer the app's (the game restarted, a seat changed, …) is cancelled: its answer is
/// ignored.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    /// Tells the answer to this request from answers to earlier ones.
    pub ticket: u64,
    /// The player's name.
    pub player: &'static str,
    /// The game to answer in.
    pub game: Game,
    /// Seed of the player's random numbers (drawn from the app's, so a session repeats).
    pub seed: u64,
}

impl Default for App {
    fn default() -> Self {
        App::new(HUMAN, HUMAN, Player::X, 0)
    }
}

/// What one input does: the program's changes, each applied by [`apply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The player to move plays this cell (a person's click or key, or a computer's choice).
    Play(Cell),
    /// A new game on the same board, same seats, same starting player (LED: `restartClicked`).
    Restart,
    /// The next player for this side's seat.
    NextSeat(Player),
    /// The other player starts; a new game.
    SwapStart,
    /// The next board of [`PRESETS`]; a new game.
    NextBoard,
    /// The score back to zero.
    ResetScore,
    /// Take back the last move — against a computer, back to the person's turn.
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Mark the move the strongest player of the board would play (`perfect` where it is exact,
    /// else `search` on a small budget).
    Hint,
    /// Show or hide how the side to move's player sees the position; while shown, computers move
    /// one step at a time, on [`Action::Step`].
    ToggleExplain,
    /// While explaining: the computer to move makes its move.
    Step,
    /// Move the keyboard's cursor by (columns, rows).
    MoveCursor(i32, i32),
}

impl App {
    /// A new session on the LED board, with these seats, starting player and random seed. Unknown
    /// seat names are played by a person.
    pub fn new(x_seat: &str, o_seat: &str, start: Player, seed: u64) -> App {
        App {
            game: Game::new(Geometry::LED, start),
            x_seat: seat_name(x_seat, Geometry::LED),
            o_seat: seat_name(o_seat, Geometry::LED),
            score: Score::default(),
            rng: StdRng::seed_from_u64(seed),
            last_change: 0.0,
            redo: Vec::new(),
            cursor: None,
            hint: None,
            explain: false,
            thinking: None,
            next_ticket: 1,
        }
    }

    /// The same session on another board (a new game; seats that do not play it go to a person).
    pub fn on_board(mut self, geometry: Geometry) -> App {
        self.game = Game::new(geometry, self.game.start());
        self.x_seat = seat_name(self.x_seat, geometry);
        self.o_seat = seat_name(self.o_seat, geometry);
        self.redo.clear();
        self.cursor = None;
        self.hint = None;
        self
    }

    /// The board.
    pub fn geometry(&self) -> Geometry {
        self.game.geometry()
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

    /// The layout of the board in the window.
    pub fn layout(&self) -> Layout {
        Layout::of(self.geometry())
    }

    fn restart(&mut self, now: f64) {
        self.game = self.game.restarted();
        self.redo.clear();
        self.hint = None;
        self.last_change = now;
    }

    fn play(&mut self, c: Cell, now: f64) {
        if self.game.play_in_place(c).is_err() {
            return;
        }
        self.last_change = now;
        self.hint = None;
        if let Some(outcome) = self.game.state().outcome() {
            self.score.tally(outcome, 1);
        }
    }

    /// Takes back one move; a finished game's result leaves the score with it.
    fn take_back(&mut self) -> bool {
        let Some(previous) = self.game.undo() else {
            return false;
        };
        if let Some(outcome) = self.game.state().outcome() {
            self.score.tally(outcome, -1);
        }
        self.redo
            .push(self.game.last_move().expect("a move to undo"));
        self.game = previous;
        true
    }
}

/// The seat names for a board, in the order a click cycles through them: a person, then every
/// computer that plays the board.
pub fn seat_names_for(geometry: Geometry) -> Vec<&'static str> {
    std::iter::once(HUMAN)
        .chain(players::for_board(geometry).into_iter().map(|p| p.name()))
        .collect()
}

/// Every seat name: a person, then every computer player.
pub fn seat_names() -> Vec<&'static str> {
    std::iter::once(HUMAN)
        .chain(players::all().into_iter().map(|p| p.name()))
        .collect()
}

fn seat_name(name: &str, geometry: Geometry) -> &'static str {
    seat_names_for(geometry)
        .into_iter()
        .find(|&n| n == name)
        .unwrap_or(HUMAN)
}

fn next_seat(name: &str, geometry: Geometry) -> &'static str {
    let names = seat_names_for(geometry);
    let i = names.iter().position(|&n| n == name).unwrap_or(0);
    names[(i + 1) % names.len()]
}

/// The board after `g` in [`PRESETS`] (the first preset after a board that is not one).
pub fn next_board(g: Geometry) -> Geometry {
    let at = PRESETS
        .iter()
        .position(|&(w, h, k)| (w, h, k) == (g.width(), g.height(), g.run()));
    let (w, h, k) = PRESETS[at.map_or(0, |i| (i + 1) % PRESETS.len())];
    Geometry::new(w, h, k).expect("the presets are valid boards")
}

/// GREY, for the key hints and the last move (an addition; the LED palette has no grey).
pub const GREY: Color = color(110, 110, 110);
/// ORANGE, for the keyboard's cursor and the hint (an addition).
pub const ORANGE: Color = color(255, 140, 0);

/// A button: its box, its label and the action a click inside the box (strictly) takes. Each
/// button is described once, here, and both drawn and hit-tested from the description.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    /// The box.
    pub rect: Rect,
    /// The label, centred in the box.
    pub label: String,
    /// The label's font size.
    pub font: u32,
    /// What a click does.
    pub action: Action,
}

impl Button {
    /// The box's four sides and its label, the restart button's shape (LED (37)).
    pub fn images(&self) -> Vec<Image> {
        let mut images = self.rect.outline(BLACK);
        images.push(text(&self.label, self.rect.centre(), self.font, BLACK));
        images
    }
}

/// On the LED board: the x seat's button, below the board.
pub const X_SEAT_BOX: Rect = Rect::new(100, 305, 380, 355);
/// On the LED board: the o seat's button.
pub const O_SEAT_BOX: Rect = Rect::new(420, 305, 700, 355);
/// On the LED board: the starting player's button.
pub const START_BOX: Rect = Rect::new(100, 225, 380, 275);
/// On the LED board: the button that sets the score back to zero.
pub const RESET_SCORE_BOX: Rect = Rect::new(420, 225, 700, 275);
/// On the LED board: the board's button.
pub const BOARD_BOX: Rect = Rect::new(100, 145, 380, 195);
/// On the LED board: the undo button.
pub const UNDO_BOX: Rect = Rect::new(420, 145, 525, 195);
/// On the LED board: the explain button.
pub const EXPLAIN_BOX: Rect = Rect::new(540, 145, 700, 195);

/// The font size of the additions on boards other than the LED's, where they share a narrow column.
pub const SMALL_FONT: u32 = 24;
/// Where boards other than the LED's are drawn: left of the controls' column, below the top line.
pub const LARGE_BOARD_AREA: Rect = Rect::new(20, 110, 600, 710);

/// Where everything goes for one board: the board's layout, the buttons' boxes, the score and the
/// key hints. The LED board keeps the LED program's layout, with the additions below and right of
/// it; other boards take the largest square cells in [`LARGE_BOARD_AREA`], with the additions in a
/// column on the right. The top line (whose turn, the result, restart) is the LED program's on
/// every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The board.
    pub board: BoardLayout,
    /// Whether this is the LED program's own layout.
    pub led: bool,
}

impl Layout {
    /// The layout of a board.
    pub fn of(geometry: Geometry) -> Layout {
        if geometry == Geometry::LED {
            Layout {
                board: BoardLayout::led(),
                led: true,
            }
        } else {
            Layout {
                board: BoardLayout::new(geometry, LARGE_BOARD_AREA),
                led: false,
            }
        }
    }

    /// The font size of the additions.
    pub fn font(&self) -> u32 {
        if self.led {
            FONT_SIZE
        } else {
            SMALL_FONT
        }
    }

    /// The font size of the marks: the LED's 36 on its board, else in proportion to the cells.
    pub fn mark_font(&self) -> u32 {
        if self.led {
            FONT_SIZE
        } else {
            (self.board.cell_size() as u32 * 3 / 5).max(8)
        }
    }

    /// The seat, start, board, undo and score buttons: (box, action), in drawing order.
    fn boxes(&self) -> [(Rect, Action); 7] {
        if self.led {
            [
                (X_SEAT_BOX, Action::NextSeat(Player::X)),
                (O_SEAT_BOX, Action::NextSeat(Player::O)),
                (START_BOX, Action::SwapStart),
                (RESET_SCORE_BOX, Action::ResetScore),
                (BOARD_BOX, Action::NextBoard),
                (UNDO_BOX, Action::Undo),
                (EXPLAIN_BOX, Action::ToggleExplain),
            ]
        } else {
            let row = |i: i32| Rect::new(615, 660 - 50 * i, 790, 700 - 50 * i);
            [
                (row(0), Action::NextSeat(Player::X)),
                (row(1), Action::NextSeat(Player::O)),
                (row(2), Action::SwapStart),
                (row(6), Action::ResetScore),
                (row(3), Action::NextBoard),
                (row(4), Action::Undo),
                (row(5), Action::ToggleExplain),
            ]
        }
    }

    /// Where the score's three lines are centred.
    fn score_points(&self) -> [Point; 3] {
        if self.led {
            [point(600, 650), point(600, 600), point(600, 550)]
        } else {
            [point(700, 320), point(700, 290), point(700, 260)]
        }
    }

    /// The key hints' lines.
    fn key_hints(&self) -> Vec<(&'static str, Point)> {
        if self.led {
            vec![
                ("keys: r restart, 1-9 play, u undo", point(400, 95)),
                ("x o players, s first, b board, e", point(400, 50)),
            ]
        } else {
            vec![
                ("keys: arrows + enter play, r restart", point(310, 80)),
                ("u undo, h hint, e explain, esc quit", point(310, 45)),
            ]
        }
    }
}

/// Every button of the window for `state`, described once.
pub fn buttons(state: &App) -> Vec<Button> {
    let layout = state.layout();
    let g = state.geometry();
    let board = if layout.led {
        format!("board {}x{} k{}", g.width(), g.height(), g.run())
    } else {
        format!("{}x{} k{}", g.width(), g.height(), g.run())
    };
    layout
        .boxes()
        .into_iter()
        .map(|(rect, action)| {
            let label = match action {
                Action::NextSeat(p) => format!("{}: {}", p.symbol(), state.seat(p)),
                Action::SwapStart => format!("first: {}", state.game.start().symbol()),
                Action::ResetScore => "reset score".to_string(),
                Action::NextBoard => board.clone(),
                Action::Undo => "undo".to_string(),
                Action::ToggleExplain => "explain".to_string(),
                _ => unreachable!("only these actions have buttons"),
            };
            Button {
                rect,
                label,
                font: layout.font(),
                action,
            }
        })
        .collect()
}

/// The action an input asks for, if any: the LED program's (restart, a click on a cell by the
/// person whose turn it is), a button's, or a key's (r restart, 1–9 play a cell on 3 × 3, arrows
/// and Enter/Space on larger boards, x/o change a seat, s change who starts, b change the board,
/// u or Ctrl+Z undo, Ctrl+Y redo, h hint).
pub fn action(input: &Input, state: &App) -> Option<Action> {
    let game = state.game.state();
    let person_to_move = state.computer(game.player_to_move()).is_none();
    if input.mouse_clicked {
        if led::restart_clicked(input) {
            return Some(Action::Restart);
        }
        if let Some(b) = buttons(state)
            .into_iter()
            .find(|b| b.rect.strictly_contains(input.mouse_x, input.mouse_y))
        {
            return Some(b.action);
        }
        let clicked = if state.layout().led {
            // LED (46)–(47): movesMade, with the literal cellClicked and legalToMoveIn.
            led::moves_made(input, game).first().copied()
        } else {
            state
                .layout()
                .board
                .cell_at(input.mouse_x, input.mouse_y)
                .filter(|&c| game.legal_to_move_in(c))
        };
        return clicked.filter(|_| person_to_move).map(Action::Play);
    }
    let play = |c: Cell| (person_to_move && game.legal_to_move_in(c)).then_some(Action::Play(c));
    match input.key? {
        Key::Char('r') => Some(Action::Restart),
        Key::Char('x') => Some(Action::NextSeat(Player::X)),
        Key::Char('o') => Some(Action::NextSeat(Player::O)),
        Key::Char('s') => Some(Action::SwapStart),
        Key::Char('b') => Some(Action::NextBoard),
        Key::Char('u') | Key::Ctrl('z') => Some(Action::Undo),
        Key::Ctrl('y') => Some(Action::Redo),
        Key::Char('h') => Some(Action::Hint),
        Key::Char('e') => Some(Action::ToggleExplain),
        Key::Char(d @ '1'..='9') if state.layout().led => play(d as usize - '0' as usize),
        Key::Left if !state.layout().led => Some(Action::MoveCursor(-1, 0)),
        Key::Right if !state.layout().led => Some(Action::MoveCursor(1, 0)),
        Key::Up if !state.layout().led => Some(Action::MoveCursor(0, -1)),
        Key::Down if !state.layout().led => Some(Action::MoveCursor(0, 1)),
        Key::Enter | Key::Char(' ') if state.explain && !person_to_move && !game.game_over() => {
            Some(Action::Step)
        }
        Key::Enter | Key::Char(' ') if !state.layout().led => state.cursor.and_then(play),
        _ => None,
    }
}

/// The action time alone takes at `now`: a computer's move when its time has come, the next game
/// when computers play each other, a hint's end (`None` when nothing is due).
fn due(state: &App, now: f64) -> Option<Due> {
    let at = state.next_change_at().filter(|&t| now >= t)?;
    if state.hint.is_some_and(|(_, until)| until <= at) {
        return Some(Due::HintEnds);
    }
    let game = state.game.state();
    if game.game_over() {
        return Some(Due::NextGame);
    }
    state.computer(game.player_to_move()).map(Due::Computer)
}

enum Due {
    HintEnds,
    NextGame,
    Computer(&'static dyn ComputerPlayer),
}

/// Whether an action changes what a computer would be asked to answer (then a pending request is
/// cancelled).
fn cancels_thinking(action: Action) -> bool {
    !matches!(
        action,
        Action::ResetScore
            | Action::Hint
            | Action::ToggleExplain
            | Action::MoveCursor(..)
            | Action::Step
    )
}

/// The computer to move makes its move: at once, or for a slow player, a request to think.
fn computer_move(state: App, computer: &'static dyn ComputerPlayer, now: f64) -> App {
    let mut s = state;
    if computer.slow(s.geometry()) {
        if s.thinking.is_none() {
            let seed = rand::RngCore::next_u64(&mut s.rng);
            s.thinking = Some(ThinkRequest {
                ticket: s.next_ticket,
                player: computer.name(),
                game: s.game.clone(),
                seed,
            });
            s.next_ticket += 1;
        }
        return s;
    }
    let c = computer.choose(&s.game, &mut s.rng);
    debug_assert!(s.game.check(c).is_ok(), "{} chose {c}", computer.name());
    apply(Action::Play(c), s, now)
}

/// Applies one action at time `now`.
pub fn apply(action: Action, state: App, now: f64) -> App {
    let mut s = state;
    if cancels_thinking(action) {
        s.thinking = None;
    }
    match action {
        Action::Play(c) => {
            s.redo.clear();
            s.play(c, now);
        }
        Action::Restart => s.restart(now),
        Action::NextSeat(p) => {
            let next = next_seat(s.seat(p), s.geometry());
            match p {
                Player::X => s.x_seat = next,
                Player::O => s.o_seat = next,
            }
            s.last_change = now;
        }
        Action::SwapStart => {
            s.game = Game::new(s.geometry(), s.game.start().other());
            s.restart(now);
        }
        Action::NextBoard => {
            let next = next_board(s.geometry());
            s = s.on_board(next);
            s.last_change = now;
        }
        Action::ResetScore => s.score = Score::default(),
        Action::Undo => {
            // Against a computer, take back its reply and the person's move together, so that it
            // is the person's turn again.
            if s.take_back() {
                while s.computer(s.game.state().player_to_move()).is_some()
                    && !s.computers_only()
                    && s.take_back()
                {}
            }
            s.hint = None;
            s.last_change = now;
        }
        Action::Redo => {
            let mut redone = false;
            while let Some(c) = s.redo.pop() {
                s.play(c, now);
                redone = true;
                if s.computer(s.game.state().player_to_move()).is_none() || s.computers_only() {
                    break;
                }
            }
            if redone {
                s.last_change = now;
            }
        }
        Action::Hint => {
            let game = s.game.state();
            if !game.game_over() {
                let strongest = strongest(s.geometry());
                let c = strongest.choose(&s.game, &mut s.rng);
                s.hint = Some((c, now + HINT_TIME));
            }
        }
        Action::ToggleExplain => {
            s.explain = !s.explain;
            s.last_change = now;
        }
        Action::Step => {
            if let Some(computer) = s.computer(s.game.state().player_to_move()) {
                return computer_move(s, computer, now);
            }
        }
        Action::MoveCursor(dc, dr) => {
            let g = s.geometry();
            let (row, col) = match s.cursor {
                Some(c) => g.row_column(c),
                None => (g.height() / 2, g.width() / 2),
            };
            let row = (row as i32 + if s.cursor.is_some() { dr } else { 0 })
                .clamp(0, g.height() as i32 - 1) as usize;
            let col = (col as i32 + if s.cursor.is_some() { dc } else { 0 })
                .clamp(0, g.width() as i32 - 1) as usize;
            s.cursor = Some(g.cell(row, col));
        }
    }
    s
}

/// The search player on a budget a key press can wait for (tens of milliseconds), for hints.
static HINT_SEARCH: players::search::SearchPlayer =
    players::search::SearchPlayer::new(crate::search::Limits::nodes(30_000));

/// The strongest player of a board, for hints: `perfect` where it plays (it is exact there),
/// else the search player on a small budget.
fn strongest(geometry: Geometry) -> &'static dyn ComputerPlayer {
    match players::by_name("perfect") {
        Some(p) if p.plays(geometry) => p,
        _ => &HINT_SEARCH,
    }
}

/// The program's `newState`: the action the input asks for, if any, else the one time has made
/// due (a computer's move, the next game), applied.
pub fn new_state(input: &Input, state: App) -> App {
    let now = input.time;
    if let Some((ticket, c)) = input.answer {
        return match &state.thinking {
            Some(r) if r.ticket == ticket && state.game.check(c).is_ok() => {
                apply(Action::Play(c), state, now)
            }
            _ => state, // an answer to a cancelled request
        };
    }
    if let Some(a) = action(input, &state) {
        return apply(a, state, now);
    }
    match due(&state, now) {
        Some(Due::HintEnds) => App {
            hint: None,
            ..state
        },
        Some(Due::NextGame) => apply(Action::Restart, state, now),
        Some(Due::Computer(computer)) => computer_move(state, computer, now),
        None => state,
    }
}

/// Works out a request's answer where the shell runs it (on a worker thread): the cell, unless
/// `stop` was set meanwhile.
pub fn answer(request: &ThinkRequest, stop: &std::sync::atomic::AtomicBool) -> Option<Cell> {
    let player = players::by_name(request.player)?;
    let mut rng = StdRng::seed_from_u64(request.seed);
    let c = player.think(&request.game, &mut rng, stop);
    (!stop.load(std::sync::atomic::Ordering::Relaxed)).then_some(c)
}

/// The program's `images`: on the LED board the LED program's images of Γ, on other boards the same
/// images through [`BoardLayout`]; then the winning line, the last move, the cursor and hint, the
/// buttons, the score and the key hints.
pub fn images(state: &App) -> Vec<Image> {
    let layout = state.layout();
    let game = state.game.state();
    let mut images = if layout.led {
        led::images(game)
    } else {
        board_images(state, &layout.board)
    };
    images.extend(winning_line(state, &layout.board));
    if !layout.led {
        if let Some(c) = state.game.last_move() {
            images.extend(layout.board.cell_box(c).inset(3).outline(GREY));
        }
        if let Some(c) = state.cursor {
            images.extend(layout.board.cell_box(c).inset(6).outline(ORANGE));
        }
    }
    if let Some((c, _)) = state.hint {
        images.extend(layout.board.cell_box(c).inset(9).outline(ORANGE));
    }
    if state.explain {
        images.extend(explanation_images(state, &layout));
    }
    if state.thinking.is_some() {
        let p = state.game.state().player_to_move();
        images.push(text(
            format!("{} thinking", p.symbol()),
            point(675, 750),
            layout.font(),
            GREY,
        ));
    }
    for b in buttons(state) {
        images.extend(b.images());
    }
    images.extend(score_display(&state.score, &layout));
    let hints = layout.key_hints();
    let caption = state.explain.then(|| explanation_caption(state)).flatten();
    for (i, (line, at)) in hints.iter().enumerate() {
        match &caption {
            Some(c) if i + 1 == hints.len() => images.push(text(c, *at, layout.font(), ORANGE)),
            _ => images.push(text(*line, *at, layout.font(), GREY)),
        }
    }
    images
}

/// The LED program's images generalised to a board of any size: the grid, the marks scaled to the
/// cells, and the LED top line (whose turn, or the result, and the restart button) unchanged.
fn board_images(state: &App, board: &BoardLayout) -> Vec<Image> {
    let game = state.game.state();
    let mut images = board.grid_display(BLACK);
    // A frame around the board: without one, the edge cells of a large board have no edge.
    images.extend(board.bounds().outline(BLACK));
    let font = state.layout().mark_font();
    for c in game.occupied_cells() {
        let (mark, colour) = match game.occupant(c) {
            Some(Player::X) => ("x", BLUE),
            _ => ("o", GREEN),
        };
        images.push(text(mark, board.centre(c), font, colour));
    }
    images.extend(led::restart_button());
    images.push(if game.game_over() {
        led::game_result_display(game)
    } else {
        led::current_player_display(game)
    });
    images
}

/// The player whose view `explain` shows: the side to move's computer, or for a person (or a
/// player that cannot show its view here) the strongest player that explains itself on this
/// board. Off the LED board `perfect`'s view would be a full proof per move, too slow for a frame:
/// there a person's side is explained by `search` (a small search per move, remembered per
/// position).
pub fn explaining_player(state: &App) -> Option<&'static str> {
    let to_move = state.game.state().player_to_move();
    let led = state.geometry() == Geometry::LED;
    let candidates = [state.seat(to_move), "perfect", "search", "weights"];
    candidates.into_iter().find(|&name| {
        crate::explain::EXPLAINED.contains(&name)
            && (name != "perfect" || led)
            && players::by_name(name).is_some_and(|p| p.plays(state.geometry()))
    })
}

/// How the side to move's player sees the position, drawn on the board: a short label in every
/// empty cell (the weight, the square value, the move's value, the b-threads' bids, the chance),
/// orange on the cells it chooses among, grey on the others; and whose view it is, in the key
/// hints' place.
fn explanation_images(state: &App, layout: &Layout) -> Vec<Image> {
    let Some(name) = explaining_player(state) else {
        return Vec::new();
    };
    let Ok(e) = crate::explain::explain(name, &state.game) else {
        return Vec::new();
    };
    let board = &layout.board;
    let cell = board.cell_size();
    let mut images = Vec::new();
    for c in state.geometry().game_board() {
        let Some(label) = e.label(c) else { continue };
        // As large as fits the cell with a margin, and no larger than a mark.
        let chars = label.chars().count().max(1) as i32;
        let font = ((cell - 8) * 100 / (61 * chars)).min(cell * 2 / 5).max(6) as u32;
        let colour = if e.chosen.contains(&c) { ORANGE } else { GREY };
        images.push(text(label, board.centre(c), font, colour));
    }
    images
}

/// Whose view `explain` shows, in the last key hint's place: "explain: weights for o".
fn explanation_caption(state: &App) -> Option<String> {
    let name = explaining_player(state).filter(|_| !state.game.state().game_over())?;
    let side = state.game.state().player_to_move();
    Some(if state.computer(side).is_some() {
        format!("{name} for {}: enter = its move", side.symbol())
    } else {
        format!("explain: {name} for {}", side.symbol())
    })
}

/// The winning line: three segments side by side in the winner's colour, from the centre of its
/// first cell to the centre of its last.
fn winning_line(state: &App, board: &BoardLayout) -> Vec<Image> {
    let Some((p, cells)) = state.game.state().winning_line() else {
        return Vec::new();
    };
    let colour = if p == Player::X { BLUE } else { GREEN };
    let (a, b) = (board.centre(cells[0]), board.centre(cells[cells.len() - 1]));
    let (dx, dy) = if a.y == b.y { (0, 1) } else { (1, 0) };
    (-1..=1)
        .map(|i| {
            segment(
                point(a.x + i * dx, a.y + i * dy),
                point(b.x + i * dx, b.y + i * dy),
                colour,
            )
        })
        .collect()
}

/// The score, one line per result, each in the colour of the LED result it counts.
pub fn score_display(score: &Score, layout: &Layout) -> Vec<Image> {
    let [x, o, d] = layout.score_points();
    let font = layout.font();
    let line = |label: &str, n: u32| {
        if layout.led {
            format!("{label:<10} {n:>3}")
        } else {
            format!("{label:<10} {n:>2}")
        }
    };
    vec![
        text(line("x won", score.x_won), x, font, BLUE),
        text(line("o won", score.o_won), o, font, GREEN),
        text(line("cat got it", score.drawn), d, font, RED),
    ]
}
