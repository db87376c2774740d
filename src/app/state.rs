//! The program's state: the game record, who plays each side ([`Seat`]), the score, and what the
//! additions need (undo, the cursor, a hint, explaining, a pending think request).

use super::analysis::Analysing;
use super::layout::Layout;
use super::schedule::ThinkRequest;
use crate::explain::Explanation;
use crate::game::{Game, MoveError};
use crate::geometry::{Cell, Geometry};
use crate::players::{ComputerPlayer, PlayerId};
use crate::rule::Rule;
use crate::rules::{Outcome, Player};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt;

/// The name of a seat played by a person with the mouse and keyboard ([`Seat::Human`]).
pub const HUMAN: &str = "human";

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

/// Who plays one side: a person, or a computer player of the roster.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person, with the mouse and keyboard.
    #[default]
    Human,
    /// A computer player.
    Computer(PlayerId),
    /// An external pbrain engine: its number in [`App::engines`].
    Engine(u8),
}

/// An external engine the seats can be given to: the program, and its name once it has said it
/// (its answer to `ABOUT`; the file's name until then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSeat {
    /// The program's path.
    pub path: String,
    /// Its name.
    pub name: String,
}

impl EngineSeat {
    /// The engine at `path`, named by its file until it says its name.
    pub fn new(path: &str) -> EngineSeat {
        let name = std::path::Path::new(path)
            .file_name()
            .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
        EngineSeat {
            path: path.to_string(),
            name,
        }
    }
}

/// The prefix of an external engine's seat on the command line and in the settings:
/// `engine:PATH`.
pub const ENGINE_PREFIX: &str = "engine:";

impl Seat {
    /// The seat's name on the command line and its button: [`HUMAN`] or the player's name.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Human => HUMAN,
            Seat::Computer(id) => id.name(),
            Seat::Engine(_) => "engine",
        }
    }

    /// The seat called `name` (for the command line's arguments only).
    pub fn named(name: &str) -> Option<Seat> {
        if name == HUMAN {
            Some(Seat::Human)
        } else {
            PlayerId::named(name).map(Seat::Computer)
        }
    }

    /// The computer that plays this seat, if a computer does.
    pub fn computer(self) -> Option<&'static dyn ComputerPlayer> {
        match self {
            Seat::Human | Seat::Engine(_) => None,
            Seat::Computer(id) => Some(id.player()),
        }
    }

    /// What the seat's player is, for a newcomer: `human`, `random (easy)`, `weights (medium)`,
    /// `search (strong)`, `perfect (never loses)`.
    pub fn description(self) -> String {
        match self {
            Seat::Human => HUMAN.to_string(),
            Seat::Engine(_) => "engine".to_string(),
            Seat::Computer(id) => {
                let strength = match id {
                    PlayerId::Random => "easy",
                    PlayerId::Weights | PlayerId::Bp | PlayerId::Oxo => "medium",
                    PlayerId::Search => "strong",
                    PlayerId::Perfect => "never loses",
                };
                format!("{} ({strength})", id.name())
            }
        }
    }

    /// Whether the seat can play boards of `geometry` (a person plays every board).
    pub fn plays(self, geometry: Geometry) -> bool {
        self.computer().is_none_or(|p| p.plays(geometry))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seats for a board, in the order a click cycles through them: a person, then every computer
/// that plays the board.
pub fn seats_for(geometry: Geometry) -> Vec<Seat> {
    seats().into_iter().filter(|s| s.plays(geometry)).collect()
}

/// Every seat: a person, then every computer player.
pub fn seats() -> Vec<Seat> {
    std::iter::once(Seat::Human)
        .chain(PlayerId::ALL.into_iter().map(Seat::Computer))
        .collect()
}

/// Every seat's name, for the command line.
pub fn seat_names() -> Vec<&'static str> {
    seats().into_iter().map(Seat::name).collect()
}

