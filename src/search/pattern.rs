//! Pattern codes for five in a row under Gomocup's three rules: the board of the gomoku search.
//!
//! For every empty cell and each of the four line directions the board keeps the *line key*: the
//! ten cells within five of it on that line (two bits each: empty, black, white, off the board),
//! updated incrementally on every move. A table made once maps each key to the [`Line`] pattern a
//! stone of either colour would make there, classified by what one more stone of that colour in
//! the nine cells within four could make (a five, a four, a three …; only fives through the cell
//! count).
//!
//! The rule decides what a five is, per colour ([`RuleTables`], as Rapfi keeps a table per rule):
//! under freestyle, five or more in a row (the nine cells within four tell); under standard, for
//! both colours, and under renju for black, exactly five (the cells at distance five tell whether a
//! line of five would be part of an overline). Fours, threes and so on follow from "one more
//! stone makes a five". Under renju the board also keeps black's forbidden points
//! ([`crate::rule::renju`]), and a forbidden point is no threat of black's (its threat is
//! [`Threat::None`]) and no move of black's ([`PatternBoard::forbidden`]). The exact patterns
//! count the fours, so a cell's lines decide it ([`RenjuKind`]: a double four, an overline, two
//! fours in one line) unless it has two threes or more by the patterns: such a *doubtful* cell is
//! decided by the renju detector, after every move, since a change farther away can alter it (a
//! three's straight-four point becoming forbidden through its other lines). The others are decided
//! again when their patterns change, or when a black stone makes an overline through them. A move
//! taken back restores every cell as it was, under every rule.
//! The four line patterns of a cell combine into its [`Threat`] for each colour (a five, an open
//! four, a four and a three, …), counted over the board; a cell's value (the sum of its line
//! patterns' values) adds up to the evaluation, incrementally too.
//!
//! The threat summary is what the search works from: a five to play wins, the opponent's five must
//! be blocked, an open four (a [`Threat::Flex4`] cell of the side to move) wins in three, and an
//! opponent's open three (his `Flex4` cells) leaves only the moves that make a four or stop his
//! open four ([`PatternBoard::three_defences`]; under renju, where black's forbidden points leave
//! them unsettled, every cell of his fours).

use crate::rule::RenjuBoard;
use std::sync::OnceLock;

/// What a stone on a cell makes on one line, for one colour (the other colour and the board's edge
/// block). Ordered from weak to strong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Line {
    /// No five through the cell is possible on this line.
    Dead,
    /// One stone more could make a `B2`, no better.
    B1,
    /// One stone more could make an `F2`.
    F1,
    /// One stone more could make a `B3` (a closed two).
    B2,
    /// One stone more could make one or two `F3` (an open two).
    F2,
    /// … three `F3`.
    F2A,
    /// … four or more `F3`.
    F2B,
    /// One stone more could make a `B4` (a closed three).
    B3,
    /// One stone more could make one `F4` (an open three).
    F3,
    /// One stone more could make two `F4` (an open three with room on both sides).
    F3S,
    /// One cell left to complete a five (a four).
    B4,
    /// Two or more cells to complete a five (an open four).
    F4,
    /// A five (or more).
    F5,
}

/// The threat a stone on a cell makes, over its four lines, for one colour. Ordered from weak to
/// strong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    /// Nothing notable.
    None,
    /// An open two (`F2`…).
    Flex2,
    /// A closed three (`B3`).
    Block3,
    /// Two open twos.
    Flex2x2,
    /// Two closed threes, or a closed three and an open two.
    Block3Plus,
    /// An open three.
    Flex3,
    /// An open three with a closed three or an open two.
    Flex3Plus,
    /// Two open threes (a double three: wins unless a four answers).
    Flex3x2,
    /// A four.
    Block4,
    /// A four with a closed three or an open two.
    Block4Plus,
    /// A four and an open three (wins by the four then the open four).
    Block4Flex3,
    /// An open four or two fours (wins next move).
    Flex4,
    /// A five: wins at once.
    Five,
}

/// Number of [`Threat`] kinds.
pub const THREATS: usize = 13;

const LINES: usize = 13;

/// How much a change of one in direction `d`'s line pattern changes a cell's combination index.
const PCODE_STEP: [i32; 4] = [
    (LINES * LINES * LINES) as i32,
    (LINES * LINES) as i32,
    LINES as i32,
    1,
];

/// Cell contents in a line key.
const K_EMPTY: u32 = 0;
const K_WALL: u32 = 3;

/// The line key's reach: the cells within five of a cell on each side.
const REACH: usize = 5;

/// `line_table()[key16]`: the freestyle line pattern for black and for white of an empty cell
/// whose eight line neighbours within four are `key16` (2 bits per neighbour, offsets −4, −3, −2,
/// −1, +1, +2, +3, +4 from bit 0; 0 empty, 1 black, 2 white, 3 off the board). A full line key
/// (offsets −5 … +5) gives `key16` as `(key >> 2) & 0xFFFF`.
fn line_table() -> &'static [[Line; 2]] {
    static TABLE: OnceLock<Vec<[Line; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut memo = vec![None; 19683]; // 3^9 states of the nine cells
        let mut table = vec![[Line::Dead; 2]; 1 << 16];
        for (key, slot) in table.iter_mut().enumerate() {
            for colour in 0..2u32 {
                let mut cells = key_cells::<9>(key as u32, colour);
                slot[colour as usize] = classify(&mut cells, &mut memo);
            }
        }
        table
    })
}

/// The `N` cells of a line key (its `N − 1` neighbours, 2 bits each from bit 0, and the centre)
/// as `colour` sees them: 0 empty, 1 own, 2 blocked (the other colour or off the board); the
/// centre is own.
fn key_cells<const N: usize>(key: u32, colour: u32) -> [u8; N] {
    let centre = N / 2;
    let mut cells = [0u8; N];
    for i in 0..N - 1 {
        let pos = if i < centre { i } else { i + 1 };
        cells[pos] = match (key >> (2 * i)) & 3 {
            K_EMPTY => 0,
            c if c == colour + 1 => 1,
            _ => 2,
        };
    }
    cells[centre] = 1;
    cells
}

/// True when a window of five own cells through the centre is complete.
fn has_five(cells: &[u8; 9]) -> bool {
    (0..5).any(|s| cells[s..s + 5].iter().all(|&c| c == 1))
}

/// Whether the eleven cells (centre own at index 5) hold exactly five own stones in a row through
/// the centre: a full window of five whose neighbours beyond both ends are not own.
fn has_exact_five(cells: &[u8; 11]) -> bool {
    (1..=5)
        .any(|s| cells[s..s + 5].iter().all(|&c| c == 1) && cells[s - 1] != 1 && cells[s + 5] != 1)
}

/// The pattern of the nine cells (centre own), by what one more own stone could make.
fn classify(cells: &mut [u8; 9], memo: &mut Vec<Option<Line>>) -> Line {
    classify_by(cells, memo, has_five, 0..9)
}

/// [`classify`] where only exactly five wins: the pattern of the eleven cells (centre own), by what
/// one more own stone within four of the centre could make.
fn classify_exact(cells: &mut [u8; 11], memo: &mut Vec<Option<Line>>) -> Line {
    classify_by(cells, memo, has_exact_five, 1..10)
}

/// The pattern of `N` cells (0 empty, 1 own, 2 blocked; the centre own): a five when `five` says
/// so, else by the patterns one more own stone on an empty cell of `free` could make. `memo` is
/// indexed by the cells read as a base-3 number.
fn classify_by<const N: usize>(
    cells: &mut [u8; N],
    memo: &mut Vec<Option<Line>>,
    five: fn(&[u8; N]) -> bool,
    free: std::ops::Range<usize>,
) -> Line {
    let idx = cells.iter().fold(0, |a, &c| a * 3 + c as usize);
    if let Some(l) = memo[idx] {
        return l;
    }
    let result = if five(cells) {
        Line::F5
    } else {
        let mut counts = [0usize; LINES];
        for e in free.clone() {
            if cells[e] != 0 {
                continue;
            }
            cells[e] = 1;
            let child = classify_by(cells, memo, five, free.clone());
            cells[e] = 0;
            counts[child as usize] += 1;
        }
        from_counts(&counts)
    };
    memo[idx] = Some(result);
    result
}

/// The pattern of a line from the patterns one more own stone could make (`counts[l]`: the cells
/// whose stone makes `l`).
fn from_counts(counts: &[usize; LINES]) -> Line {
    let at_least = |l: Line| counts[l as usize..].iter().sum::<usize>();
    let n = |l: Line| counts[l as usize];
    if n(Line::F5) >= 2 {
        Line::F4
    } else if n(Line::F5) == 1 {
        Line::B4
    } else if n(Line::F4) >= 2 {
        Line::F3S
    } else if n(Line::F4) == 1 {
        Line::F3
    } else if n(Line::B4) >= 1 {
        Line::B3
    } else {
        let f3 = n(Line::F3) + n(Line::F3S);
        if f3 >= 4 {
            Line::F2B
        } else if f3 == 3 {
            Line::F2A
        } else if f3 >= 1 {
            Line::F2
        } else if n(Line::B3) >= 1 {
            Line::B2
        } else if n(Line::F2) + n(Line::F2A) + n(Line::F2B) >= 1 {
            Line::F1
        } else if at_least(Line::B1) >= 1 {
            Line::B1
        } else {
            Line::Dead
        }
    }
}

/// Which colours win with exactly five (`exact[colour]`) rather than five or more: the line
/// patterns of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleTables {
    /// Per colour (0, 1), whether only exactly five wins.
    pub exact: [bool; 2],
    /// Under renju, black's colour: its forbidden points are kept.
    pub renju_black: Option<usize>,
}

impl RuleTables {
    /// Freestyle: five or more wins for both.
    pub const FREESTYLE: RuleTables = RuleTables {
        exact: [false, false],
        renju_black: None,
    };

    /// The tables of `rule` with black (the first player) being colour `black`.
    pub fn of(rule: crate::rule::Rule, black: usize) -> RuleTables {
        use crate::rule::Rule;
        match rule {
            Rule::Freestyle => RuleTables::FREESTYLE,
            Rule::Standard => RuleTables {
                exact: [true, true],
                renju_black: None,
            },
            Rule::Renju => RuleTables {
                exact: [black == 0, black == 1],
                renju_black: Some(black),
            },
        }
    }
}

/// The table of full 20-bit line keys (offsets −5 … +5 but the centre) for colours that win with
/// exactly five where `exact` says so (the others read the freestyle table).
fn exact_table(exact: [bool; 2]) -> &'static [[Line; 2]] {
    static TABLES: OnceLock<Vec<OnceLock<Vec<[Line; 2]>>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| (0..4).map(|_| OnceLock::new()).collect());
    tables[exact[0] as usize + 2 * exact[1] as usize].get_or_init(|| {
        let free = line_table();
        let mut memo = vec![None; 177_147]; // 3^11 states of the eleven cells
        let mut table = vec![[Line::Dead; 2]; 1 << 20];
        for (key, slot) in table.iter_mut().enumerate() {
            for colour in 0..2u32 {
                if !exact[colour as usize] {
                    slot[colour as usize] = free[(key >> 2) & 0xFFFF][colour as usize];
                    continue;
                }
                let mut cells = key_cells::<11>(key as u32, colour);
                slot[colour as usize] = classify_exact(&mut cells, &mut memo);
            }
        }
        table
    })
}

/// Whether a stone of `colour` at the centre of the full line key `key` makes an unbroken line of
/// six or more.
#[inline]
fn makes_overline(key: u32, colour: usize) -> bool {
    run_through(key, colour) >= 6
}

/// The unbroken run of `colour`'s stones a stone of its own at the centre of the full line key
/// `key` joins, counting that stone (up to eleven).
#[inline]
fn run_through(key: u32, colour: usize) -> u8 {
    // Slots 4, 3, … below the centre, 5, 6, … above it.
    1 + RUN_BELOW[colour][(key & 0x3FF) as usize] + RUN_ABOVE[colour][(key >> 10) as usize & 0x3FF]
}

/// For each colour and each key of five slots (two bits each), how many of that colour's stones
/// run unbroken from the top slot down ([`RUN_BELOW`], slots 4, 3, … of a full line key) or from
/// the bottom slot up ([`RUN_ABOVE`], slots 5, 6, …, shifted down by five).
static RUN_BELOW: [[u8; 1024]; 2] = [run_table(1, true), run_table(2, true)];
static RUN_ABOVE: [[u8; 1024]; 2] = [run_table(1, false), run_table(2, false)];

const fn run_table(own: u32, below: bool) -> [u8; 1024] {
    let mut table = [0u8; 1024];
    let mut key = 0;
    while key < 1024 {
        let mut run = 0;
        while run < 5 {
            let slot = if below { 4 - run } else { run };
            if (key >> (2 * slot)) & 3 != own {
                break;
            }
            run += 1;
        }
        table[key as usize] = run as u8;
        key += 1;
    }
    table
}

/// Under renju, what black's four line patterns at an empty cell say of its forbidden point.
///
/// The patterns are exact under renju (a five is exactly five), so they count the fours a black
/// stone would make: a `B4` line has one cell that completes the five, so one four; an `F4` line
/// has two, both ends of the run through the cell: a straight four (one four) if the run is four
/// long, else two fours in the line (`X.XXX.X`). A renju three is a line that one stone turns
/// into a straight four, so an `F3` or `F3S` line, and whether it is a three the patterns cannot
/// tell (that stone may itself be forbidden: the detector's recursion); a four's own line is never
/// a three (its straight four would take five stones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RenjuKind {
    /// A five: never forbidden (a five wins, whatever else the stone makes).
    Five,
    /// At most one four (a `B4` line) and one three: forbidden only by an overline.
    OverlineOnly,
    /// Two fours or more (`B4` or `F4` lines): a double four, whatever else.
    DoubleFour,
    /// One `F4` line, no other four, at most one three: forbidden if that line holds two fours (its
    /// run shorter than four), or by an overline.
    OpenFourLine,
    /// *Doubtful*: two threes or more beside at most one four. Only the renju detector can tell,
    /// and a change farther away can alter its answer (a three's straight-four point becoming
    /// forbidden through its other lines), so it is decided again after every move.
    Doubtful,
}

/// [`RenjuKind`] of black's line patterns `lines`.
fn renju_kind(lines: [Line; 4]) -> RenjuKind {
    let n = |l: Line| lines.iter().filter(|&&x| x == l).count();
    let (fours, open_fours) = (n(Line::B4) + n(Line::F4), n(Line::F4));
    let threes = n(Line::F3) + n(Line::F3S);
    if n(Line::F5) > 0 {
        RenjuKind::Five
    } else if fours >= 2 {
        RenjuKind::DoubleFour
    } else if threes >= 2 {
        RenjuKind::Doubtful
    } else if open_fours == 1 {
        RenjuKind::OpenFourLine
    } else {
        RenjuKind::OverlineOnly
    }
}

