//! The LED rules, checked exhaustively from the empty state against the known figures of the game
//! (SPEC.md §6) and against a second, deliberately naive reading of the definitions.

use std::collections::BTreeSet;
use tictactoe::analysis::{count_games, reachable_positions};
use tictactoe::rules::{Outcome, Player, State};
use tictactoe::Geometry;

#[test]
fn every_game_from_the_empty_state() {
    let counts = count_games(&State::initial_state());
    assert_eq!(counts.games, 255_168);
    assert_eq!(counts.x_won, 131_184);
    assert_eq!(counts.o_won, 77_904);
    assert_eq!(counts.drawn, 46_080);
    assert_eq!(counts.nodes, 549_946);
}

#[test]
fn every_position_from_the_empty_state() {
    let positions = reachable_positions(Geometry::LED, Player::X);
    assert_eq!(positions.len(), 5_478);
    let terminal: Vec<_> = positions.iter().filter(|s| s.game_over()).collect();
    assert_eq!(terminal.len(), 958);
    let count = |o: Outcome| terminal.iter().filter(|s| s.outcome() == Some(o)).count();
    assert_eq!(count(Outcome::Won(Player::X)), 626);
    assert_eq!(count(Outcome::Won(Player::O)), 316);
    assert_eq!(count(Outcome::Draw), 16);
}

#[test]
fn positions_up_to_symmetry() {
    // The eight symmetries of the square, as cell permutations (0-based row, column).
    type Symmetry = fn(usize, usize) -> (usize, usize);
    let maps: [Symmetry; 8] = [
        |r, c| (r, c),
        |r, c| (c, 2 - r),
        |r, c| (2 - r, 2 - c),
        |r, c| (2 - c, r),
        |r, c| (r, 2 - c),
        |r, c| (2 - r, c),
        |r, c| (c, r),
        |r, c| (2 - c, 2 - r),
    ];
    let g = Geometry::LED;
    let classes: BTreeSet<String> = reachable_positions(g, Player::X)
        .iter()
        .map(|s| {
            maps.iter()
                .map(|m| {
                    (0..9)
                        .map(|i| {
                            let (r, c) = m(i / 3, i % 3);
                            match s.occupant(g.cell(r, c)) {
                                Some(Player::X) => 'x',
                                Some(Player::O) => 'o',
                                None => '.',
                            }
                        })
                        .collect::<String>()
                })
                .min()
                .unwrap()
        })
        .collect();
    assert_eq!(classes.len(), 765);
}

/// The LED definitions read naively, straight from seed 000, over a list of (player, cell) pairs.
mod naive {
    pub type Gamma = Vec<(char, usize)>;
    pub const ROWS: [[usize; 3]; 8] = [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
        [1, 4, 7],
        [2, 5, 8],
        [3, 6, 9],
        [1, 5, 9],
        [3, 5, 7],
    ];
    pub fn occupies(g: &Gamma, p: char, c: usize) -> bool {
        g.contains(&(p, c))
    }
    pub fn occupied(g: &Gamma, c: usize) -> bool {
        occupies(g, 'x', c) || occupies(g, 'o', c)
    }
    pub fn three_in_row(g: &Gamma, p: char) -> bool {
        ROWS.iter().any(|r| r.iter().all(|&c| occupies(g, p, c)))
    }
    pub fn board_full(g: &Gamma) -> bool {
        (1..=9).all(|c| occupied(g, c))
    }
    pub fn game_over(g: &Gamma) -> bool {
        board_full(g) || three_in_row(g, 'x') || three_in_row(g, 'o')
    }
    pub fn player_to_move(g: &Gamma) -> char {
        if g.len().is_multiple_of(2) {
            'x'
        } else {
            'o'
        }
    }
}

