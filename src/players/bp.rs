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
use crate::bp::{Program, ThreadBid};
use crate::explain::{notes, Bidder, BpView, CellNote, Explanation, Kind};
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::players::ComputerPlayer;
use crate::rules::Player;
use rand::rngs::StdRng;

/// The behavioral-programming player (seed 001).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bp;

impl Bp {
    /// The seed's program as `bp` runs it for the side to move of `game` (LED board), just before
    /// it selects its move: every strategy, the side to move as the program's O, and the game so
    /// far injected as events. Its next selection is `bp`'s move ([`Bp::answer`]), and its
    /// snapshot `bp`'s explanation.
    pub fn program(game: &Game) -> Program<Event> {
        let (start, me) = (game.start(), game.state().player_to_move());
        // The program's colour of a real player: `me` is O.
        let colour = |p: Player| if p == me { Player::O } else { Player::X };
        let mut prog = program(colour(start), &ALL_STRATEGIES);
        let mut mover = start;
        for &cell in game.moves() {
            if let Err(refused) = prog.inject(Event::at_cell(colour(mover), cell)) {
                panic!("bp: move {refused} of {:?} (start {start:?})", game.moves());
            }
            mover = mover.other();
        }
        prog
    }

    /// The program's answer to `game` (LED board, not over), for the side to move, as an event in
    /// the program's colours (the side to move is the program's O).
    pub fn answer(game: &Game) -> Event {
        Bp::program(game)
            .step()
            .unwrap_or_else(|| panic!("bp: no event selected after {:?}", game.moves()))
    }
}

/// Every event of the tic-tac-toe program: the eighteen moves, XWin, OWin and Draw.
pub fn events() -> Vec<Event> {
    Event::all_moves()
        .chain([Event::XWin, Event::OWin, Event::Draw])
        .collect()
}

impl ComputerPlayer for Bp {
    fn name(&self) -> &'static str {
        "bp"
    }

    fn plays(&self, geometry: Geometry) -> bool {
        geometry == Geometry::LED
    }

    /// For each free cell, the b-threads that request and that block the program's O event
    /// there, and the cell of the event selection picks; with the snapshot of every b-thread's bid
    /// ([`Bp::program`]'s, the program that makes the move).
    fn explain(&self, game: &Game) -> Explanation {
        let state = game.state();
        let snapshot = Bp::program(game).snapshot(&events());
        let bidders = |ts: Vec<&ThreadBid<Event>>| -> Vec<Bidder> {
            ts.into_iter()
                .map(|t| Bidder {
                    name: t.name,
                    priority: t.priority,
                })
                .collect()
        };
        let per_cell = notes(state, |c| {
            let e = Event::at_cell(Player::O, c);
            CellNote::Bids {
                requested_by: bidders(snapshot.requesters(&e).collect()),
                blocked_by: bidders(snapshot.blockers(&e).collect()),
            }
        });
        let chosen = snapshot
            .selected
            .and_then(|e| if e.is_o_move() { e.cell() } else { None })
            .into_iter()
            .collect();
        Explanation {
            player: self.name(),
            state: *state,
            per_cell,
            chosen,
            kind: Kind::Bp(BpView {
                program_o: state.player_to_move(),
                snapshot,
            }),
        }
    }

    fn choose(&self, game: &Game, _rng: &mut StdRng) -> Cell {
        assert!(self.plays(game.geometry()), "bp plays only the 3 × 3 board");
        match Bp::answer(game) {
            e @ Event::O(..) => e.cell().expect("a move has a cell"),
            e => panic!(
                "bp: the program selected {e:?} after {:?}, not a move",
                game.moves()
            ),
        }
    }
}