/// The board after `g` in [`PRESETS`] (the first preset after a board that is not one).
pub fn next_board(g: Geometry) -> Geometry {
    let at = PRESETS
        .iter()
        .position(|&(w, h, k)| (w, h, k) == (g.width(), g.height(), g.run()));
    let (w, h, k) = PRESETS[at.map_or(0, |i| (i + 1) % PRESETS.len())];
    Geometry::new(w, h, k).expect("the presets are valid boards")
}

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
    /// Who plays x.
    pub x_seat: Seat,
    /// Who plays o.
    pub o_seat: Seat,
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
    /// While explaining, the explanation shown, worked out when the state changed (never by the
    /// view).
    pub explained: Option<Explained>,
    /// The request a slow computer is working on away from the cycle, if any.
    pub thinking: Option<ThinkRequest>,
    /// The hint a slow player is working out away from the cycle, if any.
    pub hinting: Option<ThinkRequest>,
    /// The explanation a slow player is working out away from the cycle, if any (then
    /// `explained` is `None` until it comes).
    pub explaining: Option<ThinkRequest>,
    /// The ticket of the next request (and of the next analysis job).
    pub next_ticket: u64,
    /// Live analysis and the evaluation graph ([`super::analysis`]).
    pub analysing: Analysing,
    /// A one-line notice for the person, until the next action: why a move was refused (renju's
    /// `double three`, `double four`, `overline`).
    pub notice: Option<String>,
    /// The external engines the seats can be given to ([`Seat::Engine`] numbers them).
    pub engines: Vec<EngineSeat>,
    /// The side whose engine lost the game by a fault, and the reason: the game is over.
    pub forfeit: Option<(Player, String)>,
    /// Whether the coordinates (letters along the columns, numbers along the rows) are drawn
    /// around a board larger than 3 × 3 (`c`).
    pub coordinates: bool,
    /// Whether each mark shows its move number instead of its letter, in its colour (`n`).
    pub numbers: bool,
    /// The status line's message (where a game was saved, a file that could not be opened, …);
    /// without one, the status line names the last move in coordinates.
    pub status: Option<String>,
    /// How many times a save was asked for (Ctrl+S); the shell saves when it grows.
    pub save_requests: u64,
    /// The score on each board other than the current one (the current one is `score`).
    pub scores: std::collections::BTreeMap<(usize, usize, usize), Score>,
}

impl Default for App {
    fn default() -> Self {
        App::new(Seat::Human, Seat::Human, Player::X, 0)
    }
}

impl App {
    /// A new session on the LED board, with these seats, starting player and random seed. A seat
    /// whose computer does not play the LED board is played by a person.
    pub fn new(x_seat: Seat, o_seat: Seat, start: Player, seed: u64) -> App {
        let on_led = |s: Seat| {
            if s.plays(Geometry::LED) {
                s
            } else {
                Seat::Human
            }
        };
        App {
            game: Game::new(Geometry::LED, start),
            x_seat: on_led(x_seat),
            o_seat: on_led(o_seat),
            score: Score::default(),
            rng: StdRng::seed_from_u64(seed),
            last_change: 0.0,
            redo: Vec::new(),
            cursor: None,
            hint: None,
            explain: false,
            explained: None,
            thinking: None,
            hinting: None,
            explaining: None,
            next_ticket: 1,
            analysing: Analysing::default(),
            notice: None,
            engines: Vec::new(),
            forfeit: None,
            coordinates: true,
            numbers: false,
            status: None,
            save_requests: 0,
            scores: Default::default(),
        }
    }

    /// The same session under another rule (a new game). Renju is five in a row: on a board of
    /// another run the rule after renju is taken instead. Seats whose computer does not play the
    /// rule go to a person.
    pub fn under_rule(mut self, rule: Rule) -> App {
        let rule = if rule == Rule::Renju && self.geometry().run() != crate::rule::RENJU_RUN {
            rule.next()
        } else {
            rule
        };
        self.game = Game::new_under(self.geometry(), rule, self.game.start());
        for seat in [&mut self.x_seat, &mut self.o_seat] {
            if seat.computer().is_some_and(|p| !p.plays_rule(rule)) {
                *seat = Seat::Human;
            }
        }
        self.redo.clear();
        self.hint = None;
        self
    }

