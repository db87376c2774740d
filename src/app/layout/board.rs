//! Where a board of any size is drawn, and which cell a point is in: the LED program's display and
//! input definitions (seed 002 (16)–(19), (40)–(44)) generalised from its 3 × 3 board in the
//! rectangle 100–400 × 400–700 to a `width` × `height` board in any rectangle.
//!
//! [`BoardLayout::led`] is the LED program's own layout: its centres, cell boxes and grid lines are
//! exactly `centerX`/`centerY`, `xMin`/`xMax`/`yMin`/`yMax` and `gridDisplay` (tested against
//! [`crate::led`], the literal program). Coordinates are Easel's (origin bottom-left, y up).

use crate::easel::{point, segment, Color, Image, Point};
use crate::geometry::{Cell, Geometry};

/// A rectangle in Easel coordinates: `left < right`, `bottom < top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    /// Smallest x.
    pub left: i32,
    /// Smallest y.
    pub bottom: i32,
    /// Largest x.
    pub right: i32,
    /// Largest y.
    pub top: i32,
}

impl Rect {
    /// The rectangle with these sides.
    pub const fn new(left: i32, bottom: i32, right: i32, top: i32) -> Rect {
        Rect {
            left,
            bottom,
            right,
            top,
        }
    }

    /// Width.
    pub fn width(&self) -> i32 {
        self.right - self.left
    }

    /// Height.
    pub fn height(&self) -> i32 {
        self.top - self.bottom
    }

    /// The centre, `(mid(left, right), mid(bottom, top))` as the LED program's `mid` computes it.
    pub fn centre(&self) -> Point {
        point((self.left + self.right) / 2, (self.bottom + self.top) / 2)
    }

    /// `x` strictly between left and right and `y` strictly between bottom and top (the shape of
    /// `cellClicked` and `restartClicked`: a point on an edge is in no box).
    pub fn strictly_contains(&self, x: f32, y: f32) -> bool {
        x > self.left as f32
            && x < self.right as f32
            && y > self.bottom as f32
            && y < self.top as f32
    }

    /// Whether the two rectangles share any inner point.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.left < other.right
            && other.left < self.right
            && self.bottom < other.top
            && other.bottom < self.top
    }

    /// Whether `other` lies within this rectangle (edges included).
    pub fn encloses(&self, other: &Rect) -> bool {
        self.left <= other.left
            && other.right <= self.right
            && self.bottom <= other.bottom
            && other.top <= self.top
    }

    /// The rectangle shrunk by `d` on every side.
    pub fn inset(&self, d: i32) -> Rect {
        Rect::new(self.left + d, self.bottom + d, self.right - d, self.top - d)
    }

    /// Its four sides as segments, in the order of the LED restart button's A1–A4.
    pub fn outline(&self, color: Color) -> Vec<Image> {
        let (l, b, r, t) = (self.left, self.bottom, self.right, self.top);
        vec![
            segment(point(l, b), point(r, b), color),
            segment(point(r, b), point(r, t), color),
            segment(point(r, t), point(l, t), color),
            segment(point(l, t), point(l, b), color),
        ]
    }
}

/// The LED board's rectangle: columns 100–400, rows 400–700.
pub const LED_BOARD: Rect = Rect::new(100, 400, 400, 700);

/// A board drawn in a rectangle: square cells of side `cell`, as large as fit, centred in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardLayout {
    geometry: Geometry,
    left: i32,
    top: i32,
    cell: i32,
}

impl BoardLayout {
    /// The board of `geometry` in `area`: the largest whole-pixel square cells that fit, the board
    /// centred in the area.
    pub fn new(geometry: Geometry, area: Rect) -> BoardLayout {
        let (w, h) = (geometry.width() as i32, geometry.height() as i32);
        let cell = (area.width() / w).min(area.height() / h).max(1);
        BoardLayout {
            geometry,
            left: area.left + (area.width() - cell * w) / 2,
            top: area.top - (area.height() - cell * h) / 2,
            cell,
        }
    }

    /// The LED program's layout: 3 × 3 cells of 100 in 100–400 × 400–700.
    pub fn led() -> BoardLayout {
        BoardLayout::new(Geometry::LED, LED_BOARD)
    }

    /// The board.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// A cell's side.
    pub fn cell_size(&self) -> i32 {
        self.cell
    }

    /// The rectangle the cells tile.
    pub fn bounds(&self) -> Rect {
        Rect::new(
            self.left,
            self.top - self.cell * self.geometry.height() as i32,
            self.left + self.cell * self.geometry.width() as i32,
            self.top,
        )
    }

    fn column(&self, c: Cell) -> i32 {
        self.geometry.row_column(c).1 as i32
    }

    fn row(&self, c: Cell) -> i32 {
        self.geometry.row_column(c).0 as i32
    }

    /// `xMin(c) := left + cell × ((c − 1) mod width)` (LED (40): 100 + 100 × ((c − 1) mod 3)).
    pub fn x_min(&self, c: Cell) -> i32 {
        self.left + self.cell * self.column(c)
    }

    /// `xMax(c) := xMin(c) + cell` (LED (41)).
    pub fn x_max(&self, c: Cell) -> i32 {
        self.x_min(c) + self.cell
    }

