//! Live analysis in the window (issue 16): what is drawn of an analysis report — the top moves in
//! their cells, ranked, each with its value; the best line as small numbered ghost marks; the line
//! under the board (depth, nodes/s, the best line in coordinates) — and the evaluation graph
//! (x's win probability after every move), with the point a click is on.
//!
//! The state keeps an [`Analysing`]: whether analysis is on, the game's line and x's win
//! probability along it, and the [`Job`] the analysis worker is on (the live analysis of the
//! position, or a review of the line's positions with a quick search each). The shell runs the job
//! on a worker thread ([`run_job`]) and hands back what it finds as inputs
//! ([`crate::easel::Input::analysis`]), which are dropped when their job is no longer the
//! state's. Everything else here computes images from data the state holds.

use super::layout::{BoardLayout, Rect};
use super::state::App;
use crate::easel::{color, point, segment, text, Color, Image};
use crate::geometry::{Cell, Geometry};
use crate::rule::Rule;
use crate::rules::{Outcome, Player, State};
pub use crate::search::analysis::Answer;
use crate::search::analysis::{run_paced, x_win_probability, Report, Score};
use crate::value::Verdict;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The nodes of the quick search per move of a review (a few milliseconds each).
pub const REVIEW_NODES: u64 = 20_000;

/// The shortest time between two reports of the live analysis: the window redraws for analysis
/// four times a second at most.
pub const REPORT_INTERVAL: Duration = Duration::from_millis(250);

/// What the analysis worker is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// Tells its answers from answers to earlier jobs.
    pub ticket: u64,
    /// The work.
    pub kind: JobKind,
}

/// The analysis worker's kinds of work.
#[derive(Clone, Debug, PartialEq)]
pub enum JobKind {
    /// Analyse this position until told to stop (or until every line is proven).
    Live(State),
    /// x's win probability at these points of the game's line (moves played from the start),
    /// by a quick search of [`REVIEW_NODES`] nodes each.
    Review(Vec<(usize, State)>),
}

/// The live analysis and the evaluation graph, as the state keeps them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysing {
    /// Whether analysis is on (`a`, the analyse button).
    pub on: bool,
    /// The board, the rule and the starting player of the line.
    origin: Option<(Geometry, Rule, Player)>,
    /// The game's line: the moves played, then the moves undo took back (in redo order).
    pub line: Vec<Cell>,
    /// x's win probability after each number of moves of `line` (`line.len() + 1` points), where
    /// known.
    pub curve: Vec<Option<f64>>,
    /// The job the worker is on, if any.
    pub job: Option<Job>,
    /// The last report of the live analysis of the position.
    pub report: Option<Report>,
}

impl Analysing {
    /// Whether the graph is shown: while analysing, and once the game is over (its review).
    pub fn graph_shown(&self, state: &App) -> bool {
        wanted(state) || state.game.state().game_over()
    }
}

/// Whether the live analysis runs: analysis is on, or explain is on where it shows the analysis
/// ([`explains_by_analysis`]).
pub fn wanted(state: &App) -> bool {
    state.analysing.on || (state.explain && explains_by_analysis(state.geometry()))
}

/// Whether explain shows the live analysis on board `g`: where the exact solver does not play
/// (there the players' own views are exact; elsewhere a small proof per move leaves most cells
/// unproven).
pub fn explains_by_analysis(g: Geometry) -> bool {
    !crate::solver::solves(g)
}

/// The game's line: the moves played, then those undo took back, in the order redo plays them.
fn line_of(state: &App) -> Vec<Cell> {
    let mut line = state.game.moves().to_vec();
    line.extend(state.redo.iter().rev());
    line
}

/// The position after the first `n` moves of `line`, under `rule`.
fn position(g: Geometry, rule: Rule, start: Player, line: &[Cell], n: usize) -> State {
    State::from_cells_under(g, rule, start, &line[..n]).expect("the line is a game")
}