#[test]
fn every_definition_agrees_with_the_naive_reading_on_every_position() {
    for s in reachable_positions(Geometry::LED, Player::X) {
        let gamma: naive::Gamma = s
            .moves()
            .map(|m| (if m.player == Player::X { 'x' } else { 'o' }, m.cell))
            .collect();
        for c in 1..=9 {
            assert_eq!(s.occupies(Player::X, c), naive::occupies(&gamma, 'x', c));
            assert_eq!(s.occupies(Player::O, c), naive::occupies(&gamma, 'o', c));
            assert_eq!(s.occupied(c), naive::occupied(&gamma, c));
            assert_eq!(
                s.legal_to_move_in(c),
                !naive::occupied(&gamma, c) && !naive::game_over(&gamma)
            );
        }
        assert_eq!(s.three_in_row(Player::X), naive::three_in_row(&gamma, 'x'));
        assert_eq!(s.three_in_row(Player::O), naive::three_in_row(&gamma, 'o'));
        assert_eq!(s.board_full(), naive::board_full(&gamma));
        assert_eq!(s.game_over(), naive::game_over(&gamma));
        let p = if naive::player_to_move(&gamma) == 'x' {
            Player::X
        } else {
            Player::O
        };
        assert_eq!(s.player_to_move(), p);
    }
}

#[test]
fn with_o_starting_the_game_is_the_mirror_image() {
    let x_first = count_games(&State::empty(Geometry::LED, Player::X));
    let o_first = count_games(&State::empty(Geometry::LED, Player::O));
    assert_eq!(o_first.games, x_first.games);
    assert_eq!(o_first.nodes, x_first.nodes);
    assert_eq!(o_first.o_won, x_first.x_won);
    assert_eq!(o_first.x_won, x_first.o_won);
}

#[test]
fn larger_boards_follow_the_same_rules() {
    // 4×4, three in a row: a line of three anywhere wins.
    let g = Geometry::new(4, 4, 3).unwrap();
    let s = State::from_cells(g, Player::X, &[6, 1, 11, 2, 16]).unwrap();
    assert!(s.three_in_row(Player::X) && s.game_over());
    let s = State::from_cells(g, Player::X, &[6, 1, 11, 2]).unwrap();
    assert!(!s.game_over());
    assert_eq!(s.legal_moves().count(), 12);
}

/// A naive reading of the m,n,k rules (SPEC.md §7) on a grid of characters: a player wins with
/// `run` or more in a row, horizontally, vertically or diagonally, scanned from every cell.
fn naive_winner(w: usize, h: usize, k: usize, grid: &[char]) -> Option<char> {
    let at = |r: isize, c: isize| -> Option<char> {
        (r >= 0 && c >= 0 && (r as usize) < h && (c as usize) < w)
            .then(|| grid[r as usize * w + c as usize])
    };
    for r in 0..h as isize {
        for c in 0..w as isize {
            let p = at(r, c).unwrap();
            if p == '.' {
                continue;
            }
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                if (0..k as isize).all(|i| at(r + dr * i, c + dc * i) == Some(p)) {
                    return Some(p);
                }
            }
        }
    }
    None
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(100))]
    /// Gomocup's freestyle board, 20 × 20 with five in a row: random games (long enough for lines
    /// to form, stones kept near each other) agree with the naive scan after every move, and the
    /// setup of every position reached is that position.
    #[test]
    fn gomocup_20x20_games_agree_with_the_naive_scan(
        moves in proptest::collection::vec((0usize..5, 0usize..5), 1..300),
    ) {
        let g = Geometry::new(20, 20, 5).unwrap();
        let mut s = State::empty(g, Player::X);
        let mut last = g.cell(10, 10);
        for (dr, dc) in moves {
            if s.game_over() {
                break;
            }
            // A cell near the last one (within two rows and columns), or the first free cell.
            let (r, c) = g.row_column(last);
            let near = g.cell((r + dr + 18) % 20, (c + dc + 18) % 20);
            let cell = if s.legal_to_move_in(near) { near } else { s.legal_moves().next().unwrap() };
            s = s.result(cell);
            last = cell;
            let grid: Vec<char> = s.board_text().chars().filter(|&ch| ch != '\n').collect();
            let found = s.winning_line().map(|(p, _)| if p == Player::X { 'X' } else { 'O' });
            proptest::prop_assert_eq!(found, naive_winner(20, 20, 5, &grid));
            let again = s.setup().position().unwrap();
            proptest::prop_assert_eq!(again.stones(), s.stones());
            proptest::prop_assert_eq!(again.outcome(), s.outcome());
        }
    }
}

