//! `search`: the player of the search engine ([`crate::search`]) — iterative-deepening alpha-beta
//! with a transposition table, threat-aware ordering and evaluation, and a threat-space search, on
//! any board up to 26 × 26 with any run length. Where the search reaches every end of the game it
//! plays exactly (on 3 × 3 it proves every position in well under a millisecond).

use super::ComputerPlayer;
use crate::explain::{notes, CellNote, Explanation, Kind};
use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::rules::{Outcome, State};
use crate::search::{Limits, Search, SearchResult, Slices};
use crate::value::{Value, Verdict};
use rand::rngs::StdRng;
use std::sync::atomic::AtomicBool;

/// The search player with its limits per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchPlayer {
    /// How long it thinks.
    pub limits: Limits,
}

/// The search player of the roster: one second a move.
pub static SEARCH: SearchPlayer = SearchPlayer {
    limits: Limits::time(1000),
};

impl SearchPlayer {
    /// A search player with `limits`.
    pub const fn new(limits: Limits) -> SearchPlayer {
        SearchPlayer { limits }
    }

    /// Thinks about `game` until the limits are reached or `stop` is set (the best move found so
    /// far is returned then), with the search's figures: value, proof, depth, nodes, line.
    /// `None` when the game is over.
    pub fn analyse(&self, game: &Game, stop: &AtomicBool) -> Option<SearchResult> {
        if game.state().game_over() {
            return None;
        }
        Search::new(self.limits, crate::search::cancel_flag())
            .think_until(&game.state().setup(), stop)
    }
}

/// The proven value of `pos` for its side to move, by `engine`. A forced reply (a lone threat
/// blocked) comes back from the search unproven: the value is then the reply's, one ply on.
fn proven_value(engine: &mut Search, pos: &State) -> Option<Value> {
    let mut pos = *pos;
    let mut flips = 0;
    loop {
        let r = engine.think(&pos.setup())?;
        match r.proven {
            Some(v) => return Some(flip(v, flips)),
            None if r.depth == 0 && flips < 8 => {
                pos = pos.result(r.best);
                flips += 1;
                if let Some(outcome) = pos.outcome() {
                    // The forced reply ended the game: the side to move now has lost, or the
                    // board is full.
                    let v = Value {
                        verdict: Verdict::of(outcome, pos.player_to_move()),
                        plies: Some(0),
                    };
                    return Some(flip(v, flips));
                }
            }
            None => return None,
        }
    }
}

/// A value seen `n` plies later, from the side to move `n` plies earlier.
fn flip(v: Value, n: u32) -> Value {
    (0..n).fold(v, |v, _| Value::of_move(v))
}

/// The search player's nodes per move of an explanation on `g` (and four times as many for its
/// choice).
fn explain_nodes(g: Geometry) -> u64 {
    if g.cells() <= 49 {
        20_000
    } else {
        1_000
    }
}

/// [`SearchPlayer::explain`] in slices, for a page that works it out between its frames
/// ([`Explaining::slice`]: about a given number of nodes, then it returns; the next call goes on).
/// Each move's search runs in slices ([`Search::slice`]) with the same budget, forced replies and
/// one shared table as in `explain` (the choice's search too, where `explain` starts a table of
/// its own); the values it proves are the game's values, as there (where a search stops may
/// differ, so a cell proven by one may be unproven by the other).
pub struct Explaining {
    state: State,
    nodes_per_move: u64,
    engine: Search,
    per_cell: Vec<Option<CellNote>>,
    /// The next cell to note (from 1); past the last, the choice.
    next: Cell,
    /// The move being searched: the position searched (after forced replies), their number, and
    /// its slices.
    current: Option<(State, u32, Slices)>,
    /// The choice's search, once begun.
    choice: Option<Slices>,
}

impl Explaining {
    /// Begins the explanation of `game`'s position by the search player.
    pub fn new(game: &Game) -> Explaining {
        let state = *game.state();
        let nodes_per_move = explain_nodes(state.geometry());
        Explaining {
            state,
            nodes_per_move,
            engine: Search::new(Limits::nodes(nodes_per_move), crate::search::cancel_flag()),
            per_cell: Vec::new(),
            next: 1,
            current: None,
            choice: None,
        }
    }

