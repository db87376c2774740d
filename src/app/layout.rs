//! Where everything goes in the window: the board ([`BoardLayout`], the LED program's layout
//! generalised to any board, in [`board`]), the buttons and their boxes, the score and the key
//! hints. On the LED board the boxes are the LED program's layout's neighbours, named one by one;
//! on other boards a column on the right.

mod board;

pub use board::{BoardLayout, Rect};

use super::state::App;
use super::update::Action;
use crate::easel::{point, text, Image, Point};
use crate::geometry::Geometry;
use crate::led::{BLACK, FONT_SIZE};
use crate::rules::Player;

/// A button: its box, its label and the action a click inside the box (strictly) takes. Each
/// button is described once, here, and both drawn and hit-tested from the description.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    /// The box.
    pub rect: Rect,
    /// The label, centred in the box.
    pub label: String,
    /// The label's font size.
    pub font: u32,
    /// What a click does.
    pub action: Action,
}

impl Button {
    /// The box's four sides and its label, the restart button's shape (LED (37)).
    pub fn images(&self) -> Vec<Image> {
        let mut images = self.rect.outline(BLACK);
        images.push(text(&self.label, self.rect.centre(), self.font, BLACK));
        images
    }
}

/// On the LED board: the x seat's button, below the board.
pub const X_SEAT_BOX: Rect = Rect::new(100, 305, 380, 355);
/// On the LED board: the o seat's button.
pub const O_SEAT_BOX: Rect = Rect::new(420, 305, 700, 355);
/// On the LED board: the starting player's button.
pub const START_BOX: Rect = Rect::new(100, 225, 380, 275);
/// On the LED board: the button that sets the score back to zero.
pub const RESET_SCORE_BOX: Rect = Rect::new(420, 225, 700, 275);
/// On the LED board: the board's button.
pub const BOARD_BOX: Rect = Rect::new(100, 145, 380, 195);
/// On the LED board: the undo button.
pub const UNDO_BOX: Rect = Rect::new(420, 145, 525, 195);
/// On the LED board: the explain button.
pub const EXPLAIN_BOX: Rect = Rect::new(540, 145, 700, 195);
/// On the LED board: the analyse button, right of the board.
pub const ANALYSE_BOX: Rect = Rect::new(420, 400, 590, 450);
/// On the LED board: the evaluation graph, right of the board under the score.
pub const GRAPH_BOX: Rect = Rect::new(600, 380, 780, 520);
/// Off the LED board: the rule's button, in the column below the score.
pub const RULE_BOX: Rect = Rect::new(615, 200, 790, 240);

/// The font size of the additions on boards other than the LED's, where they share a narrow column.
pub const SMALL_FONT: u32 = 24;
/// Where boards other than the LED's are drawn: left of the controls' column, below the top line.
/// It leaves room on the left and above for the coordinates (letters along the columns, numbers
/// along the rows), whether or not they are shown, so that a cell stays where it is when `c`
/// toggles them.
pub const LARGE_BOARD_AREA: Rect = Rect::new(48, 110, 600, 684);

/// Where everything goes for one board: the board's layout, the buttons' boxes, the score and the
/// key hints. The LED board keeps the LED program's layout, with the additions below and right of
/// it; other boards take the largest square cells in [`LARGE_BOARD_AREA`], with the additions in a
/// column on the right. The top line (whose turn, the result, restart) is the LED program's on
/// every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The board.
    pub board: BoardLayout,
    /// Whether this is the LED program's own layout.
    pub led: bool,
}

impl Layout {
    /// The layout of a board.
    pub fn of(geometry: Geometry) -> Layout {
        if geometry == Geometry::LED {
            Layout {
                board: BoardLayout::led(),
                led: true,
            }
        } else {
            Layout {
                board: BoardLayout::new(geometry, LARGE_BOARD_AREA),
                led: false,
            }
        }
    }

    /// The font size of the additions.
    pub fn font(&self) -> u32 {
        if self.led {
            FONT_SIZE
        } else {
            SMALL_FONT
        }
    }

    /// The font size of the marks: the LED's 36 on its board, else in proportion to the cells.
    pub fn mark_font(&self) -> u32 {
        if self.led {
            FONT_SIZE
        } else {
            (self.board.cell_size() as u32 * 3 / 5).max(8)
        }
    }

