//! `bp`: the BP wiki's behavioral program (seed 001, SPEC.md §3) as a computer player.
//!
//! The program is rebuilt for every answer ([`crate::bp::tictactoe::program`] with every strategy),
//! the game so far is injected into it as external events, and the player answers with the O move
//! the program then selects.
//!
//! **Roles.** The seed's program plays O, X moving first. `bp` always takes the program's O side:
//!
//! * playing O with X to start: the seed's program exactly (X's moves are external events; O's
//!   earlier moves, which are the program's own selections when the game was played by `bp`, are
//!   injected as well, which resumes the same b-threads as selecting them).
//! * playing X: the colours of all events are swapped — the opponent's marks become the program's
//!   X events and `bp`'s marks its O events — so `bp` plays the seed's strategy with its own marks.
//! * moving first (the program's O starts): [`crate::bp::tictactoe::enforce_turns`] is
//!   parametrised by the starting side, so it waits for the program's O first;
//!   [`crate::bp::tictactoe::prevent_another_x_fork`] takes O's first move before X's first.
//!   `bp` then opens in the centre (DefaultMoves).
//!
//! Every non-terminal position gets a legal answer: EnforceTurns lets the program's O move,
//! SquareTaken blocks exactly the marked squares, no win or draw has been detected, and
//! DefaultMoves requests all nine O moves, so the selected event is an O move on a free square.
//!
//! The program is a 3 × 3 program: `bp` plays only the LED board ([`Geometry::LED`]).

use crate::bp::tictactoe::{program, Event, ALL_STRATEGIES};
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::players::ComputerPlayer;
use crate::rules::Player;
use rand::rngs::StdRng;

/// The behavioral-programming player (seed 001).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bp;

impl Bp {
    /// The program's answer to the game `history` (cells in order, `start` first) on the LED
    /// board, for the player `me` (the side to move), as an event in the program's colours
    /// (`me` is the program's O).
    pub fn answer(start: Player, me: Player, history: &[Cell]) -> Event {
        // The program's colour of a real player: `me` is O.
        let colour = |p: Player| if p == me { Player::O } else { Player::X };
        let mut prog = program(colour(start), &ALL_STRATEGIES);
        let mut mover = start;
        for &cell in history {
            let e = Event::at_cell(colour(mover), cell);
            if let Err(refused) = prog.inject(e) {
                panic!("bp: move {refused} of {history:?} (start {start:?})");
            }
            mover = mover.other();
        }
        prog.step()
            .unwrap_or_else(|| panic!("bp: no event selected after {history:?}"))
    }
}

impl ComputerPlayer for Bp {
    fn name(&self) -> &'static str {
        "bp"
    }

    fn plays(&self, geometry: Geometry) -> bool {
        geometry == Geometry::LED
    }

    fn choose(&self, game: &Game, _rng: &mut StdRng) -> Cell {
        let (state, history) = (game.state(), game.moves());
        assert!(
            self.plays(state.geometry()),
            "bp plays only the 3 × 3 board"
        );
        match Bp::answer(state.start(), state.player_to_move(), history) {
            e @ Event::O(..) => e.cell().expect("a move has a cell"),
            e => panic!("bp: the program selected {e:?} after {history:?}, not a move"),
        }
    }
}