/// [`renju_kind`] by combination index (`CellState::pcode`), made once.
fn renju_kinds() -> &'static [RenjuKind] {
    static TABLE: OnceLock<Vec<RenjuKind>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..LINES.pow(4))
            .map(|i| renju_kind(pcode_lines(i)))
            .collect()
    })
}

/// The four line patterns of combination index `i` (`CellState::pcode`).
fn pcode_lines(i: usize) -> [Line; 4] {
    PCODE_STEP.map(|step| LINE_ORDER[i / step as usize % LINES])
}

/// The line patterns by their number.
const LINE_ORDER: [Line; LINES] = [
    Line::Dead,
    Line::B1,
    Line::F1,
    Line::B2,
    Line::F2,
    Line::F2A,
    Line::F2B,
    Line::B3,
    Line::F3,
    Line::F3S,
    Line::B4,
    Line::F4,
    Line::F5,
];

/// The threat of four line patterns together.
pub fn combine(lines: [Line; 4]) -> Threat {
    let mut n = [0u8; LINES];
    for l in lines {
        n[l as usize] += 1;
    }
    let c = |l: Line| n[l as usize];
    let f3 = c(Line::F3) + c(Line::F3S);
    let f2 = c(Line::F2) + c(Line::F2A) + c(Line::F2B);
    let b3 = c(Line::B3);
    if c(Line::F5) > 0 {
        Threat::Five
    } else if c(Line::F4) > 0 || c(Line::B4) >= 2 {
        Threat::Flex4
    } else if c(Line::B4) == 1 {
        if f3 > 0 {
            Threat::Block4Flex3
        } else if b3 > 0 || f2 > 0 {
            Threat::Block4Plus
        } else {
            Threat::Block4
        }
    } else if f3 >= 2 {
        Threat::Flex3x2
    } else if f3 == 1 {
        if b3 > 0 || f2 > 0 {
            Threat::Flex3Plus
        } else {
            Threat::Flex3
        }
    } else if b3 >= 2 || (b3 == 1 && f2 > 0) {
        Threat::Block3Plus
    } else if f2 >= 2 {
        Threat::Flex2x2
    } else if b3 == 1 {
        Threat::Block3
    } else if f2 == 1 {
        Threat::Flex2
    } else {
        Threat::None
    }
}

/// `COMBINED[l0·13³ + l1·13² + l2·13 + l3]`: the threat, the hand-set value, the evaluation's
/// value pair ([`pack`]: for the side to move, for the side waiting) and the move ordering's of
/// four line patterns.
///
/// An entry is six bytes (the values fit 16 bits: a few thousand for the evaluation's, checked as
/// the table is made), so that the entries in use stay in the cache; the move ordering's values
/// and the hand-set value, read only when moves are put in order or the evaluation is fitted, are
/// in a second table ([`combined_rest`]).
fn combined() -> &'static [Combined] {
    &combined_tables().0
}

/// What four line patterns make of a cell besides [`combined`]'s: the hand-set value and the move
/// ordering's values.
fn combined_rest() -> &'static [CombinedRest] {
    &combined_tables().1
}

/// [`combined`] and [`combined_rest`], made once.
fn combined_tables() -> &'static (Vec<Combined>, Vec<CombinedRest>) {
    static TABLES: OnceLock<(Vec<Combined>, Vec<CombinedRest>)> = OnceLock::new();
    TABLES.get_or_init(|| {
        combined_full()
            .iter()
            .map(|f| {
                let hot = Combined {
                    threat: f.threat,
                    eval_move: f.eval_move,
                    eval_wait: f.eval_wait,
                };
                let rest = CombinedRest {
                    value: f.value,
                    order_move: f.order_move,
                    order_wait: f.order_wait,
                };
                (hot, rest)
            })
            .unzip()
    })
}

impl OrderWeights {
    /// The combinations' values by combination key.
    fn by_key(&self) -> Vec<(i16, i16)> {
        let mut order = vec![(0, 0); COMBINATION_KEYS];
        for &(key, to_move, waiting) in self.combinations {
            order[key as usize] = (to_move, waiting);
        }
        order
    }
}

/// [`combined_rest`] with [`RENJU_WHITE_ORDER`]'s move-ordering values, made once.
fn renju_white_rest() -> &'static [CombinedRest] {
    static TABLE: OnceLock<Vec<CombinedRest>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let w = &RENJU_WHITE_ORDER;
        let order = w.by_key();
        combined_rest()
            .iter()
            .enumerate()
            .map(|(i, rest)| {
                let lines = pcode_lines(i);
                let threat = combine(lines) as usize;
                let key = combination_key(lines);
                CombinedRest {
                    value: rest.value,
                    order_move: order[key].0 + w.threat_move[threat],
                    order_wait: order[key].1 + w.threat_wait[threat],
                }
            })
            .collect()
    })
}

/// Everything four line patterns make of a cell, for [`combined`] and [`combined_rest`].
fn combined_full() -> Vec<CombinedFull> {
    {
        let all = LINE_ORDER;
        // The fitted combinations' own weights, by combination key.
        let mut residuals = vec![(0, 0); COMBINATION_KEYS];
        for &(key, own_move, own_wait) in EVAL_COMBINATIONS.iter() {
            residuals[key as usize] = (own_move as i32, own_wait as i32);
        }
        let order = FREESTYLE_ORDER.by_key();
        let mut t = Vec::with_capacity(LINES.pow(4));
        for &a in &all {
            for &b in &all {
                for &c in &all {
                    for &d in &all {
                        let lines = [a, b, c, d];
                        let threat = combine(lines);
                        let v = lines.iter().map(|&l| LINE_VALUE[l as usize]).sum::<i32>()
                            + THREAT_VALUE[threat as usize];
                        let side = |w: &[i32]| {
                            lines.iter().map(|&l| line_weight(w, l)).sum::<i32>()
                                + threat_weight(w, threat)
                        };
                        let narrow =
                            |x: i32| i16::try_from(x).expect("a cell's value fits 16 bits");
                        let key = combination_key(lines);
                        let (own_move, own_wait) = residuals[key];
                        t.push(CombinedFull {
                            threat,
                            value: narrow(v),
                            eval_move: narrow(side(&EVAL_WEIGHTS[F_MOVE..]) + own_move),
                            eval_wait: narrow(side(&EVAL_WEIGHTS[F_WAIT..]) + own_wait),
                            order_move: order[key].0 + FREESTYLE_ORDER.threat_move[threat as usize],
                            order_wait: order[key].1 + FREESTYLE_ORDER.threat_wait[threat as usize],
                        });
                    }
                }
            }
        }
        t
    }
}

/// What four line patterns make of a cell ([`combined_full`]).
struct CombinedFull {
    threat: Threat,
    /// The hand-set value (the hand-set evaluation's; the move ordering's before the ninth round).
    value: i16,
    /// The evaluation's values when the cell's colour is to move and when it waits.
    eval_move: i16,
    eval_wait: i16,
    /// The move ordering's values of the cell when its colour is to move and when it waits
    /// ([`PatternBoard::order`]).
    order_move: i16,
    order_wait: i16,
}

/// What four line patterns make of a cell that every move reads ([`combined`]): six bytes, so
/// that the table's cells in use stay in the cache.
#[derive(Clone, Copy)]
struct Combined {
    eval_move: i16,
    eval_wait: i16,
    threat: Threat,
}

/// The rest of what four line patterns make of a cell ([`combined_rest`]).
#[derive(Clone, Copy)]
struct CombinedRest {
    value: i16,
    order_move: i16,
    order_wait: i16,
}

impl Combined {
    /// The threat and the evaluation's [`pack`]ed pair.
    #[inline]
    fn parts(self) -> (Threat, i64) {
        (
            self.threat,
            pack(self.eval_move as i32, self.eval_wait as i32),
        )
    }
}

/// What a line pattern adds to a cell's hand-set value.
const LINE_VALUE: [i32; LINES] = [0, 1, 2, 3, 7, 9, 11, 10, 24, 28, 26, 60, 0];

/// What a threat adds to a cell's hand-set value.
const THREAT_VALUE: [i32; THREATS] = [0, 0, 0, 4, 6, 8, 14, 30, 6, 18, 40, 60, 0];

// The evaluation: a linear function of the features [`PatternBoard::eval_features`] lists, with
// the fitted weights of `super::eval_weights`. Its layout, from the side to move's view ("move")
// and the side waiting's ("wait"):
// - `F_BIAS`: 1 (the tempo);
// - from `F_MOVE`: the side to move's cells' line patterns `B1` … `F4` (11 counts, a cell
//   counted once per direction), then its cells' threats `Flex2` … `Five` (12 counts);
// - from `F_WAIT`: the same 23 counts for the side waiting;
// - from `F_BITS`: the threats each side has ([`threat_bits`], six bits: an open three to make,
//   one with more, a four, a four with more, an open four, a five), the side to move's then the
//   side waiting's; then each product of a bit of the side to move's and one of the side
//   waiting's (36), of two of the side to move's (15), of two of the side waiting's (15).
// And besides these, sparse: for each combination of four line patterns (in any order:
// [`combination_key`]) the fit found often enough, the number of the side to move's cells with it
// and of the side waiting's (`EVAL_COMBINATIONS`: the combination's own weights, on top of its
// lines' and threat's).
// The line and threat counts and the combinations are kept per cell incrementally (a cell's value
// pair for each colour: what it adds when that colour is to move and when it waits); the threat
// bits come from the threat counts, their weights summed once into a table of all 4,096 pairs.
use super::eval_weights::{EVAL_COMBINATIONS, EVAL_SHIFT, EVAL_WEIGHTS};
use super::{order_weights, order_weights_renju_white};

/// A fitted move ordering's weights (`scripts/fit_order.py`): each combination of four line
/// patterns' value to the side to move and to the side waiting (`combination_key`, its threat's
/// not included), what each threat adds to the two, and what the pair of both sides' threats at
/// a cell adds.
pub struct OrderWeights {
    pub combinations: &'static [(u16, i16, i16)],
    pub threat_move: &'static [i16; LINES],
    pub threat_wait: &'static [i16; LINES],
    pub pair: &'static [[i16; LINES]; LINES],
    /// The values of every combination index (`CellState::pcode`), made once from the above.
    table: fn() -> &'static [CombinedRest],
}

/// The move ordering fitted to Rapfi's freestyle moves (`order_weights.rs`: ninth and tenth
/// rounds), for every position but those below.
pub static FREESTYLE_ORDER: OrderWeights = OrderWeights {
    combinations: &order_weights::ORDER_COMBINATIONS,
    threat_move: &order_weights::ORDER_THREAT_MOVE,
    threat_wait: &order_weights::ORDER_THREAT_WAIT,
    pair: &order_weights::ORDER_THREAT_PAIR,
    table: combined_rest,
};

/// The move ordering fitted to Rapfi's renju moves with white to move
/// (`order_weights_renju_white.rs`), for renju positions with white to move. (Fitted with black
/// to move, renju's ordering predicted Rapfi's moves no better than the freestyle one.)
pub static RENJU_WHITE_ORDER: OrderWeights = OrderWeights {
    combinations: &order_weights_renju_white::ORDER_COMBINATIONS,
    threat_move: &order_weights_renju_white::ORDER_THREAT_MOVE,
    threat_wait: &order_weights_renju_white::ORDER_THREAT_WAIT,
    pair: &order_weights_renju_white::ORDER_THREAT_PAIR,
    table: renju_white_rest,
};

/// The feature of the tempo.
const F_BIAS: usize = 0;
/// The side to move's line and threat counts start here (lines `B1` … `F4`, then threats `Flex2` …
/// `Five`).
const F_MOVE: usize = 1;
/// Line patterns counted (`B1` … `F4`).
const F_LINES: usize = 11;
/// Threats counted (`Flex2` … `Five`).
const F_THREATS: usize = 12;
/// The side waiting's counts.
const F_WAIT: usize = F_MOVE + F_LINES + F_THREATS;
/// The threat bits and their products.
const F_BITS: usize = F_WAIT + F_LINES + F_THREATS;
/// Threat bits per side ([`threat_bits`]).
const BITS: usize = 6;
/// Number of evaluation features (the dense ones; the combinations are besides).
pub const EVAL_FEATURES: usize = F_BITS + 2 * BITS + BITS * BITS + BITS * (BITS - 1);
/// Combination keys ([`combination_key`]): `13^4`.
pub const COMBINATION_KEYS: usize = LINES * LINES * LINES * LINES;

/// A combination of four line patterns whatever their order: the patterns sorted, as the digits
/// of a number in base 13.
pub fn combination_key(lines: [Line; 4]) -> usize {
    let mut l = lines.map(|l| l as usize);
    l.sort_unstable();
    l.iter().fold(0, |k, &x| k * LINES + x)
}

/// What threats a side has, from its cells' threat counts `n`: bit 0 an open three to make
/// (`Flex3`), 1 one with more (`Flex3Plus`, `Flex3x2`), 2 a four (`Block4`), 3 a four with more
/// (`Block4Plus`, `Block4Flex3`), 4 an open four or two fours (`Flex4`), 5 a five.
#[inline]
fn threat_bits(n: &[u16; THREATS]) -> usize {
    let has = |t: Threat| (n[t as usize] > 0) as usize;
    has(Threat::Flex3)
        | (has(Threat::Flex3Plus) | has(Threat::Flex3x2)) << 1
        | has(Threat::Block4) << 2
        | (has(Threat::Block4Plus) | has(Threat::Block4Flex3)) << 3
        | has(Threat::Flex4) << 4
        | has(Threat::Five) << 5
}

/// The features of the threat bits `me` (the side to move's) and `opp` (the side waiting's): the
/// bits, then their products (the layout above `EVAL_FEATURES`), written from `f[F_BITS]`.
fn bit_features(me: usize, opp: usize, f: &mut [i32]) {
    let bit = |m: usize, i: usize| ((m >> i) & 1) as i32;
    let mut k = F_BITS;
    for m in [me, opp] {
        for i in 0..BITS {
            f[k] = bit(m, i);
            k += 1;
        }
    }
    for i in 0..BITS {
        for j in 0..BITS {
            f[k] = bit(me, i) * bit(opp, j);
            k += 1;
        }
    }
    for m in [me, opp] {
        for i in 0..BITS {
            for j in i + 1..BITS {
                f[k] = bit(m, i) * bit(m, j);
                k += 1;
            }
        }
    }
    debug_assert_eq!(k, EVAL_FEATURES);
}

/// `THREAT_TABLE[me << 6 | opp]`: the weighted threat-bit features of each pair of sides' bits.
fn threat_table() -> &'static [i32] {
    static TABLE: OnceLock<Vec<i32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut f = [0; EVAL_FEATURES];
        (0..1 << (2 * BITS))
            .map(|m| {
                bit_features(m >> BITS, m & ((1 << BITS) - 1), &mut f);
                (F_BITS..EVAL_FEATURES)
                    .map(|k| f[k] * EVAL_WEIGHTS[k])
                    .sum()
            })
            .collect()
    })
}

