//! The search's own board: a `width` × `height` grid (at most 19 × 19) where `run` stones in a line
//! win, with incremental counts over every k-window (every set of `run` consecutive cells in a row,
//! column or diagonal).
//!
//! Cells are indices `row · width + column` (0-based). For every window the board keeps how many
//! stones each colour has in it; from those counts it keeps, incrementally on every move and
//! take-back:
//! - the evaluation `eval[p]`: the sum over the windows still open for `p` (no opposing stone) of
//!   `VALUE[stones of p]`;
//! - per cell and colour, `score[p][c]`: the same sum over the open windows through `c` (a cell's
//!   threat value, for move ordering);
//! - the windows where `p` has `run − 1` stones and the other colour none ("fours": the empty cell
//!   wins at once) and `run − 2` stones ("threes": a stone in either empty cell makes a four), and per
//!   cell the number of such three-windows through it;
//! - the number of live windows (not holding both colours): none live means a draw;
//! - a Zobrist hash of the stones and the side to move.

use crate::geometry::Geometry;
use crate::rules::{Player, Stones};
use std::sync::Arc;

/// No stone on the cell.
pub const EMPTY: u8 = 2;

/// The immutable shape of a board: its windows and the cells near each cell, shared by every board
/// and thread of a search.
#[derive(Debug)]
pub struct Layout {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Stones in a line that win (k).
    pub run: usize,
    /// `width · height`.
    pub cells: usize,
    /// The cells of window `w`: `window_cells[w·run .. (w+1)·run]`.
    window_cells: Vec<u16>,
    /// The windows through cell `c`: `through[through_start[c] .. through_start[c+1]]`.
    through_start: Vec<u32>,
    through: Vec<u32>,
    /// The cells within Chebyshev distance 2 of cell `c` (itself excluded), same layout.
    near_start: Vec<u32>,
    near: Vec<u16>,
    /// Zobrist keys: `zobrist[c][p]` for a stone of colour `p` on `c`.
    zobrist: Vec<[u64; 2]>,
    /// `VALUE[n]`: what a window open for a colour is worth with `n` of its stones in it.
    pub value: Vec<i32>,
}

/// The players by colour index (x is 0, o is 1).
const COLOURS: [Player; 2] = Player::BOTH;

/// The key toggled when the side to move changes.
const SIDE_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64: the deterministic generator of the Zobrist keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The worth of a window open for a colour that lacks `missing` stones of a full run: a four
/// (missing 1) is a threat to win at once, a three (missing 2) one move from a four, and so on.
fn window_value(missing: usize, run: usize) -> i32 {
    if missing == 0 {
        return 0; // a finished run: the game is over and the search does not evaluate it
    }
    if missing >= run {
        return 1; // an empty window: only that it is still live
    }
    match missing {
        1 => 1000,
        2 => 100,
        3 => 14,
        4 => 4,
        _ => 2,
    }
}

impl Layout {
    /// The search's view of the lines of `geometry`: its windows are the geometry's lines (its
    /// `rows`, computed once per geometry and shared), as cell indices `cell − 1`.
    pub fn new(geometry: Geometry) -> Layout {
        let (width, height, run) = (geometry.width(), geometry.height(), geometry.run());
        let cells = geometry.cells();
        let mut window_cells = Vec::with_capacity(geometry.rows().len() * run);
        for i in 0..geometry.rows().len() {
            window_cells.extend(geometry.row_cells(i).iter().map(|&c| (c - 1) as u16));
        }
        let windows = window_cells.len() / run;
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for w in 0..windows {
            for &c in &window_cells[w * run..(w + 1) * run] {
                lists[c as usize].push(w as u32);
            }
        }
        let (through_start, through) = csr(&lists);
        let mut near_lists: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for (c, list) in near_lists.iter_mut().enumerate() {
            let (r, col) = ((c / width) as isize, (c % width) as isize);
            for dr in -2..=2isize {
                for dc in -2..=2isize {
                    let (nr, nc) = (r + dr, col + dc);
                    if (dr, dc) != (0, 0)
                        && (0..height as isize).contains(&nr)
                        && (0..width as isize).contains(&nc)
                    {
                        list.push((nr * width as isize + nc) as u16);
                    }
                }
            }
        }
        let (near_start, near) = csr(&near_lists);
        let mut seed = 0x5EED_0F60_u64 ^ ((width * 64 + height) as u64);
        let zobrist = (0..cells)
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let value = (0..=run).map(|n| window_value(run - n, run)).collect();
        Layout {
            width,
            height,
            run,
            cells,
            window_cells,
            through_start,
            through,
            near_start,
            near,
            zobrist,
            value,
        }
    }