    /// `yMin(c) := yMax(c) − cell` (LED (42)).
    pub fn y_min(&self, c: Cell) -> i32 {
        self.y_max(c) - self.cell
    }

    /// `yMax(c) := top − cell × ⌊(c − 1) / width⌋` (LED (43): 700 − 100 × ⌊(c − 1) / 3⌋).
    pub fn y_max(&self, c: Cell) -> i32 {
        self.top - self.cell * self.row(c)
    }

    /// The cell's box, xMin–xMax × yMin–yMax.
    pub fn cell_box(&self, c: Cell) -> Rect {
        Rect::new(self.x_min(c), self.y_min(c), self.x_max(c), self.y_max(c))
    }

    /// `centerX(c)`, `centerY(c)` (LED (18), (19)): the middle of the cell's box.
    pub fn centre(&self, c: Cell) -> Point {
        point(self.x_min(c) + self.cell / 2, self.y_max(c) - self.cell / 2)
    }

    /// `gridDisplay` (LED (16)): the inner lines between columns, top to bottom, then between rows,
    /// left to right.
    pub fn grid_display(&self, color: Color) -> Vec<Image> {
        let b = self.bounds();
        let verticals = (1..self.geometry.width() as i32).map(|i| {
            let x = b.left + i * self.cell;
            segment(point(x, b.top), point(x, b.bottom), color)
        });
        let horizontals = (1..self.geometry.height() as i32).map(|j| {
            let y = b.top - j * self.cell;
            segment(point(b.left, y), point(b.right, y), color)
        });
        verticals.chain(horizontals).collect()
    }

    /// The cell whose box strictly contains (x, y) — `cellClicked` (LED (44)) generalised: a point
    /// on a grid line or outside the board is in no cell.
    pub fn cell_at(&self, x: f32, y: f32) -> Option<Cell> {
        let b = self.bounds();
        if !b.strictly_contains(x, y) {
            return None;
        }
        let column = ((x - b.left as f32) / self.cell as f32).floor() as usize;
        let row = ((b.top as f32 - y) / self.cell as f32).floor() as usize;
        let c = self.geometry.cell(
            row.min(self.geometry.height() - 1),
            column.min(self.geometry.width() - 1),
        );
        self.cell_box(c).strictly_contains(x, y).then_some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::led;

    #[test]
    fn the_general_layout_on_the_led_board_is_the_led_program() {
        let l = BoardLayout::led();
        assert_eq!(l.cell_size(), 100);
        assert_eq!(l.bounds(), LED_BOARD);
        for c in Geometry::LED.game_board() {
            assert_eq!(l.centre(c), point(led::center_x(c), led::center_y(c)));
            assert_eq!(l.x_min(c) as f32, led::x_min(c));
            assert_eq!(l.x_max(c) as f32, led::x_max(c));
            assert_eq!(l.y_min(c) as f32, led::y_min(c));
            assert_eq!(l.y_max(c) as f32, led::y_max(c));
        }
        assert_eq!(l.grid_display(led::BLACK), led::grid_display());
        // cell_at is cellClicked: every point of a fine grid over the window, lines included.
        for x in (0..=800).map(|x| x as f32 * 0.5) {
            for y in (300..=800).step_by(7).map(|y| y as f32) {
                let input = crate::easel::Input::click(x, y);
                let led_cell = Geometry::LED
                    .game_board()
                    .find(|&c| led::cell_clicked(&input, c));
                assert_eq!(l.cell_at(x, y), led_cell, "({x}, {y})");
            }
        }
    }

    #[test]
    fn cells_are_square_tile_the_board_and_are_found_at_their_centres() {
        let area = Rect::new(20, 120, 600, 700);
        for (w, h, k) in [
            (4, 4, 4),
            (5, 5, 4),
            (7, 7, 5),
            (15, 15, 5),
            (19, 19, 5),
            (19, 3, 3),
        ] {
            let g = Geometry::new(w, h, k).unwrap();
            let l = BoardLayout::new(g, area);
            assert!(area.encloses(&l.bounds()), "{g}");
            // Largest: one more pixel per cell would not fit.
            let bigger = l.cell_size() + 1;
            assert!(bigger * w as i32 > area.width() || bigger * h as i32 > area.height());
            let mut covered = 0;
            for c in g.game_board() {
                let b = l.cell_box(c);
                assert_eq!(b.width(), b.height(), "square");
                assert!(l.bounds().encloses(&b));
                covered += b.width() * b.height();
                let p = l.centre(c);
                assert_eq!(l.cell_at(p.x as f32, p.y as f32), Some(c));
                // Grid lines belong to no cell.
                assert_eq!(l.cell_at(b.left as f32, p.y as f32), None);
                assert_eq!(l.cell_at(p.x as f32, b.top as f32), None);
                for d in g.game_board().filter(|&d| d != c) {
                    assert!(!b.overlaps(&l.cell_box(d)), "{g}: {c} and {d}");
                }
            }
            let bounds = l.bounds();
            assert_eq!(covered, bounds.width() * bounds.height(), "{g}: tiled");
        }
    }
}
