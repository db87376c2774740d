//! `tictactoe forbidden [--start x|o] [--width W --height H] CELL ...`: the points where the first
//! player (black) may not play under renju after the cells played so far, whoever is to move — one
//! cell number per line, ascending; nothing when there are none.

use super::parse_game_under;
use crate::geometry::Geometry;
use crate::rule::{Rule, RENJU_RUN};
use crate::rules::Player;

/// The subcommand: the forbidden points, one a line, or a one-line error (a board off 1 to
/// the largest side, a bad cell, a move that is itself forbidden or after the end of the game).
pub fn run(start: Player, width: u8, height: u8, cells: &[String]) -> Result<String, String> {
    let (w, h) = (usize::from(width), usize::from(height));
    // Renju is five in a row; a board too small for five has no forbidden point, but is a board.
    let g = Geometry::new(w, h, RENJU_RUN.min(w.max(h))).map_err(|e| e.to_string())?;
    let game = parse_game_under(g, Rule::Renju, start, cells).map_err(|e| e.to_string())?;
    Ok(game
        .state()
        .forbidden_points()
        .iter()
        .map(|c| format!("{c}\n"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run15(cells: &[Cell]) -> Result<String, String> {
        let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        run(Player::X, 15, 15, &cells)
    }

    use crate::geometry::Cell;

    #[test]
    fn lists_the_points_ascending_whoever_is_to_move() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let c = |r, k| g.cell(r, k);
        // Black: (7,5), (7,6) across and (5,7), (6,7) down; white: corners.
        let moves = [
            c(7, 5),
            c(0, 0),
            c(7, 6),
            c(0, 14),
            c(5, 7),
            c(14, 0),
            c(6, 7),
        ];
        let out = run15(&moves).unwrap();
        assert!(out.lines().any(|l| l == c(7, 7).to_string()), "{out}");
        let listed: Vec<Cell> = out.lines().map(|l| l.parse().unwrap()).collect();
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        assert_eq!(listed, sorted);
        // Before black's fourth stone there is none; with white to move, the same are listed.
        assert!(run15(&moves[..moves.len() - 1]).unwrap().is_empty());
        let mut more = moves.to_vec();
        more.push(c(14, 14));
        assert_eq!(run15(&more).unwrap(), out);
        // The forbidden point itself cannot be played by black.
        more.push(c(7, 7));
        let e = run15(&more).unwrap_err();
        assert!(e.contains("double three"), "{e}");
        assert_eq!(run15(&[]).unwrap(), "");
    }

    #[test]
    fn bad_input_is_one_line() {
        for e in [
            run(Player::X, 15, 15, &["0".into()]),
            run(Player::X, 15, 15, &["x".into()]),
            run(Player::X, 15, 15, &["1".into(), "1".into()]),
        ] {
            let e = e.unwrap_err();
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        assert_eq!(run(Player::O, 3, 3, &["5".into()]).unwrap(), "");
    }
}
