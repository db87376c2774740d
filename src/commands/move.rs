//! `tictactoe move`: the cell a computer player chooses after the cells played so far, for
//! scripts (`tictactoe move --player NAME [--start x|o] [--seed N] [--width W --height H --run K]
//! [--think MS | --nodes N] [CELL ...]`).

use super::cli::{Board, SearchBudget};
use super::{parse_game_under, player_for};
use crate::geometry::{Cell, Geometry};
use crate::players::search::{SearchPlayer, SEARCH};
use crate::players::ComputerPlayer;
use crate::rule::Rule;
use crate::rules::Player;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The subcommand: the chosen cell and a newline, or a one-line error.
pub fn run(
    player: &str,
    start: Player,
    seed: u64,
    board: Board,
    budget: SearchBudget,
    cells: &[String],
) -> Result<String, String> {
    let g = board.geometry().map_err(|e| e.to_string())?;
    let custom;
    let chosen: &dyn ComputerPlayer = match budget.limits() {
        Some(limits) if player == SEARCH.name() => {
            custom = SearchPlayer::new(limits);
            &custom
        }
        Some(_) => {
            return Err(format!(
                "--think and --nodes are options of the search player, not of {}",
                super::error_line(player)
            ))
        }
        None => player_for(g, player)?,
    };
    if !chosen.plays_rule(board.rule) {
        return Err(format!(
            "{} plays freestyle only, not {}",
            chosen.name(),
            board.rule
        ));
    }
    choose_under(g, board.rule, chosen, start, seed, cells).map(|cell| format!("{cell}\n"))
}

/// The cell `player` plays after `cells` on board `g` under `rule` (`start`'s first), with
/// `StdRng::seed_from_u64(seed)` for its ties; or a one-line error: a bad cell, or a game already
/// over.
pub fn choose_under(
    g: Geometry,
    rule: Rule,
    player: &dyn ComputerPlayer,
    start: Player,
    seed: u64,
    cells: &[String],
) -> Result<Cell, String> {
    let game = parse_game_under(g, rule, start, cells).map_err(|e| e.to_string())?;
    if let Some(outcome) = game.state().outcome() {
        return Err(format!("the game is already over ({outcome})"));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    Ok(player.choose(&game, &mut rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
    }

    /// `tictactoe move` on the LED board: the cell, or the error line.
    fn led(name: &str, start: Player, seed: u64, cells: &[&str]) -> Result<Cell, String> {
        let g = Geometry::LED;
        choose_under(
            g,
            Rule::Freestyle,
            player_for(g, name)?,
            start,
            seed,
            &strings(cells),
        )
    }

    #[test]
    fn choose_answers() {
        // x 1, o 4, x 2, o 5: x wins at 3.
        assert_eq!(led("perfect", Player::X, 0, &["1", "4", "2", "5"]), Ok(3));
        // The same cells with o starting: o holds 1, 2; x holds 4, 5; o to move wins at 3 too.
        assert_eq!(led("perfect", Player::O, 9, &["1", "4", "2", "5"]), Ok(3));
        assert_eq!(led("oxo", Player::X, 0, &[]), Ok(5));
        // OXO blocks rather than wins (SPEC.md §4).
        assert_eq!(led("oxo", Player::X, 0, &["1", "4", "2", "5"]), Ok(6));
        assert_eq!(led("weights", Player::X, 0, &["1", "7", "2"]), Ok(3));
        let r = led("random", Player::X, 42, &["5"]).unwrap();
        assert!(r != 5 && (1..=9).contains(&r));
        assert_eq!(led("random", Player::X, 42, &["5"]), Ok(r), "same seed");
    }

    #[test]
    fn choose_errors_are_one_line() {
        let cases: [(&str, &[&str], &str); 9] = [
            ("nobody", &[], "unknown player 'nobody'"),
            ("perfect", &["a"], "move 1: 'a' is not a cell number"),
            ("perfect", &["-1"], "move 1: '-1' is not a cell number"),
            ("perfect", &["1\n2"], "move 1: '1\\n2' is not a cell number"),
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
            let e = led(name, Player::X, 0, cells).unwrap_err();
            assert!(e.starts_with(message), "{e:?} for {name} {cells:?}");
            assert!(!e.contains('\n'));
        }
        let e = led("nobody", Player::X, 0, &[]).unwrap_err();
        assert!(e.contains("oxo, weights, perfect, search, random"), "{e}");
        // A full board, drawn.
        let drawn = ["1", "2", "3", "5", "4", "6", "8", "7", "9"];
        let e = led("oxo", Player::X, 0, &drawn).unwrap_err();
        assert_eq!(e, "the game is already over (cat got it)");
    }
}