    /// The number of windows.
    pub fn windows(&self) -> usize {
        self.window_cells.len() / self.run
    }

    /// The cells of window `w`.
    #[inline]
    pub fn window(&self, w: usize) -> &[u16] {
        &self.window_cells[w * self.run..(w + 1) * self.run]
    }

    /// The windows through cell `c`.
    #[inline]
    pub fn through(&self, c: usize) -> &[u32] {
        &self.through[self.through_start[c] as usize..self.through_start[c + 1] as usize]
    }

    /// The cells within distance 2 of `c`.
    #[inline]
    pub fn near(&self, c: usize) -> &[u16] {
        &self.near[self.near_start[c] as usize..self.near_start[c + 1] as usize]
    }
}

/// Compressed lists: the start of each list in one flat vector.
fn csr<T: Copy>(lists: &[Vec<T>]) -> (Vec<u32>, Vec<T>) {
    let mut start = Vec::with_capacity(lists.len() + 1);
    let mut flat = Vec::new();
    for l in lists {
        start.push(flat.len() as u32);
        flat.extend_from_slice(l);
    }
    start.push(flat.len() as u32);
    (start, flat)
}

/// A set of window indices with O(1) insert, remove and iteration.
#[derive(Clone, Debug)]
struct WindowSet {
    items: Vec<u32>,
    pos: Vec<u32>,
}

impl WindowSet {
    fn new(windows: usize) -> WindowSet {
        WindowSet {
            items: Vec::new(),
            pos: vec![u32::MAX; windows],
        }
    }
    fn insert(&mut self, w: u32) {
        self.pos[w as usize] = self.items.len() as u32;
        self.items.push(w);
    }
    fn remove(&mut self, w: u32) {
        let i = self.pos[w as usize] as usize;
        let last = self.items.pop().expect("window in set");
        if last != w {
            self.items[i] = last;
            self.pos[last as usize] = i as u32;
        }
        self.pos[w as usize] = u32::MAX;
    }
}

/// Up to two distinct cells of a kind, and whether there were more than one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// How many distinct cells, counted up to 2.
    pub count: u8,
    /// The first such cell (meaningful when `count ≥ 1`).
    pub first: u16,
}

/// A position under search: the stones, the side to move and the incremental counts.
#[derive(Clone, Debug)]
pub struct Board {
    layout: Arc<Layout>,
    /// The stones: the program's one stone layout, of which the counts below are a view.
    stones: Stones,
    count: Vec<[u8; 2]>,
    score: [Vec<i32>; 2],
    three_through: [Vec<u16>; 2],
    fours: [WindowSet; 2],
    threes: [WindowSet; 2],
    eval: [i32; 2],
    live: u32,
    near: Vec<u8>,
    hash: u64,
    to_move: u8,
    moves: Vec<u16>,
    /// The colour that completed a run first, and the number of stones before its move.
    winner: Option<(u8, u16)>,
    /// Per colour, the longest unbroken line that wins (`usize::MAX`: any line of `run` or more,
    /// freestyle; `run`: exactly `run`, standard, and black under renju).
    longest_win: [usize; 2],
}

impl Board {
    /// The empty board of `layout`, colour 0 to move.
    pub fn new(layout: Arc<Layout>) -> Board {
        let cells = layout.cells;
        let windows = layout.windows();
        let mut b = Board {
            stones: Stones::default(),
            count: vec![[0, 0]; windows],
            score: [vec![0; cells], vec![0; cells]],
            three_through: [vec![0; cells], vec![0; cells]],
            fours: [WindowSet::new(windows), WindowSet::new(windows)],
            threes: [WindowSet::new(windows), WindowSet::new(windows)],
            eval: [0, 0],
            live: 0,
            near: vec![0; cells],
            hash: 0,
            to_move: 0,
            moves: Vec::new(),
            winner: None,
            longest_win: [usize::MAX; 2],
            layout,
        };
        let layout = Arc::clone(&b.layout);
        for w in 0..windows {
            b.open_window(&layout, w);
        }
        b
    }