/// `state` with its analysis brought up to date after any change: the line and what is known of
/// it, and the job the worker should be on (the same job, same ticket, while it still fits).
pub fn refresh(mut state: App) -> App {
    let g = state.geometry();
    let start = state.game.start();
    let rule = state.game.state().rule();
    let line = line_of(&state);
    let current = state.game.moves().len();
    let a = &mut state.analysing;
    if a.origin != Some((g, rule, start)) {
        a.origin = Some((g, rule, start));
        a.line.clear();
        a.curve.clear();
    }
    if a.line != line || a.curve.len() != line.len() + 1 {
        let same = a.line.iter().zip(&line).take_while(|(x, y)| x == y).count();
        a.curve.truncate(same + 1);
        a.curve.resize(line.len() + 1, None);
        a.line = line;
        // The end of the line, when the game is over there, is known exactly.
        let end = position(g, rule, start, &a.line, a.line.len());
        if let Some(o) = end.outcome() {
            a.curve[a.line.len()] = Some(match o {
                Outcome::Won(Player::X) => 1.0,
                Outcome::Won(Player::O) => 0.0,
                Outcome::Draw => 0.5,
            });
        }
    }
    let live = wanted(&state);
    let shown = live || state.game.state().game_over();
    let a = &state.analysing;
    let missing: Vec<usize> = (0..a.curve.len())
        .filter(|&i| a.curve[i].is_none() && !(live && i == current))
        .collect();
    let kind = if !shown {
        None
    } else if !missing.is_empty() {
        // Keep a review on its way while it still has points to find.
        match &a.job {
            Some(Job {
                kind: JobKind::Review(points),
                ..
            }) if points.iter().any(|(i, _)| missing.contains(i)) => {
                Some(JobKind::Review(points.clone()))
            }
            _ => Some(JobKind::Review(
                missing
                    .iter()
                    .map(|&i| (i, position(g, rule, start, &a.line, i)))
                    .collect(),
            )),
        }
    } else if live && !state.game.state().game_over() {
        Some(JobKind::Live(*state.game.state()))
    } else {
        None
    };
    let same = match (&state.analysing.job, &kind) {
        (Some(job), Some(k)) => job.kind == *k,
        (None, None) => true,
        _ => false,
    };
    if !same {
        state.analysing.report = None;
        state.analysing.job = kind.map(|kind| {
            let ticket = state.next_ticket;
            state.next_ticket += 1;
            Job { ticket, kind }
        });
    }
    state
}

/// `state` with what the worker found, if it answers the state's job (else unchanged: a stale
/// answer).
pub fn take(mut state: App, answer: Answer) -> App {
    let Some(job) = &state.analysing.job else {
        return state;
    };
    let current = state.game.moves().len();
    match answer {
        Answer::Report { ticket, report } if ticket == job.ticket => {
            if let Some(best) = report.lines.first() {
                let p = best.score.win_probability();
                let x = if state.game.state().player_to_move() == Player::X {
                    p
                } else {
                    1.0 - p
                };
                if let Some(point) = state.analysing.curve.get_mut(current) {
                    *point = Some(x);
                }
            }
            state.analysing.report = Some(report);
            state
        }
        Answer::Point {
            ticket,
            index,
            x_probability,
        } if ticket == job.ticket => {
            if let Some(point) = state.analysing.curve.get_mut(index) {
                *point = Some(x_probability);
            }
            refresh(state)
        }
        _ => state,
    }
}

/// Does `job` on the calling thread (a worker's) until it is done or `stop` is set, handing each
/// finding to `send` with whether the window should wake for it now: a live analysis's reports
/// and a review's points come a few times a second at most (a review's points in batches), so
/// that the window redraws no more often. Stops early when `send` returns false.
pub fn run_job(job: &Job, stop: &AtomicBool, mut send: impl FnMut(Answer, bool) -> bool) {
    let ticket = job.ticket;
    match &job.kind {
        JobKind::Live(state) => run_paced(state, SHOWN_LINES, stop, REPORT_INTERVAL, |report| {
            send(Answer::Report { ticket, report }, true)
        }),
        JobKind::Review(points) => {
            let mut woken = crate::clock::Instant::now();
            for (k, (index, state)) in points.iter().enumerate() {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let x_probability = x_win_probability(state, REVIEW_NODES);
                let wake = k + 1 == points.len() || woken.elapsed() >= REPORT_INTERVAL;
                if wake {
                    woken = crate::clock::Instant::now();
                }
                let answer = Answer::Point {
                    ticket,
                    index: *index,
                    x_probability,
                };
                if !send(answer, wake) {
                    return;
                }
            }
        }
    }
}

/// The game at move `index` of its line: moves taken back or played again from the redo list.
pub fn go_to(mut state: App, index: usize, now: f64) -> App {
    while state.game.moves().len() > index && state.take_back() {}
    while state.game.moves().len() < index {
        let Some(c) = state.redo.pop() else { break };
        state.play(c, now);
    }
    state.hint = None;
    state.last_change = now;
    state
}