/// The weight of line pattern `l` in a side's weights `w` (from its first line count).
#[inline]
fn line_weight(w: &[i32], l: Line) -> i32 {
    match l {
        Line::Dead | Line::F5 => 0,
        _ => w[l as usize - 1],
    }
}

/// The weight of threat `t` in a side's weights `w` (from its first line count).
#[inline]
fn threat_weight(w: &[i32], t: Threat) -> i32 {
    match t {
        Threat::None => 0,
        _ => w[F_LINES + t as usize - 1],
    }
}

/// Two values in one `i64` (`a` in the low 32 bits), so that sums of pairs add in one addition
/// (each sum must fit an `i32`).
#[inline]
const fn pack(a: i32, b: i32) -> i64 {
    ((b as i64) << 32) + a as i64
}

/// The two values of a sum of [`pack`]ed pairs.
#[inline]
const fn unpack(v: i64) -> (i32, i32) {
    let a = v as i32;
    (a, ((v - a as i64) >> 32) as i32)
}

/// No stone (in [`PatternBoard::stone`]).
pub const EMPTY: u8 = 2;
/// Off the board.
pub const WALL: u8 = 3;

/// Zobrist keys from SplitMix64.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const PAD: usize = REACH;

/// The cells near a cell, row by row from three rows above to three below, as bits over the
/// seven columns from three left of it to three right (bit `k`: column offset `k − 3`): within
/// two in any direction, or three along a line.
const NEAR_ROWS: [u64; 7] = [
    0b100_1001, 0b011_1110, 0b011_1110, 0b111_1111, 0b011_1110, 0b011_1110, 0b100_1001,
];

/// The largest side the pattern board plays.
pub const MAX_SIDE: usize = 32;

/// A board for five in a row with line patterns and threats kept per cell. Cells are indices into
/// a grid padded by four cells of wall on each side: `(row + 4) · stride + column + 4`.
#[derive(Clone)]
pub struct PatternBoard {
    width: usize,
    height: usize,
    stride: usize,
    /// Index steps of the four directions.
    steps: [isize; 4],
    stones: Vec<u8>,
    keys: Vec<[u32; 4]>,
    /// Per cell, what its patterns make of it ([`CellState`]; kept for the empty cells).
    state: Vec<CellState>,
    /// The candidate moves as a bit set over the padded cells: the empty cells with a stone
    /// near them (within two in any direction, or three along a line).
    candidates: Vec<u64>,
    /// The empty real cells as a bit set over the padded cells.
    empty: Vec<u64>,
    /// The candidate sets before each move, `candidates.len()` words a move, for
    /// [`PatternBoard::unmake`].
    candidates_before: Vec<u64>,
    counts: [[u16; THREATS]; 2],
    eval_sum: [i64; 2],
    zobrist: Vec<[u64; 2]>,
    hash: u64,
    to_move: usize,
    moves: Vec<u16>,
    /// The real cells, in row order.
    real: Vec<u16>,
    /// Index offsets of the cells near a cell ([`PatternBoard::empty_near`]; within the padding).
    four_offsets: Vec<isize>,
    line_table: &'static [[Line; 2]],
    /// A line key's index into `line_table`: `(key >> shift) & mask` (freestyle reads the eight
    /// cells within four, the exact rules all ten).
    shift: u32,
    mask: u32,
    /// How far a stone's line keys reach: 4 under freestyle, 5 under the exact rules.
    reach: isize,
    combined: &'static [Combined],
    combined_rest: &'static [CombinedRest],
    /// The move ordering's weights by the colour to move: [`RENJU_WHITE_ORDER`] under renju with
    /// white to move, else [`FREESTYLE_ORDER`]; and their values by combination index.
    order: [&'static OrderWeights; 2],
    order_rest: [&'static [CombinedRest]; 2],
    /// [`threat_table`].
    threat_table: &'static [i32],
    /// [`renju_kinds`].
    renju_kinds: &'static [RenjuKind],
    /// Under renju: black's colour and the renju board (for black's forbidden points).
    renju: Option<(usize, RenjuBoard)>,
    /// Under renju, the doubtful cells ([`RenjuKind::Doubtful`]: two threes or more by black's
    /// patterns, beside at most one four): their forbidden points can change with any stone
    /// nearby (a double three's threes depend on their straight-four points), so they are
    /// decided again after every move.
    /// `in_doubtful[c]`: the position of `c` in `doubtful`, or `u16::MAX`.
    doubtful: Vec<u16>,
    in_doubtful: Vec<u16>,
    /// What each move changed, so that [`PatternBoard::unmake`] restores it rather than computing
    /// it again: per move a [`Frame`], per changed cell a [`Saved`] (under renju, the doubtful
    /// cells as they were too).
    frames: Vec<Frame>,
    saved: Vec<Saved>,
    saved_doubtful: Vec<u16>,
}

/// The board's totals before a move, and where its changed cells start in `PatternBoard::saved`
/// (and, under renju, its doubtful cells in `PatternBoard::saved_doubtful`).
#[derive(Clone)]
struct Frame {
    saved: u32,
    doubtful: u32,
    counts: [[u16; THREATS]; 2],
    eval_sum: [i64; 2],
}

/// What an empty cell's line patterns make of it, for each colour: together, in 32 bytes, since a
/// move changes them together (one cache line, and one copy to save and to restore).
#[derive(Clone, Copy, Debug, PartialEq)]
struct CellState {
    /// The evaluation's value pair ([`pack`]ed: that colour to move, that colour waiting).
    eval: [i64; 2],
    /// The line pattern in each direction.
    lines: [[Line; 4]; 2],
    /// The four line patterns as one index into the combination table ([`combined`]:
    /// `((l₀·13 + l₁)·13 + l₂)·13 + l₃`), kept with the patterns.
    pcode: [u16; 2],
    threat: [Threat; 2],
    /// Under renju, whether the cell is one of black's forbidden points (as last decided; in the
    /// state so that it is saved and restored with it).
    forbidden: bool,
}

/// An empty cell's state before a move changed it.
#[derive(Clone, Copy)]
struct Saved {
    cell: u16,
    state: CellState,
}

/// What [`PatternBoard::touch_within`] does besides changing the line keys: refreshes the changed
/// cells after saving them.
const TOUCH_SAVE: u8 = 1;
/// Changes the line keys only (the cells are restored from their saved state).
const TOUCH_KEYS: u8 = 2;

const SIDE_KEY: u64 = 0x5851_F42D_4C95_7F2D;

impl PatternBoard {
    /// The empty `width` × `height` board (5 to 32 a side) under freestyle, colour 0 to move.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn new(width: usize, height: usize) -> Option<PatternBoard> {
        PatternBoard::with_rule(width, height, RuleTables::FREESTYLE)
    }

    /// The empty `width` × `height` board (5 to 32 a side) under the rule `tables`, colour 0 to
    /// move.
    pub fn with_rule(width: usize, height: usize, tables: RuleTables) -> Option<PatternBoard> {
        if !(5..=MAX_SIDE).contains(&width) || !(5..=MAX_SIDE).contains(&height) {
            return None;
        }
        let freestyle = tables.exact == [false, false];
        let order: [&'static OrderWeights; 2] = [0, 1].map(|p| match tables.renju_black {
            Some(black) if p != black => &RENJU_WHITE_ORDER,
            _ => &FREESTYLE_ORDER,
        });
        let stride = width + 2 * PAD;
        let size = stride * (height + 2 * PAD);
        let steps = [1, stride as isize, stride as isize + 1, stride as isize - 1];
        let mut stones = vec![WALL; size];
        let mut real = Vec::with_capacity(width * height);
        for r in 0..height {
            for c in 0..width {
                let i = (r + PAD) * stride + c + PAD;
                stones[i] = EMPTY;
                real.push(i as u16);
            }
        }
        let mut seed = 0xC0FF_EE00_u64 ^ ((width * 64 + height) as u64);
        let zobrist = (0..size)
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let mut four_offsets = Vec::new();
        for dr in -4isize..=4 {
            for dc in -4isize..=4 {
                let square = dr.abs() <= 2 && dc.abs() <= 2;
                let line = dr == 0 || dc == 0 || dr.abs() == dc.abs();
                if (dr, dc) != (0, 0) && (square || line) {
                    four_offsets.push(dr * stride as isize + dc);
                }
            }
        }
        let mut b = PatternBoard {
            width,
            height,
            stride,
            steps,
            stones,
            keys: vec![[0; 4]; size],
            state: vec![
                CellState {
                    eval: [0; 2],
                    lines: [[Line::Dead; 4]; 2],
                    pcode: [0; 2],
                    threat: [Threat::None; 2],
                    forbidden: false,
                };
                size
            ],
            candidates: vec![0; size.div_ceil(64)],
            empty: vec![0; size.div_ceil(64)],
            candidates_before: Vec::new(),
            counts: [[0; THREATS]; 2],
            eval_sum: [0; 2],
            zobrist,
            hash: 0,
            to_move: 0,
            moves: Vec::new(),
            real,
            four_offsets,
            line_table: if freestyle {
                line_table()
            } else {
                exact_table(tables.exact)
            },
            shift: if freestyle { 2 } else { 0 },
            mask: if freestyle { 0xFFFF } else { 0xF_FFFF },
            reach: if freestyle { 4 } else { 5 },
            combined: combined(),
            combined_rest: combined_rest(),
            order,
            order_rest: order.map(|w| (w.table)()),
            threat_table: threat_table(),
            renju_kinds: renju_kinds(),
            renju: tables
                .renju_black
                .map(|black| (black, RenjuBoard::new(width, height))),
            doubtful: Vec::new(),
            in_doubtful: vec![u16::MAX; size],
            frames: Vec::new(),
            saved: Vec::new(),
            saved_doubtful: Vec::new(),
        };
        for i in 0..b.real.len() {
            let c = b.real[i] as usize;
            b.empty[c / 64] |= 1 << (c % 64);
        }
        b.counts[0][Threat::None as usize] = b.real.len() as u16;
        b.counts[1][Threat::None as usize] = b.real.len() as u16;
        for i in 0..b.real.len() {
            let c = b.real[i] as usize;
            for d in 0..4 {
                let mut key = 0u32;
                for (slot, off) in [-5isize, -4, -3, -2, -1, 1, 2, 3, 4, 5].iter().enumerate() {
                    let q = (c as isize + off * b.steps[d]) as usize;
                    let code = match b.stones[q] {
                        WALL => K_WALL,
                        _ => K_EMPTY,
                    };
                    key |= code << (2 * slot);
                }
                b.keys[c][d] = key;
            }
            b.refresh(c);
        }
        Some(b)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The padded index of (column, row).
    pub fn index(&self, col: usize, row: usize) -> usize {
        (row + PAD) * self.stride + col + PAD
    }

    /// The (column, row) of a padded index.
    pub fn coords(&self, i: usize) -> (usize, usize) {
        (i % self.stride - PAD, i / self.stride - PAD)
    }

    /// The real cells, row by row.
    pub fn cells(&self) -> &[u16] {
        &self.real
    }

    /// Padded cells (the size of per-cell tables).
    pub fn padded_cells(&self) -> usize {
        self.stones.len()
    }

    /// The stone on `i`: 0, 1, [`EMPTY`] or [`WALL`].
    #[inline]
    pub fn stone(&self, i: usize) -> u8 {
        self.stones[i]
    }

    /// The colour to move.
    #[inline]
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Makes `p` the colour to move.
    pub fn set_to_move(&mut self, p: usize) {
        if self.to_move != p {
            self.to_move = p;
            self.hash ^= SIDE_KEY;
        }
    }

    /// The Zobrist hash of the stones and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash [`PatternBoard::hash`] will have after the side to move plays empty cell `c`.
    #[inline]
    pub fn hash_after(&self, c: usize) -> u64 {
        self.hash ^ self.zobrist[c][self.to_move] ^ SIDE_KEY
    }

    /// Stones on the board.
    pub fn stones(&self) -> usize {
        self.moves.len()
    }

    /// The last move.
    pub fn last(&self) -> Option<usize> {
        self.moves.last().map(|&m| m as usize)
    }

    /// The move `k` moves before the last (`back(0)` is the last move).
    pub fn back(&self, k: usize) -> Option<usize> {
        let n = self.moves.len();
        (k < n).then(|| self.moves[n - 1 - k] as usize)
    }

    /// The empty cells *near* cell `a`: within two cells of it in both directions, or on one of
    /// its lines within four (where a stone can share a four or a three with a stone at `a`, or
    /// block one).
    pub fn empty_near(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        self.four_offsets
            .iter()
            .map(move |&o| (a as isize + o) as usize)
            .filter(|&q| self.stones[q] == EMPTY)
    }

    /// Under freestyle and standard, and for white under renju, whether `p`'s four on empty cell
    /// `c` is a *dead four* for a VCF: after the four and the opponent's one block, `p` has no
    /// five, open four, four-three or double three to make, no four near `c`
    /// ([`PatternBoard::empty_near`]), and the block made the opponent no four, so a VCF that
    /// goes on from there fails at once. Judged without playing
    /// the two stones, for a four with nothing more than a closed three or an open two besides
    /// ([`Threat::Block4`], [`Threat::Block4Plus`]):
    /// - `p` has no open four, four-three or double three anywhere (the four could take away a
    ///   four the opponent would answer a double three with);
    /// - the block (the cell of the four's line where `p`'s stone would then make five) is no
    ///   four of the opponent's;
    /// - no empty cell within four of `c` on its lines makes `p` a four, a four-three or a
    ///   double three once the four and the block stand (their line keys with the two stones
    ///   added; only those cells' patterns rise, and a cell needs a closed three on that line or
    ///   an open three on another for it);
    /// - no other cell near `c` makes `p` a four.
    ///
    /// Under standard (exactly five) the same holds: a stone of `p`'s raises `p`'s patterns only
    /// within four of it (beyond, it can only make an overline of a five), and the other colour's
    /// stone never raises them (it cannot shorten a run of `p`'s).
    ///
    /// Under renju white's lines are freestyle's, and the block must be one black may play: a
    /// block forbidden to black loses him the game, so the four is no dead four when the block
    /// is a forbidden point of black's or a doubtful one (two threes or more: white's stone could
    /// make it forbidden). A black point with fewer than two threes that is not forbidden stays
    /// so after white's stone (its fours and threes can only go down; no black run grows).
    /// Black's own fours are not judged: a white stone can make a black point legal.
    pub fn dead_four(&self, p: usize, c: usize) -> bool {
        if self.renju_black() == Some(p)
            || !matches!(self.state[c].threat[p], Threat::Block4 | Threat::Block4Plus)
        {
            return false;
        }
        let n = &self.counts[p];
        if n[Threat::Flex3x2 as usize] + n[Threat::Block4Flex3 as usize] + n[Threat::Flex4 as usize]
            > 0
        {
            return false;
        }
        let Some(d) = (0..4).find(|&d| self.state[c].lines[p][d] == Line::B4) else {
            return false;
        };
        // Other fours near `c`, off its lines (those on them are judged below).
        let cs = c as isize;
        let on_lines = |q: usize| {
            let diff = q as isize - cs;
            self.steps
                .iter()
                .any(|&st| diff % st == 0 && (diff / st).abs() <= 4 && self.aligned(c, q, st))
        };
        if self.count_at_least(p, Threat::Block4) > 1
            && self.four_offsets.iter().any(|&off| {
                let q = (cs + off) as usize;
                off != 0
                    && self.stones[q] == EMPTY
                    && self.state[q].threat[p] >= Threat::Block4
                    && !on_lines(q)
            })
        {
            return false;
        }
        // The slot of the cell at offset `m` (±1 … ±4) in a line key.
        let slot = |m: isize| if m < 0 { 5 + m } else { m + 4 };
        let own = p as u32 + 1;
        let theirs = (1 - p) as u32 + 1;
        let index = |key: u32| ((key >> self.shift) & self.mask) as usize;
        const OFFSETS: [isize; 8] = [-4, -3, -2, -1, 1, 2, 3, 4];
        // The block, on the four's line.
        let step = self.steps[d];
        let Some(jb) = OFFSETS.into_iter().find(|&j| {
            let q = (cs + j * step) as usize;
            self.stones[q] == EMPTY
                && self.state[q].lines[p][d] >= Line::B4
                && self.line_table[index(self.keys[q][d] ^ (own << (2 * slot(-j))))][p] == Line::F5
        }) else {
            return false;
        };
        let block = (cs + jb * step) as usize;
        if self.state[block].threat[1 - p] >= Threat::Block4 {
            return false;
        }
        if let Some(black) = self.renju_black() {
            if self.state[block].forbidden
                || self.renju_kinds[self.state[block].pcode[black] as usize] == RenjuKind::Doubtful
            {
                return false;
            }
        }
        for (e, &st) in self.steps.iter().enumerate() {
            for j in OFFSETS {
                let q = (cs + j * st) as usize;
                if e == d && j == jb || self.stones[q] != EMPTY {
                    continue;
                }
                let s = &self.state[q];
                // With one stone more on line `e` and none elsewhere, a four needs a closed three
                // there before or a four on another line, and a double three or a four-three an
                // open three on another line.
                if s.lines[p][e] < Line::B3 && s.threat[p] < Threat::Flex3 {
                    continue;
                }
                let mut key = self.keys[q][e] ^ (own << (2 * slot(-j)));
                if e == d && (jb - j).abs() <= 4 {
                    key ^= theirs << (2 * slot(jb - j));
                }
                let line = self.line_table[index(key)][p];
                let pcode =
                    s.pcode[p] as i32 + (line as i32 - s.lines[p][e] as i32) * PCODE_STEP[e];
                if self.combined[pcode as usize].parts().0 >= Threat::Flex3x2 {
                    return false;
                }
            }
        }
        true
    }

    /// The threat a stone of `p` on empty cell `i` makes.
    #[inline]
    pub fn threat(&self, p: usize, i: usize) -> Threat {
        self.state[i].threat[p]
    }

    /// Empty cells where a stone of `p` makes threat `t`.
    #[inline]
    pub fn count(&self, p: usize, t: Threat) -> u16 {
        self.counts[p][t as usize]
    }

    /// Empty cells where a stone of `p` makes at least threat `t`.
    pub fn count_at_least(&self, p: usize, t: Threat) -> u32 {
        self.counts[p][t as usize..].iter().map(|&n| n as u32).sum()
    }

    /// The sum of the values of the empty cells for `p`.
    #[inline]
    pub fn value_sum(&self, p: usize) -> i32 {
        // Summed when asked (only the fit of the evaluation asks), not kept with every move.
        self.real
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.stones[c] == EMPTY && !self.forbidden(p, c))
            .map(|c| self.combined_rest[self.state[c].pcode[p] as usize].value as i32)
            .sum()
    }

