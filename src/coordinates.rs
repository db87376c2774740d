//! Coordinates: how a cell is named to a person.
//!
//! Letters along the columns (a, b, … from the left; A, B, … as labels beside the grid) and numbers
//! along the rows, counted from the top, 1-based, as Gomocup's x,y are: the cell in column 8 and
//! row 8 is `h8`. Scripts keep cell numbers (1 … width·height, row-major from the top-left); a cell
//! is named with coordinates wherever a person reads it: the status line, the analysis lines, the
//! command line's text for people.
//!
//! Boards are at most 26 wide, so one letter names every column.

use crate::geometry::{Cell, Geometry};
use crate::rules::{Player, State};

/// The label of column `column` (0-based): `A`, `B`, … `Z`.
pub fn column_label(column: usize) -> char {
    debug_assert!(column < 26, "column {column}");
    (b'A' + (column % 26) as u8) as char
}

/// The label of row `row` (0-based, from the top): `1`, `2`, …
pub fn row_label(row: usize) -> String {
    (row + 1).to_string()
}

/// The coordinates of `cell` on `g`: column letter (lower case) and row number, e.g. `h8`.
pub fn name(g: Geometry, cell: Cell) -> String {
    let (row, column) = g.row_column(cell);
    format!(
        "{}{}",
        column_label(column).to_ascii_lowercase(),
        row_label(row)
    )
}

/// The cell named `text` on `g` (`h8` or `H8`), if it is on the board.
pub fn parse(g: Geometry, text: &str) -> Option<Cell> {
    let text = text.trim();
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let column = (letter as u8 - b'a') as usize;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: usize = digits.parse().ok()?;
    (column < g.width() && (1..=g.height()).contains(&row)).then(|| g.cell(row - 1, column))
}

/// The board as text with its coordinates: a line of column letters, then one line per row, its
/// number first, `X`, `O` or `.` per cell (OXO's letters).
///
/// ```text
///    A B C
///  1 X O O
///  2 . X .
///  3 . . X
/// ```
pub fn grid_text(state: &State) -> String {
    let g = state.geometry();
    let margin = row_label(g.height() - 1).len();
    let mut s = " ".repeat(margin);
    for column in 0..g.width() {
        s.push(' ');
        s.push(column_label(column));
    }
    s.push('\n');
    for row in 0..g.height() {
        s.push_str(&format!("{:>margin$}", row_label(row)));
        for column in 0..g.width() {
            s.push(' ');
            s.push(match state.occupant(g.cell(row, column)) {
                Some(Player::X) => 'X',
                Some(Player::O) => 'O',
                None => '.',
            });
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_has_letters_above_and_numbers_beside() {
        let s = State::from_cells(Geometry::LED, Player::X, &[1, 2, 5, 3, 9]).unwrap();
        assert_eq!(grid_text(&s), "  A B C\n1 X O O\n2 . X .\n3 . . X\n");
        let g = Geometry::new(12, 10, 5).unwrap();
        let s = State::from_cells(g, Player::O, &[120]).unwrap();
        let text = grid_text(&s);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "   A B C D E F G H I J K L");
        assert_eq!(lines[1], " 1 . . . . . . . . . . . .");
        assert_eq!(lines[10], "10 . . . . . . . . . . . O");
        // Every line the same width, and each cell under its letter.
        assert!(lines.iter().all(|l| l.len() == lines[0].len()));
    }

    #[test]
    fn every_cell_of_every_board_has_a_name_that_names_it_back() {
        for w in 1..=crate::geometry::MAX_SIDE.min(26) {
            for h in 1..=crate::geometry::MAX_SIDE.min(26) {
                let g = Geometry::new(w, h, 1).unwrap();
                let mut seen = std::collections::HashSet::new();
                for c in g.game_board() {
                    let n = name(g, c);
                    assert_eq!(parse(g, &n), Some(c), "{n} on {w}x{h}");
                    assert_eq!(parse(g, &n.to_uppercase()), Some(c));
                    assert!(seen.insert(n));
                }
            }
        }
    }

    #[test]
    fn names_follow_gomocup_columns_and_rows_from_the_top() {
        let g = Geometry::new(15, 15, 5).unwrap();
        assert_eq!(name(g, 1), "a1");
        assert_eq!(name(g, 15), "o1");
        assert_eq!(name(g, 16), "a2");
        assert_eq!(name(g, 113), "h8", "the centre, Gomocup's 7,7");
        assert_eq!(name(g, 225), "o15");
        assert_eq!(name(Geometry::LED, 9), "c3");
        for bad in [
            "", "h", "8", "p1", "a0", "a16", "h8x", "hh8", "a-1", "a0001",
        ] {
            assert_eq!(parse(g, bad), None, "{bad}");
        }
    }
}