    /// Searches on for about `nodes` nodes: the explanation once done, else `None`.
    pub fn slice(&mut self, nodes: u64) -> Option<Explanation> {
        let mut left = nodes.max(1);
        let cells = self.state.geometry().cells();
        while self.next <= cells {
            let c = self.next;
            let (pos, flips, mut slices) = match self.current.take() {
                Some(current) => current,
                None if self.state.occupied(c) => {
                    self.per_cell.push(None);
                    self.next += 1;
                    continue;
                }
                None => {
                    let child = self.state.result(c);
                    match self.begin(child, 0) {
                        Ok(current) => current,
                        Err(note) => {
                            self.per_cell.push(Some(note));
                            self.next += 1;
                            continue;
                        }
                    }
                }
            };
            if left == 0 {
                self.current = Some((pos, flips, slices));
                return None;
            }
            let before = slices.nodes();
            let r = self.engine.slice(&mut slices, left);
            left = left.saturating_sub((slices.nodes() - before).max(1));
            let note = match r {
                None => {
                    self.current = Some((pos, flips, slices));
                    continue;
                }
                Some(r) => match r.proven {
                    Some(v) => CellNote::Value(Value::of_move(flip(v, flips))),
                    None if r.depth == 0 && flips < 8 => {
                        match self.begin(pos.result(r.best), flips + 1) {
                            Ok(current) => {
                                self.current = Some(current);
                                continue;
                            }
                            Err(note) => note,
                        }
                    }
                    None => CellNote::Unproven,
                },
            };
            self.per_cell.push(Some(note));
            self.next += 1;
        }
        let slices = match self.choice.as_mut() {
            Some(choice) => choice,
            None => {
                // The same engine, and its table (a second one would be allocated on a page).
                self.engine
                    .set_limits(Limits::nodes(4 * self.nodes_per_move));
                let slices = self.engine.begin_slices(&self.state.setup())?;
                self.choice.insert(slices)
            }
        };
        let r = self.engine.slice(slices, left.max(1))?;
        Some(Explanation {
            player: SEARCH.name(),
            state: self.state,
            per_cell: std::mem::take(&mut self.per_cell),
            chosen: vec![r.best],
            kind: Kind::Search {
                nodes_per_move: self.nodes_per_move,
            },
        })
    }

    /// The search of `pos`, `flips` forced replies after the move explained, or the move's note
    /// when the game is over there.
    fn begin(&mut self, pos: State, flips: u32) -> Result<(State, u32, Slices), CellNote> {
        if let Some(outcome) = pos.outcome() {
            if flips == 0 {
                // The move itself ends the game: a win, or a draw that fills the board.
                return Err(CellNote::Value(match outcome {
                    Outcome::Won(_) => Value::win(1),
                    Outcome::Draw => Value::draw(1),
                }));
            }
            let v = Value {
                verdict: Verdict::of(outcome, pos.player_to_move()),
                plies: Some(0),
            };
            return Err(CellNote::Value(Value::of_move(flip(v, flips))));
        }
        match self.engine.begin_slices(&pos.setup()) {
            Some(slices) => Ok((pos, flips, slices)),
            None => Err(CellNote::Unproven),
        }
    }
}

