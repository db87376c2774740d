//! Games between any players: this program's computer players and external pbrain engines
//! ([`crate::external`]), with the time each move took, as a game record ([`crate::record`]).
//!
//! An engine's fault ends the game at once and costs the engine the game ([`End::Fault`]); the
//! record keeps the moves made until then, with Piskvork's result code for an error or a timeout.
//! [`arena_with_engines`] plays the arena's table with engines among the players, and can save
//! every game as a `.psq`.

use crate::arena::{ArenaTable, PairingRow, Tally};
use crate::external::{Engine, EngineFault};
use crate::game::Game;
use crate::geometry::Geometry;
use crate::players::ComputerPlayer;
use crate::record::{self, Record};
use crate::rule::Rule;
use crate::rules::{Outcome, Player};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A player in a contest: one of ours, or an external engine.
pub enum Contestant<'a> {
    /// One of this program's computer players.
    Ours(&'a dyn ComputerPlayer),
    /// An external pbrain engine.
    Engine(Box<Engine>),
}

impl fmt::Debug for Contestant<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name())
    }
}

impl Contestant<'_> {
    /// The player's name (an engine's answer to `ABOUT` once it has started).
    pub fn name(&self) -> String {
        match self {
            Contestant::Ours(p) => p.name().to_string(),
            Contestant::Engine(e) => e.name().to_string(),
        }
    }

    /// The name a `.psq` gives it: our player's name, or the engine's file name (as Piskvork
    /// writes `cutPath(brain)`).
    pub fn file_name(&self) -> String {
        match self {
            Contestant::Ours(p) => format!("tictactoe-{}", p.name()),
            Contestant::Engine(e) => e.command().file_name(),
        }
    }

    /// Its Piskvork level in a `.psq` header: an engine's by its time per move, 1 for ours.
    fn level(&self) -> u8 {
        match self {
            Contestant::Ours(_) => 1,
            Contestant::Engine(e) => {
                record::piskvork_level(e.limits().turn.as_millis().min(u32::MAX as u128) as u32)
            }
        }
    }

    /// Its move in `game`, or an engine's fault.
    pub fn choose(&mut self, game: &Game, rng: &mut StdRng) -> Result<usize, EngineFault> {
        match self {
            Contestant::Ours(p) => Ok(p.choose(game, rng)),
            Contestant::Engine(e) => e.choose(game),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// By the rules: a win or a draw.
    Outcome(Outcome),
    /// An engine's fault: it lost.
    Fault {
        /// The side whose engine failed.
        loser: Player,
        /// Its name.
        name: String,
        /// What it did.
        fault: EngineFault,
    },
}

impl End {
    /// The outcome counted: a fault is a win for the other side.
    pub fn outcome(&self) -> Outcome {
        match self {
            End::Outcome(o) => *o,
            End::Fault { loser, .. } => Outcome::Won(loser.other()),
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Outcome(o) => write!(f, "{o}"),
            End::Fault { loser, name, fault } => {
                write!(f, "{} won: {name} ({loser}) {fault}", loser.other())
            }
        }
    }
}

/// A game played: its record (moves, times, names, levels, result code) and how it ended.
#[derive(Clone, Debug)]
pub struct Played {
    /// The record, ready to be written as a `.psq`.
    pub record: Record,
    /// How it ended.
    pub end: End,
}

/// Plays a game on `geometry` from the start: `x` plays x, `o` plays o, `start` moves first.
pub fn play<'a>(
    geometry: Geometry,
    rule: Rule,
    x: &mut Contestant<'a>,
    o: &mut Contestant<'a>,
    start: Player,
    rng: &mut StdRng,
) -> Played {
    let mut game = Game::new_under(geometry, rule, start);
    let mut times = Vec::new();
    let end = loop {
        if let Some(outcome) = game.state().outcome() {
            break End::Outcome(outcome);
        }
        let side = game.state().player_to_move();
        let player = match side {
            Player::X => &mut *x,
            Player::O => &mut *o,
        };
        let began = Instant::now();
        let cell = player.choose(&game, rng).and_then(|c| {
            game.play_in_place(c)
                .map_err(EngineFault::Illegal)
                .map(|()| c)
        });
        match cell {
            Ok(_) => times.push(began.elapsed().as_millis().min(u32::MAX as u128) as u32),
            Err(fault) => {
                break End::Fault {
                    loser: side,
                    name: player.name(),
                    fault,
                }
            }
        }
    };
    let result = match &end {
        End::Outcome(_) => record::RESULT_FINISHED,
        End::Fault {
            fault: EngineFault::Timeout { .. },
            ..
        } => record::RESULT_TIMEOUT,
        End::Fault { .. } => record::RESULT_ERROR,
    };
    Played {
        record: Record {
            game,
            times,
            levels: [x.level(), o.level()],
            names: Some([x.file_name(), o.file_name()]),
            result: Some(result),
        },
        end,
    }
}

