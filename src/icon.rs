//! The application's icon, drawn procedurally: a little tic-tac-toe board on white — the black grid,
//! a blue x and a green o in the LED program's colours.
//!
//! [`icon_rgba`] returns `size`×`size` RGBA pixels (row-major from the top-left, 4 bytes a pixel).
//! The shell turns it into miniquad's window icon (16, 32 and 64 px); `assets/tictactoe.png` is the
//! 256 px rendering, checked against this code by `tests/icon.rs`.
//!
//! Shapes are signed distances, anti-aliased by 4×4 supersampling. Only `+ − × ÷` and `sqrt` are used
//! (all correctly rounded in IEEE 754), so the pixels are the same on every platform.

/// Samples per pixel along each axis (so `SS²` samples a pixel).
const SS: usize = 4;

const WHITE: [f32; 3] = [255.0, 255.0, 255.0];
const BLACK: [f32; 3] = [0.0, 0.0, 0.0];
const BLUE: [f32; 3] = [0.0, 0.0, 255.0];
const GREEN: [f32; 3] = [0.0, 255.0, 0.0];

/// The marks on the icon's board: cells row-major from the top-left, as in the LED program.
const MARKS: [(usize, Mark); 4] = [(1, Mark::X), (5, Mark::O), (6, Mark::X), (9, Mark::O)];

#[derive(Clone, Copy)]
enum Mark {
    X,
    O,
}

/// The layout of the board in unit coordinates (the icon is the square [0, 1]², y down).
struct Layout {
    /// The board's left/top edge.
    origin: f32,
    /// A cell's side.
    cell: f32,
    /// Half the width of a grid line.
    grid_half: f32,
    /// Half the width of a mark's stroke.
    stroke_half: f32,
}

impl Layout {
    fn new(size: usize) -> Layout {
        let px = 1.0 / size as f32;
        let origin = 0.04;
        let cell = (1.0 - 2.0 * origin) / 3.0;
        Layout {
            origin,
            cell,
            // At least about a pixel wide, so small icons keep a visible grid.
            grid_half: (0.022_f32).max(0.55 * px),
            stroke_half: (0.03_f32).max(0.6 * px),
        }
    }

    fn cell_centre(&self, c: usize) -> (f32, f32) {
        let col = ((c - 1) % 3) as f32;
        let row = ((c - 1) / 3) as f32;
        (
            self.origin + (col + 0.5) * self.cell,
            self.origin + (row + 0.5) * self.cell,
        )
    }

    /// Is the point on one of the four grid lines?
    fn on_grid(&self, x: f32, y: f32) -> bool {
        let lo = self.origin;
        let hi = self.origin + 3.0 * self.cell;
        let within = |v: f32| v >= lo && v <= hi;
        (1..=2).any(|k| {
            let line = self.origin + k as f32 * self.cell;
            ((x - line).abs() <= self.grid_half && within(y))
                || ((y - line).abs() <= self.grid_half && within(x))
        })
    }

    /// Is the point on the mark drawn in cell `c`?
    fn on_mark(&self, mark: Mark, c: usize, x: f32, y: f32) -> bool {
        let (cx, cy) = self.cell_centre(c);
        let (dx, dy) = (x - cx, y - cy);
        let reach = 0.3 * self.cell;
        match mark {
            Mark::X => {
                // Two diagonal strokes from (−reach, −reach) to (reach, reach) and mirrored.
                let along1 = (dx + dy) / 2.0;
                let along2 = (dx - dy) / 2.0;
                let off1 = (dx - dy).abs() / std::f32::consts::SQRT_2;
                let off2 = (dx + dy).abs() / std::f32::consts::SQRT_2;
                (off1 <= self.stroke_half && along1.abs() <= reach)
                    || (off2 <= self.stroke_half && along2.abs() <= reach)
            }
            Mark::O => {
                let r = (dx * dx + dy * dy).sqrt();
                (r - reach).abs() <= self.stroke_half
            }
        }
    }

    /// The colour of one sample point: marks over the grid over white.
    fn sample(&self, x: f32, y: f32) -> [f32; 3] {
        for &(c, mark) in &MARKS {
            if self.on_mark(mark, c, x, y) {
                return match mark {
                    Mark::X => BLUE,
                    Mark::O => GREEN,
                };
            }
        }
        if self.on_grid(x, y) {
            BLACK
        } else {
            WHITE
        }
    }
}

