//! The arena: games between computer players, an exhaustive adversary, and the answer of the
//! command line's `tictactoe move`.
//!
//! Everything here is on the LED board (3×3, three in a row; SPEC.md §2) unless a function takes a
//! [`Geometry`], and everything is reproducible: randomness comes only from seeded [`StdRng`]s.
//!
//! - [`play_game`]: one game between two players.
//! - [`explore`], [`versus_adversary`], [`versus_adversary_all_choices`]: the exhaustive adversary,
//!   which answers every move of a player with *every* legal reply and counts the leaves (finished
//!   games) won, drawn and lost from the player's side.
//! - [`arena`]: every ordered pairing of some players for N games, and each player against the
//!   exhaustive adversary, as an [`ArenaTable`] that prints as a table.
//! - [`choose_move`]: the cell a named player plays after a list of cells given on the command line.

use crate::geometry::{Cell, Geometry};
use crate::players::{self, ComputerPlayer};
use crate::rules::{Outcome, Player, State};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt;

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
    let mut state = State::empty(geometry, start);
    let mut history = Vec::with_capacity(geometry.cells());
    loop {
        if let Some(outcome) = state.outcome() {
            return outcome;
        }
        let player = match state.player_to_move() {
            Player::X => x,
            Player::O => o,
        };
        let c = player.choose(&state, &history, rng);
        assert!(
            state.legal_to_move_in(c),
            "{} played the illegal cell {c} in\n{}",
            player.name(),
            state.board_text()
        );
        state = state.result(c);
        history.push(c);
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
    let seed =
        mix(mix(mix(state.cells_of(Player::X)) ^ state.cells_of(Player::O)) ^ state.start() as u64);
    StdRng::seed_from_u64(seed)
}

/// Explores the game tree from `state`: at each turn of `side`, the cells `choices` returns (given
/// the position and the cells played so far) are tried; at each turn of the other player, *every*
/// legal cell is. Counts the finished games from `side`'s point of view.
pub fn explore(
    state: State,
    side: Player,
    choices: &mut dyn FnMut(&State, &[Cell]) -> Vec<Cell>,
) -> Tally {
    fn walk(
        state: State,
        side: Player,
        history: &mut Vec<Cell>,
        choices: &mut dyn FnMut(&State, &[Cell]) -> Vec<Cell>,
        tally: &mut Tally,
    ) {
        if let Some(outcome) = state.outcome() {
            tally.count(outcome, side);
            return;
        }
        let cells: Vec<Cell> = if state.player_to_move() == side {
            choices(&state, history)
        } else {
            state.legal_moves().collect()
        };
        assert!(!cells.is_empty(), "no move in\n{}", state.board_text());
        for c in cells {
            assert!(
                state.legal_to_move_in(c),
                "illegal cell {c} in\n{}",
                state.board_text()
            );
            history.push(c);
            walk(state.result(c), side, history, choices, tally);
            history.pop();
        }
    }
    let mut tally = Tally::default();
    walk(state, side, &mut Vec::new(), choices, &mut tally);
    tally
}

/// `player` on `side` of the LED board (with `start` moving first) against the exhaustive
/// adversary: the player's move at each node is its own choice with [`node_rng`]; every reply of
/// the adversary is explored. Counts the finished games from the player's side.
pub fn versus_adversary(player: &dyn ComputerPlayer, side: Player, start: Player) -> Tally {
    explore(
        State::empty(Geometry::LED, start),
        side,
        &mut |s, history| vec![player.choose(s, history, &mut node_rng(s))],
    )
}

