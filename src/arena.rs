//! The arena: games between computer players, and an exhaustive adversary.
//!
//! Everything here is on the LED board (3×3, three in a row; SPEC.md §2) unless a function takes a
//! [`Geometry`], and everything is reproducible: randomness comes only from seeded [`StdRng`]s.
//!
//! - [`play_game`]: one game between two players.
//! - [`explore`], [`versus_adversary`], [`versus_adversary_all_choices`]: the exhaustive adversary,
//!   which answers every move of a player with *every* legal reply and counts the leaves (finished
//!   games) won, drawn and lost from the player's side.
//! - [`arena`]: every ordered pairing of some players for N games, and each player against the
//!   exhaustive adversary, as an [`ArenaTable`] (`tictactoe arena` prints it as a table).

use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::players::ComputerPlayer;
use crate::rule::Rule;
use crate::rules::{Outcome, Player, State};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Plays one game on the LED board: `x` plays x, `o` plays o, `start` moves first. Both players
/// draw their random numbers from `rng`, in move order.
pub fn play_game(
    x: &dyn ComputerPlayer,
    o: &dyn ComputerPlayer,
    start: Player,
    rng: &mut StdRng,
) -> Outcome {
    play_game_on(Geometry::LED, x, o, start, rng)
}

/// [`play_game`] on any board.
pub fn play_game_on(
    geometry: Geometry,
    x: &dyn ComputerPlayer,
    o: &dyn ComputerPlayer,
    start: Player,
    rng: &mut StdRng,
) -> Outcome {
    play_game_under(geometry, Rule::Freestyle, x, o, start, rng)
}

/// [`play_game`] on any board under any rule.
pub fn play_game_under(
    geometry: Geometry,
    rule: Rule,
    x: &dyn ComputerPlayer,
    o: &dyn ComputerPlayer,
    start: Player,
    rng: &mut StdRng,
) -> Outcome {
    let mut game = Game::new_under(geometry, rule, start);
    loop {
        if let Some(outcome) = game.state().outcome() {
            return outcome;
        }
        let player = match game.state().player_to_move() {
            Player::X => x,
            Player::O => o,
        };
        let c = player.choose(&game, rng);
        if let Err(e) = game.play_in_place(c) {
            panic!(
                "{} played an impossible move: {e}, in\n{}",
                player.name(),
                game.state().board_text()
            );
        }
    }
}

/// Finished games counted from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Games the player won.
    pub won: u64,
    /// Games drawn.
    pub drawn: u64,
    /// Games the player lost.
    pub lost: u64,
}

impl Tally {
    /// All games counted.
    pub fn total(&self) -> u64 {
        self.won + self.drawn + self.lost
    }

    /// Counts one finished game from `side`'s point of view.
    pub fn count(&mut self, outcome: Outcome, side: Player) {
        match outcome {
            Outcome::Won(p) if p == side => self.won += 1,
            Outcome::Won(_) => self.lost += 1,
            Outcome::Draw => self.drawn += 1,
        }
    }
}

/// SplitMix64's finaliser: spreads a number over 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The random number generator a player gets at a node of the exhaustive adversary's tree: seeded
/// from the position (both players' cells and the start player), so the same position always gets
/// the same generator, whatever path led to it.
pub fn node_rng(state: &State) -> StdRng {
    // Cells 1–64 as the bits of one number (the whole 3 × 3 board), larger cells mixed in after.
    let hash = |p: Player| {
        let cells = state.cells_of(p);
        let low = cells
            .iter()
            .take_while(|&c| c <= 64)
            .fold(0u64, |m, c| m | 1 << (c - 1));
        cells
            .iter()
            .skip_while(|&c| c <= 64)
            .fold(low, |h, c| mix(h ^ c as u64))
    };
    let seed = mix(mix(mix(hash(Player::X)) ^ hash(Player::O)) ^ state.start() as u64);
    StdRng::seed_from_u64(seed)
}