/// The icon as `size`×`size` RGBA pixels, row-major from the top-left; fully opaque.
///
/// # Panics
/// If `size` is 0.
pub fn icon_rgba(size: usize) -> Vec<u8> {
    assert!(size > 0, "an icon needs at least one pixel");
    let layout = Layout::new(size);
    let unit = 1.0 / (size * SS) as f32;
    let mut out = Vec::with_capacity(size * size * 4);
    for py in 0..size {
        for px in 0..size {
            let mut sum = [0.0_f32; 3];
            for sy in 0..SS {
                for sx in 0..SS {
                    let x = ((px * SS + sx) as f32 + 0.5) * unit;
                    let y = ((py * SS + sy) as f32 + 0.5) * unit;
                    let c = layout.sample(x, y);
                    for (s, v) in sum.iter_mut().zip(c) {
                        *s += v;
                    }
                }
            }
            for s in sum {
                out.push((s / (SS * SS) as f32).round() as u8);
            }
            out.push(255);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(img: &[u8], size: usize, x: usize, y: usize) -> [u8; 4] {
        let i = (y * size + x) * 4;
        [img[i], img[i + 1], img[i + 2], img[i + 3]]
    }

    /// Pixels at (fx, fy) as fractions of the icon's side.
    fn at(img: &[u8], size: usize, fx: f32, fy: f32) -> [u8; 4] {
        let x = (fx * size as f32) as usize;
        let y = (fy * size as f32) as usize;
        pixel(img, size, x.min(size - 1), y.min(size - 1))
    }

    #[test]
    fn icon_has_the_requested_size_and_is_opaque() {
        for size in [1, 16, 32, 64, 256] {
            let img = icon_rgba(size);
            assert_eq!(img.len(), size * size * 4, "size {size}");
            assert!(img.chunks(4).all(|p| p[3] == 255), "size {size}");
        }
    }

    #[test]
    fn icon_shows_grid_x_and_o_on_white() {
        let size = 256;
        let img = icon_rgba(size);
        let l = Layout::new(size);
        let line1 = l.origin + l.cell;
        let line2 = l.origin + 2.0 * l.cell;
        // White corner and white cell edges away from the marks.
        assert_eq!(pixel(&img, size, 0, 0), [255, 255, 255, 255]);
        // The grid: black on both vertical and both horizontal lines, between marks.
        assert_eq!(at(&img, size, line1, l.origin + 0.05), [0, 0, 0, 255]);
        assert_eq!(at(&img, size, line2, 0.95), [0, 0, 0, 255]);
        assert_eq!(at(&img, size, l.origin + 0.05, line1), [0, 0, 0, 255]);
        assert_eq!(at(&img, size, 0.95, line2), [0, 0, 0, 255]);
        // A blue x: its centre in cell 1 is blue; a green o: its centre (cell 5) is white, its ring green.
        let (cx, cy) = l.cell_centre(1);
        assert_eq!(at(&img, size, cx, cy), [0, 0, 255, 255]);
        let (cx, cy) = l.cell_centre(5);
        assert_eq!(at(&img, size, cx, cy), [255, 255, 255, 255]);
        assert_eq!(at(&img, size, cx + 0.3 * l.cell, cy), [0, 255, 0, 255]);
        // Empty cells are white in the middle.
        for c in [2, 3, 4, 7, 8] {
            let (cx, cy) = l.cell_centre(c);
            assert_eq!(at(&img, size, cx, cy), [255, 255, 255, 255], "cell {c}");
        }
    }

    #[test]
    fn small_icons_keep_all_three_colours() {
        for size in [16, 32, 64] {
            let img = icon_rgba(size);
            let has = |pred: &dyn Fn(&[u8]) -> bool| img.chunks(4).any(pred);
            assert!(
                has(&|p| p[2] > 150 && p[0] < 100 && p[1] < 100),
                "blue, size {size}"
            );
            assert!(
                has(&|p| p[1] > 150 && p[0] < 100 && p[2] < 100),
                "green, size {size}"
            );
            assert!(
                has(&|p| p[0] < 80 && p[1] < 80 && p[2] < 80),
                "dark, size {size}"
            );
            assert!(
                has(&|p| p[0] == 255 && p[1] == 255 && p[2] == 255),
                "white, size {size}"
            );
        }
    }
}