#[test]
fn a_five_on_the_edges_of_the_largest_boards_wins() {
    for (w, h) in [(20, 20), (26, 26), (26, 5)] {
        let g = Geometry::new(w, h, 5).unwrap();
        // x along the last row's right end, o along the first column's bottom.
        let xs: Vec<usize> = (w - 5..w).map(|c| g.cell(h - 1, c)).collect();
        let os: Vec<usize> = (0..4).map(|r| g.cell(r, 0)).collect();
        let mut cells = Vec::new();
        for i in 0..4 {
            cells.push(xs[i]);
            cells.push(os[i]);
        }
        cells.push(xs[4]);
        let s = State::from_cells(g, Player::X, &cells).unwrap();
        assert_eq!(s.outcome(), Some(Outcome::Won(Player::X)), "{w}x{h}");
        let (_, line) = s.winning_line().unwrap();
        assert_eq!(
            line.iter().copied().collect::<BTreeSet<_>>(),
            xs.into_iter().collect()
        );
        assert_eq!(g.cells(), w * h);
    }
}

#[test]
fn every_position_of_4x3_three_in_a_row_agrees_with_the_naive_rules() {
    // Every reachable position, both starts: the winner and the end of the game as a naive scan
    // of the grid sees them.
    for start in [Player::X, Player::O] {
        let g = Geometry::new(4, 3, 3).unwrap();
        let positions = reachable_positions(g, start);
        let mut ended = 0;
        for s in &positions {
            let grid: Vec<char> = s.board_text().chars().filter(|&ch| ch != '\n').collect();
            let naive = naive_winner(4, 3, 3, &grid);
            let winner = s
                .winning_line()
                .map(|(p, _)| if p == Player::X { 'X' } else { 'O' });
            assert_eq!(winner, naive, "\n{}", s.board_text());
            assert_eq!(s.game_over(), naive.is_some() || !grid.contains(&'.'));
            ended += s.game_over() as usize;
        }
        // Positions are those of the rules, not of the scan: a sanity bound on the count.
        assert!(
            positions.len() > 10_000 && ended > 1_000,
            "{}",
            positions.len()
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// On random games of random boards up to 26 × 26, the winner found from the lines through the
    /// last move equals a naive scan of the whole grid after every move, and the winning line is
    /// `run` cells of the winner in a straight line.
    #[test]
    fn the_winner_through_the_last_move_is_the_naive_scan(
        w in 1usize..=26, h in 1usize..=26, k_seed in 0usize..26, moves_seed in proptest::collection::vec(0usize..676, 0..676),
    ) {
        let k = 1 + k_seed % w.max(h);
        let g = Geometry::new(w, h, k).unwrap();
        let mut s = State::empty(g, Player::X);
        for m in moves_seed {
            if s.game_over() {
                break;
            }
            let free: Vec<usize> = s.legal_moves().collect();
            s = s.result(free[m % free.len()]);
            let grid: Vec<char> = s.board_text().chars().filter(|&ch| ch != '\n').collect();
            let naive = naive_winner(w, h, k, &grid);
            let found = s.winning_line();
            proptest::prop_assert_eq!(found.map(|(p, _)| if p == Player::X { 'X' } else { 'O' }), naive);
            if let Some((p, line)) = found {
                proptest::prop_assert_eq!(line.len(), k);
                proptest::prop_assert!(line.iter().all(|&c| s.occupies(p, c)));
            }
        }
    }
}
