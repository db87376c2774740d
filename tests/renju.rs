//! Gomocup's rules (issue 15): exactly five against freestyle on constructed overlines, the textbook
//! renju cases, and the fast forbidden-point detector against a slow checker written here from the
//! Renju International Federation's definitions, on thousands of random positions.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tictactoe::geometry::{Cell, CellSet, Geometry};
use tictactoe::rule::{forbidden, forbidden_points, Forbidden, RenjuBoard, Rule};

// ---------------------------------------------------------------------------------------------
// Diagrams: 'X' black, 'O' white, '.' empty, '*' the point asked about (empty). The diagram is put
// at row `top`, column `left` of a 15 × 15 board.

struct Diagram {
    geometry: Geometry,
    black: CellSet,
    white: CellSet,
    point: Option<Cell>,
}

fn diagram_at(rows: &[&str], top: usize, left: usize) -> Diagram {
    let geometry = Geometry::new(15, 15, 5).unwrap();
    let (mut black, mut white, mut point) = (CellSet::EMPTY, CellSet::EMPTY, None);
    for (r, row) in rows.iter().enumerate() {
        for (k, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let c = geometry.cell(top + r, left + k);
            match ch {
                'X' => black.insert(c),
                'O' => white.insert(c),
                '*' => point = Some(c),
                '.' => {}
                other => panic!("diagram character {other:?}"),
            }
        }
    }
    Diagram {
        geometry,
        black,
        white,
        point,
    }
}

fn diagram(rows: &[&str]) -> Diagram {
    diagram_at(rows, 3, 3)
}

/// The verdict of both the fast detector and the slow checker on the diagram's point (they must
/// agree).
fn verdict(rows: &[&str]) -> Option<Forbidden> {
    let d = diagram(rows);
    let p = d.point.expect("a '*' in the diagram");
    let fast = forbidden(d.geometry, &d.black, &d.white, p);
    let mut slow = Slow::from_diagram(&d);
    let (r, k) = d.geometry.row_column(p);
    assert_eq!(slow.forbidden(r, k), fast, "slow and fast checkers differ");
    fast
}

// ---------------------------------------------------------------------------------------------
// Winning lines under each rule.

fn row_of(g: Geometry, row: usize, cols: std::ops::Range<usize>) -> CellSet {
    cols.map(|k| g.cell(row, k)).collect()
}

#[test]
fn exactly_five_against_freestyle_on_overlines_for_both_sides() {
    let g = Geometry::new(15, 15, 5).unwrap();
    for first in [true, false] {
        for len in 4..=9 {
            let stones = row_of(g, 7, 2..2 + len);
            // The last stone may be at the end or in the middle of the line.
            for last in [g.cell(7, 2), g.cell(7, 2 + len / 2), g.cell(7, 1 + len)] {
                let fs = Rule::Freestyle.winning_line(g, &stones, last, first);
                let st = Rule::Standard.winning_line(g, &stones, last, first);
                let rj = Rule::Renju.winning_line(g, &stones, last, first);
                assert_eq!(fs.map(|l| l.len), (len >= 5).then_some(len));
                assert_eq!(st.map(|l| l.len), (len == 5).then_some(len));
                let renju_wins = if first { len == 5 } else { len >= 5 };
                assert_eq!(rj.map(|l| l.len), renju_wins.then_some(len));
            }
        }
    }
    // Standard with k = 4 on a small board: four wins, five does not.
    let g = Geometry::new(8, 8, 4).unwrap();
    let four = row_of(g, 0, 0..4);
    let five = row_of(g, 0, 0..5);
    assert!(Rule::Standard.winning_line(g, &four, 1, true).is_some());
    assert!(Rule::Standard.winning_line(g, &five, 1, false).is_none());
    assert!(Rule::Freestyle.winning_line(g, &five, 1, false).is_some());
    // Renju is five whatever the geometry asks for.
    assert!(Rule::Renju.winning_line(g, &four, 1, true).is_none());
    assert!(Rule::Renju.winning_line(g, &five, 1, true).is_some());
}

#[test]
fn an_overline_in_one_direction_and_exactly_five_in_another_wins_in_standard() {
    let g = Geometry::new(15, 15, 5).unwrap();
    let p = g.cell(7, 7);
    let mut stones = row_of(g, 7, 2..9); // seven in row 7, through p
    for r in 3..7 {
        stones.insert(g.cell(r, 7)); // four above p in column 7
    }
    let line = Rule::Standard.winning_line(g, &stones, p, true).unwrap();
    assert_eq!((line.len, line.direction), (5, 1));
    assert_eq!(
        line.cells(g),
        (3..8).map(|r| g.cell(r, 7)).collect::<Vec<_>>()
    );
    assert!(Rule::Standard.has_win(g, &stones, false));
    stones.remove(g.cell(3, 7));
    assert!(!Rule::Standard.has_win(g, &stones, false));
    assert!(Rule::Freestyle.has_win(g, &stones, false));
}