    /// The fitted evaluation for the side to move: the weights of `super::eval_weights` times the
    /// features [`PatternBoard::eval_features`] lists, from the value pairs kept per cell and the
    /// threat counts.
    #[inline]
    pub fn evaluation(&self) -> i32 {
        let me = self.to_move;
        let opp = 1 - me;
        let bits = threat_bits(&self.counts[me]) << BITS | threat_bits(&self.counts[opp]);
        let v = EVAL_WEIGHTS[F_BIAS]
            + unpack(self.eval_sum[me]).0
            + unpack(self.eval_sum[opp]).1
            + self.threat_table[bits];
        v >> EVAL_SHIFT
    }

    /// The evaluation's features, counted afresh from the board (see the layout above
    /// `EVAL_FEATURES`): what `scripts/fit_eval.py` weighs.
    pub fn eval_features(&self) -> [i32; EVAL_FEATURES] {
        let me = self.to_move;
        let mut f = [0; EVAL_FEATURES];
        f[F_BIAS] = 1;
        for &c in &self.real {
            let c = c as usize;
            if self.stones[c] != EMPTY {
                continue;
            }
            for (p, base) in [(me, F_MOVE), (1 - me, F_WAIT)] {
                if self.forbidden(p, c) {
                    continue;
                }
                for l in self.state[c].lines[p] {
                    if l != Line::Dead && l != Line::F5 {
                        f[base + l as usize - 1] += 1;
                    }
                }
                let t = self.state[c].threat[p];
                if t != Threat::None {
                    f[base + F_LINES + t as usize - 1] += 1;
                }
            }
        }
        bit_features(
            threat_bits(&self.counts[me]),
            threat_bits(&self.counts[1 - me]),
            &mut f,
        );
        f
    }

    /// The evaluation's sparse features, counted afresh: for each combination of line patterns
    /// ([`combination_key`]) on the empty cells, `(2 · key, cells of the side to move's)` and
    /// `(2 · key + 1, cells of the side waiting's)`, those that are not zero, by index.
    pub fn eval_combinations(&self) -> Vec<(usize, i32)> {
        let me = self.to_move;
        let mut n = std::collections::BTreeMap::new();
        for &c in &self.real {
            let c = c as usize;
            if self.stones[c] != EMPTY {
                continue;
            }
            for (p, side) in [(me, 0), (1 - me, 1)] {
                if !self.forbidden(p, c) {
                    *n.entry(2 * combination_key(self.state[c].lines[p]) + side)
                        .or_insert(0) += 1;
                }
            }
        }
        n.into_iter().collect()
    }

    /// The move ordering's values of empty cell `i` for `p` (fitted to Rapfi's moves:
    /// [`PatternBoard::order_weights`]): when `p` is to move (what playing there makes for `p`),
    /// and when `p` waits (what playing there takes from `p`). See [`PatternBoard::order_score`].
    #[inline]
    pub fn order(&self, p: usize, i: usize) -> (i32, i32) {
        let o = self.order_rest[self.to_move][self.state[i].pcode[p] as usize];
        (o.order_move as i32, o.order_wait as i32)
    }

