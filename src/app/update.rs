//! The program's `newState`: each input becomes at most one [`Action`] ([`action`]: a click on the
//! board or a button, a key), or an answer to a think request, or what time has made due
//! ([`super::schedule`]); the action is applied by [`apply`], the one place the state changes.

use super::analysis;
use super::layout::buttons;
use super::schedule::{self, Due, Task, HINT_TIME};
use super::state::{next_board, App, Explained, Score, Seat};
use crate::easel::{Input, Key};
use crate::game::Game;
use crate::geometry::Cell;
use crate::led;
use crate::players::PlayerId;
use crate::rules::Player;

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
    /// The next board of [`super::PRESETS`]; a new game.
    NextBoard,
    /// The next rule (freestyle, standard, renju — renju only on boards of five in a row); a new
    /// game.
    NextRule,
    /// The score back to zero.
    ResetScore,
    /// Take back the last move — against a computer, back to the person's turn.
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Mark the move the strongest player of the board would play (`perfect` where it is exact,
    /// else `search` on a small budget): at once, or for a slow player when its answer comes (a
    /// request worked out away from the cycle, "hint thinking" shown meanwhile).
    Hint,
    /// Show or hide how the side to move's player sees the position; while shown, computers move
    /// one step at a time, on [`Action::Step`].
    ToggleExplain,
    /// While explaining: the computer to move makes its move.
    Step,
    /// Move the keyboard's cursor by (columns, rows).
    MoveCursor(i32, i32),
    /// Show or hide the coordinates around the board.
    ToggleCoordinates,
    /// Show move numbers in the marks, or the marks' letters.
    ToggleNumbers,
    /// Save the game (the shell writes the file and says where in the status line).
    Save,
    /// Step through the game: back to the start (Home), one move back (Page Up), one forward
    /// (Page Down), to the last move taken back (End) — undo and redo one move at a time.
    Browse(Stepping),
    /// Turn the live analysis of the side to move's position on or off.
    ToggleAnalysis,
    /// Go to the position after this many moves of the game's line (a click on the evaluation
    /// graph), by undo and redo.
    GoTo(usize),
}

/// Where Home, End, Page Up and Page Down step to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepping {
    /// Every move taken back.
    First,
    /// One move taken back.
    Back,
    /// One move played again.
    Forward,
    /// Every move taken back played again.
    Last,
}

impl Action {
    /// Whether the action changes what a computer would be asked to answer (then a pending
    /// request is cancelled, and its answer dropped when it comes).
    fn cancels_thinking(self) -> bool {
        !matches!(
            self,
            Action::ResetScore
                | Action::Hint
                | Action::ToggleExplain
                | Action::MoveCursor(..)
                | Action::Step
                | Action::ToggleCoordinates
                | Action::ToggleNumbers
                | Action::Save
                | Action::ToggleAnalysis
        )
    }
}