/// The arena's table with external engines among the players: every ordered pairing for `games`
/// games, x moving first, counted from the row player's side; a fault is a loss. With `save`, each
/// game is written there as a `.psq` (`<x>-<o>-<n>.psq`, never over an existing file); the paths
/// written are returned with the table, and any engine's fault lines (one per faulty game).
pub fn arena_with_engines(
    geometry: Geometry,
    rule: Rule,
    players: &mut [Contestant],
    games: usize,
    seed: u64,
    save: Option<&Path>,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<(ArenaTable, Vec<PathBuf>, Vec<String>)> {
    let n = players.len();
    let total = games * n * n;
    let mut done = 0;
    let mut tallies = Vec::new();
    let mut saved = Vec::new();
    let mut faults = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let k = (i * n + j) as u64;
            let mut rng = StdRng::seed_from_u64(seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let mut tally = Tally::default();
            // A player against itself: an engine needs a second process.
            let mut twin = match &players[i] {
                Contestant::Engine(e) if i == j => Some(Contestant::Engine(Box::new(Engine::new(
                    e.command().clone(),
                    e.limits(),
                )))),
                Contestant::Ours(p) if i == j => Some(Contestant::Ours(*p)),
                _ => None,
            };
            for g in 0..games {
                let (x, o) = match &mut twin {
                    Some(twin) => (&mut players[i], twin),
                    None => pair(players, i, j),
                };
                let played = play(geometry, rule, x, o, Player::X, &mut rng);
                tally.count(played.end.outcome(), Player::X);
                if let End::Fault { .. } = played.end {
                    faults.push(played.end.to_string());
                }
                if let Some(dir) = save {
                    let stamp = format!(
                        "{}-{}-{}",
                        safe(&players[i].name()),
                        safe(&players[j].name()),
                        g + 1
                    );
                    let text = record::write_psq(&played.record);
                    saved.push(record::save_new(dir, &stamp, "psq", &text)?);
                }
                done += 1;
                progress(done, total);
            }
            tallies.push((i, j, tally));
        }
    }
    let names: Vec<&'static str> = players.iter().map(|p| leak(p.name())).collect();
    let pairings = tallies
        .into_iter()
        .map(|(i, j, tally)| PairingRow {
            x: names[i],
            o: names[j],
            tally,
        })
        .collect();
    let table = ArenaTable {
        geometry,
        rule,
        games,
        seed,
        pairings,
        adversary: Vec::new(),
    };
    Ok((table, saved, faults))
}

/// Two different contestants of `players`, mutably: the `i`th and the `j`th (`i ≠ j`).
fn pair<'p, 'a>(
    players: &'p mut [Contestant<'a>],
    i: usize,
    j: usize,
) -> (&'p mut Contestant<'a>, &'p mut Contestant<'a>) {
    assert_ne!(i, j);
    if i < j {
        let (a, b) = players.split_at_mut(j);
        (&mut a[i], &mut b[0])
    } else {
        let (a, b) = players.split_at_mut(i);
        (&mut b[0], &mut a[j])
    }
}

/// The arena's table names its players with `&'static str`; an engine's name lives as long as the
/// table (a few bytes per engine, once per run).
fn leak(name: String) -> &'static str {
    Box::leak(name.into_boxed_str())
}

/// A name as part of a file name: letters, digits, `-`, `_` and `.`; anything else becomes `_`.
fn safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}