impl ComputerPlayer for SearchPlayer {
    fn name(&self) -> &'static str {
        "search"
    }

    fn plays(&self, _geometry: Geometry) -> bool {
        true
    }

    fn choose(&self, game: &Game, rng: &mut StdRng) -> Cell {
        ComputerPlayer::think(self, game, rng, &AtomicBool::new(false))
    }

    /// Each legal move's value for the mover, where a search of a small node budget after the move
    /// proves it (`W`, `D`, `L` with the plies to the end; `?` where it does not), and the move the
    /// search player chooses within a budget of its own. One engine (and its transposition table)
    /// serves every move. The budgets are the explanation's own, whatever the player's limits: a
    /// window can wait for them (tens of milliseconds on 15 × 15).
    fn explain(&self, game: &Game) -> Explanation {
        let state = game.state();
        let nodes_per_move = explain_nodes(state.geometry());
        let mut engine = Search::new(Limits::nodes(nodes_per_move), crate::search::cancel_flag());
        let per_cell = notes(state, |c| {
            let child = state.result(c);
            match child.outcome() {
                Some(Outcome::Won(_)) => CellNote::Value(Value::win(1)),
                Some(Outcome::Draw) => CellNote::Value(Value::draw(1)),
                None => match proven_value(&mut engine, &child) {
                    Some(v) => CellNote::Value(Value::of_move(v)),
                    None => CellNote::Unproven,
                },
            }
        });
        let chosen = SearchPlayer::new(Limits::nodes(4 * nodes_per_move))
            .analyse(game, &AtomicBool::new(false))
            .map(|r| vec![r.best])
            .unwrap_or_default();
        Explanation {
            player: self.name(),
            state: *state,
            per_cell,
            chosen,
            kind: Kind::Search { nodes_per_move },
        }
    }

    /// True: an answer takes up to the time limit (on boards it cannot prove at once).
    fn slow(&self, _geometry: Geometry) -> bool {
        true
    }

    fn think(&self, game: &Game, _rng: &mut StdRng, stop: &AtomicBool) -> Cell {
        let r = self
            .analyse(game, stop)
            .expect("think is only called while the game is not over");
        r.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;
    use rand::SeedableRng;

    #[test]
    fn takes_a_win_and_blocks_a_loss() {
        // 3×3: x has 1 and 2, o has 4 and 5; x to move wins at 3.
        let g = Geometry::LED;
        let mut rng = StdRng::seed_from_u64(0);
        let game = Game::from_cells(g, Player::X, &[1, 4, 2, 5]).unwrap();
        assert_eq!(SEARCH.choose(&game, &mut rng), 3);
        // o to move after x 1, 2: o must block at 3.
        let game = Game::from_cells(g, Player::X, &[1, 5, 2]).unwrap();
        assert_eq!(SEARCH.choose(&game, &mut rng), 3);
    }

    #[test]
    fn an_explanation_in_slices_proves_the_same_values_as_one_at_once() {
        let cases = [
            (Geometry::new(4, 4, 3).unwrap(), vec![6]),
            (Geometry::new(5, 5, 4).unwrap(), vec![7, 1, 8, 2, 9]),
            (Geometry::new(15, 15, 5).unwrap(), vec![113, 114, 98]),
        ];
        let mut several = false;
        for (g, moves) in cases {
            let game = Game::from_cells(g, Player::X, &moves).unwrap();
            let whole = SEARCH.explain(&game);
            for slice in [300, 5_000] {
                let mut sliced = Explaining::new(&game);
                let mut calls = 0;
                let e = loop {
                    calls += 1;
                    if let Some(e) = sliced.slice(slice) {
                        break e;
                    }
                };
                several |= calls > 1;
                assert_eq!(
                    (e.player, e.state, &e.kind),
                    (whole.player, whole.state, &whole.kind)
                );
                assert_eq!(e.per_cell.len(), g.cells());
                let mut proven_by_both = 0;
                for (i, (a, b)) in e.per_cell.iter().zip(&whole.per_cell).enumerate() {
                    assert_eq!(
                        a.is_none(),
                        game.state().occupied(i + 1),
                        "{g} cell {}",
                        i + 1
                    );
                    if let (Some(CellNote::Value(a)), Some(CellNote::Value(b))) = (a, b) {
                        assert_eq!(a.verdict, b.verdict, "{g} cell {}", i + 1);
                        proven_by_both += 1;
                    }
                }
                assert!(
                    proven_by_both > 0 || g.cells() > 49,
                    "{g}: some values proven"
                );
                assert_eq!(e.chosen.len(), 1);
                assert!(game.check(e.chosen[0]).is_ok());
            }
        }
        assert!(several, "some explanation took more than one slice");
    }

    #[test]
    fn is_slow_and_stops_thinking_when_told() {
        assert!(SEARCH.slow(Geometry::LED));
        let g = Geometry::new(15, 15, 5).unwrap();
        let game = Game::from_cells(g, Player::X, &[113, 114]).unwrap();
        let unlimited = SearchPlayer::new(Limits {
            time: None,
            optimum: None,
            nodes: None,
            threads: 1,
            max_depth: 64,
        });
        let stop = AtomicBool::new(true);
        let mut rng = StdRng::seed_from_u64(0);
        let c = ComputerPlayer::think(&unlimited, &game, &mut rng, &stop);
        assert!(game.check(c).is_ok(), "{c}");
    }
}