    /// The search's view of `stones` with `to_move` to move: the stones placed colour by colour on
    /// the empty board, every count following; colour `p`'s line wins only up to
    /// `longest_win[p]` stones (the rule's exactness: standard, and black under renju): the winner,
    /// the fours ([`Board::win_cells`]) and the double-four moves follow it; the evaluation and
    /// the three counts (move ordering) still read windows as freestyle does.
    pub fn of_with_longest_wins(
        layout: Arc<Layout>,
        stones: &Stones,
        to_move: Player,
        longest_win: [usize; 2],
    ) -> Board {
        let mut board = Board::new(layout);
        board.longest_win = longest_win;
        for p in Player::BOTH {
            for c in stones[p] {
                board.set_to_move(p.index());
                board.make(c - 1);
            }
        }
        board.set_to_move(to_move.index());
        if board.longest_win != [usize::MAX; 2] && board.winner.is_some() {
            // Placed one by one, a line of six showed a five on its way: judge the whole lines.
            board.winner = None;
            let layout = Arc::clone(&board.layout);
            'find: for (p, &player) in COLOURS.iter().enumerate() {
                for c in board.stones[player] {
                    for &w in layout.through(c - 1) {
                        let w = w as usize;
                        if usize::from(board.count[w][p]) == layout.run
                            && board.line_through(&layout, c - 1, w, p, None)
                                <= board.longest_win[p]
                        {
                            board.winner = Some((p as u8, 0));
                            break 'find;
                        }
                    }
                }
            }
        }
        board
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The colour to move (0 or 1).
    #[inline]
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// Makes `p` the colour to move (for positions given as stones, not as a game).
    pub fn set_to_move(&mut self, p: usize) {
        if p != self.to_move() {
            self.to_move = p as u8;
            self.hash ^= SIDE_KEY;
        }
    }

    /// The stone on the cell of index `c`: the colour index 0 (x) or 1 (o), or [`EMPTY`].
    #[inline]
    pub fn stone(&self, c: usize) -> u8 {
        match self.stones.at(c + 1) {
            Some(p) => p.index() as u8,
            None => EMPTY,
        }
    }