    /// The seat, start, board, undo and score buttons: (box, action), in drawing order.
    fn boxes(&self) -> [(Rect, Action); 8] {
        if self.led {
            [
                (X_SEAT_BOX, Action::NextSeat(Player::X)),
                (O_SEAT_BOX, Action::NextSeat(Player::O)),
                (START_BOX, Action::SwapStart),
                (RESET_SCORE_BOX, Action::ResetScore),
                (BOARD_BOX, Action::NextBoard),
                (UNDO_BOX, Action::Undo),
                (EXPLAIN_BOX, Action::ToggleExplain),
                (ANALYSE_BOX, Action::ToggleAnalysis),
            ]
        } else {
            let row = |i: i32| Rect::new(615, 660 - 50 * i, 790, 700 - 50 * i);
            [
                (row(0), Action::NextSeat(Player::X)),
                (row(1), Action::NextSeat(Player::O)),
                (row(2), Action::SwapStart),
                (row(6), Action::ResetScore),
                (row(3), Action::NextBoard),
                (Rect::new(615, 460, 680, 500), Action::Undo),
                (row(5), Action::ToggleExplain),
                (Rect::new(685, 460, 790, 500), Action::ToggleAnalysis),
            ]
        }
    }

    /// Where the evaluation graph goes: at the foot of the column on large boards (below the
    /// rule's button), right of the board on the LED's.
    pub fn graph_area(&self) -> Rect {
        if self.led {
            GRAPH_BOX
        } else {
            Rect::new(615, 100, 790, 190)
        }
    }

    /// Where the analysis's line goes (depth, nodes/s, the best line): the first key hint's place.
    pub fn status_point(&self) -> Point {
        self.key_hints()[0].1
    }

    /// Where the score's three lines are centred.
    pub(super) fn score_points(&self) -> [Point; 3] {
        if self.led {
            [point(600, 650), point(600, 600), point(600, 550)]
        } else {
            [point(700, 320), point(700, 290), point(700, 260)]
        }
    }

    /// The key hints' lines.
    pub(super) fn key_hints(&self) -> Vec<(&'static str, Point)> {
        if self.led {
            vec![
                ("keys: r restart, 1-9 play, u undo", point(400, 95)),
                ("x o players, s first, b board, e", point(400, 50)),
            ]
        } else {
            vec![
                ("keys: arrows + enter play, r restart", point(310, 80)),
                ("u undo, h hint, e explain, g rule", point(310, 45)),
            ]
        }
    }
}

/// Every button of the window for `state`, described once.
pub fn buttons(state: &App) -> Vec<Button> {
    let layout = state.layout();
    let g = state.geometry();
    let rule = state.game.rule();
    let board = if layout.led {
        format!("board {}x{} k{}", g.width(), g.height(), g.run())
    } else if rule == crate::rule::Rule::Renju {
        format!("{}x{} renju", g.width(), g.height())
    } else {
        format!("{}x{} k{}", g.width(), g.height(), g.run())
    };
    let mut all: Vec<Button> = layout
        .boxes()
        .into_iter()
        .map(|(rect, action)| {
            let label = match action {
                Action::NextSeat(p) => state.seat_label(p),
                Action::SwapStart => format!("first: {}", state.game.start().symbol()),
                Action::ResetScore => "reset score".to_string(),
                Action::NextBoard => board.clone(),
                Action::Undo => "undo".to_string(),
                Action::ToggleExplain => "explain".to_string(),
                Action::ToggleAnalysis if state.analysing.on => "stop".to_string(),
                Action::ToggleAnalysis => "analyse".to_string(),
                _ => unreachable!("only these actions have buttons"),
            };
            // As large as the layout's font, and no wider than the box (a monospace glyph is
            // about 0.61 of its size wide).
            let chars = label.chars().count().max(1) as i32;
            let fits = ((rect.width() - 12) * 100 / (61 * chars)).max(8) as u32;
            Button {
                rect,
                font: layout.font().min(fits),
                label,
                action,
            }
        })
        .collect();
    if !layout.led {
        all.push(Button {
            rect: RULE_BOX,
            label: rule.to_string(),
            font: layout.font(),
            action: Action::NextRule,
        });
    }
    all
}