/// The moves shown on the board.
pub const SHOWN_LINES: usize = 5;

/// The best move's colour (orange) and the other shown moves' (grey).
const BEST: Color = color(255, 140, 0);
const OTHER: Color = color(110, 110, 110);
/// The ghost marks of the best line: x's and o's colours, faded.
const GHOST_X: Color = color(130, 130, 255);
const GHOST_O: Color = color(60, 170, 60);

/// A value as a cell shows it: `W3`, `L4`, `D`, or the side to move's chance to win in percent.
pub fn cell_label(score: &Score) -> String {
    match score {
        Score::Proven(v) => {
            let plies = v.plies.map(|p| p.to_string()).unwrap_or_default();
            match v.verdict {
                Verdict::Win => format!("W{plies}"),
                Verdict::Loss => format!("L{plies}"),
                Verdict::Draw => "D".to_string(),
            }
        }
        Score::Estimate(_) => format!("{:.0}%", score.win_probability() * 100.0),
    }
}

/// The top moves of `report` in their cells (rank and value; the best in orange), and the best
/// line's moves after the first as ghost marks numbered from 2 in the mover's faded colour.
pub fn board_images(report: &Report, board: &BoardLayout, state: &State) -> Vec<Image> {
    let cell = board.cell_size();
    let mut images = Vec::new();
    let mover = state.player_to_move();
    let ranked: Vec<Cell> = report
        .lines
        .iter()
        .take(SHOWN_LINES)
        .map(|l| l.cell)
        .collect();
    if let Some(best) = report.lines.first() {
        for (i, &c) in best.pv.iter().enumerate().skip(1) {
            let p = if i % 2 == 0 { mover } else { mover.other() };
            let colour = if p == Player::X { GHOST_X } else { GHOST_O };
            let label = format!("{}{}", p.symbol(), i + 1);
            if ranked.contains(&c) {
                // The cell shows a ranked move's value: the ghost goes small in its lower right
                // corner, clear of the value and of the rank in the upper left.
                let b = board.cell_box(c);
                let small = (cell / 4).max(6) as u32;
                let at = point(b.right - cell / 5, b.bottom + cell / 6);
                images.push(text(label, at, small, colour));
            } else {
                let font = (cell * 2 / 5).max(7) as u32;
                images.push(text(label, board.centre(c), font, colour));
            }
        }
    }
    for (rank, line) in report.lines.iter().take(SHOWN_LINES).enumerate() {
        let label = cell_label(&line.score);
        let b = board.cell_box(line.cell);
        let chars = label.chars().count().max(1) as i32;
        let font = ((cell - 6) * 100 / (61 * chars)).min(cell * 2 / 5).max(7) as u32;
        let colour = if rank == 0 { BEST } else { OTHER };
        images.push(text(label, b.centre(), font, colour));
        let small = (cell / 4).max(6) as u32;
        images.push(text(
            (rank + 1).to_string(),
            point(b.left + cell / 6, b.top - cell / 6),
            small,
            colour,
        ));
        images.extend(b.inset(2).outline(colour));
    }
    images
}

/// The line under the board: depth, nodes/s, the best move's value and the best line in
/// coordinates (as many moves as fit in `chars` characters).
pub fn status_line(report: &Report, g: Geometry, chars: usize) -> String {
    let mut s = format!("depth {}  {} n/s", report.depth, short_count(report.nps()));
    if let Some(best) = report.lines.first() {
        s += &format!("  {} ", cell_label(&best.score));
        for c in &best.pv {
            let name = crate::coordinates::name(g, *c);
            if s.chars().count() + name.len() + 1 > chars {
                break;
            }
            s += " ";
            s += &name;
        }
    }
    s
}

/// 1234567 → "1.2M", 12345 → "12k".
fn short_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// The evaluation graph in `area`: x's win probability after each move (`points[0]` before the
/// first; `None` where not known yet), a line between known neighbours, the 50 % line, and the
/// current move (`at`) marked.
pub fn graph_images(points: &[Option<f64>], at: usize, area: Rect) -> Vec<Image> {
    let mut images = area.outline(OTHER);
    let mid = (area.bottom + area.top) / 2;
    images.push(segment(
        point(area.left, mid),
        point(area.right, mid),
        color(200, 200, 200),
    ));
    let xy = |i: usize, p: f64| graph_point(area, points.len(), i, p);
    for (i, pair) in points.windows(2).enumerate() {
        if let [Some(a), Some(b)] = pair {
            images.push(segment(xy(i, *a), xy(i + 1, *b), BEST));
        }
    }
    let c = xy(at, points.get(at).copied().flatten().unwrap_or(0.5));
    images.extend(Rect::new(c.x - 3, c.y - 3, c.x + 3, c.y + 3).outline(color(0, 0, 0)));
    images
}