/// The action an input asks for, if any: the LED program's (restart, a click on a cell by the
/// person whose turn it is), a button's, or a key's (r restart, 1–9 play a cell on 3 × 3, arrows
/// and Enter/Space on larger boards, x/o change a seat, s change who starts, b change the board,
/// g change the rule (off 3 × 3), u or Ctrl+Z undo, Ctrl+Y redo, h hint). A person's click or key
/// on a forbidden point (renju) asks to play it: the move is refused with a notice naming the
/// pattern.
pub fn action(input: &Input, state: &App) -> Option<Action> {
    let game = state.game.state();
    let person_to_move = !state.machine(game.player_to_move());
    let led = state.layout().led;
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
        if state.analysing.graph_shown(state) {
            let n = state.analysing.curve.len();
            let area = state.layout().graph_area();
            if let Some(i) = analysis::graph_hit(area, n, input.mouse_x, input.mouse_y) {
                return Some(Action::GoTo(i));
            }
        }
        let clicked = if led {
            // LED (46)–(47): movesMade, with the literal cellClicked and legalToMoveIn.
            led::moves_made(input, game).first().copied()
        } else {
            state
                .layout()
                .board
                .cell_at(input.mouse_x, input.mouse_y)
                .filter(|&c| game.legal_to_move_in(c) || forbidden_now(state, c))
        };
        return clicked.filter(|_| person_to_move).map(Action::Play);
    }
    let play = |c: Cell| {
        (person_to_move && (game.legal_to_move_in(c) || forbidden_now(state, c)))
            .then_some(Action::Play(c))
    };
    match input.key? {
        Key::Char('r') => Some(Action::Restart),
        Key::Char('x') => Some(Action::NextSeat(Player::X)),
        Key::Char('o') => Some(Action::NextSeat(Player::O)),
        Key::Char('s') => Some(Action::SwapStart),
        Key::Char('b') => Some(Action::NextBoard),
        Key::Char('g') if !led => Some(Action::NextRule),
        Key::Char('u') | Key::Ctrl('z') => Some(Action::Undo),
        Key::Ctrl('y') => Some(Action::Redo),
        Key::Char('h') => Some(Action::Hint),
        Key::Char('e') => Some(Action::ToggleExplain),
        Key::Char('c') => Some(Action::ToggleCoordinates),
        Key::Char('n') => Some(Action::ToggleNumbers),
        Key::Ctrl('s') => Some(Action::Save),
        Key::Home => Some(Action::Browse(Stepping::First)),
        Key::PageUp => Some(Action::Browse(Stepping::Back)),
        Key::PageDown => Some(Action::Browse(Stepping::Forward)),
        Key::End => Some(Action::Browse(Stepping::Last)),
        Key::Char('a') => Some(Action::ToggleAnalysis),
        Key::Char(d @ '1'..='9') if led => play(d as usize - '0' as usize),
        Key::Left if !led => Some(Action::MoveCursor(-1, 0)),
        Key::Right if !led => Some(Action::MoveCursor(1, 0)),
        Key::Up if !led => Some(Action::MoveCursor(0, -1)),
        Key::Down if !led => Some(Action::MoveCursor(0, 1)),
        Key::Enter | Key::Char(' ') if state.explain && !person_to_move && !game.game_over() => {
            Some(Action::Step)
        }
        Key::Enter | Key::Char(' ') if !led => state.cursor.and_then(play),
        _ => None,
    }
}

/// Whether `c` is a forbidden point the first player, to move, may not play (renju): a person's
/// move there is refused with a notice rather than ignored.
fn forbidden_now(state: &App, c: Cell) -> bool {
    let game = state.game.state();
    !game.game_over() && game.player_to_move() == game.start() && game.forbidden(c).is_some()
}

/// Applies one action at time `now` (and brings the explanation up to date).
pub fn apply(action: Action, state: App, now: f64) -> App {
    analysis::refresh(Explained::refresh(change(action, state, now)))
}

