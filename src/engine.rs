//! The engine interface for scripts: `tictactoe move` answers with the cell a computer player
//! chooses after the cells played so far.

use crate::game::Game;
use crate::geometry::{Cell, Geometry};
use crate::players::{self, ComputerPlayer};
use crate::rules::Player;
use rand::rngs::StdRng;
use rand::SeedableRng;

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
    choose_move_with(g, player_for(g, player_name)?, start, seed, cells)
}

/// The computer player called `name`, if it plays boards of `g`; else a one-line error that lists
/// the players (of the board).
pub fn player_for(g: Geometry, name: &str) -> Result<&'static dyn ComputerPlayer, String> {
    let player = players::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = players::all().iter().map(|p| p.name()).collect();
        format!("unknown player '{name}' (players: {})", names.join(", "))
    })?;
    if !player.plays(g) {
        let names: Vec<&str> = players::for_board(g).iter().map(|p| p.name()).collect();
        return Err(format!(
            "{name} does not play the {g} board (players there: {})",
            names.join(", ")
        ));
    }
    Ok(player)
}

/// The cell `player` plays after `cells` on board `g` (`start`'s first), with
/// `StdRng::seed_from_u64(seed)` for its ties; or a one-line error.
pub fn choose_move_with(
    g: Geometry,
    player: &dyn ComputerPlayer,
    start: Player,
    seed: u64,
    cells: &[String],
) -> Result<Cell, String> {
    let game = parse_game(g, start, cells)?;
    if let Some(outcome) = game.state().outcome() {
        return Err(format!("the game is already over ({outcome})"));
    }
    let mut rng = StdRng::seed_from_u64(seed);
    Ok(player.choose(&game, &mut rng))
}

/// The game reached by the cells given on the command line (numbers, in play order, `start`'s
/// first); a one-line error names the first move that is not a possible move, and why.
pub fn parse_game(g: Geometry, start: Player, cells: &[String]) -> Result<Game, String> {
    let mut game = Game::new(g, start);
    for (i, text) in cells.iter().enumerate() {
        let n = i + 1;
        let c: Cell = text
            .trim()
            .parse()
            .map_err(|_| format!("move {n}: '{text}' is not a cell number (1-{})", g.cells()))?;
        game.play_in_place(c)
            .map_err(|e| format!("move {n}: {e}"))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
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
        assert!(e.contains("oxo, weights, perfect, search, random"), "{e}");
        // A full board, drawn.
        let drawn = strings(&["1", "2", "3", "5", "4", "6", "8", "7", "9"]);
        let e = choose_move("oxo", Player::X, 0, &drawn).unwrap_err();
        assert_eq!(e, "the game is already over (cat got it)");
    }
}