/// Where point `i` of `n` with probability `p` is drawn in `area`.
fn graph_point(area: Rect, n: usize, i: usize, p: f64) -> crate::easel::Point {
    let span = (n.max(2) - 1) as f64;
    let x = area.left as f64 + (area.width() as f64) * i as f64 / span;
    let y = area.bottom as f64 + area.height() as f64 * p.clamp(0.0, 1.0);
    point(x.round() as i32, y.round() as i32)
}

/// The point of the graph a click at (`x`, `y`) is on: the nearest move's index, if the click
/// is in `area` and the graph has `n` points.
pub fn graph_hit(area: Rect, n: usize, x: f32, y: f32) -> Option<usize> {
    if n == 0 || !area.strictly_contains(x, y) {
        return None;
    }
    let span = (n.max(2) - 1) as f32;
    let i = ((x - area.left as f32) / area.width() as f32 * span).round() as usize;
    Some(i.min(n - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{apply, new_state, Action, Seat};
    use crate::easel::Input;

    fn gomoku() -> App {
        App::new(Seat::Human, Seat::Human, Player::X, 0).on_board(Geometry::new(15, 15, 5).unwrap())
    }

    fn live_ticket(s: &App) -> u64 {
        match &s.analysing.job {
            Some(Job {
                ticket,
                kind: JobKind::Live(p),
            }) => {
                assert_eq!(p, s.game.state());
                *ticket
            }
            other => panic!("not a live job: {other:?}"),
        }
    }

    fn report(depth: u32, cell: Cell) -> Report {
        Report {
            depth,
            nodes: 100,
            elapsed: Duration::from_millis(1),
            lines: vec![crate::search::analysis::Line {
                cell,
                score: Score::Estimate(0),
                pv: vec![cell],
            }],
            finished: false,
        }
    }

    #[test]
    fn analysis_follows_the_position_and_drops_stale_reports() {
        let s = gomoku();
        assert!(s.analysing.job.is_none(), "off: no job, no thread");
        let s = apply(Action::ToggleAnalysis, s, 0.0);
        let t1 = live_ticket(&s);
        let found = |ticket, depth| {
            Input::analysis(
                Answer::Report {
                    ticket,
                    report: report(depth, 113),
                },
                0.0,
            )
        };
        let s = new_state(&found(t1, 3), s);
        assert_eq!(s.analysing.report.as_ref().map(|r| r.depth), Some(3));
        assert!(s.analysing.curve[0].is_some(), "the graph's first point");
        // A move: a new job; the old job's report is stale.
        let s = apply(Action::Play(113), s, 1.0);
        let t2 = live_ticket(&s);
        assert_ne!(t1, t2);
        assert!(s.analysing.report.is_none());
        let s = new_state(&found(t1, 9), s);
        assert!(s.analysing.report.is_none(), "stale: dropped");
        let s = new_state(&found(t2, 2), s);
        assert_eq!(s.analysing.report.as_ref().map(|r| r.depth), Some(2));
        // Off: no job, nothing shown.
        let s = apply(Action::ToggleAnalysis, s, 2.0);
        assert!(s.analysing.job.is_none() && s.analysing.report.is_none());
    }

    #[test]
    fn a_finished_game_is_reviewed_and_the_graph_goes_to_a_move() {
        let g = Geometry::new(7, 7, 3).unwrap();
        let mut s = App::new(Seat::Human, Seat::Human, Player::X, 0).on_board(g);
        // x 1 2 3 across the top row wins; o 8 9.
        for c in [1, 8, 2, 9, 3] {
            s = apply(Action::Play(c), s, 0.0);
        }
        assert!(s.game.state().game_over());
        assert_eq!(s.analysing.curve.len(), 6);
        assert_eq!(s.analysing.curve[5], Some(1.0), "the end, exactly");
        let job = s.analysing.job.clone().expect("a review");
        let JobKind::Review(points) = &job.kind else {
            panic!("{job:?}")
        };
        assert_eq!(
            points.iter().map(|p| p.0).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4]
        );
        // The worker's points, as the shell hands them over.
        let mut found = Vec::new();
        run_job(&job, &AtomicBool::new(false), |a, _| {
            found.push(a);
            true
        });
        for a in found {
            s = new_state(&Input::analysis(a, 0.0), s);
        }
        assert!(
            s.analysing.curve.iter().all(Option::is_some),
            "{:?}",
            s.analysing.curve
        );
        assert!(s.analysing.job.is_none(), "reviewed: no more work");
        // Clicking the graph's third point: the position after two moves, the rest to redo.
        let area = s.layout().graph_area();
        let x = area.left as f32 + area.width() as f32 * 2.0 / 5.0;
        let click = Input::click(x, (area.bottom + area.top) as f32 / 2.0);
        let s = new_state(&click, s);
        assert_eq!(s.game.moves(), [1, 8]);
        assert_eq!(s.analysing.curve.len(), 6, "the line is kept");
        assert!(s.analysing.curve.iter().all(Option::is_some));
    }

    use crate::search::analysis::Line;
    use crate::value::Value;
    use std::time::Duration;

    #[test]
    fn labels_show_proofs_and_chances() {
        assert_eq!(cell_label(&Score::Proven(Value::win(3))), "W3");
        assert_eq!(cell_label(&Score::Proven(Value::loss(4))), "L4");
        assert_eq!(cell_label(&Score::Proven(Value::draw(9))), "D");
        assert_eq!(cell_label(&Score::Estimate(0)).chars().last(), Some('%'));
    }

    #[test]
    fn the_graph_hits_the_nearest_move_and_nothing_outside() {
        let area = Rect::new(600, 100, 800, 200);
        assert_eq!(graph_hit(area, 11, 601.0, 150.0), Some(0));
        assert_eq!(graph_hit(area, 11, 699.0, 150.0), Some(5));
        assert_eq!(graph_hit(area, 11, 799.0, 150.0), Some(10));
        assert_eq!(graph_hit(area, 11, 500.0, 150.0), None);
        assert_eq!(graph_hit(area, 0, 700.0, 150.0), None);
        // Every point drawn is hit where it is drawn.
        for n in [1, 2, 7, 40] {
            for i in 0..n {
                let p = graph_point(area, n, i, 0.5);
                let x = (p.x as f32).clamp(area.left as f32 + 0.5, area.right as f32 - 0.5);
                assert_eq!(graph_hit(area, n, x, p.y as f32), Some(i), "{i} of {n}");
            }
        }
    }

    #[test]
    fn the_board_shows_the_top_moves_and_the_line() {
        let g = Geometry::new(15, 15, 5).unwrap();
        let state = State::from_cells(g, Player::X, &[113]).unwrap();
        let line = |cell, pv: Vec<Cell>| Line {
            cell,
            score: Score::Estimate(10),
            pv,
        };
        let report = Report {
            depth: 3,
            nodes: 1000,
            elapsed: Duration::from_millis(10),
            lines: vec![line(97, vec![97, 98, 99]), line(99, vec![99])],
            finished: false,
        };
        let board = BoardLayout::new(g, Rect::new(20, 110, 600, 710));
        let images = board_images(&report, &board, &state);
        let texts: Vec<&str> = images
            .iter()
            .filter_map(|i| match i {
                Image::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(texts.contains(&"x2") && texts.contains(&"o3"), "{texts:?}");
        assert!(texts.contains(&"1") && texts.contains(&"2"), "{texts:?}");
        // No two texts overlap, though o3 falls on the second line's cell: each text's box is its
        // height tall and 0.61 of its height wide a character (the monospace font's advance).
        let boxes: Vec<(&str, [f64; 4])> = images
            .iter()
            .filter_map(|i| match i {
                Image::Text {
                    text, at, height, ..
                } => {
                    let (w, h) = (0.61 * *height as f64 * text.len() as f64, *height as f64);
                    let (x, y) = (at.x as f64, at.y as f64);
                    Some((
                        text.as_str(),
                        [x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0],
                    ))
                }
                _ => None,
            })
            .collect();
        for (i, (a, ra)) in boxes.iter().enumerate() {
            for (b, rb) in &boxes[i + 1..] {
                let apart = ra[2] <= rb[0] || rb[2] <= ra[0] || ra[3] <= rb[1] || rb[3] <= ra[1];
                assert!(apart, "{a} {ra:?} overlaps {b} {rb:?}");
            }
        }
        let s = status_line(&report, g, 60);
        assert!(s.starts_with("depth 3  100k n/s"), "{s}");
        // The coordinates of the board's labels and the status line: rows from the top.
        assert!(s.ends_with("g7 h7 i7"), "{s}");
    }
}