/// Like [`versus_adversary`], but the player's side tries *every* cell `choices` gives: with
/// [`perfect::candidates`](crate::players::perfect::candidates), every move the perfect player might
/// choose whatever its rng, so a loss-free tally proves it never loses from that start.
pub fn versus_adversary_all_choices(
    choices: &dyn Fn(&State) -> Vec<Cell>,
    side: Player,
    start: Player,
) -> Tally {
    explore(State::empty(Geometry::LED, start), side, &mut |s, _| {
        choices(s)
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

/// The arena's results; prints as a readable table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaTable {
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
    let mut pairings = Vec::new();
    for (i, &x) in players.iter().enumerate() {
        for (j, &o) in players.iter().enumerate() {
            let k = (i * players.len() + j) as u64;
            let mut rng = StdRng::seed_from_u64(mix(seed) ^ mix(k.wrapping_add(1) << 32));
            let mut tally = Tally::default();
            for _ in 0..games {
                tally.count(play_game(x, o, Player::X, &mut rng), Player::X);
            }
            pairings.push(PairingRow {
                x: x.name(),
                o: o.name(),
                tally,
            });
        }
    }
    let mut adversary = Vec::new();
    for &p in players {
        for side in [Player::X, Player::O] {
            adversary.push(AdversaryRow {
                player: p.name(),
                side,
                tally: versus_adversary(p, side, Player::X),
            });
        }
    }
    ArenaTable {
        games,
        seed,
        pairings,
        adversary,
    }
}

/// One line of the arena table: two names, then the games and how they ended.
fn table_line(
    f: &mut fmt::Formatter<'_>,
    a: &str,
    b: &str,
    cells: [&dyn fmt::Display; 4],
) -> fmt::Result {
    let [games, won, drawn, lost] = cells;
    writeln!(
        f,
        "{a:<10} {b:<10} {games:>7} {won:>7} {drawn:>7} {lost:>7}"
    )
}

impl fmt::Display for ArenaTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Arena: {} games per ordered pairing, seed {}, x moves first.",
            self.games, self.seed
        )?;
        writeln!(f, "Won, drawn and lost count from the row player's side.")?;
        writeln!(f)?;
        let heading: [&dyn fmt::Display; 4] = [&"games", &"won", &"drawn", &"lost"];
        table_line(f, "x (row)", "o", heading)?;
        for r in &self.pairings {
            let t = &r.tally;
            table_line(f, r.x, r.o, [&t.total(), &t.won, &t.drawn, &t.lost])?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "Against the exhaustive adversary (every reply tried; x moves first; finished games):"
        )?;
        writeln!(f)?;
        table_line(f, "player", "as", heading)?;
        for r in &self.adversary {
            let t = &r.tally;
            table_line(
                f,
                r.player,
                r.side.symbol(),
                [&t.total(), &t.won, &t.drawn, &t.lost],
            )?;
        }
        Ok(())
    }
}

/// The answer of `tictactoe move --player NAME [--start x|o] [--seed N] [CELL ...]`: the cell the
/// player called `player_name` plays on the LED board after `cells` (numbers 1–9, in play order,
/// `start`'s first), with `StdRng::seed_from_u64(seed)` for its ties.
///
/// Errors are one-line messages: an unknown player, a cell that is not a number, out of range,
/// already occupied, played after the end of the game, or a game already finished.
pub fn choose_move(
    player_name: &str,
    start: Player,
    seed: u64,
    cells: &[String],
) -> Result<Cell, String> {
    choose_move_on(Geometry::LED, player_name, start, seed, cells)
}