    /// The Zobrist hash of the stones and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The colour that completed a run, if one did.
    #[inline]
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(|(p, _)| usize::from(p))
    }

    /// The number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.moves.len()
    }

    /// True when no window can still be completed by either colour: the game is a draw whatever
    /// is played (a full board included).
    #[inline]
    pub fn dead(&self) -> bool {
        self.live == 0
    }

    /// The evaluation sum of colour `p` (see the module documentation).
    #[inline]
    pub fn eval(&self, p: usize) -> i32 {
        self.eval[p]
    }

    /// The threat value of cell `c` for colour `p`: the sum over open windows through it.
    #[inline]
    pub fn score(&self, p: usize, c: usize) -> i32 {
        self.score[p][c]
    }

    /// The number of three-windows of `p` through `c`: a stone of `p` on an empty `c` makes that
    /// many fours.
    #[inline]
    pub fn threes_through(&self, p: usize, c: usize) -> u16 {
        self.three_through[p][c]
    }

    /// Stones within distance 2 of `c`.
    #[inline]
    pub fn near(&self, c: usize) -> u8 {
        self.near[c]
    }

    /// True when `p` has a four: an empty cell that completes a winning run (under standard, and
    /// for black under renju, one that makes no overline).
    #[inline]
    pub fn has_four(&self, p: usize) -> bool {
        if self.longest_win[p] == usize::MAX {
            !self.fours[p].items.is_empty()
        } else {
            self.win_cells(p).count > 0
        }
    }

    /// Whether the four-window `w` of `p` wins when its empty cell is filled: always under
    /// freestyle; under an exact rule, when the line it makes is not longer than `p` may win with.
    #[inline]
    fn real_four(&self, w: usize, p: usize) -> bool {
        self.longest_win[p] == usize::MAX || {
            let c = self.empty_in(w) as usize;
            self.line_through(&self.layout, c, w, p, None) <= self.longest_win[p]
        }
    }

    /// True when `p` has a three-window (a move that makes a four).
    #[inline]
    pub fn has_three(&self, p: usize) -> bool {
        !self.threes[p].items.is_empty()
    }

    /// The distinct empty cells where `p` completes a winning run (counted up to 2): under
    /// standard, and for black under renju, a cell that would make an overline is none.
    pub fn win_cells(&self, p: usize) -> Threats {
        let mut t = Threats::default();
        for &w in &self.fours[p].items {
            if !self.real_four(w as usize, p) {
                continue;
            }
            let c = self.empty_in(w as usize);
            if t.count == 0 {
                t = Threats { count: 1, first: c };
            } else if c != t.first {
                t.count = 2;
                break;
            }
        }
        t
    }

    /// Every empty cell where a stone of `p` makes a four (a cell of a three-window of `p`),
    /// appended to `out` without repeats.
    pub fn four_making_cells(&self, p: usize, out: &mut Vec<u16>) {
        let start = out.len();
        for &w in &self.threes[p].items {
            for &c in self.layout.window(w as usize) {
                if self.stone(c as usize) == EMPTY && !out[start..].contains(&c) {
                    out.push(c);
                }
            }
        }
    }

    /// True when `p` has a move that makes two fours with distinct winning cells (a double four:
    /// one block cannot stop both). Found from the three-windows alone: a stone on one empty cell
    /// of a three-window makes a four that the other empty cell completes (under an exact rule,
    /// when completing it makes no overline).
    pub fn has_double_four_move(&self, p: usize) -> bool {
        let mut pairs: Vec<(u16, u16)> = Vec::with_capacity(2 * self.threes[p].items.len());
        let exact = self.longest_win[p] != usize::MAX;
        for &w in &self.threes[p].items {
            let mut empties = self
                .layout
                .window(w as usize)
                .iter()
                .copied()
                .filter(|&c| self.stone(c as usize) == EMPTY);
            if let (Some(a), Some(b)) = (empties.next(), empties.next()) {
                let wins = |stone: u16, five: u16| {
                    !exact
                        || self.line_through(
                            &self.layout,
                            five as usize,
                            w as usize,
                            p,
                            Some(stone),
                        ) <= self.longest_win[p]
                };
                if wins(a, b) {
                    pairs.push((a, b));
                }
                if wins(b, a) {
                    pairs.push((b, a));
                }
            }
        }
        pairs.sort_unstable();
        pairs
            .windows(2)
            .any(|w| w[0].0 == w[1].0 && w[0].1 != w[1].1)
    }

    /// The empty cell of a window with one empty cell.
    fn empty_in(&self, w: usize) -> u16 {
        *self
            .layout
            .window(w)
            .iter()
            .find(|&&c| self.stone(c as usize) == EMPTY)
            .expect("a four has an empty cell")
    }

    /// Adds the contributions of the empty window `w` (setting up the empty board).
    fn open_window(&mut self, layout: &Layout, w: usize) {
        self.live += 1;
        self.set_level(layout, w, 0, None, Some(0));
        self.set_level(layout, w, 1, None, Some(0));
    }

    /// Moves window `w`'s contribution for colour `p` from `old` to `new` stones of `p` (`None`:
    /// the window is closed to `p`): the evaluation, the cells' scores, the three-window counts
    /// and the sets of threes and fours.
    #[inline(always)]
    fn set_level(
        &mut self,
        layout: &Layout,
        w: usize,
        p: usize,
        old: Option<usize>,
        new: Option<usize>,
    ) {
        let run = layout.run;
        let value = |l: Option<usize>| l.map_or(0, |n| layout.value[n]);
        let dv = value(new) - value(old);
        let three = |l: Option<usize>| l.is_some_and(|n| n + 2 == run);
        let four = |l: Option<usize>| l.is_some_and(|n| n + 1 == run);
        let dthree = three(new) as i32 - three(old) as i32;
        self.eval[p] += dv;
        let cells = layout.window(w);
        if dv != 0 {
            let score = &mut self.score[p];
            for &c in cells {
                score[c as usize] += dv;
            }
        }
        if dthree != 0 {
            let threes = &mut self.three_through[p];
            for &c in cells {
                threes[c as usize] = (threes[c as usize] as i32 + dthree) as u16;
            }
        }
        match dthree {
            1 => self.threes[p].insert(w as u32),
            -1 => self.threes[p].remove(w as u32),
            _ => {}
        }
        match (four(old), four(new)) {
            (false, true) => self.fours[p].insert(w as u32),
            (true, false) => self.fours[p].remove(w as u32),
            _ => {}
        }
    }

    /// The length of colour `p`'s unbroken line through the empty cell `c` (counted as `p`'s, and
    /// `extra` too when given) along window `w`'s direction.
    fn line_through(
        &self,
        layout: &Layout,
        c: usize,
        w: usize,
        p: usize,
        extra: Option<u16>,
    ) -> usize {
        if self.longest_win[p] == usize::MAX || layout.run < 2 {
            return layout.run;
        }
        let cells = layout.window(w);
        let (a, b) = (cells[0] as usize, cells[1] as usize);
        let width = layout.width as isize;
        let (dr, dc) = (
            (b / layout.width) as isize - (a / layout.width) as isize,
            (b % layout.width) as isize - (a % layout.width) as isize,
        );
        let mine = &self.stones[COLOURS[p]];
        let on = |r: isize, k: isize| {
            (0..layout.height as isize).contains(&r)
                && (0..width).contains(&k)
                && (mine.contains((r * width + k) as usize + 1)
                    || extra == Some((r * width + k) as u16))
        };
        let (r0, k0) = ((c / layout.width) as isize, (c % layout.width) as isize);
        let mut n = 1;
        for s in [1, -1] {
            let (mut r, mut k) = (r0 + s * dr, k0 + s * dc);
            while on(r, k) {
                n += 1;
                r += s * dr;
                k += s * dc;
            }
        }
        n
    }

    /// Plays the side to move's stone on the empty cell `c`.
    pub fn make(&mut self, c: usize) {
        debug_assert_eq!(self.stone(c), EMPTY);
        let p = self.to_move as usize;
        let layout = Arc::clone(&self.layout);
        let q = 1 - p;
        for &w in layout.through(c) {
            let w = w as usize;
            let (own, other) = (self.count[w][p] as usize, self.count[w][q] as usize);
            if other == 0 {
                self.set_level(&layout, w, p, Some(own), Some(own + 1));
            }
            if own == 0 {
                self.set_level(&layout, w, q, Some(other), None);
                if other > 0 {
                    self.live -= 1;
                }
            }
            self.count[w][p] += 1;
            if own + 1 == layout.run
                && self.winner.is_none()
                && self.line_through(&layout, c, w, p, None) <= self.longest_win[p]
            {
                self.winner = Some((p as u8, self.moves.len() as u16));
            }
        }
        for &n in layout.near(c) {
            self.near[n as usize] += 1;
        }
        self.stones[COLOURS[p]].insert(c + 1);
        self.hash ^= layout.zobrist[c][p] ^ SIDE_KEY;
        self.to_move ^= 1;
        self.moves.push(c as u16);
    }

    /// Takes back the last stone played.
    pub fn unmake(&mut self) {
        let c = self.moves.pop().expect("a move to take back") as usize;
        self.to_move ^= 1;
        let p = self.to_move as usize;
        let layout = Arc::clone(&self.layout);
        self.stones[COLOURS[p]].remove(c + 1);
        self.hash ^= layout.zobrist[c][p] ^ SIDE_KEY;
        for &n in layout.near(c) {
            self.near[n as usize] -= 1;
        }
        let q = 1 - p;
        for &w in layout.through(c) {
            let w = w as usize;
            self.count[w][p] -= 1;
            let (own, other) = (self.count[w][p] as usize, self.count[w][q] as usize);
            if other == 0 {
                self.set_level(&layout, w, p, Some(own + 1), Some(own));
            }
            if own == 0 {
                self.set_level(&layout, w, q, None, Some(other));
                if other > 0 {
                    self.live += 1;
                }
            }
        }
        if self
            .winner
            .is_some_and(|(_, at)| at as usize == self.moves.len())
        {
            self.winner = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: usize, h: usize, k: usize) -> Board {
        Board::new(Arc::new(Layout::new(Geometry::new(w, h, k).unwrap())))
    }

    /// The counts kept incrementally, recomputed from scratch: evaluations, live windows, cell
    /// scores, three-windows through each cell, fours.
    type Counts = ([i32; 2], u32, [Vec<i32>; 2], [Vec<u16>; 2], [usize; 2]);

    fn recomputed(b: &Board) -> Counts {
        let l = b.layout();
        let mut eval = [0; 2];
        let mut live = 0;
        let mut score = [vec![0; l.cells], vec![0; l.cells]];
        let mut three = [vec![0u16; l.cells], vec![0u16; l.cells]];
        let mut fours = [0; 2];
        for w in 0..l.windows() {
            let mut n = [0usize; 2];
            for &c in l.window(w) {
                if b.stone(c as usize) != EMPTY {
                    n[b.stone(c as usize) as usize] += 1;
                }
            }
            if n[0] == 0 || n[1] == 0 {
                live += 1;
            }
            for p in 0..2 {
                if n[1 - p] == 0 {
                    eval[p] += l.value[n[p]];
                    for &c in l.window(w) {
                        score[p][c as usize] += l.value[n[p]];
                        if n[p] + 2 == l.run {
                            three[p][c as usize] += 1;
                        }
                    }
                    if n[p] + 1 == l.run {
                        fours[p] += 1;
                    }
                }
            }
        }
        (eval, live, score, three, fours)
    }

    #[test]
    fn windows_of_small_boards() {
        // 3×3 k3: the LED program's eight rows.
        let layout = |w, h, k| Layout::new(Geometry::new(w, h, k).unwrap());
        assert_eq!(layout(3, 3, 3).windows(), 8);
        // 15×15 k5: 11·15 per direction on rows and columns, 11·11 per diagonal direction.
        assert_eq!(layout(15, 15, 5).windows(), 2 * 165 + 2 * 121);
        // 4×1 k2: three horizontal windows, nothing else fits.
        assert_eq!(layout(4, 1, 2).windows(), 3);
        // Run 1: the geometry's lines, every cell once in each of the four directions.
        assert_eq!(layout(3, 3, 1).windows(), 4 * 9);
    }

    #[test]
    fn incremental_counts_agree_with_a_recount_through_random_games_and_takebacks() {
        let mut seed = 7u64;
        for (w, h, k) in [(3, 3, 3), (5, 4, 4), (7, 7, 5), (6, 9, 3), (9, 9, 5)] {
            let mut b = board(w, h, k);
            let empty = b.hash();
            for _ in 0..4 {
                let mut played = 0;
                while b.winner().is_none() && b.stone_count() < w * h {
                    let empties: Vec<usize> = (0..w * h).filter(|&c| b.stone(c) == EMPTY).collect();
                    let c = empties[(splitmix(&mut seed) % empties.len() as u64) as usize];
                    b.make(c);
                    played += 1;
                    let (eval, live, score, three, fours) = recomputed(&b);
                    assert_eq!([b.eval(0), b.eval(1)], eval);
                    assert_eq!(b.live, live);
                    for p in 0..2 {
                        assert_eq!(b.fours[p].items.len(), fours[p]);
                        for c in 0..w * h {
                            assert_eq!(b.score(p, c), score[p][c]);
                            assert_eq!(b.threes_through(p, c), three[p][c]);
                        }
                    }
                }
                for _ in 0..played {
                    b.unmake();
                }
                assert_eq!(b.hash(), empty);
                assert_eq!(b.stone_count(), 0);
                assert_eq!(recomputed(&b).0, [b.eval(0), b.eval(1)]);
            }
        }
    }

    #[test]
    fn win_cells_and_four_making_cells() {
        // 7×7 k5, colour 0 on (3,1) (3,2) (3,3); colour 1 elsewhere.
        let mut b = board(7, 7, 5);
        for c in [22, 0, 23, 6, 24, 48] {
            b.make(c);
        }
        assert_eq!(b.to_move(), 0);
        assert_eq!(b.win_cells(0).count, 0);
        let mut cells = Vec::new();
        b.four_making_cells(0, &mut cells);
        cells.sort();
        // Row 3 is cells 21..=27: the three-windows 21..25 and 22..26 leave 21, 25 and 26 empty
        // (23..27 holds only two stones).
        assert_eq!(cells, [21, 25, 26]);
        b.make(25); // 22 23 24 25: fours at 21 and 26
        b.make(40);
        let t = b.win_cells(0);
        assert_eq!(t.count, 2);
        b.make(26);
        assert_eq!(b.winner(), Some(0));
        b.unmake();
        b.unmake();
        b.unmake();
        // Back to 22 23 24 and 40 for colour 1 (colour 0 to move): a stone on 25 or 21 makes
        // an open four (two winning cells), so colour 0 has a double-four move; colour 1 not.
        assert!(b.has_double_four_move(0));
        assert!(!b.has_double_four_move(1));
        b.unmake();
        assert_eq!(b.winner(), None);
    }
}