/// Explores the game tree from `game`: at each turn of `side`, the cells `choices` returns (given
/// the game so far) are tried; at each turn of the other player, *every* legal cell is. Counts the
/// finished games from `side`'s point of view.
pub fn explore(game: Game, side: Player, choices: &mut dyn FnMut(&Game) -> Vec<Cell>) -> Tally {
    fn walk(
        game: &Game,
        side: Player,
        choices: &mut dyn FnMut(&Game) -> Vec<Cell>,
        tally: &mut Tally,
    ) {
        let state = game.state();
        if let Some(outcome) = state.outcome() {
            tally.count(outcome, side);
            return;
        }
        let cells: Vec<Cell> = if state.player_to_move() == side {
            choices(game)
        } else {
            state.legal_moves().collect()
        };
        assert!(!cells.is_empty(), "no move in\n{}", state.board_text());
        for c in cells {
            match game.play(c) {
                Ok(next) => walk(&next, side, choices, tally),
                Err(e) => panic!("{e} in\n{}", state.board_text()),
            }
        }
    }
    let mut tally = Tally::default();
    walk(&game, side, choices, &mut tally);
    tally
}

/// `player` on `side` of the LED board (with `start` moving first) against the exhaustive
/// adversary: the player's move at each node is its own choice with [`node_rng`]; every reply of
/// the adversary is explored. Counts the finished games from the player's side.
pub fn versus_adversary(player: &dyn ComputerPlayer, side: Player, start: Player) -> Tally {
    explore(Game::new(Geometry::LED, start), side, &mut |g| {
        vec![player.choose(g, &mut node_rng(g.state()))]
    })
}

/// Like [`versus_adversary`], but the player's side tries *every* cell `choices` gives: with
/// [`perfect::candidates`](crate::players::perfect::candidates), every move the perfect player might
/// choose whatever its rng, so a loss-free tally proves it never loses from that start.
pub fn versus_adversary_all_choices(
    choices: &dyn Fn(&State) -> Vec<Cell>,
    side: Player,
    start: Player,
) -> Tally {
    explore(Game::new(Geometry::LED, start), side, &mut |g| {
        choices(g.state())
    })
}

/// One ordered pairing of the arena: `x` against `o`, counted from `x`'s (the row player's) side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The row player, playing x (and moving first).
    pub x: &'static str,
    /// The opponent, playing o.
    pub o: &'static str,
    /// Games won, drawn and lost by the row player.
    pub tally: Tally,
}

/// A player against the exhaustive adversary, counted from the player's side (x moves first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdversaryRow {
    /// The player.
    pub player: &'static str,
    /// The side it plays.
    pub side: Player,
    /// Finished games (leaves of the adversary's tree) won, drawn and lost by the player.
    pub tally: Tally,
}

/// The arena's results (`tictactoe arena` prints them as a table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaTable {
    /// The board.
    pub geometry: Geometry,
    /// The rule the games were played under.
    pub rule: Rule,
    /// Games per ordered pairing.
    pub games: usize,
    /// The seed the games were played with.
    pub seed: u64,
    /// Every ordered pairing (row player as x, opponent as o), in the order of the players given.
    pub pairings: Vec<PairingRow>,
    /// Each player against the exhaustive adversary, as x then as o.
    pub adversary: Vec<AdversaryRow>,
}

/// Plays every ordered pairing of `players` (the first as x, the second as o; x moves first, as in
/// the LED program) for `games` games, and runs each player against the exhaustive adversary as x
/// and as o. Pairing number k (in row order) draws from `StdRng::seed_from_u64(mix(seed) ^ mix(k))`,
/// so the table is a function of `seed`. The adversary rows do not depend on the seed (see
/// [`node_rng`]).
pub fn arena(players: &[&dyn ComputerPlayer], games: usize, seed: u64) -> ArenaTable {
    arena_on(Geometry::LED, players, games, seed, &mut |_| {})
}