/// [`choose_move`] on a board of any geometry (`tictactoe move --width W --height H --run K`);
/// cells are numbered 1 to W·H, row-major from the top-left.
pub fn choose_move_on(
    g: Geometry,
    player_name: &str,
    start: Player,
    seed: u64,
    cells: &[String],
) -> Result<Cell, String> {
    let player = players::by_name(player_name).ok_or_else(|| {
        let names: Vec<&str> = players::all().iter().map(|p| p.name()).collect();
        format!(
            "unknown player '{player_name}' (players: {})",
            names.join(", ")
        )
    })?;
    let mut state = State::empty(g, start);
    let mut history = Vec::with_capacity(cells.len());
    for (i, text) in cells.iter().enumerate() {
        let n = i + 1;
        let c: Cell = text
            .trim()
            .parse()
            .map_err(|_| format!("move {n}: '{text}' is not a cell number (1-{})", g.cells()))?;
        if !g.game_board().contains(&c) {
            return Err(format!(
                "move {n}: cell {c} is out of range 1-{}",
                g.cells()
            ));
        }
        if let Some(outcome) = state.outcome() {
            return Err(format!(
                "move {n}: cell {c} is played after the end of the game ({})",
                describe(outcome)
            ));
        }
        if let Some(p) = state.occupant(c) {
            return Err(format!("move {n}: cell {c} is already occupied by {p}"));
        }
        state = state.result(c);
        history.push(c);
    }
    if let Some(outcome) = state.outcome() {
        return Err(format!("the game is already over ({})", describe(outcome)));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    Ok(player.choose(&state, &history, &mut rng))
}

fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Won(p) => format!("{p} won"),
        Outcome::Draw => "cat got it".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{oxo::Oxo, perfect, perfect::Perfect, random::Random, weights::Weights};

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
    }

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
        assert_eq!(a.to_string(), b.to_string());
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
        let text = a.to_string();
        assert!(text.contains("seed 7") && text.contains("perfect") && text.contains("adversary"));
    }

    #[test]
    fn choose_move_answers() {
        // x 1, o 4, x 2, o 5: x wins at 3.
        assert_eq!(
            choose_move("perfect", Player::X, 0, &strings(&["1", "4", "2", "5"])),
            Ok(3)
        );
        // The same cells with o starting: o holds 1, 2; x holds 4, 5; o to move wins at 3 too.
        assert_eq!(
            choose_move("perfect", Player::O, 9, &strings(&["1", "4", "2", "5"])),
            Ok(3)
        );
        assert_eq!(choose_move("oxo", Player::X, 0, &[]), Ok(5));
        // OXO blocks rather than wins (SPEC.md §4).
        assert_eq!(
            choose_move("oxo", Player::X, 0, &strings(&["1", "4", "2", "5"])),
            Ok(6)
        );
        assert_eq!(
            choose_move("weights", Player::X, 0, &strings(&["1", "7", "2"])),
            Ok(3)
        );
        let r = choose_move("random", Player::X, 42, &strings(&["5"])).unwrap();
        assert!(r != 5 && (1..=9).contains(&r));
        assert_eq!(
            choose_move("random", Player::X, 42, &strings(&["5"])),
            Ok(r),
            "same seed, same move"
        );
    }

    #[test]
    fn choose_move_errors_are_one_line() {
        let cases: [(&str, &[&str], &str); 8] = [
            ("nobody", &[], "unknown player 'nobody'"),
            ("perfect", &["a"], "move 1: 'a' is not a cell number"),
            ("perfect", &["-1"], "move 1: '-1' is not a cell number"),
            ("perfect", &["5", "0"], "move 2: cell 0 is out of range 1-9"),
            ("perfect", &["10"], "move 1: cell 10 is out of range 1-9"),
            (
                "perfect",
                &["5", "5"],
                "move 2: cell 5 is already occupied by x",
            ),
            (
                "perfect",
                &["1", "4", "2", "5", "3", "6"],
                "move 6: cell 6 is played after the end of the game (x won)",
            ),
            (
                "perfect",
                &["1", "4", "2", "5", "3"],
                "the game is already over (x won)",
            ),
        ];
        for (name, cells, message) in cases {
            let e = choose_move(name, Player::X, 0, &strings(cells)).unwrap_err();
            assert!(e.starts_with(message), "{e:?} for {name} {cells:?}");
            assert!(!e.contains('\n'));
        }
        let e = choose_move("nobody", Player::X, 0, &[]).unwrap_err();
        assert!(e.contains("oxo, weights, perfect, random"), "{e}");
        // A full board, drawn.
        let drawn = strings(&["1", "2", "3", "5", "4", "6", "8", "7", "9"]);
        let e = choose_move("oxo", Player::X, 0, &drawn).unwrap_err();
        assert_eq!(e, "the game is already over (cat got it)");
    }
}