    /// The same session on another board (a new game; seats that do not play it go to a person).
    pub fn on_board(mut self, geometry: Geometry) -> App {
        let rule = match self.game.rule() {
            Rule::Renju if geometry.run() != crate::rule::RENJU_RUN => Rule::Freestyle,
            rule => rule,
        };
        let key = |g: Geometry| (g.width(), g.height(), g.run());
        if geometry != self.geometry() {
            let old = key(self.geometry());
            let score = self.scores.remove(&key(geometry)).unwrap_or_default();
            let previous = std::mem::replace(&mut self.score, score);
            if previous != Score::default() {
                self.scores.insert(old, previous);
            }
        }
        self.game = Game::new_under(geometry, rule, self.game.start());
        self.forfeit = None;
        for seat in [&mut self.x_seat, &mut self.o_seat] {
            if !seat.plays(geometry) {
                *seat = Seat::Human;
            }
        }
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
    pub fn seat(&self, p: Player) -> Seat {
        match p {
            Player::X => self.x_seat,
            Player::O => self.o_seat,
        }
    }

    /// The seat of `p`, to change.
    pub(super) fn seat_mut(&mut self, p: Player) -> &mut Seat {
        match p {
            Player::X => &mut self.x_seat,
            Player::O => &mut self.o_seat,
        }
    }

    /// The computer that plays `p`, if a computer does.
    pub fn computer(&self, p: Player) -> Option<&'static dyn ComputerPlayer> {
        self.seat(p).computer()
    }

    /// Whether a program (one of ours or an external engine) plays `p`.
    pub fn machine(&self, p: Player) -> bool {
        self.seat(p) != Seat::Human
    }

    /// Whether both sides are programs.
    pub fn computers_only(&self) -> bool {
        self.machine(Player::X) && self.machine(Player::O)
    }

    /// Whether the game is over: by the rules, or by an engine's fault.
    pub fn over(&self) -> bool {
        self.forfeit.is_some() || self.game.state().game_over()
    }

    /// The seat's label on its button: `o: search (strong)`, `x: Rapfi` for an engine.
    pub fn seat_label(&self, p: Player) -> String {
        let what = match self.seat(p) {
            Seat::Engine(i) => self
                .engines
                .get(i as usize)
                .map_or_else(|| "engine".to_string(), |e| e.name.clone()),
            seat => seat.description(),
        };
        format!("{}: {what}", p.symbol())
    }

    /// The seat's name for the command line and the settings: `human`, `search`,
    /// `engine:PATH`.
    pub fn seat_name(&self, p: Player) -> String {
        match self.seat(p) {
            Seat::Engine(i) => self.engines.get(i as usize).map_or_else(
                || HUMAN.to_string(),
                |e| format!("{ENGINE_PREFIX}{}", e.path),
            ),
            seat => seat.name().to_string(),
        }
    }

    /// The seat named `name` (`engine:PATH` adds the engine to [`App::engines`] if it is new).
    pub fn seat_named(&mut self, name: &str) -> Option<Seat> {
        if let Some(path) = name.strip_prefix(ENGINE_PREFIX) {
            if path.is_empty() {
                return None;
            }
            let i = match self.engines.iter().position(|e| e.path == path) {
                Some(i) => i,
                None => {
                    self.engines.push(EngineSeat::new(path));
                    self.engines.len() - 1
                }
            };
            return u8::try_from(i).ok().map(Seat::Engine);
        }
        Seat::named(name)
    }

    /// The side `p`'s engine lost by a fault: the game is over, the other side wins.
    pub(super) fn lose_by_fault(&mut self, p: Player, reason: String, now: f64) {
        if self.over() {
            return;
        }
        let name = match self.seat(p) {
            Seat::Engine(i) => self
                .engines
                .get(i as usize)
                .map_or_else(|| "the engine".to_string(), |e| e.name.clone()),
            seat => seat.name().to_string(),
        };
        self.score.tally(Outcome::Won(p.other()), 1);
        let line = format!(
            "{} won: {name} ({}) {reason}",
            p.other().symbol(),
            p.symbol()
        );
        self.status = Some(line.clone());
        self.forfeit = Some((p, line));
        self.thinking = None;
        self.last_change = now;
    }

    /// The layout of the board in the window.
    pub fn layout(&self) -> Layout {
        Layout::of(self.geometry())
    }