/// Where an arena is: told before each game and after the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaProgress {
    /// Games played.
    pub done: usize,
    /// Games in all.
    pub total: usize,
    /// The pairing of the game about to be played (x, o), if one is.
    pub next: Option<(&'static str, &'static str)>,
}

/// [`arena`] on any board; the exhaustive adversary plays only on the LED board (elsewhere its
/// tree is far too large), so its rows are empty there. `progress` is told before each game which
/// pairing plays, and after the last game.
pub fn arena_on(
    geometry: Geometry,
    players: &[&dyn ComputerPlayer],
    games: usize,
    seed: u64,
    progress: &mut dyn FnMut(&ArenaProgress),
) -> ArenaTable {
    arena_under(geometry, Rule::Freestyle, players, games, seed, progress)
}

/// [`arena_on`] under any rule (the exhaustive adversary plays freestyle on the LED board only).
pub fn arena_under(
    geometry: Geometry,
    rule: Rule,
    players: &[&dyn ComputerPlayer],
    games: usize,
    seed: u64,
    progress: &mut dyn FnMut(&ArenaProgress),
) -> ArenaTable {
    let total = games * players.len() * players.len();
    let mut done = 0;
    let mut pairings = Vec::new();
    for (i, &x) in players.iter().enumerate() {
        for (j, &o) in players.iter().enumerate() {
            let k = (i * players.len() + j) as u64;
            let mut rng = StdRng::seed_from_u64(mix(seed) ^ mix(k.wrapping_add(1) << 32));
            let mut tally = Tally::default();
            for _ in 0..games {
                progress(&ArenaProgress {
                    done,
                    total,
                    next: Some((x.name(), o.name())),
                });
                tally.count(
                    play_game_under(geometry, rule, x, o, Player::X, &mut rng),
                    Player::X,
                );
                done += 1;
            }
            pairings.push(PairingRow {
                x: x.name(),
                o: o.name(),
                tally,
            });
        }
    }
    progress(&ArenaProgress {
        done,
        total,
        next: None,
    });
    let mut adversary = Vec::new();
    for &p in players
        .iter()
        .filter(|_| geometry == Geometry::LED && rule == Rule::Freestyle)
    {
        for side in [Player::X, Player::O] {
            adversary.push(AdversaryRow {
                player: p.name(),
                side,
                tally: versus_adversary(p, side, Player::X),
            });
        }
    }
    ArenaTable {
        geometry,
        rule,
        games,
        seed,
        pairings,
        adversary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{
        self, oxo::Oxo, perfect, perfect::Perfect, random::Random, weights::Weights,
    };

    #[test]
    fn adversary_tree_of_all_moves_is_the_whole_game() {
        // Both sides trying every move: every game of tic-tac-toe (SPEC.md §6: 255,168 games, x wins
        // 131,184, o wins 77,904, drawn 46,080). This checks the explorer itself.
        let all = |s: &State| s.legal_moves().collect::<Vec<_>>();
        let t = versus_adversary_all_choices(&all, Player::X, Player::X);
        assert_eq!(
            t,
            Tally {
                won: 131_184,
                drawn: 46_080,
                lost: 77_904
            }
        );
        let t = versus_adversary_all_choices(&all, Player::O, Player::X);
        assert_eq!((t.won, t.lost), (77_904, 131_184));
    }

    #[test]
    fn perfect_never_loses_to_the_exhaustive_adversary() {
        for side in [Player::X, Player::O] {
            for start in [Player::X, Player::O] {
                // Its own choice at each node (rng seeded from the position) …
                let t = versus_adversary(&Perfect, side, start);
                assert_eq!(t.lost, 0, "as {side}, {start} first: {t:?}");
                assert!(t.won > 0 && t.drawn > 0);
                // … and every choice it might make whatever its rng: a proof.
                let t = versus_adversary_all_choices(&perfect::candidates, side, start);
                assert_eq!(t.lost, 0, "all choices, as {side}, {start} first: {t:?}");
                assert!(t.won > 0 && t.drawn > 0);
            }
        }
    }

    #[test]
    fn the_adversary_finds_the_weaker_players_losses() {
        for p in [&Oxo as &dyn ComputerPlayer, &Weights, &Random] {
            let lost: u64 = [Player::X, Player::O]
                .iter()
                .map(|&side| versus_adversary(p, side, Player::X).lost)
                .sum();
            assert!(lost > 0, "{} never loses?", p.name());
        }
        // SPEC.md §4: OXO can be forked. As o (x first) it loses somewhere.
        assert!(versus_adversary(&Oxo, Player::O, Player::X).lost > 0);
    }

    #[test]
    fn play_game_is_reproducible_and_perfect_draws_itself() {
        for start in [Player::X, Player::O] {
            for seed in 0..20 {
                let a = play_game(&Random, &Weights, start, &mut StdRng::seed_from_u64(seed));
                let b = play_game(&Random, &Weights, start, &mut StdRng::seed_from_u64(seed));
                assert_eq!(a, b);
                let p = play_game(&Perfect, &Perfect, start, &mut StdRng::seed_from_u64(seed));
                assert_eq!(p, Outcome::Draw);
            }
        }
        // Deterministic players: oxo against itself is one fixed game.
        let a = play_game(&Oxo, &Oxo, Player::X, &mut StdRng::seed_from_u64(1));
        let b = play_game(&Oxo, &Oxo, Player::X, &mut StdRng::seed_from_u64(2));
        assert_eq!(a, b);
    }

    #[test]
    fn arena_is_reproducible_for_a_seed() {
        let players = players::all();
        let a = arena(&players, 30, 7);
        let b = arena(&players, 30, 7);
        assert_eq!(a, b);
        assert_eq!(a.pairings.len(), players.len() * players.len());
        assert_eq!(a.adversary.len(), 2 * players.len());
        for r in &a.pairings {
            assert_eq!(r.tally.total(), 30);
            if r.x == "perfect" {
                assert_eq!(r.tally.lost, 0, "{r:?}");
            }
            if r.o == "perfect" {
                assert_eq!(r.tally.won, 0, "{r:?}");
            }
            if r.x == "perfect" && r.o == "perfect" {
                assert_eq!(r.tally.drawn, 30);
            }
        }
        // A different seed changes the pairings that involve chance.
        let c = arena(&players, 30, 8);
        let chance = |t: &ArenaTable| -> Vec<Tally> {
            t.pairings
                .iter()
                .filter(|r| r.x == "random" || r.o == "random")
                .map(|r| r.tally)
                .collect()
        };
        assert_ne!(chance(&a), chance(&c));
        // Deterministic pairings do not depend on the seed.
        let fixed = |t: &ArenaTable| -> Vec<Tally> {
            t.pairings
                .iter()
                .filter(|r| r.x == "oxo" && r.o == "oxo")
                .map(|r| r.tally)
                .collect()
        };
        assert_eq!(fixed(&a), fixed(&c));
        assert_eq!(a.adversary, c.adversary);
    }

    #[test]
    fn progress_names_each_game_before_it_is_played() {
        let players: Vec<&dyn ComputerPlayer> = vec![&Oxo, &Random];
        let mut told = Vec::new();
        arena_on(Geometry::LED, &players, 2, 1, &mut |p| told.push(*p));
        let expected: Vec<ArenaProgress> = [
            ("oxo", "oxo"),
            ("oxo", "oxo"),
            ("oxo", "random"),
            ("oxo", "random"),
            ("random", "oxo"),
            ("random", "oxo"),
            ("random", "random"),
            ("random", "random"),
        ]
        .iter()
        .enumerate()
        .map(|(done, &next)| ArenaProgress {
            done,
            total: 8,
            next: Some(next),
        })
        .chain([ArenaProgress {
            done: 8,
            total: 8,
            next: None,
        }])
        .collect();
        assert_eq!(told, expected);
    }
}