/// The change one action makes at time `now`.
fn change(action: Action, state: App, now: f64) -> App {
    let mut s = state;
    if action.cancels_thinking() {
        s.thinking = None;
        s.hinting = None;
    }
    s.notice = None;
    match action {
        Action::Play(c) => {
            s.redo.clear();
            s.play(c, now);
        }
        Action::Restart => s.restart(now),
        Action::NextSeat(p) => {
            s.next_seat(p);
            s.last_change = now;
        }
        Action::SwapStart => {
            s.game = Game::new_under(s.geometry(), s.game.rule(), s.game.start().other());
            s.restart(now);
        }
        Action::NextBoard => {
            let next = next_board(s.geometry());
            s = s.on_board(next);
            s.last_change = now;
        }
        Action::NextRule => {
            let next = s.game.rule().next();
            s = s.under_rule(next);
            s.last_change = now;
        }
        Action::ResetScore => s.score = Score::default(),
        Action::Undo => {
            // Against a computer, take back its reply and the person's move together, so that it
            // is the person's turn again.
            if s.take_back() {
                while s.machine(s.game.state().player_to_move())
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
                if !s.machine(s.game.state().player_to_move()) || s.computers_only() {
                    break;
                }
            }
            if redone {
                s.last_change = now;
            }
        }
        Action::Hint => {
            let strongest = schedule::hint_player(s.geometry(), s.game.rule());
            if s.game.state().game_over() || s.hinting.is_some() {
            } else if strongest.slow(s.geometry()) {
                // The request names no player: the hint's is the board's strongest.
                s.hinting = Some(s.request(Task::Hint, PlayerId::Perfect));
            } else {
                let c = strongest.choose(&s.game, &mut s.rng);
                s.hint = Some((c, now + HINT_TIME));
            }
        }
        Action::ToggleExplain => {
            s.explain = !s.explain;
            s.last_change = now;
        }
        Action::Step => match s.seat(s.game.state().player_to_move()) {
            Seat::Computer(id) => return computer_move(s, id, now),
            Seat::Engine(i) => schedule::engine_turn(&mut s, i),
            Seat::Human => {}
        },
        Action::ToggleCoordinates => s.coordinates = !s.coordinates,
        Action::ToggleNumbers => s.numbers = !s.numbers,
        Action::Save => s.save_requests += 1,
        Action::Browse(to) => {
            let mut moved = false;
            match to {
                Stepping::First => {
                    while s.take_back() {
                        moved = true;
                    }
                }
                Stepping::Back => moved = s.take_back(),
                Stepping::Forward | Stepping::Last => {
                    while let Some(c) = s.redo.pop() {
                        s.play(c, now);
                        moved = true;
                        if to == Stepping::Forward {
                            break;
                        }
                    }
                }
            }
            if moved {
                s.hint = None;
                s.status = None;
                s.last_change = now;
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
        Action::ToggleAnalysis => s.analysing.on = !s.analysing.on,
        Action::GoTo(index) => return analysis::go_to(s, index, now),
    }
    s
}

/// The computer `id` (to move) makes its move: at once, or for a slow player, a request to think.
fn computer_move(mut s: App, id: PlayerId, now: f64) -> App {
    match schedule::computer_turn(&mut s, id) {
        Some(c) => change(Action::Play(c), s, now),
        None => s,
    }
}

/// The program's `newState`: the answer of a slow computer, else the action the input asks for,
/// if any, else the one time has made due (a computer's move, the next game), applied.
/// The explanation is brought up to date last, whatever changed the state.
pub fn new_state(input: &Input, state: App) -> App {
    Explained::refresh(next_state(input, state))
}

/// [`new_state`] but for the explanation.
fn next_state(input: &Input, state: App) -> App {
    let now = input.time;
    if let Some(game) = &input.open {
        let mut s = state.on_board(game.geometry());
        s.thinking = None;
        s.game = game.clone();
        s.status = input.note.clone();
        s.last_change = now;
        return s;
    }
    if let Some(note) = &input.note {
        return App {
            status: Some(note.clone()),
            ..state
        };
    }
    if let Some((i, name)) = &input.engine_name {
        let mut s = state;
        if let Some(e) = s.engines.get_mut(*i as usize) {
            e.name = name.clone();
        }
        return s;
    }
    if let Some((ticket, reason)) = &input.fault {
        let mut s = state;
        if s.thinking.as_ref().is_some_and(|r| r.ticket == *ticket) {
            let p = s.game.state().player_to_move();
            s.lose_by_fault(p, reason.clone(), now);
        }
        return s;
    }
    if let Some(found) = &input.analysis {
        return analysis::take(state, found.clone());
    }
    if let Some((ticket, e)) = &input.explanation {
        let mut s = state;
        if let Some(r) = s.explaining.take_if(|r| r.ticket == *ticket) {
            s.explained = Some(Explained {
                player: r.player,
                game: r.game,
                explanation: e.as_deref().cloned(),
            });
        }
        return s;
    }
    if let Some((ticket, c)) = input.answer {
        if state.hinting.as_ref().is_some_and(|r| r.ticket == ticket) {
            let mut s = state;
            s.hinting = None;
            if s.game.check(c).is_ok() {
                s.hint = Some((c, now + HINT_TIME));
            }
            return s;
        }
        return match schedule::answered(&state, input) {
            Some(c) => apply(Action::Play(c), state, now),
            None => state, // an answer to a cancelled request
        };
    }
    if let Some(a) = action(input, &state) {
        return apply(a, state, now);
    }
    match schedule::due(&state, now) {
        Some(Due::HintEnds) => App {
            hint: None,
            ..state
        },
        Some(Due::NextGame) => apply(Action::Restart, state, now),
        Some(Due::Computer(id)) => computer_move(state, id, now),
        Some(Due::Engine(i)) => {
            let mut s = state;
            schedule::engine_turn(&mut s, i);
            s
        }
        None => state,
    }
}