#[test]
fn winning_lines_agree_with_a_scan_of_every_run() {
    let mut rng = StdRng::seed_from_u64(15);
    for _ in 0..2000 {
        let (w, h) = (rng.gen_range(1..=12), rng.gen_range(1..=12));
        let k = rng.gen_range(1..=w.max(h));
        let g = Geometry::new(w, h, k).unwrap();
        let stones: CellSet = g.game_board().filter(|_| rng.gen_bool(0.55)).collect();
        let Some(c) = stones.iter().nth(rng.gen_range(0..stones.len().max(1))) else {
            continue;
        };
        let slow = Slow::from_sets(g, &stones, &CellSet::EMPTY);
        let (r, col) = g.row_column(c);
        let lens: Vec<usize> = (0..4).map(|d| slow.run_through(r, col, d).len()).collect();
        for rule in Rule::ALL {
            for first in [true, false] {
                let want = lens
                    .iter()
                    .copied()
                    .filter(|&n| rule.wins_with(n, rule.run(k), first))
                    .max();
                let got = rule.winning_line(g, &stones, c, first);
                assert_eq!(got.map(|l| l.len), want, "{rule} {g:?} {stones:?} {c}");
                if let Some(line) = got {
                    let cells = line.cells(g);
                    assert!(cells.contains(&c) && cells.iter().all(|&x| stones.contains(x)));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The textbook renju cases.

#[test]
fn a_double_three() {
    assert_eq!(
        verdict(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . X . . .",
            ". . . X . . .",
            ". X X * . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]),
        Some(Forbidden::DoubleThree)
    );
    // Split threes count too: X.X* across, X above.
    assert_eq!(
        verdict(&[
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . X . . .",
            ". . . . X . . .",
            ". X . X * . . .",
            ". . . . . . . .",
            ". . . . . . . .",
        ]),
        Some(Forbidden::DoubleThree)
    );
    // Diagonal and anti-diagonal.
    assert_eq!(
        verdict(&[
            ". . . . . . .",
            ". X . . . X .",
            ". . X . X . .",
            ". . . * . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]),
        Some(Forbidden::DoubleThree)
    );
}

#[test]
fn false_double_threes() {
    // One three is closed by a white stone: it can become a four but no straight four.
    assert_eq!(
        verdict(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . X . . .",
            ". . . X . . .",
            "O X X * . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]),
        None
    );
    // A three between black stones: each straight four would make a six when completed, so it is
    // no straight four, and the line is no three (X . . X X * . . X).
    assert_eq!(
        verdict(&[
            ". . . . . . . . . .",
            ". . . . . . . . . .",
            ". . . . . X . . . .",
            ". . . . . X . . . .",
            "X . . X X * . . X .",
            ". . . . . . . . . .",
            ". . . . . . . . . .",
        ]),
        None
    );
    // The edge of the board closes the three: O-less, but the wall is at the left.
    let d = diagram_at(
        &[
            ". . . . . .",
            ". . X . . .",
            ". . X . . .",
            "X X * . . .",
            ". . . . . .",
            ". . . . . .",
        ],
        3,
        0,
    );
    let p = d.point.unwrap();
    assert_eq!(forbidden(d.geometry, &d.black, &d.white, p), None);
    // Moved one column in from the edge, it is a double three.
    let d = diagram_at(
        &[
            ". . . . . .",
            ". . X . . .",
            ". . X . . .",
            "X X * . . .",
            ". . . . . .",
            ". . . . . .",
        ],
        3,
        1,
    );
    let p = d.point.unwrap();
    assert_eq!(
        forbidden(d.geometry, &d.black, &d.white, p),
        Some(Forbidden::DoubleThree)
    );
}

#[test]
fn a_three_whose_only_straight_four_is_a_forbidden_point() {
    // Across, O . X X * . . O: the only straight four is X X * q with q just right of *. In q's
    // column, two stones above and three below make q an overline once * is played, so the three
    // across is false, and * (with its three up the column) is no double three.
    let rows = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . X X . .",
        ". . . . . X X . .",
        ". O . X X * . . O",
        ". . . . . . X . .",
        ". . . . . . X . .",
        ". . . . . . X . .",
        ". . . . . . . . .",
    ];
    assert_eq!(verdict(&rows), None);
    let d = diagram(&rows);
    let (p, q) = (d.point.unwrap(), d.point.unwrap() + 1);
    let mut black = d.black;
    black.insert(p);
    assert_eq!(
        forbidden(d.geometry, &black, &d.white, q),
        Some(Forbidden::Overline)
    );
    // Without the stones below q, q is a free point (a four and a three) and * is a double three.
    let mut rows = rows;
    for row in &mut rows[5..8] {
        *row = ". . . . . . . . .";
    }
    assert_eq!(verdict(&rows), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_whose_straight_four_point_is_a_double_three_point_recursively() {
    // Across, O . X X * . . O: the straight-four point q is right of *. Give q two threes of its
    // own (down its column, and up-right) that stay threes after * is played: q is then a
    // double-three point (a four and two threes), so the three across is false, and * (with its
    // three up the column) is allowed.
    let rows = [
        ". . . . . . . . . .",
        ". . . . . . . . . .",
        ". . . . . X . . X .",
        ". . . . . X . X . .",
        ". O . X X * . . O .",
        ". . . . . . X . . .",
        ". . . . . . X . . .",
        ". . . . . . . . . .",
        ". . . . . . . . . .",
    ];
    let d = diagram(&rows);
    let (p, q) = (d.point.unwrap(), d.point.unwrap() + 1);
    let mut black = d.black;
    black.insert(p);
    assert_eq!(
        forbidden(d.geometry, &black, &d.white, q),
        Some(Forbidden::DoubleThree)
    );
    assert_eq!(verdict(&rows), None);
    // Remove one of q's threes (the stone at the far end of its diagonal): q is a four-three, a
    // free point, and * is a double three.
    let mut rows = rows;
    rows[2] = ". . . . . X . . . .";
    assert_eq!(verdict(&rows), Some(Forbidden::DoubleThree));
}

#[test]
fn double_fours() {
    // Two fours in one line: X . X * X . X.
    assert_eq!(
        verdict(&[
            ". . . . . . . . .",
            ". X . X * X . X .",
            ". . . . . . . . ."
        ]),
        Some(Forbidden::DoubleFour)
    );
    // And X X . * X . X X.
    assert_eq!(
        verdict(&[
            ". . . . . . . . . .",
            ". X X . * X . X X .",
            ". . . . . . . . . ."
        ]),
        Some(Forbidden::DoubleFour)
    );
    // A straight four is one four: X X * X with open ends, and a three elsewhere, is a four-three
    // (allowed); with a second four, a double four.
    assert_eq!(
        verdict(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . X . . .",
            ". . . X . . .",
            ". X X * X . .",
            ". . . . . . .",
            ". . . . . . .",
        ]),
        None
    );
    assert_eq!(
        verdict(&[
            ". . . . . . .",
            ". . . X . . .",
            ". . . X . . .",
            ". . . X . . .",
            ". X X * X . .",
            ". . . . . . .",
            ". . . . . . .",
        ]),
        Some(Forbidden::DoubleFour)
    );
    // Two closed fours in two directions.
    assert_eq!(
        verdict(&[
            ". . . O . . .",
            ". . . X . . .",
            ". . . X . . .",
            ". . . X . . .",
            "O X X * X . .",
            ". . . . . . .",
        ]),
        Some(Forbidden::DoubleFour)
    );
    // A four whose five would be a six is no four: * . X X X X across.
    assert_eq!(
        verdict(&[
            ". . . O . . . . .",
            ". . . X . . . . .",
            ". . . X . . . . .",
            ". . . X . . . . .",
            "O . . * . X X X X",
            ". . . . . . . . .",
        ]),
        None
    );
}

#[test]
fn a_five_made_with_a_double_four_or_an_overline_wins() {
    // * makes five across and two fours (column and diagonal).
    let rows = [
        ". . . . . . . . .",
        ". X . . X . . . .",
        ". . X . X . . . .",
        ". . . X X . . . .",
        "X X X X * . . . .",
        ". . . . . . . . .",
    ];
    assert_eq!(verdict(&rows), None);
    // Without the five (one stone across removed) it is a double four.
    assert_eq!(
        verdict(&[
            ". . . . . . . . .",
            ". X . . X . . . .",
            ". . X . X . . . .",
            ". . . X X . . . .",
            "X X X . * . . . .",
            ". . . . . . . . .",
        ]),
        Some(Forbidden::DoubleFour)
    );
    // A five across and a six down the column: the five wins.
    assert_eq!(
        verdict(&[
            ". . . . X . . . .",
            ". . . . X . . . .",
            ". . . . X . . . .",
            ". . . . X . . . .",
            "X X X X * . . . .",
            ". . . . X . . . .",
        ]),
        None
    );
}

#[test]
fn overlines() {
    assert_eq!(
        verdict(&[
            ". . . . . . . . .",
            ". X X X * X X . .",
            ". . . . . . . . ."
        ]),
        Some(Forbidden::Overline)
    );
    assert_eq!(
        verdict(&[
            ". . . . . . . . .",
            ". X X * X X . . .",
            ". . . . . . . . ."
        ]),
        None // exactly five
    );
    // White makes six freely: the detector is about black only, and white's six wins.
    let g = Geometry::new(15, 15, 5).unwrap();
    let six = row_of(g, 4, 3..9);
    assert!(Rule::Renju
        .winning_line(g, &six, g.cell(4, 5), false)
        .is_some());
}

#[test]
fn forbidden_points_of_a_position() {
    let d = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . X . . .",
        ". . . X . . .",
        ". X X * . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let points = forbidden_points(d.geometry, &d.black, &d.white);
    assert!(points.contains(d.point.unwrap()));
    let slow = Slow::from_sets(d.geometry, &d.black, &d.white).forbidden_points();
    assert_eq!(points, slow);
    assert_eq!(
        forbidden_points(d.geometry, &CellSet::EMPTY, &CellSet::EMPTY),
        CellSet::EMPTY
    );
    assert_eq!(Forbidden::DoubleThree.to_string(), "double three");
    assert_eq!(Forbidden::DoubleFour.to_string(), "double four");
    assert_eq!(Forbidden::Overline.to_string(), "overline");
}

// ---------------------------------------------------------------------------------------------
// Agreement with the slow checker on random positions.

#[test]
fn the_detector_agrees_with_the_slow_checker_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut found = [0usize; 3];
    let mut positions = 0;
    let mut points = 0;
    for round in 0..2000 {
        let (w, h) = if round % 10 == 0 {
            (rng.gen_range(1..=19), rng.gen_range(1..=19))
        } else {
            (rng.gen_range(6..=15), rng.gen_range(6..=15))
        };
        let g = Geometry::new(w, h, 5.min(w.max(h))).unwrap();
        // Stones clustered in a window, to make patterns common.
        let (cw, ch) = (w.min(rng.gen_range(5..=9)), h.min(rng.gen_range(5..=9)));
        let (top, left) = (rng.gen_range(0..=h - ch), rng.gen_range(0..=w - cw));
        let pb = rng.gen_range(0.15..0.45);
        let pw = rng.gen_range(0.0..0.25);
        let (mut black, mut white) = (CellSet::EMPTY, CellSet::EMPTY);
        for r in top..top + ch {
            for k in left..left + cw {
                let x: f64 = rng.gen();
                if x < pb {
                    black.insert(g.cell(r, k));
                } else if x < pb + pw {
                    white.insert(g.cell(r, k));
                }
            }
        }
        let mut slow = Slow::from_sets(g, &black, &white);
        let mut fast = RenjuBoard::from_stones(g, &black, &white);
        for c in g.game_board() {
            let (r, k) = g.row_column(c);
            let want = slow.forbidden(r, k);
            assert_eq!(
                fast.forbidden(c),
                want,
                "cell {c} of {w}×{h}\n{}",
                slow.picture()
            );
            if let Some(f) = want {
                found[f as usize] += 1;
            }
            points += 1;
        }
        assert_eq!(
            fast.forbidden_points(),
            slow.forbidden_points(),
            "{}",
            slow.picture()
        );
        assert_eq!(fast, RenjuBoard::from_stones(g, &black, &white), "restored");
        positions += 1;
    }
    eprintln!(
        "{positions} positions, {points} points: {} double threes, {} double fours, {} overlines",
        found[0], found[1], found[2]
    );
    assert!(
        found.iter().all(|&n| n >= 200),
        "too few patterns: {found:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// The slow checker, from the definitions: whole lines are enumerated, every empty point of a line
// is tried, fours are told apart by their stones, and the three's test recurses.

struct Slow {
    w: usize,
    h: usize,
    /// 0 empty, 1 black, 2 white; row-major.
    cells: Vec<u8>,
}

const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Slow {
    fn from_sets(g: Geometry, black: &CellSet, white: &CellSet) -> Slow {
        let mut cells = vec![0; g.cells()];
        for c in black.iter() {
            cells[c - 1] = 1;
        }
        for c in white.iter() {
            cells[c - 1] = 2;
        }
        Slow {
            w: g.width(),
            h: g.height(),
            cells,
        }
    }

    fn from_diagram(d: &Diagram) -> Slow {
        Slow::from_sets(d.geometry, &d.black, &d.white)
    }

    fn picture(&self) -> String {
        self.cells
            .chunks(self.w)
            .map(|row| {
                row.iter()
                    .map(|&v| ['.', 'X', 'O'][v as usize])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn get(&self, r: usize, k: usize) -> u8 {
        self.cells[r * self.w + k]
    }

    fn set(&mut self, r: usize, k: usize, v: u8) {
        self.cells[r * self.w + k] = v;
    }

    /// Every cell of the board's line through (r, k) in direction d, in order.
    fn line(&self, r: usize, k: usize, d: usize) -> Vec<(usize, usize)> {
        let (dr, dk) = DIRS[d];
        let inside = |r: isize, k: isize| {
            (0..self.h as isize).contains(&r) && (0..self.w as isize).contains(&k)
        };
        let (mut r0, mut k0) = (r as isize, k as isize);
        while inside(r0 - dr, k0 - dk) {
            r0 -= dr;
            k0 -= dk;
        }
        let mut out = Vec::new();
        while inside(r0, k0) {
            out.push((r0 as usize, k0 as usize));
            r0 += dr;
            k0 += dk;
        }
        out
    }

    /// The maximal unbroken line of black stones in direction d through (r, k) (black), as cells.
    fn run_through(&self, r: usize, k: usize, d: usize) -> Vec<(usize, usize)> {
        let line = self.line(r, k, d);
        let mut runs: Vec<Vec<(usize, usize)>> = vec![vec![]];
        for &(a, b) in &line {
            if self.get(a, b) == 1 {
                runs.last_mut().unwrap().push((a, b));
            } else {
                runs.push(vec![]);
            }
        }
        runs.into_iter()
            .find(|run| run.contains(&(r, k)))
            .unwrap_or_default()
    }

    /// Whether the black stone on (r, k) is in some five (an unbroken line of exactly five).
    fn in_five(&self, r: usize, k: usize) -> bool {
        (0..4).any(|d| self.run_through(r, k, d).len() == 5)
    }

    /// With black on p: the distinct fours through p in direction d, each as its four stones.
    fn fours(&mut self, p: (usize, usize), d: usize) -> Vec<Vec<(usize, usize)>> {
        let mut out: Vec<Vec<(usize, usize)>> = Vec::new();
        for (a, b) in self.line(p.0, p.1, d) {
            if self.get(a, b) != 0 {
                continue;
            }
            self.set(a, b, 1);
            let run = self.run_through(a, b, d);
            if run.len() == 5 && run.contains(&p) {
                let four: Vec<_> = run.into_iter().filter(|&x| x != (a, b)).collect();
                if !out.contains(&four) {
                    out.push(four);
                }
            }
            self.set(a, b, 0);
        }
        out
    }

    /// With black on the stones of `four` (an unbroken four in direction d): in how many ways one
    /// more stone makes it a five.
    fn ways_to_five(&mut self, four: &[(usize, usize)], d: usize) -> usize {
        let (r, k) = four[0];
        let mut n = 0;
        for (a, b) in self.line(r, k, d) {
            if self.get(a, b) != 0 {
                continue;
            }
            self.set(a, b, 1);
            let run = self.run_through(a, b, d);
            if run.len() == 5 && four.iter().all(|x| run.contains(x)) {
                n += 1;
            }
            self.set(a, b, 0);
        }
        n
    }

    /// With black on p: whether the line in direction d holds a three through p.
    fn has_three(&mut self, p: (usize, usize), d: usize) -> bool {
        for (a, b) in self.line(p.0, p.1, d) {
            if self.get(a, b) != 0 {
                continue;
            }
            self.set(a, b, 1);
            let four = self.run_through(a, b, d);
            let straight = four.len() == 4
                && four.contains(&p)
                && !self.in_five(a, b)
                && self.ways_to_five(&four, d) >= 2;
            self.set(a, b, 0);
            if straight && self.forbidden(a, b).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether black may not play (r, k), and why.
    fn forbidden(&mut self, r: usize, k: usize) -> Option<Forbidden> {
        if self.get(r, k) != 0 {
            return None;
        }
        self.set(r, k, 1);
        let answer = if self.in_five(r, k) {
            None
        } else if (0..4).any(|d| self.run_through(r, k, d).len() >= 6) {
            Some(Forbidden::Overline)
        } else if (0..4).map(|d| self.fours((r, k), d).len()).sum::<usize>() >= 2 {
            Some(Forbidden::DoubleFour)
        } else if (0..4).filter(|&d| self.has_three((r, k), d)).count() >= 2 {
            Some(Forbidden::DoubleThree)
        } else {
            None
        };
        self.set(r, k, 0);
        answer
    }

    fn forbidden_points(&mut self) -> CellSet {
        let mut out = CellSet::EMPTY;
        for r in 0..self.h {
            for k in 0..self.w {
                if self.forbidden(r, k).is_some() {
                    out.insert(r * self.w + k + 1);
                }
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// The rule in the window, the game record and the command line.

mod window {
    use super::*;
    use tictactoe::app::{self, new_state, App, RULE_BOX};
    use tictactoe::easel::{Image, Input};
    use tictactoe::led::RED;
    use tictactoe::Game;

    fn click(s: &App, c: Cell) -> Input {
        let p = s.layout().board.centre(c);
        Input::click(p.x as f32, p.y as f32)
    }

    fn labels(s: &App) -> Vec<String> {
        app::buttons(s).into_iter().map(|b| b.label).collect()
    }

    fn red_segments(s: &App) -> usize {
        app::images(s)
            .into_iter()
            .filter(|i| matches!(i, Image::Segment { color, .. } if *color == RED))
            .count()
    }

    /// The notice, as kept and as drawn (red, in the first key hint's place).
    fn notice(s: &App) -> Option<String> {
        let drawn = app::images(s).into_iter().find_map(|i| match i {
            Image::Text { text, color, .. }
                if color == RED
                    && ["double three", "double four", "overline"].contains(&&*text) =>
            {
                Some(text)
            }
            _ => None,
        });
        assert_eq!(drawn, s.notice);
        drawn
    }

    #[test]
    fn the_rule_button_and_key_g_cycle_the_rules_and_the_status_names_it() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut s = App::default().on_board(g);
        assert_eq!(s.game.rule(), Rule::Freestyle);
        assert!(labels(&s).contains(&"freestyle".to_string()));
        s = new_state(&Input::key('g'), s);
        assert_eq!(s.game.rule(), Rule::Standard);
        let c = RULE_BOX.centre();
        s = new_state(&Input::click(c.x as f32, c.y as f32), s);
        assert_eq!(s.game.rule(), Rule::Renju);
        let l = labels(&s);
        assert!(l.contains(&"15x15 renju".to_string()), "{l:?}");
        assert!(l.contains(&"renju".to_string()));
        s = new_state(&Input::key('g'), s);
        assert_eq!(s.game.rule(), Rule::Freestyle);
        // On a board of four in a row, renju is skipped; on 3 × 3 there is no rule button.
        let mut s = App::default().on_board(Geometry::new(8, 8, 4).unwrap());
        s = new_state(&Input::key('g'), s);
        s = new_state(&Input::key('g'), s);
        assert_eq!(s.game.rule(), Rule::Freestyle);
        let s = new_state(&Input::key('g'), App::default());
        assert_eq!(s.game.rule(), Rule::Freestyle);
        assert!(!labels(&s).contains(&"freestyle".to_string()));
    }

    #[test]
    fn forbidden_points_are_crossed_on_blacks_turn_and_a_forbidden_move_is_refused() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut s = App::default().on_board(g).under_rule(Rule::Renju);
        let c = |r, k| g.cell(r, k);
        for cell in [
            c(7, 5),
            c(0, 0),
            c(7, 6),
            c(0, 14),
            c(5, 7),
            c(14, 0),
            c(6, 7),
        ] {
            s = new_state(&click(&s, cell), s);
        }
        // x (black) played 7,5 7,6 5,7 6,7; o is to move: no cross.
        assert_eq!(s.game.moves().len(), 7);
        assert_eq!(red_segments(&s), 0);
        s = new_state(&click(&s, c(14, 14)), s);
        // Black to move: one forbidden point (7,7), two red strokes.
        assert_eq!(
            s.game.state().forbidden_points().iter().collect::<Vec<_>>(),
            [c(7, 7)]
        );
        assert_eq!(red_segments(&s), 2);
        assert_eq!(notice(&s), None);
        let before = s.game.clone();
        s = new_state(&click(&s, c(7, 7)), s);
        assert_eq!(s.game, before, "the forbidden move is not played");
        assert_eq!(notice(&s).as_deref(), Some("double three"));
        // The next move clears the notice.
        s = new_state(&click(&s, c(10, 10)), s);
        assert_eq!(notice(&s), None);
        assert_eq!(s.game.moves().len(), 9);
        // Undo keeps the rule.
        let undone = s.game.undo().unwrap();
        assert_eq!(undone.rule(), Rule::Renju);
        assert_eq!(
            Game::from_cells_under(g, Rule::Renju, s.game.start(), s.game.moves()).unwrap(),
            s.game
        );
    }
}

mod game {
    use super::*;
    use tictactoe::game::MoveError;
    use tictactoe::rules::{Outcome, Player};
    use tictactoe::Game;

    #[test]
    fn games_under_each_rule() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let c = |r, k| g.cell(r, k);
        // x builds 7,0..=2 and 7,4..=5; o plays far away; x then fills 7,3: a six.
        let moves = [
            c(7, 0),
            c(0, 0),
            c(7, 1),
            c(0, 2),
            c(7, 2),
            c(0, 4),
            c(7, 4),
            c(0, 6),
            c(7, 5),
            c(0, 8),
        ];
        let six = c(7, 3);
        let free = Game::from_cells_under(g, Rule::Freestyle, Player::X, &moves).unwrap();
        assert_eq!(
            free.play(six).unwrap().state().outcome(),
            Some(Outcome::Won(Player::X))
        );
        let standard = Game::from_cells_under(g, Rule::Standard, Player::X, &moves).unwrap();
        assert_eq!(standard.play(six).unwrap().state().outcome(), None);
        let renju = Game::from_cells_under(g, Rule::Renju, Player::X, &moves).unwrap();
        let e = renju.play(six).unwrap_err();
        assert_eq!(
            e,
            MoveError::Forbidden {
                cell: six,
                pattern: Forbidden::Overline
            }
        );
        assert_eq!(
            e.to_string(),
            format!("cell {six} is forbidden under renju: overline")
        );
        assert!(!renju.state().legal_moves().any(|m| m == six));
        assert!(renju.state().legal_moves().count() < renju.state().free_cells().len());
        // With o first, o is black: the same stones for o make the six forbidden for o, and x's
        // six wins for white.
        let o_first = Game::from_cells_under(g, Rule::Renju, Player::O, &moves).unwrap();
        assert!(matches!(
            o_first.play(six),
            Err(MoveError::Forbidden { .. })
        ));
        // White (x, o moving first) makes six in row 3: a win.
        let mut w = Game::new_under(g, Rule::Renju, Player::O);
        for (a, b) in [
            (c(14, 0), c(3, 0)),
            (c(14, 2), c(3, 1)),
            (c(14, 4), c(3, 2)),
            (c(14, 6), c(3, 4)),
            (c(14, 8), c(3, 5)),
        ] {
            w = w.play(a).unwrap().play(b).unwrap();
        }
        w = w.play(c(14, 10)).unwrap();
        let won = w.play(c(3, 3)).unwrap();
        assert_eq!(
            won.state().outcome(),
            Some(Outcome::Won(Player::X)),
            "white's six wins"
        );
        assert_eq!(won.state().winning_line().unwrap().1.len(), 5);
    }
}

mod cli {
    use std::process::Command;

    /// Runs the program: (exit code, standard output, standard error).
    fn run(args: &[&str]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(args)
            .output()
            .expect("the program runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    #[test]
    fn forbidden_prints_the_points_ascending() {
        // Black (x) 7,5 7,6 5,7 6,7 (row, column) and white in the corners: 7,7 = cell 113.
        let moves = ["111", "1", "112", "15", "83", "211", "98"];
        let (code, out, _) = run(&[&["forbidden"][..], &moves].concat());
        assert_eq!((code, out.as_str()), (0, "113\n"));
        // With o first, o is black: the same moves give o those stones … and x's are white's.
        let (code, out, _) = run(&[&["forbidden", "--start", "o"][..], &moves].concat());
        assert_eq!((code, out.as_str()), (0, "113\n"));
        let (code, out, _) = run(&["forbidden"]);
        assert_eq!((code, out.as_str()), (0, ""));
        // Two overline points across row 0 of a 9 × 9 board: X X X . X X . X X X? One at a time:
        // x on 1 2 3 5 6 (columns 0-2, 4-5): 4 makes six.
        let (code, out, _) = run(&[
            "forbidden",
            "--width",
            "9",
            "--height",
            "9",
            "1",
            "80",
            "2",
            "81",
            "3",
            "79",
            "5",
            "78",
            "6",
            "77",
        ]);
        assert_eq!((code, out.as_str()), (0, "4\n"));
    }

    #[test]
    fn forbidden_bad_input_is_one_line_and_exit_2() {
        for args in [
            &["forbidden", "0"][..],
            &["forbidden", "x"],
            &["forbidden", "1", "1"],
            &["forbidden", "--width", "27"],
            &["forbidden", "--start", "z"],
            &[
                "forbidden",
                "111",
                "1",
                "112",
                "15",
                "83",
                "211",
                "98",
                "2",
                "113",
            ],
        ] {
            let (code, out, err) = run(args);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert_eq!(out, "");
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        }
        let (_, _, err) = run(&[
            "forbidden",
            "111",
            "1",
            "112",
            "15",
            "83",
            "211",
            "98",
            "2",
            "113",
        ]);
        assert!(err.contains("double three"), "{err}");
    }

    #[test]
    fn the_rule_option_of_move_solve_and_arena() {
        // Renju is five whatever --run says; random plays a legal cell.
        let (code, out, err) = run(&[
            "move", "--player", "random", "--rule", "renju", "--width", "15", "--height", "15",
            "111", "1", "112", "15", "83", "211", "98", "2",
        ]);
        assert_eq!(code, 0, "{err}");
        assert_ne!(out.trim(), "113");
        let (code, _, err) = run(&["move", "--player", "random", "--rule", "renju"]);
        assert_eq!(code, 2);
        assert!(
            err.contains("renju is five in a row: a 3x3 board is too small"),
            "{err}"
        );
        let (code, _, err) = run(&["move", "--player", "random", "--rule", "caro"]);
        assert_eq!(code, 2);
        assert!(err.contains("unknown rule 'caro'"), "{err}");
        let (code, _, err) = run(&["move", "--player", "perfect", "--rule", "standard"]);
        assert_eq!(code, 2);
        assert!(err.contains("perfect plays freestyle only"), "{err}");
        // The solver proves standard games; renju it refuses in one line. On 5 × 2, three in a
        // row, x (1, 4) to move against o (6, 10) wins under freestyle by 3 (threatening 2, an
        // overline, and 5) and only draws under standard.
        let solve = |rule: &str| {
            let (code, out, err) = run(&[
                "solve", "--rule", rule, "--width", "5", "--height", "2", "--run", "3", "1", "6",
                "4", "10",
            ]);
            assert_eq!(code, 0, "{err}");
            out.split(" (").next().unwrap_or_default().to_string()
        };
        assert_eq!(solve("freestyle"), "x wins");
        assert_eq!(solve("standard"), "draw");
        let (code, _, err) = run(&["solve", "--rule", "renju", "--width", "6", "--height", "6"]);
        assert_eq!(code, 2);
        assert_eq!(
            err.trim_end(),
            "tictactoe: the solver proves freestyle and standard games only, not renju"
        );
        // A standard game on 6 × 6, four in a row: the arena's heading names the rule.
        let (code, out, err) = run(&[
            "arena", "--rule", "standard", "--width", "6", "--height", "6", "--run", "4",
            "--games", "2", "--nodes", "2000",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("under standard"), "{out}");
        assert!(!out.contains("perfect"), "{out}");
    }
}

#[test]
fn black_with_only_forbidden_points_left_ends_the_game_drawn() {
    // Random renju games on 6 × 6 until black, to move, has only forbidden points left.
    use tictactoe::rules::{Outcome, Player, State};
    let g = Geometry::new(6, 6, 5).unwrap();
    let mut rng = StdRng::seed_from_u64(6);
    let mut found = 0;
    for _ in 0..3000 {
        let mut s = State::empty_under(g, Rule::Renju, Player::X);
        while !s.game_over() {
            let moves: Vec<Cell> = s.legal_moves().collect();
            assert!(
                !moves.is_empty(),
                "a game not over has a legal move\n{}",
                s.board_text()
            );
            s = s.result(moves[rng.gen_range(0..moves.len())]);
        }
        if s.stalled() {
            found += 1;
            assert_eq!(s.outcome(), Some(Outcome::Draw));
            assert_eq!(s.player_to_move(), Player::X);
            assert!(!s.board_full());
            assert_eq!(s.free_cells(), s.forbidden_points(), "\n{}", s.board_text());
        }
    }
    assert!(found > 0, "no stalled game found");
    eprintln!("{found} stalled games of 3000");
}