    /// The move ordering's weights in force: [`RENJU_WHITE_ORDER`] under renju with white to move,
    /// else [`FREESTYLE_ORDER`].
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn order_weights(&self) -> &'static OrderWeights {
        self.order[self.to_move]
    }

    /// The side to move's move-ordering score of empty cell `i` (fitted to Rapfi's moves): its
    /// own first [`PatternBoard::order`] value, plus the opponent's second, plus the value of the
    /// pair of the two sides' threats there ([`OrderWeights::pair`]).
    #[inline]
    pub fn order_score(&self, i: usize) -> i32 {
        let (me, opp) = (self.to_move, 1 - self.to_move);
        let pair = self.order[me].pair[self.threat(me, i) as usize][self.threat(opp, i) as usize];
        self.order(me, i).0 + self.order(opp, i).1 + pair as i32
    }

    /// True when empty cell `i` is a candidate move (a stone near it).
    #[inline]
    #[cfg(test)]
    pub fn is_candidate(&self, i: usize) -> bool {
        // By the definition, not by the bit sets: a stone within two in any direction, or
        // three along a line.
        let (col, row) = (i % self.stride, i / self.stride);
        self.stones[i] == EMPTY
            && (-3isize..=3).any(|dr| {
                (-3isize..=3).any(|dc| {
                    let square = dr.abs() <= 2 && dc.abs() <= 2;
                    let line = dr == 0 || dc == 0 || dr.abs() == dc.abs();
                    let (r, c) = (row as isize + dr, col as isize + dc);
                    (square || line)
                        && (0..self.stride as isize).contains(&c)
                        && r >= 0
                        && self
                            .stones
                            .get(r as usize * self.stride + c as usize)
                            .is_some_and(|&s| s < EMPTY)
                })
            })
    }

    /// The candidate moves (the empty cells with a stone near them) in the order of
    /// [`PatternBoard::cells`].
    #[inline]
    pub fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        self.candidates.iter().enumerate().flat_map(|(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }

    /// Makes the empty cells near a stone on `c` candidates (`c` itself is no longer empty): row
    /// by row, the cells within two, or three along a line ([`NEAR_ROWS`]).
    #[inline]
    fn add_candidates_near(&mut self, c: usize) {
        for (dr, &mask) in (-3isize..=3).zip(NEAR_ROWS.iter()) {
            // The row's leftmost cell three columns left of `c`'s: inside the padding.
            let start = (c as isize + dr * self.stride as isize - 3) as usize;
            let (w, shift) = (start / 64, start % 64);
            let bits = (mask as u128) << shift;
            self.candidates[w] |= bits as u64 & self.empty[w];
            let high = (bits >> 64) as u64;
            if high != 0 {
                self.candidates[w + 1] |= high & self.empty[w + 1];
            }
        }
    }

    /// The five point of the four `p` makes on empty cell `q`: the empty cell on the line of that
    /// four (within four of `q`) where `p`'s stones on both make five, under the board's rule.
    pub fn five_point(&self, p: usize, q: usize) -> Option<usize> {
        let code = p as u32 + 1;
        (0..4)
            .filter(|&d| self.state[q].lines[p][d] == Line::B4)
            .flat_map(|d| {
                (1..=4isize).flat_map(move |k| {
                    // `q` is at offset −k from `q + k·step` (slot 5 − k), at +k from `q − k·step`
                    // (slot k + 4), as in `touch`.
                    [(k, 5 - k), (-k, k + 4)].map(|(o, slot)| (d, o, slot))
                })
            })
            .find_map(|(d, o, slot)| {
                let e = (q as isize + o * self.steps[d]) as usize;
                if e >= self.stones.len() || self.stones[e] != EMPTY {
                    return None;
                }
                let key = self.keys[e][d] ^ (code << (2 * slot));
                let index = ((key >> self.shift) & self.mask) as usize;
                (self.line_table[index][p] == Line::F5).then_some(e)
            })
    }

    /// The cells that defend against `p`'s open fours to come (his [`Threat::Flex4`] cells),
    /// pushed onto `out` (some more than once); `false`, and nothing pushed, under renju when a
    /// black point they rest on has two threes or more (below), where the caller keeps every
    /// cell of his fours.
    ///
    /// For a cell `q` where `p` makes an open four on a line (`F4`), the ends of that four (the
    /// empty cells reached from `q` over `p`'s stones each way) and `q` itself; an end that is an
    /// `F4` cell too leaves the other end out (`..ooo..`: the two cells beside the three, not the
    /// far ones). For a cell where `p` makes two fours and no open four, the cell and the other
    /// four cells on the lines of those fours. Any other move that makes no four of the mover's
    /// leaves `p` an open four or two fours to make, and loses (as Rapfi's `findFourDefence`;
    /// the tests `every_move_left_out_against_an_open_three_loses` and its standard and renju
    /// twins check it).
    ///
    /// Under the exact-five rules the same cells: the line patterns count only exact fives, and
    /// the other colour's stones cannot make `p`'s five an overline (only `p`'s own can), so a
    /// move off these cells leaves `p`'s straight four its two five points.
    ///
    /// Under renju black's open four is one `F4` line (two fours are forbidden), and an end that
    /// is forbidden to black is no open-four point of black's. Whether a black point is forbidden
    /// can change with a white stone off its lines only through a three of its that is false (its
    /// own straight-four point forbidden) turning true: so when black's open-four point or an end
    /// that leaves the other end out has two threes or more, nothing is pushed (`false`).
    pub fn three_defences(&self, p: usize, out: &mut Vec<u16>) -> bool {
        let black = self.renju_black() == Some(p);
        let start = out.len();
        // Two threes or more at a point of black's: its forbidden point may change.
        let unsettled = |c: usize| black && self.threes(p, c) >= 2;
        let mut left = self.counts[p][Threat::Flex4 as usize];
        let pc = p as u8;
        // The first cell from `q` in direction `step` past `p`'s stones (within four).
        let past = |q: usize, step: isize| {
            let mut e = q as isize;
            for _ in 0..4 {
                e += step;
                if self.stones[e as usize] != pc {
                    break;
                }
            }
            e as usize
        };
        for q in self.candidates() {
            if left == 0 {
                break;
            }
            if self.state[q].threat[p] != Threat::Flex4 {
                continue;
            }
            if unsettled(q) {
                out.truncate(start);
                return false;
            }
            left -= 1;
            out.push(q as u16);
            let lines = self.state[q].lines[p];
            if lines.contains(&Line::F4) {
                for d in (0..4).filter(|&d| lines[d] == Line::F4) {
                    let ends = [past(q, -self.steps[d]), past(q, self.steps[d])];
                    // (An end forbidden to black makes no open four of black's.)
                    let open = ends.map(|e| {
                        self.stones[e] == EMPTY
                            && self.state[e].lines[p][d] == Line::F4
                            && !self.forbidden(p, e)
                    });
                    if (0..2).any(|i| open[i] && !open[1 - i] && unsettled(ends[i])) {
                        out.truncate(start);
                        return false;
                    }
                    for (i, &e) in ends.iter().enumerate() {
                        // An end is left out when only the other end is an open-four cell too.
                        if self.stones[e] == EMPTY && (open[i] || !open[1 - i]) {
                            out.push(e as u16);
                        }
                    }
                }
            } else {
                for d in (0..4).filter(|&d| lines[d] == Line::B4) {
                    for k in 1..=4isize {
                        for e in [
                            q as isize - k * self.steps[d],
                            q as isize + k * self.steps[d],
                        ] {
                            let e = e as usize;
                            if e < self.stones.len()
                                && self.stones[e] == EMPTY
                                && self.state[e].lines[p][d] >= Line::B4
                            {
                                out.push(e as u16);
                            }
                        }
                    }
                }
            }
        }
        true
    }

    /// The cells that defend against `p`'s four-three on empty cell `q` (a
    /// [`Threat::Block4Flex3`] cell), pushed onto `out`; `false`, and nothing pushed, for black
    /// under renju ([`PatternBoard::renju_four_three_defences`]: black's three may rest on a
    /// forbidden point). They are `q` and the empty cells within four of it on its lines where
    /// the other colour's stone leaves `q` a weaker line: no four where it made a four, no open
    /// three where it made one (as Rapfi's `DEFENCE` table). The caller adds the mover's fours
    /// and the counters through the block of the four; any other move leaves `p` the four-three
    /// (the tests `every_move_left_out_against_a_four_three_loses` and its standard and renju
    /// twins check it). Under the exact-five rules the patterns count only exact fives, and the
    /// other colour's stone cannot make one of `p`'s fives an overline.
    pub fn four_three_defences(&self, p: usize, q: usize, out: &mut Vec<u16>) -> bool {
        if self.renju_black() == Some(p) {
            return false;
        }
        out.push(q as u16);
        self.weakening(p, q, true, out);
        true
    }

    /// Under renju, the cells that defend against black's (`p`'s) four-three on empty cell `q`,
    /// pushed onto `out`: `q`, the cells on its four's line where white's stone leaves `q` no
    /// four, and the defences against the open three it leaves once the four and its block
    /// stand ([`PatternBoard::three_defences`] in that position, the stones put and taken back).
    /// Black's three is not read off the table here: its straight-four points may be forbidden.
    /// `false`, and nothing pushed, when `q` has two threes (a white stone could make it
    /// forbidden), when the four and its block leave black no open three, or when that three's
    /// defences are not given. The caller adds white's fours and the counters through the block.
    pub fn renju_four_three_defences(&mut self, p: usize, q: usize, out: &mut Vec<u16>) -> bool {
        if self.renju_black() != Some(p) || self.threes(p, q) >= 2 {
            return false;
        }
        let Some(block) = self.five_point(p, q) else {
            return false;
        };
        let start = out.len();
        let me = self.to_move;
        self.set_to_move(p);
        self.make(q);
        self.make(block);
        let exact = self.count(p, Threat::Flex4) > 0 && self.three_defences(p, out);
        self.unmake();
        self.unmake();
        self.set_to_move(me);
        if !exact {
            out.truncate(start);
            return false;
        }
        out.push(q as u16);
        self.weakening(p, q, false, out);
        true
    }

    /// How many of `p`'s lines at empty cell `c` are threes by the patterns (`F3`, `F3S`).
    fn threes(&self, p: usize, c: usize) -> usize {
        self.state[c].lines[p]
            .iter()
            .filter(|&&l| matches!(l, Line::F3 | Line::F3S))
            .count()
    }

    /// The empty cells within four of empty cell `q` on its lines where the other colour's stone
    /// leaves `p`'s line at `q` weaker, pushed onto `out`: no four where it made a four, and (with
    /// `threes`) no open three where it made one.
    fn weakening(&self, p: usize, q: usize, threes: bool, out: &mut Vec<u16>) {
        let other = (1 - p) as u32 + 1;
        for d in 0..4 {
            let line = self.state[q].lines[p][d];
            let needed = match line {
                Line::B4 => Line::B4,
                Line::F3 | Line::F3S if threes => Line::F3,
                _ => continue,
            };
            for k in 1..=4isize {
                // A stone at offset +k from `q` is in slot k + 4 of its key, at −k in slot 5 − k.
                for (o, slot) in [(k, k + 4), (-k, 5 - k)] {
                    let e = (q as isize + o * self.steps[d]) as usize;
                    if self.stones[e] != EMPTY {
                        continue;
                    }
                    let key = self.keys[q][d] ^ (other << (2 * slot));
                    let index = ((key >> self.shift) & self.mask) as usize;
                    if self.line_table[index][p] < needed {
                        out.push(e as u16);
                    }
                }
            }
        }
    }

    /// The line pattern a stone of `p` on empty cell `c` makes in direction `d` (of
    /// [`PatternBoard::steps`]).
    #[inline]
    pub fn line(&self, p: usize, c: usize, d: usize) -> Line {
        self.state[c].lines[p][d]
    }

    /// Whether the board plays renju (black has forbidden points).
    pub fn is_renju(&self) -> bool {
        self.renju.is_some()
    }

    /// Under renju, black's colour (the side with forbidden points); `None` under the other
    /// rules.
    pub fn renju_black(&self) -> Option<usize> {
        self.renju.as_ref().map(|&(black, _)| black)
    }

    /// The first empty cell where `p` makes at least `t`, if any.
    pub fn find(&self, p: usize, t: Threat) -> Option<usize> {
        if self.count_at_least(p, t) == 0 {
            return None;
        }
        self.real
            .iter()
            .map(|&c| c as usize)
            .find(|&c| self.stones[c] == EMPTY && self.state[c].threat[p] >= t)
    }

    /// The first empty cell where `p` makes exactly threat `t`, if any.
    pub fn find_exact(&self, p: usize, t: Threat) -> Option<usize> {
        if self.counts[p][t as usize] == 0 {
            return None;
        }
        self.real
            .iter()
            .map(|&c| c as usize)
            .find(|&c| self.stones[c] == EMPTY && self.state[c].threat[p] == t)
    }

    /// True when cells `a` and `b` (a multiple of `step` apart) are on one line of direction
    /// `step` (not wrapped around the board's edge).
    pub fn aligned(&self, a: usize, b: usize, step: isize) -> bool {
        let (ax, ay) = self.coords(a);
        let (bx, by) = self.coords(b);
        let (dx, dy) = (bx as isize - ax as isize, by as isize - ay as isize);
        let s = self.stride as isize;
        match step {
            1 => dy == 0,
            _ if step == s => dx == 0,
            _ if step == s + 1 => dx == dy,
            _ => dx == -dy,
        }
    }

    /// Index steps of the four directions.
    pub fn steps(&self) -> [isize; 4] {
        self.steps
    }

    /// Recomputes the patterns, threat and value of empty cell `c` from its keys (the cell is
    /// counted under its old threat).
    #[inline]
    fn refresh(&mut self, c: usize) {
        for d in 0..4 {
            let l = self.line_table[self.key_index(c, d)];
            self.state[c].lines[0][d] = l[0];
            self.state[c].lines[1][d] = l[1];
        }
        for p in 0..2 {
            let pl = self.state[c].lines[p];
            self.state[c].pcode[p] =
                (0..4).map(|d| pl[d] as i32 * PCODE_STEP[d]).sum::<i32>() as u16;
        }
        self.rescore(c);
    }

    /// Recomputes the line pattern of empty cell `c` in direction `d` only, from its line table
    /// `index`, then its threats (saving the cell first when anything changes).
    #[inline]
    fn refresh_dir_at(&mut self, c: usize, d: usize, index: usize) {
        let l = self.line_table[index];
        if self.state[c].lines[0][d] == l[0]
            && self.state[c].lines[1][d] == l[1]
            && (self.renju.is_none() || !self.black_to_move() || !self.overline_changed(c))
        {
            return;
        }
        self.save(c);
        let mut pcode = self.state[c].pcode;
        let mut changed = [false; 2];
        for (p, &line) in l.iter().enumerate() {
            changed[p] = line != self.state[c].lines[p][d];
            let change = (line as i32 - self.state[c].lines[p][d] as i32) * PCODE_STEP[d];
            pcode[p] = (pcode[p] as i32 + change) as u16;
            self.state[c].lines[p][d] = line;
        }
        self.state[c].pcode = pcode;
        if self.renju.is_some() {
            self.refresh_renju(c, changed, pcode);
            return;
        }
        // The new codes passed on, not read back: a read of both just after two separate
        // stores cannot be forwarded from them, and stalled (a third of `rescore`'s time).
        // A colour whose line did not change keeps its threat and value.
        for p in 0..2 {
            if changed[p] {
                self.rescore_colour(c, p, pcode[p]);
            }
        }
    }

    /// [`PatternBoard::refresh_dir_at`]'s end under renju: white has no forbidden points (as under
    /// freestyle); black's doubtful cells are decided after the move ([`PatternBoard::redecide`]).
    #[inline(never)]
    fn refresh_renju(&mut self, c: usize, changed: [bool; 2], pcode: [u16; 2]) {
        let Some((black, _)) = self.renju else {
            return;
        };
        let white = 1 - black;
        if changed[white] {
            self.rescore_colour(c, white, pcode[white]);
        }
        // A white stone that left black's patterns at `c` as they were left its forbidden point
        // too (it joins no black run: no overline comes or goes); a black one may have made an
        // overline there (`overline_changed`).
        if self.to_move == black || changed[black] {
            self.rescore_black(c, black, pcode[black], false);
        }
    }

    /// Whether the side to move is black under renju (during [`PatternBoard::make`], the side
    /// making the move).
    #[inline]
    fn black_to_move(&self) -> bool {
        self.renju
            .as_ref()
            .is_some_and(|&(black, _)| black == self.to_move)
    }

    /// Keeps empty cell `c`'s patterns, threats and values for [`PatternBoard::unmake`].
    #[inline]
    fn save(&mut self, c: usize) {
        self.saved.push(Saved {
            cell: c as u16,
            state: self.state[c],
        });
    }

    /// The index of cell `c`'s line key in direction `d` into the line table.
    #[inline]
    fn key_index(&self, c: usize, d: usize) -> usize {
        ((self.keys[c][d] >> self.shift) & self.mask) as usize
    }

    /// Under renju, whether a black stone on empty cell `c` is a forbidden point, by the renju
    /// detector (for a doubtful cell: [`RenjuKind::Doubtful`]).
    fn detector_forbids(&mut self, c: usize) -> bool {
        let (col, row) = self.coords(c);
        let cell = row * self.width + col + 1;
        let Some((_, renju)) = self.renju.as_mut() else {
            return false;
        };
        // Black stones lie on two of the cell's lines (two threes): the detector's own filter for
        // that is left out.
        renju.forbidden_unfiltered(cell).is_some()
    }

    /// Under renju, whether black's stone on empty cell `c`, of patterns of kind `kind` (not
    /// doubtful), is a forbidden point: decided by its lines alone ([`RenjuKind`]).
    #[inline]
    fn forbidden_by_lines(&self, c: usize, black: usize, kind: RenjuKind) -> bool {
        let keys = self.keys[c];
        match kind {
            RenjuKind::Five | RenjuKind::Doubtful => false,
            RenjuKind::DoubleFour => true,
            RenjuKind::OverlineOnly => (0..4).any(|d| makes_overline(keys[d], black)),
            RenjuKind::OpenFourLine => (0..4).any(|d| {
                let run = run_through(keys[d], black);
                run >= 6 || run < 4 && self.state[c].lines[black][d] == Line::F4
            }),
        }
    }

    /// Under renju, with empty cell `c`'s line patterns unchanged by a move, whether its forbidden
    /// point must still be decided again: its patterns are the same, so only an overline can have
    /// come or gone (a doubtful cell is decided again after the move anyway).
    #[inline(never)]
    fn overline_changed(&self, c: usize) -> bool {
        let Some((black, _)) = self.renju else {
            return false;
        };
        let kind = self.renju_kinds[self.state[c].pcode[black] as usize];
        kind != RenjuKind::Doubtful
            && self.forbidden_by_lines(c, black, kind) != self.state[c].forbidden
    }

    /// Puts cell `c` into the doubtful cells (`true`) or takes it out.
    fn set_doubtful(&mut self, c: usize, doubtful: bool) {
        let at = self.in_doubtful[c];
        if doubtful && at == u16::MAX {
            self.in_doubtful[c] = self.doubtful.len() as u16;
            self.doubtful.push(c as u16);
        } else if !doubtful && at != u16::MAX {
            let last = self.doubtful.pop().expect("a doubtful cell");
            if last as usize != c {
                self.doubtful[at as usize] = last;
                self.in_doubtful[last as usize] = at;
            }
            self.in_doubtful[c] = u16::MAX;
        }
    }

    /// Under renju, decides the doubtful cells again (after a move; each saved first).
    fn redecide(&mut self) {
        if self.renju.is_none() {
            return;
        }
        let mut i = 0;
        while i < self.doubtful.len() {
            let c = self.doubtful[i] as usize;
            self.save(c);
            self.rescore(c);
            // A cell that is doubtful no more left the list, another took its place.
            if self.in_doubtful[c] != u16::MAX {
                i += 1;
            }
        }
    }

    /// The threats and values of empty cell `c` from its line patterns.
    #[inline]
    fn rescore(&mut self, c: usize) {
        if self.renju.is_some() {
            self.rescore_renju(c);
            return;
        }
        for (p, i) in self.state[c].pcode.into_iter().enumerate() {
            self.rescore_colour(c, p, i);
        }
    }

    /// Colour `p`'s threat and value pair at empty cell `c` from its combination code `i`
    /// (freestyle and standard: no forbidden points, the threats straight from the table; the
    /// search's hottest path, kept free of renju's checks).
    #[inline]
    fn rescore_colour(&mut self, c: usize, p: usize, i: u16) {
        let (t, e) = self.combined[i as usize].parts();
        self.set_colour(c, p, t, e);
    }

    /// Colour `p`'s threat `t` and value pair `e` at empty cell `c`, in the counts and sums too.
    #[inline(always)]
    fn set_colour(&mut self, c: usize, p: usize, t: Threat, e: i64) {
        let old = self.state[c].threat[p];
        self.counts[p][old as usize] -= 1;
        self.counts[p][t as usize] += 1;
        self.eval_sum[p] += e - self.state[c].eval[p];
        self.state[c].threat[p] = t;
        self.state[c].eval[p] = e;
    }

    /// [`PatternBoard::rescore`] under renju: a black forbidden point is no threat and no move.
    #[inline(never)]
    fn rescore_renju(&mut self, c: usize) {
        let Some((black, _)) = self.renju else {
            return;
        };
        let pcode = self.state[c].pcode;
        self.rescore_colour(c, 1 - black, pcode[1 - black]);
        self.rescore_black(c, black, pcode[black], true);
    }

    /// Under renju, black's threat and value pair at empty cell `c` from its combination code
    /// `i`: none on a forbidden point. A cell is decided by its lines ([`RenjuKind`]), a doubtful
    /// one by the renju detector if `decide`, else counted as allowed until
    /// [`PatternBoard::redecide`] decides it after the move.
    #[inline(never)]
    fn rescore_black(&mut self, c: usize, black: usize, i: u16, decide: bool) {
        let (mut t, mut e) = self.combined[i as usize].parts();
        let kind = self.renju_kinds[i as usize];
        self.set_doubtful(c, kind == RenjuKind::Doubtful);
        let forbidden = match kind {
            RenjuKind::Doubtful => decide && self.detector_forbids(c),
            _ => self.forbidden_by_lines(c, black, kind),
        };
        self.state[c].forbidden = forbidden;
        if forbidden {
            (t, e) = (Threat::None, 0);
        }
        self.set_colour(c, black, t, e);
    }

    /// Takes empty cell `c` out of the counts and the value sums.
    #[inline]
    fn uncount(&mut self, c: usize) {
        self.state[c].forbidden = false;
        if self.renju.is_some() {
            self.set_doubtful(c, false);
        }
        for p in 0..2 {
            self.counts[p][self.state[c].threat[p] as usize] -= 1;
            self.eval_sum[p] -= self.state[c].eval[p];
            self.state[c].eval[p] = 0;
            self.state[c].threat[p] = Threat::None;
        }
    }

    /// Updates the line keys of the cells within four of `c` on its lines with `code` XOR-ed in
    /// (`c`'s stone put or taken), and under [`TOUCH_SAVE`] saves and refreshes the empty ones
    /// whose patterns changed.
    #[inline]
    fn touch<const MODE: u8>(&mut self, c: usize, code: u32) {
        // The reach as a constant, so that the loops unroll (four under freestyle).
        if self.reach == 4 {
            self.touch_within::<4, MODE>(c, code);
        } else {
            self.touch_within::<5, MODE>(c, code);
        }
    }

    #[inline]
    fn touch_within<const REACH_K: isize, const MODE: u8>(&mut self, c: usize, code: u32) {
        debug_assert_eq!(REACH_K, self.reach);
        for d in 0..4 {
            let step = self.steps[d];
            for k in 1..=REACH_K {
                // c is at offset −k from q = c + k·step (slot 5 − k), at +k from c − k·step
                // (slot k + 4).
                for (q, slot) in [
                    (c as isize + k * step, 5 - k),
                    (c as isize - k * step, k + 4),
                ] {
                    let q = q as usize;
                    if self.stones[q] == WALL {
                        continue;
                    }
                    let key = self.keys[q][d] ^ (code << (2 * slot));
                    self.keys[q][d] = key;
                    if MODE == TOUCH_SAVE && self.stones[q] == EMPTY {
                        // The line table's index with the reach's constant shift and mask.
                        let index = if REACH_K == 4 {
                            (key >> 2) & 0xFFFF
                        } else {
                            key & 0xF_FFFF
                        };
                        self.refresh_dir_at(q, d, index as usize);
                    }
                }
            }
        }
    }

    /// Under renju, puts the stone of colour `p` on cell `c` of the renju board (or empties it).
    fn put_renju(&mut self, c: usize, p: Option<usize>) {
        let (col, row) = self.coords(c);
        let cell = row * self.width + col + 1;
        if let Some((black, renju)) = self.renju.as_mut() {
            renju.put(cell, p.map(|p| p == *black));
        }
    }

    /// Whether colour `p` may not play empty cell `c`: under renju, `p` is black and `c` is one of
    /// its forbidden points (as decided at the cell's last change).
    #[inline]
    pub fn forbidden(&self, p: usize, c: usize) -> bool {
        self.state[c].forbidden && self.renju.as_ref().is_some_and(|&(black, _)| black == p)
    }

    /// Whether colour `p`, to answer the other's one five, may not block it: under renju, `p` is
    /// black and the five's cell is one of its forbidden points (the other then wins).
    pub fn five_unblockable(&self, p: usize) -> bool {
        self.renju.as_ref().is_some_and(|&(black, _)| black == p)
            && self.count(1 - p, Threat::Five) == 1
            && self
                .find(1 - p, Threat::Five)
                .is_some_and(|c| self.forbidden(p, c))
    }

    /// The side to move puts a stone on empty cell `c`; then the other side is to move.
    pub fn make(&mut self, c: usize) {
        debug_assert_eq!(self.stones[c], EMPTY);
        let p = self.to_move;
        // What the move changes is kept for `unmake`.
        self.frames.push(Frame {
            saved: self.saved.len() as u32,
            doubtful: self.saved_doubtful.len() as u32,
            counts: self.counts,
            eval_sum: self.eval_sum,
        });
        self.save(c);
        if self.renju.is_some() {
            self.saved_doubtful.extend_from_slice(&self.doubtful);
            self.put_renju(c, Some(p));
        }
        self.uncount(c);
        self.stones[c] = p as u8;
        self.touch::<TOUCH_SAVE>(c, p as u32 + 1);
        if self.renju.is_some() {
            self.redecide();
        }
        // The candidates as they were are kept for `unmake` (a few words, against a count per
        // near cell to take back).
        self.candidates_before.extend_from_slice(&self.candidates);
        self.empty[c / 64] &= !(1 << (c % 64));
        self.candidates[c / 64] &= !(1 << (c % 64));
        self.add_candidates_near(c);
        self.hash ^= self.zobrist[c][p] ^ SIDE_KEY;
        self.to_move = 1 - p;
        self.moves.push(c as u16);
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        let Some(c) = self.moves.pop() else {
            return;
        };
        let c = c as usize;
        let p = self.stones[c] as usize;
        self.stones[c] = EMPTY;
        // The line keys change back; the cells' patterns, threats, values and forbidden points
        // and the totals are restored as they were (latest first: under renju a cell can be saved
        // twice in a move, touched and then decided again).
        if self.renju.is_some() {
            self.put_renju(c, None);
        }
        self.touch::<TOUCH_KEYS>(c, p as u32 + 1);
        let frame = self.frames.pop().expect("a frame for each move");
        for s in self.saved.drain(frame.saved as usize..).rev() {
            self.state[s.cell as usize] = s.state;
        }
        self.counts = frame.counts;
        self.eval_sum = frame.eval_sum;
        if self.renju.is_some() {
            for &q in &self.doubtful {
                self.in_doubtful[q as usize] = u16::MAX;
            }
            self.doubtful.clear();
            for (i, q) in self
                .saved_doubtful
                .drain(frame.doubtful as usize..)
                .enumerate()
            {
                self.in_doubtful[q as usize] = i as u16;
                self.doubtful.push(q);
            }
        }
        self.empty[c / 64] |= 1 << (c % 64);
        let words = self.candidates.len();
        let from = self.candidates_before.len() - words;
        self.candidates
            .copy_from_slice(&self.candidates_before[from..]);
        self.candidates_before.truncate(from);
        self.hash ^= self.zobrist[c][p] ^ SIDE_KEY;
        self.to_move = p;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(text: &str) -> Line {
        // Nine cells, the centre (index 4) '.', 'x' own, 'o' other, '_' empty, '|' wall.
        let mut key = 0u16;
        for (slot, pos) in [0, 1, 2, 3, 5, 6, 7, 8].iter().enumerate() {
            let code = match text.as_bytes()[*pos] {
                b'x' => 1,
                b'o' => 2,
                b'|' => 3,
                _ => 0,
            };
            key |= code << (2 * slot);
        }
        line_table()[key as usize][0]
    }

    #[test]
    fn line_patterns() {
        assert_eq!(line_of("_xx_.x___"), Line::B4);
        assert_eq!(line_of("xxxx.____"), Line::F5);
        assert_eq!(line_of("_xxx.____"), Line::F4);
        assert_eq!(line_of("oxxx.____"), Line::B4);
        assert_eq!(line_of("oxxx.o___"), Line::Dead);
        assert_eq!(line_of("__xx.____"), Line::F3S);
        assert_eq!(line_of("_oxx.____"), Line::B3);
        assert_eq!(line_of("__x_.x___"), Line::F3);
        assert!((Line::F2..=Line::F2B).contains(&line_of("___x.____")));
        assert_eq!(line_of("|__x.o___"), Line::Dead);
        assert_eq!(line_of("|_x_.o___"), Line::Dead);
        assert_eq!(line_of("o_xx._o__"), Line::B3);
        assert_eq!(line_of("|xx_.x___"), Line::B4);
        assert_eq!(line_of("ox_x.x_o_"), Line::B4);
    }

    use crate::geometry::{CellSet, Geometry};
    use crate::rule::{Rule, DIRECTIONS};

    /// Random stones on a 15 × 15 pattern board under `rule` (black is colour 0), played as
    /// moves (black's forbidden points avoided under renju), and the stones as cell sets.
    fn random_position(rule: Rule, seed: &mut u64, stones: usize) -> (PatternBoard, [CellSet; 2]) {
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut b = PatternBoard::with_rule(15, 15, RuleTables::of(rule, 0)).unwrap();
        let mut sets = [CellSet::EMPTY, CellSet::EMPTY];
        let mut renju = RenjuBoard::new(15, 15);
        let mut tries = 0;
        while b.stones() < stones && tries < 10_000 {
            tries += 1;
            // Near the centre, so that lines form.
            let (x, y) = (
                3 + splitmix(seed) as usize % 9,
                3 + splitmix(seed) as usize % 9,
            );
            let i = b.index(x, y);
            let cell = g.cell(y, x);
            if b.stone(i) != EMPTY {
                continue;
            }
            let p = b.to_move();
            if rule == Rule::Renju && p == 0 && renju.forbidden(cell).is_some() {
                continue;
            }
            // No finished line: the position stays in play.
            if Rule::Renju
                .winning_line(g, &(sets[p] | CellSet::from_iter([cell])), cell, p == 0)
                .is_some()
                || Rule::Freestyle
                    .winning_line(g, &(sets[p] | CellSet::from_iter([cell])), cell, p == 0)
                    .is_some()
            {
                continue;
            }
            b.make(i);
            sets[p].insert(cell);
            renju.put(cell, Some(p == 0));
        }
        (b, sets)
    }

    /// What a stone on empty `cell` of the colour holding `stones` makes in direction `d`, by the
    /// rules engine: 5 a five (a winning line under the rule), 4 two or more empty cells within
    /// four then making one (an open four), 3 one such cell (a four), 0 less.
    fn slow_line(
        rule: Rule,
        stones: &CellSet,
        occupied: &CellSet,
        cell: usize,
        d: usize,
        first: bool,
    ) -> u8 {
        let g = Geometry::new(15, 15, 5).unwrap();
        let with = |set: &CellSet| {
            let line = crate::rule::Line::through(g, set, cell)[d];
            rule.wins_with(line.len, 5, first)
        };
        if with(stones) {
            return 5;
        }
        let (row, col) = g.row_column(cell);
        let (dr, dc) = DIRECTIONS[d];
        let fives = (-4isize..=4)
            .filter(|&k| k != 0)
            .filter_map(|k| {
                let (r, c) = (row as isize + k * dr, col as isize + k * dc);
                ((0..15).contains(&r) && (0..15).contains(&c))
                    .then(|| g.cell(r as usize, c as usize))
            })
            .filter(|&e| e != cell && !occupied.contains(e))
            .filter(|&e| with(&(*stones | CellSet::from_iter([e]))))
            .count();
        match fives {
            0 => 0,
            1 => 3,
            _ => 4,
        }
    }

    #[test]
    fn fives_and_fours_agree_with_the_rules_engine_under_each_rule() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut seed = 15u64;
        for rule in Rule::ALL {
            let mut overlines = 0;
            for round in 0..40 {
                let (b, sets) = random_position(rule, &mut seed, 10 + round % 30);
                let occupied = sets[0] | sets[1];
                for y in 0..15 {
                    for x in 0..15 {
                        let (i, cell) = (b.index(x, y), g.cell(y, x));
                        if occupied.contains(cell) {
                            continue;
                        }
                        for (p, own) in sets.iter().enumerate() {
                            for d in 0..4 {
                                let slow = slow_line(rule, own, &occupied, cell, d, p == 0);
                                let fast = match b.state[i].lines[p][d] {
                                    Line::F5 => 5,
                                    Line::F4 => 4,
                                    Line::B4 => 3,
                                    _ => 0,
                                };
                                assert_eq!(fast, slow, "{rule} colour {p} ({x},{y}) dir {d}");
                                overlines += usize::from(
                                    rule != Rule::Freestyle
                                        && makes_overline(b.keys[i][d], p)
                                        && slow != 5,
                                );
                            }
                        }
                    }
                }
            }
            assert!(
                rule == Rule::Freestyle || overlines > 0,
                "{rule}: some cells make overlines"
            );
        }
    }

    /// Rules-engine helpers for the tests of the defence sets, on the 15 × 15 board.
    mod by_the_rules {
        use crate::geometry::{CellSet, Geometry};
        use crate::rule::Rule;

        pub fn add(set: &CellSet, c: usize) -> CellSet {
            *set | CellSet::from_iter([c])
        }

        /// The rules-engine cell of (x, y).
        pub fn cell(x: usize, y: usize) -> usize {
            y * 15 + x + 1
        }

        /// The empty cells within four of `c` on its lines.
        pub fn near(c: usize, occupied: &CellSet) -> Vec<usize> {
            let (x, y) = ((c - 1) % 15, (c - 1) / 15);
            let mut out = Vec::new();
            for (dx, dy) in [(1isize, 0isize), (0, 1), (1, 1), (1, -1)] {
                for k in -4isize..=4 {
                    let (nx, ny) = (x as isize + k * dx, y as isize + k * dy);
                    if k != 0 && (0..15).contains(&nx) && (0..15).contains(&ny) {
                        let c = cell(nx as usize, ny as usize);
                        if !occupied.contains(c) {
                            out.push(c);
                        }
                    }
                }
            }
            out
        }

        /// The cells near `c` where `own` (holding `c`, moving first or not) makes five under
        /// `rule`.
        pub fn fives_under(
            rule: Rule,
            first: bool,
            own: &CellSet,
            occupied: &CellSet,
            c: usize,
        ) -> Vec<usize> {
            let g = Geometry::new(15, 15, 5).unwrap();
            near(c, occupied)
                .into_iter()
                .filter(|&f| rule.winning_line(g, &add(own, f), f, first).is_some())
                .collect()
        }

        /// Whether `p`'s stone on empty `q` (black's stones `sets[0]`, white's `sets[1]`) would
        /// make two or more five points under `rule`, `q` not being one of black's forbidden
        /// points under renju.
        pub fn two_fives(rule: Rule, sets: &[CellSet; 2], p: usize, q: usize) -> bool {
            let occupied = sets[0] | sets[1];
            if occupied.contains(q)
                || fives_under(rule, p == 0, &add(&sets[p], q), &add(&occupied, q), q).len() < 2
            {
                return false;
            }
            !(rule == Rule::Renju && p == 0 && forbidden(sets, q))
        }

        /// Whether empty `q` is one of black's forbidden points under renju.
        pub fn forbidden(sets: &[CellSet; 2], q: usize) -> bool {
            let g = Geometry::new(15, 15, 5).unwrap();
            crate::rule::RenjuBoard::from_stones(g, &sets[0], &sets[1])
                .forbidden(q)
                .is_some()
        }

        /// `sets` with `c` added to `p`'s stones.
        pub fn with(sets: &[CellSet; 2], p: usize, c: usize) -> [CellSet; 2] {
            let mut out = *sets;
            out[p] = add(&out[p], c);
            out
        }
    }

    /// Random positions under `rule` (stones from 12 to 51) where the side waiting has `threat`
    /// to make and nothing stronger, and the side to move no five: each given to `test` with the
    /// side to move's moves that make no four (board and rules-engine cells; under renju not
    /// black's forbidden points); `test` returns
    /// `None` to pass a position by, or the numbers of moves it kept and left out. At least `min`
    /// positions, and more moves left out than kept.
    fn check_defences(
        rule: Rule,
        seed: u64,
        rounds: usize,
        min: usize,
        threat: Threat,
        mut test: impl FnMut(
            usize,
            &PatternBoard,
            &[CellSet; 2],
            &[(usize, usize)],
        ) -> Option<(usize, usize)>,
    ) {
        let mut seed = seed;
        let (mut positions, mut kept, mut left_out) = (0, 0, 0);
        for round in 0..rounds {
            let (b, sets) = random_position(rule, &mut seed, 12 + round % 40);
            let (me, opp) = (b.to_move(), 1 - b.to_move());
            if b.count(opp, threat) == 0
                || b.count_at_least(opp, threat) > b.count(opp, threat) as u32
                || b.count(me, Threat::Five) > 0
            {
                continue;
            }
            let occupied = sets[0] | sets[1];
            let moves: Vec<(usize, usize)> = (0..15)
                .flat_map(|y| (0..15).map(move |x| (x, y)))
                .map(|(x, y)| (b.index(x, y), by_the_rules::cell(x, y)))
                .filter(|&(m, c)| {
                    !occupied.contains(c) && b.threat(me, m) < Threat::Block4 && !b.forbidden(me, m)
                })
                .collect();
            if let Some((k, l)) = test(round, &b, &sets, &moves) {
                positions += 1;
                kept += k;
                left_out += l;
            }
        }
        assert!(positions >= min, "{positions} positions");
        assert!(
            kept > 0 && left_out > kept,
            "kept {kept}, left out {left_out}"
        );
    }

    #[test]
    fn after_a_dead_four_and_its_block_the_attacker_has_nothing() {
        dead_fours_leave_nothing(Rule::Freestyle, 0x00DE_ADF0, 800);
    }

    #[test]
    fn after_a_dead_four_and_its_block_the_attacker_has_nothing_under_standard() {
        dead_fours_leave_nothing(Rule::Standard, 0x00DE_ADF1, 800);
    }

    #[test]
    fn after_a_dead_four_and_its_block_the_attacker_has_nothing_under_renju() {
        dead_fours_leave_nothing(Rule::Renju, 0x00DE_ADF2, 400);
    }

    /// A dead four ([`PatternBoard::dead_four`]) played, and its block: the attacker then has no
    /// five, open four, four-three or double three, no four near the first four, and the defender
    /// no five to make, so a VCF from there fails at once; under renju the block is no forbidden
    /// point of black's. Random positions under `rule`, both colours as the attacker (under renju
    /// only white's fours can be dead); more than `min_dead` fours must be dead and 10,000 not.
    fn dead_fours_leave_nothing(rule: Rule, seed: u64, min_dead: usize) {
        let mut seed = seed;
        let (mut dead, mut alive) = (0, 0);
        for round in 0..8000 {
            let (mut b, _) = random_position(rule, &mut seed, 12 + round % 24);
            for p in [0, 1] {
                b.set_to_move(p);
                let o = 1 - p;
                if b.count(p, Threat::Five) + b.count(o, Threat::Five) > 0 {
                    continue;
                }
                let fours: Vec<usize> = b
                    .real
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| b.stones[c] == EMPTY && b.threat(p, c) >= Threat::Block4)
                    .collect();
                for c in fours {
                    if !b.dead_four(p, c) {
                        alive += 1;
                        continue;
                    }
                    dead += 1;
                    b.make(c);
                    let block = b.find(p, Threat::Five).expect("a four has a five point");
                    assert_eq!(b.count(p, Threat::Five), 1, "a dead four is one four");
                    assert!(
                        !b.forbidden(o, block),
                        "the block is forbidden to the defender"
                    );
                    b.make(block);
                    let (x, y) = b.coords(c);
                    for t in [
                        Threat::Five,
                        Threat::Flex4,
                        Threat::Block4Flex3,
                        Threat::Flex3x2,
                    ] {
                        assert_eq!(b.count(p, t), 0, "({x},{y}) leaves {t:?}");
                    }
                    assert_eq!(
                        b.count(o, Threat::Five),
                        0,
                        "({x},{y}): its block made a four"
                    );
                    let near: Vec<usize> = b
                        .empty_near(c)
                        .filter(|&q| b.threat(p, q) >= Threat::Block4)
                        .collect();
                    assert!(near.is_empty(), "({x},{y}) leaves fours near it: {near:?}");
                    b.unmake();
                    b.unmake();
                }
            }
        }
        assert!(
            dead > min_dead && alive > 10_000,
            "{dead} dead fours, {alive} not"
        );
    }

    #[test]
    fn every_move_left_out_against_an_open_three_loses() {
        left_out_against_an_open_three_loses(Rule::Freestyle, 33, 4000, 400);
    }

    #[test]
    fn every_move_left_out_against_an_open_three_loses_under_standard() {
        left_out_against_an_open_three_loses(Rule::Standard, 35, 4000, 400);
    }

    #[test]
    fn every_move_left_out_against_an_open_three_loses_under_renju() {
        left_out_against_an_open_three_loses(Rule::Renju, 34, 12000, 600);
    }

    /// Under any rule, with the other side's open three (or four-four) to come: every
    /// move outside `three_defences` that makes no four leaves him a cell where his stone makes
    /// two or more five points, by the rules engine, and under renju not a forbidden point of
    /// black's (so he wins: we have no four to answer with). Under renju both colours attack;
    /// some positions with black attacking are passed by (`three_defences` gives no set: a point
    /// it rests on has two threes), but not most.
    fn left_out_against_an_open_three_loses(rule: Rule, seed: u64, rounds: usize, min: usize) {
        use by_the_rules::*;
        let (mut attackers, mut unsettled) = ([0; 2], 0);
        check_defences(
            rule,
            seed,
            rounds,
            min,
            Threat::Flex4,
            |round, b, sets, moves| {
                let opp = 1 - b.to_move();
                let mut defences = Vec::new();
                if !b.three_defences(opp, &mut defences) {
                    assert!(rule == Rule::Renju && opp == 0, "no set under {rule:?}");
                    assert!(defences.is_empty());
                    unsettled += 1;
                    return None;
                }
                attackers[opp] += 1;
                let threats: Vec<usize> = b
                    .candidates()
                    .filter(|&q| b.threat(opp, q) >= Threat::Flex4)
                    .map(|q| {
                        let (x, y) = b.coords(q);
                        cell(x, y)
                    })
                    .collect();
                let (left, kept): (Vec<_>, Vec<_>) = moves
                    .iter()
                    .partition(|(m, _)| !defences.contains(&(*m as u16)));
                for &(_, c) in &left {
                    let after = with(sets, 1 - opp, c);
                    assert!(
                        threats.iter().any(|&q| two_fives(rule, &after, opp, q)),
                        "round {round}: cell {c} left out, but it stops every open four"
                    );
                }
                Some((kept.len(), left.len()))
            },
        );
        if rule == Rule::Renju {
            assert!(
                attackers[0] > 4 * unsettled && attackers[0] >= 100 && attackers[1] >= 100,
                "attackers {attackers:?}, {unsettled} passed by"
            );
        }
    }

    #[test]
    fn every_move_left_out_against_a_four_three_loses() {
        left_out_against_a_four_three_loses(Rule::Freestyle, 43, 6000, 100);
    }

    #[test]
    fn every_move_left_out_against_a_four_three_loses_under_standard() {
        left_out_against_a_four_three_loses(Rule::Standard, 46, 6000, 100);
    }

    #[test]
    fn every_move_left_out_against_a_four_three_loses_under_renju() {
        left_out_against_a_four_three_loses(Rule::Renju, 45, 14000, 100);
    }

    /// Under any rule, with the other side's four-three to come (and no open three):
    /// every move the search leaves out (outside `four_three_defences`, or under renju against
    /// black `renju_four_three_defences`, of the four-three it looks at, no four, no counter
    /// through the block of its four) lets him win by the rules engine: his four there (not
    /// made forbidden by our move), our one block, then his stone with two five points (not on a
    /// forbidden point), and the block gave us no five to make (black's five exact under renju).
    /// A four-three of black's that does not win even if we pass (a false three) is passed by,
    /// as are the few whose defences are not given (`renju_four_three_defences` is `false`).
    fn left_out_against_a_four_three_loses(rule: Rule, seed: u64, rounds: usize, min: usize) {
        use by_the_rules::*;
        use std::cell::RefCell;
        let (attackers, unsettled) = (RefCell::new([0; 2]), RefCell::new(0));
        check_defences(
            rule,
            seed,
            rounds,
            min,
            Threat::Block4Flex3,
            |round, b, sets, moves| {
                let (me, opp) = (b.to_move(), 1 - b.to_move());
                let black = rule == Rule::Renju && opp == 0;
                let q = b.find_exact(opp, Threat::Block4Flex3).unwrap();
                let block = b.five_point(opp, q).unwrap();
                if b.threat(me, block) >= Threat::Block4 {
                    return None;
                }
                let (qx, qy) = b.coords(q);
                let qc = cell(qx, qy);
                let (bx, by) = b.coords(block);
                // His four on q, our block, then a stone of his with two fives (none forbidden).
                let wins = |sets: &[CellSet; 2]| {
                    let after = with(&with(sets, opp, qc), me, cell(bx, by));
                    let occupied = after[0] | after[1];
                    near(qc, &occupied)
                        .into_iter()
                        .any(|t| two_fives(rule, &after, opp, t))
                };
                // Under renju a four-three of black's whose three is false (he does not win even
                // if we pass) is no threat: the search does not answer it (`real_four_three`).
                if black && !wins(sets) {
                    return None;
                }
                let mut defences = Vec::new();
                if black {
                    if !b.clone().renju_four_three_defences(opp, q, &mut defences) {
                        assert!(defences.is_empty());
                        *unsettled.borrow_mut() += 1;
                        return None;
                    }
                    attackers.borrow_mut()[0] += 1;
                } else {
                    assert!(b.four_three_defences(opp, q, &mut defences));
                    attackers.borrow_mut()[opp] += 1;
                }
                // A counter: a cell on a line through the block, within four, where our stone makes
                // a closed three or more (the block is then a four of ours).
                let counter = |m: usize| {
                    (0..4).any(|d| {
                        let s = b.steps()[d];
                        let diff = m as isize - block as isize;
                        diff % s == 0
                            && (diff / s).abs() <= 4
                            && b.aligned(m, block, s)
                            && b.line(me, m, d) >= Line::B3
                    })
                };
                let (left, kept): (Vec<_>, Vec<_>) = moves
                    .iter()
                    .partition(|&&(m, _)| !defences.contains(&(m as u16)) && !counter(m));
                for &(_, c) in &left {
                    assert!(
                        !(black && forbidden(&with(sets, me, c), qc)),
                        "round {round}: cell {c} left out, but it makes the four-three forbidden"
                    );
                    // Our move, then his four on q.
                    let his = add(&sets[opp], qc);
                    let occupied = add(&add(&(sets[0] | sets[1]), c), qc);
                    let blocks = fives_under(rule, opp == 0, &his, &occupied, qc);
                    assert!(!blocks.is_empty(), "round {round}: q makes a four");
                    if blocks.len() > 1 {
                        continue;
                    }
                    let mine = add(&add(&sets[me], c), blocks[0]);
                    let occupied = add(&occupied, blocks[0]);
                    assert!(
                        fives_under(rule, me == 0, &mine, &occupied, blocks[0]).is_empty(),
                        "round {round}: cell {c} left out, but the block is a four"
                    );
                    // Under renju a block forbidden to black is no block: black loses to the four.
                    if rule == Rule::Renju && me == 0 && forbidden(&with(sets, me, c), blocks[0]) {
                        continue;
                    }
                    let after = with(&with(&with(sets, me, c), opp, qc), me, blocks[0]);
                    assert!(
                        near(qc, &occupied)
                            .into_iter()
                            .any(|t| two_fives(rule, &after, opp, t)),
                        "round {round}: cell {c} left out, but it stops the four-three"
                    );
                }
                Some((kept.len(), left.len()))
            },
        );
        let (attackers, unsettled) = (attackers.into_inner(), unsettled.into_inner());
        if rule == Rule::Renju {
            assert!(
                attackers[0] > 4 * unsettled && attackers[0] >= 100 && attackers[1] >= 100,
                "attackers {attackers:?}, {unsettled} passed by"
            );
        }
    }

    #[test]
    fn renju_forbidden_points_agree_with_the_detector() {
        // Each position played as moves (the flags kept incrementally) and after moves taken back.
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut seed = 4u64;
        let (mut found, mut stale) = (0, 0);
        for round in 0..150 {
            let (mut b, sets) = random_position(Rule::Renju, &mut seed, 12 + round % 40);
            if round % 3 == 0 {
                // Two more moves made and taken back.
                for _ in 0..2 {
                    let c = *b
                        .cells()
                        .iter()
                        .find(|&&c| b.stone(c as usize) == EMPTY)
                        .unwrap();
                    b.make(c as usize);
                }
                b.unmake();
                b.unmake();
            }
            let mut detector = RenjuBoard::from_stones(g, &sets[0], &sets[1]);
            let exact = detector.forbidden_points();
            for y in 0..15 {
                for x in 0..15 {
                    let (i, cell) = (b.index(x, y), g.cell(y, x));
                    if b.stone(i) != EMPTY {
                        continue;
                    }
                    let fast = b.forbidden(0, i);
                    assert!(!b.forbidden(1, i), "white has no forbidden point");
                    if fast != exact.contains(cell) {
                        stale += 1;
                    }
                    if fast {
                        found += 1;
                        assert_eq!(
                            b.threat(0, i),
                            Threat::None,
                            "a forbidden point is no threat"
                        );
                    }
                }
            }
        }
        assert!(found > 100, "{found} forbidden points");
        assert_eq!(stale, 0, "{stale} points told wrong ({found} forbidden)");
    }

    #[test]
    fn renju_an_overline_point_made_by_a_stone_that_leaves_its_patterns_alone() {
        // Black X X _ X c X X | white: on c black makes no five (the gap filled is an overline,
        // the other end is white's), so no four. A black stone in the gap makes c an overline
        // point, and black's line pattern at c stays what it was: the point must still be told.
        let mut b = PatternBoard::with_rule(15, 15, RuleTables::of(Rule::Renju, 0)).unwrap();
        let c = b.index(7, 7);
        for (x, y) in [
            (3, 7),
            (10, 7),
            (4, 7),
            (0, 0),
            (6, 7),
            (14, 0),
            (8, 7),
            (0, 14),
            (9, 7),
            (14, 14),
        ] {
            b.make(b.index(x, y));
        }
        assert!(!b.forbidden(0, c));
        let before = b.line(0, c, 0);
        b.make(b.index(5, 7));
        assert_eq!(b.line(0, c, 0), before, "black's pattern at c is unchanged");
        assert!(b.forbidden(0, c), "c is an overline point");
        b.unmake();
        assert!(!b.forbidden(0, c));
    }

    #[test]
    fn renju_a_cell_not_doubtful_is_decided_by_its_lines() {
        // On random renju positions, every empty cell whose black patterns are not doubtful is
        // forbidden, by the renju detector, exactly when its lines say so ([`RenjuKind`]): no
        // stone farther away can change that. Each kind is met often enough to be tested.
        let g = Geometry::new(15, 15, 5).unwrap();
        let mut seed = 89u64;
        let mut seen = [[0usize; 2]; 5];
        for round in 0..800 {
            let (b, sets) = random_position(Rule::Renju, &mut seed, 12 + round % 50);
            let mut renju = RenjuBoard::from_stones(g, &sets[0], &sets[1]);
            for &c in b.cells() {
                let c = c as usize;
                let kind = b.renju_kinds[b.state[c].pcode[0] as usize];
                if b.stone(c) != EMPTY || kind == RenjuKind::Doubtful {
                    continue;
                }
                let (x, y) = b.coords(c);
                let answer = renju.forbidden(g.cell(y, x)).is_some();
                assert_eq!(
                    b.forbidden_by_lines(c, 0, kind),
                    answer,
                    "round {round}, ({x}, {y}), {kind:?}"
                );
                seen[kind as usize][answer as usize] += 1;
            }
        }
        let at_least = |kind: RenjuKind, answer: bool, n: usize| {
            let k = seen[kind as usize][answer as usize];
            assert!(k >= n, "{kind:?} {answer}: {k} cells");
        };
        at_least(RenjuKind::OverlineOnly, false, 10_000);
        at_least(RenjuKind::OverlineOnly, true, 20);
        at_least(RenjuKind::DoubleFour, true, 20);
        at_least(RenjuKind::OpenFourLine, false, 100);
        at_least(RenjuKind::OpenFourLine, true, 20);
    }

    #[test]
    fn renju_moves_taken_back_restore_every_cell() {
        // A search's walk under renju: moves made and taken back in runs, from random positions
        // dense with black threes; at each stop every empty cell (patterns, threats, values,
        // forbidden point), the totals and the doubtful cells are those of a board that only
        // made the moves, and the forbidden points those of the renju detector.
        let g = Geometry::new(15, 15, 5).unwrap();
        let tables = RuleTables::of(Rule::Renju, 0);
        let mut seed = 88u64;
        let mut checked = 0;
        let mut forbidden_seen = 0;
        for round in 0..200 {
            let (mut b, _) = random_position(Rule::Renju, &mut seed, 10 + round % 30);
            let base = b.stones();
            for _ in 0..200 {
                // Deeper or back, as a search goes.
                if b.stones() > base && (b.stones() - base >= 12 || splitmix(&mut seed) % 5 < 2) {
                    b.unmake();
                } else {
                    let p = b.to_move();
                    let cells: Vec<usize> = b
                        .cells()
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| b.stone(c) == EMPTY && !b.forbidden(p, c))
                        .filter(|&c| b.threat(p, c) != Threat::Five)
                        .filter(|&c| {
                            let (x, y) = b.coords(c);
                            (2..13).contains(&x) && (2..13).contains(&y)
                        })
                        .collect();
                    if cells.is_empty() {
                        break;
                    }
                    b.make(cells[(splitmix(&mut seed) % cells.len() as u64) as usize]);
                }
                if !splitmix(&mut seed).is_multiple_of(10) {
                    continue;
                }
                let mut fresh = PatternBoard::with_rule(15, 15, tables).unwrap();
                let mut sets = [CellSet::EMPTY, CellSet::EMPTY];
                for k in 0..b.stones() {
                    let c = b.moves[k] as usize;
                    let (x, y) = b.coords(c);
                    sets[k % 2].insert(g.cell(y, x));
                    fresh.make(c);
                }
                assert_eq!(b.counts, fresh.counts, "round {round}");
                assert_eq!(b.eval_sum, fresh.eval_sum, "round {round}");
                let mut ours = b.doubtful.clone();
                let mut theirs = fresh.doubtful.clone();
                ours.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(ours, theirs, "round {round}: the doubtful cells");
                let exact = RenjuBoard::from_stones(g, &sets[0], &sets[1]).forbidden_points();
                for &c in b.cells() {
                    let c = c as usize;
                    assert_eq!(b.keys[c], fresh.keys[c]);
                    if b.stone(c) == EMPTY {
                        assert_eq!(b.state[c], fresh.state[c], "round {round}, cell {c}");
                        let (x, y) = b.coords(c);
                        assert_eq!(b.forbidden(0, c), exact.contains(g.cell(y, x)));
                        forbidden_seen += b.forbidden(0, c) as usize;
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked} stops");
        assert!(
            forbidden_seen > 50,
            "{forbidden_seen} forbidden points seen"
        );
    }

    #[test]
    fn incremental_matches_fresh_under_each_rule() {
        for rule in Rule::ALL {
            let tables = RuleTables::of(rule, 1);
            let mut b = PatternBoard::with_rule(15, 15, tables).unwrap();
            let mut seed = 7u64;
            let mut played = Vec::new();
            for _ in 0..60 {
                let cells: Vec<usize> = b
                    .cells()
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| b.stone(c) == EMPTY)
                    .collect();
                let c = cells[(splitmix(&mut seed) % cells.len() as u64) as usize];
                b.make(c);
                played.push(c);
                // Now and then one to three moves taken back.
                if played.len() % 7 == 0 {
                    for _ in 0..=splitmix(&mut seed) % 3 {
                        b.unmake();
                        played.pop();
                    }
                }
            }
            let mut fresh = PatternBoard::with_rule(15, 15, tables).unwrap();
            for &c in &played {
                fresh.make(c);
            }
            assert_eq!(b.hash(), fresh.hash());
            assert_eq!(b.counts, fresh.counts);
            assert_eq!(b.value_sum(0), fresh.value_sum(0));
            assert_eq!(b.value_sum(1), fresh.value_sum(1));
            assert_eq!(b.eval_sum, fresh.eval_sum);
            assert_eq!(b.candidates, fresh.candidates);
            for &c in b.cells() {
                let c = c as usize;
                assert_eq!(b.state[c].threat, fresh.state[c].threat);
                assert_eq!(b.candidates().any(|q| q == c), b.is_candidate(c));
                // The VCF looks for fours among the candidates only.
                for p in 0..2 {
                    if b.threat(p, c) >= Threat::Block4 {
                        assert!(b.is_candidate(c), "{rule} a four off the candidates at {c}");
                    }
                }
                assert_eq!(b.keys[c], fresh.keys[c]);
                if b.stone(c) == EMPTY {
                    assert_eq!(b.state[c].lines, fresh.state[c].lines);
                    assert_eq!(b.state[c].pcode, fresh.state[c].pcode);
                    assert_eq!(b.state[c].eval, fresh.state[c].eval);
                }
            }
            while b.stones() > 0 {
                b.unmake();
            }
            let empty = PatternBoard::with_rule(15, 15, tables).unwrap();
            assert_eq!(b.counts, empty.counts);
            assert_eq!(b.value_sum(0), empty.value_sum(0));
            assert_eq!(b.value_sum(1), empty.value_sum(1));
            assert_eq!(b.eval_sum, empty.eval_sum);
            assert_eq!(b.hash(), empty.hash());
            for &c in b.cells() {
                assert_eq!(b.state[c as usize], empty.state[c as usize]);
            }
            assert!(b.doubtful.is_empty());
        }
    }

    #[test]
    fn the_evaluation_is_the_weighted_sum_of_its_features() {
        // The incremental value pairs and flags against the features counted afresh, with either
        // colour to move, under each rule (renju's forbidden points count for nothing).
        let mut seed = 11u64;
        let mut values = std::collections::HashSet::new();
        for rule in Rule::ALL {
            for round in 0..30 {
                let (mut b, _) = random_position(rule, &mut seed, 4 + round * 2);
                for _ in 0..2 {
                    let f = b.eval_features();
                    let mut sum: i64 = f
                        .iter()
                        .zip(EVAL_WEIGHTS.iter())
                        .map(|(&x, &w)| x as i64 * w as i64)
                        .sum();
                    for (k, n) in b.eval_combinations() {
                        let (key, side) = (k / 2, k % 2);
                        for &(c, own_move, own_wait) in EVAL_COMBINATIONS.iter() {
                            if c as usize == key {
                                let w = if side == 0 { own_move } else { own_wait };
                                sum += n as i64 * w as i64;
                            }
                        }
                    }
                    assert_eq!(
                        b.evaluation() as i64,
                        sum >> EVAL_SHIFT,
                        "{rule} round {round}"
                    );
                    values.insert(b.evaluation());
                    let other = 1 - b.to_move();
                    b.set_to_move(other);
                }
            }
        }
        assert!(values.len() > 100, "the evaluation tells positions apart");
    }

    #[test]
    fn the_move_ordering_values_are_the_fitted_tables() {
        // Each empty cell's ordering values, from the incremental pattern codes, against the
        // fitted tables read by the cell's four line patterns and its threat, both colours, under
        // each rule (renju's forbidden points aside: they are no moves); and its score. The
        // tables are the freestyle fit's but under renju with white (colour 1 here) to move.
        let mut seed = 5u64;
        let (mut checked, mut distinct) = (0, std::collections::HashSet::new());
        let mut renju_white = 0;
        for rule in Rule::ALL {
            for round in 0..20 {
                let (b, _) = random_position(rule, &mut seed, 4 + round * 2 + round % 2);
                let w = if rule == Rule::Renju && b.to_move() == 1 {
                    renju_white += 1;
                    &RENJU_WHITE_ORDER
                } else {
                    &FREESTYLE_ORDER
                };
                assert!(std::ptr::eq(b.order_weights(), w), "{rule} round {round}");
                for &c in b.cells() {
                    let c = c as usize;
                    for p in 0..2 {
                        if b.stone(c) != EMPTY || b.forbidden(p, c) {
                            continue;
                        }
                        let key = combination_key([0, 1, 2, 3].map(|d| b.line(p, c, d)));
                        let &(_, to_move, waiting) = w
                            .combinations
                            .iter()
                            .find(|e| e.0 as usize == key)
                            .expect("every combination has its values");
                        let t = b.threat(p, c) as usize;
                        let expected = (
                            (to_move + w.threat_move[t]) as i32,
                            (waiting + w.threat_wait[t]) as i32,
                        );
                        assert_eq!(b.order(p, c), expected, "{rule} round {round} cell {c}");
                        checked += 1;
                        distinct.insert(expected);
                    }
                    // The side to move's score: its value to move, the waiting side's value
                    // waiting, and their threats' pair read by (to move, waiting).
                    let me = b.to_move();
                    if b.stone(c) != EMPTY || b.forbidden(me, c) {
                        continue;
                    }
                    let pair =
                        w.pair[b.threat(me, c) as usize][b.threat(1 - me, c) as usize] as i32;
                    let score = b.order(me, c).0 + b.order(1 - me, c).1 + pair;
                    assert_eq!(b.order_score(c), score, "{rule} round {round} cell {c}");
                }
            }
        }
        assert!(
            renju_white >= 5,
            "{renju_white} renju positions with white to move"
        );
        assert!(
            checked > 10_000 && distinct.len() > 50,
            "{checked} cells, {distinct:?}"
        );
    }

    #[test]
    fn the_fitted_ordering_puts_fives_and_their_blocks_first() {
        // To move, making a five is worth more than anything else; waiting, the opponent's five
        // to block is worth more than anything but a five of one's own.
        let five = |p: usize| {
            let mut b = PatternBoard::new(15, 15).unwrap();
            let (x, o) = ([(3, 7), (4, 7), (5, 7), (6, 7)], [(3, 9), (9, 3), (11, 11)]);
            for i in 0..4 {
                b.set_to_move(p);
                b.make(b.index(x[i].0, x[i].1));
                if i < 3 {
                    b.set_to_move(1 - p);
                    b.make(b.index(o[i].0, o[i].1));
                }
            }
            b
        };
        for p in 0..2 {
            let b = five(p);
            let (x7, x2) = (b.index(7, 7), b.index(2, 7));
            for side in [p, 1 - p] {
                let mut b = b.clone();
                b.set_to_move(side);
                let best = b.candidates().max_by_key(|&c| b.order_score(c)).unwrap();
                assert!([x7, x2].contains(&best), "side {side} to move: {best}");
            }
        }
    }

    #[test]
    fn value_pairs_pack_and_unpack() {
        for (a, b) in [(0, 0), (-1, 1), (5, -7), (-40_000, -3), (123_456, 99_999)] {
            assert_eq!(unpack(pack(a, b)), (a, b));
            assert_eq!(unpack(pack(a, b) + pack(b, a)), (a + b, b + a));
        }
    }

    /// Near, read from the coordinates: within two in both directions, or four along a line.
    fn near(b: &PatternBoard, a: usize, c: usize) -> bool {
        let (ax, ay) = b.coords(a);
        let (cx, cy) = b.coords(c);
        let (dx, dy) = (ax.abs_diff(cx), ay.abs_diff(cy));
        let d = dx.max(dy);
        d <= 2 || (d <= 4 && (dx == 0 || dy == 0 || dx == dy))
    }

    #[test]
    fn near_cells_share_a_five_cell_line_or_a_five_by_five_square() {
        let b = PatternBoard::new(15, 15).unwrap();
        let cells: Vec<usize> = b.cells().iter().map(|&c| c as usize).collect();
        let near_of = |a: usize| cells.iter().filter(|&&c| c != a && near(&b, a, c)).count();
        // 24 in the square, 16 more on the four lines at three and four cells.
        assert_eq!(near_of(b.index(7, 7)), 40);
        assert_eq!(near_of(b.index(0, 0)), 8 + 6);
        for &a in &cells {
            let mut listed: Vec<usize> = b.empty_near(a).collect();
            listed.sort_unstable();
            let near: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| c != a && near(&b, a, c))
                .collect();
            assert_eq!(listed, near);
        }
        let mut b = b;
        assert_eq!(b.back(0), None);
        for c in [b.index(7, 7), b.index(8, 8), b.index(9, 9)] {
            b.make(c);
        }
        assert_eq!(b.back(0), Some(b.index(9, 9)));
        assert_eq!(b.back(2), Some(b.index(7, 7)));
        assert_eq!(b.back(3), None);
    }
}