    /// The next seat for `p`'s side.
    pub(super) fn next_seat(&mut self, p: Player) {
        let g = self.geometry();
        let rule = self.game.rule();
        // A person, every computer that plays the board and the rule, then every engine (on the
        // desktop: a web page runs no program).
        let mut cycle = seats_for(g);
        cycle.retain(|s| s.computer().is_none_or(|c| c.plays_rule(rule)));
        if cfg!(not(target_arch = "wasm32")) {
            cycle.extend((0..self.engines.len().min(256)).map(|i| Seat::Engine(i as u8)));
        }
        let seat = self.seat_mut(p);
        let i = cycle.iter().position(|s| s == seat).unwrap_or(0);
        *seat = cycle[(i + 1) % cycle.len()];
    }

    pub(super) fn restart(&mut self, now: f64) {
        self.forfeit = None;
        self.game = self.game.restarted();
        self.redo.clear();
        self.hint = None;
        self.last_change = now;
    }

    pub(super) fn play(&mut self, c: Cell, now: f64) {
        if self.forfeit.is_some() {
            return;
        }
        match self.game.play_in_place(c) {
            Ok(()) => {}
            Err(MoveError::Forbidden { pattern, .. }) => {
                self.notice = Some(pattern.to_string());
                return;
            }
            Err(_) => return,
        }
        self.last_change = now;
        self.hint = None;
        self.status = None;
        if let Some(outcome) = self.game.state().outcome() {
            self.score.tally(outcome, 1);
        }
    }

    /// Takes back one move; a finished game's result leaves the score with it.
    pub(super) fn take_back(&mut self) -> bool {
        let Some(previous) = self.game.undo() else {
            return false;
        };
        if let Some((p, _)) = self.forfeit.take() {
            self.score.tally(Outcome::Won(p.other()), -1);
        }
        if let Some(outcome) = self.game.state().outcome() {
            self.score.tally(outcome, -1);
        }
        self.redo
            .push(self.game.last_move().expect("a move to undo"));
        self.game = previous;
        true
    }
}

/// How the side to move's player sees the position ([`explaining_player`]), kept in the state
/// while explaining: worked out by `new_state` when the game or the explaining player changes (a
/// slow player's off the LED board is asked for instead, [`App::explaining`], and kept when its
/// answer comes), and only drawn by the view.
#[derive(Clone, Debug)]
pub struct Explained {
    /// Whose view it is.
    pub player: PlayerId,
    /// The game it explains.
    pub game: Game,
    /// The explanation; `None` when the game is over.
    pub explanation: Option<Explanation>,
}

impl Explained {
    /// `state` with its explanation up to date: kept while the game and the explaining player are
    /// the same, worked out again when they change, dropped when not explaining.
    pub(super) fn refresh(mut state: App) -> App {
        // Where explain shows the live analysis, no player's view is worked out.
        let by_analysis = || super::analysis::explains_by_analysis(state.geometry());
        let player = (state.explain && !by_analysis())
            .then(|| explaining_player(&state))
            .flatten();
        let explaining = state.explaining.take();
        state.explained = match (player, state.explained.take()) {
            (None, _) => None,
            (Some(p), Some(e)) if e.player == p && e.game == state.game => Some(e),
            (Some(p), _) if super::schedule::explained_away(p, state.geometry()) => {
                // Worked out away from the cycle: asked once, shown when it comes.
                state.explaining = match explaining {
                    Some(r) if r.player == p && r.game == state.game => Some(r),
                    _ => Some(state.request(super::schedule::Task::Explain, p)),
                };
                None
            }
            (Some(player), _) => Some(Explained {
                player,
                game: state.game.clone(),
                explanation: crate::explain::explain(player.player(), &state.game).ok(),
            }),
        };
        state
    }
}

/// The player whose view `explain` shows: the side to move's computer, or for a person (or a
/// player that cannot show its view here) the strongest player that explains itself on this
/// board. Off the LED board `perfect`'s view would be a full proof per move, too slow for a frame:
/// there a person's side is explained by `search` (a small search per move).
pub fn explaining_player(state: &App) -> Option<PlayerId> {
    let to_move = state.game.state().player_to_move();
    let led = state.geometry() == Geometry::LED;
    let seat = match state.seat(to_move) {
        Seat::Computer(id) => Some(id),
        Seat::Human | Seat::Engine(_) => None,
    };
    let candidates = [PlayerId::Perfect, PlayerId::Search, PlayerId::Weights];
    seat.into_iter()
        .chain(candidates)
        .find(|&id| (id != PlayerId::Perfect || led) && id.player().plays(state.geometry()))
}
