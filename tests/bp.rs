//! The tic-tac-toe behavioral program (seed 001, SPEC.md §3) against the LED rules (seed 000,
//! SPEC.md §2), its verification over every X play, and the `bp` player.

use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashSet;
use tictactoe::bp::tictactoe::{
    program, rules_program, seed_program, x_moves, Event, Strategy, ALL_STRATEGIES,
};
use tictactoe::bp::{explore, Program};
use tictactoe::players::bp::Bp;
use tictactoe::players::ComputerPlayer;
use tictactoe::Game;
use tictactoe::{Cell, Geometry, Outcome, Player, State};

use Event::{Draw, OWin, XWin, O, X};

/// Every reachable position with `start` moving first, once each, with the first move sequence
/// (depth-first) that reaches it.
fn reachable_positions(start: Player) -> Vec<(State, Vec<Cell>)> {
    fn walk(
        s: State,
        seq: &mut Vec<Cell>,
        seen: &mut HashSet<State>,
        out: &mut Vec<(State, Vec<Cell>)>,
    ) {
        if !seen.insert(s) {
            return;
        }
        out.push((s, seq.clone()));
        for c in s.legal_moves() {
            seq.push(c);
            walk(s.result(c), seq, seen, out);
            seq.pop();
        }
    }
    let mut out = Vec::new();
    walk(
        State::empty(Geometry::LED, start),
        &mut Vec::new(),
        &mut HashSet::new(),
        &mut out,
    );
    out
}

/// The event announcing `outcome`.
fn outcome_event(outcome: Outcome) -> Event {
    match outcome {
        Outcome::Won(Player::X) => XWin,
        Outcome::Won(Player::O) => OWin,
        Outcome::Draw => Draw,
    }
}

/// Replays a trace of the tic-tac-toe program under the LED rules (X first): every move must be
/// possible for its player, and XWin/OWin/Draw must appear exactly once, as the last event, when
/// the rules say the game is over. Returns the final state.
fn led_check(trace: &[Event]) -> Result<State, String> {
    let mut s = State::initial_state();
    for (i, &e) in trace.iter().enumerate() {
        match (e.player(), e.cell()) {
            (Some(p), Some(c)) => {
                if !s.possible(c, p) {
                    return Err(format!(
                        "event {i} ({e:?}) is not possible in\n{}",
                        s.board_text()
                    ));
                }
                s = s.result(c);
            }
            _ => {
                let expected = s.outcome().map(outcome_event);
                if expected != Some(e) || i + 1 != trace.len() {
                    return Err(format!(
                        "event {i} ({e:?}): the rules say {:?}",
                        s.outcome()
                    ));
                }
            }
        }
    }
    if s.game_over() && !matches!(trace.last(), Some(XWin | OWin | Draw)) {
        return Err(format!(
            "the game is over ({:?}) but not announced",
            s.outcome()
        ));
    }
    Ok(s)
}

#[test]
fn rules_program_agrees_with_the_led_rules_in_every_reachable_position() {
    let positions = reachable_positions(Player::X);
    assert_eq!(positions.len(), 5478, "SPEC.md §6: reachable positions");
    let mut announced = [0usize; 3]; // XWin, OWin, Draw
    for (state, seq) in &positions {
        let mut p = rules_program();
        assert!(p.run_until_quiet().is_empty());
        let mut mover = Player::X;
        for (i, &c) in seq.iter().enumerate() {
            p.inject(Event::at_cell(mover, c))
                .unwrap_or_else(|e| panic!("{seq:?}: move {i} refused: {e}"));
            let selected = p.run_until_quiet();
            if i + 1 < seq.len() {
                assert!(selected.is_empty(), "{seq:?}: {selected:?} after move {i}");
            } else {
                let expected: Vec<Event> = state.outcome().map(outcome_event).into_iter().collect();
                assert_eq!(selected, expected, "{seq:?}:\n{}", state.board_text());
            }
            mover = mover.other();
        }
        // The moves left unblocked are exactly the legal moves of the player to move.
        let to_move = state.player_to_move();
        let unblocked: Vec<Event> = Event::all_moves().filter(|e| !p.is_blocked(e)).collect();
        let legal: Vec<Event> = state
            .legal_moves()
            .map(|c| Event::at_cell(to_move, c))
            .collect();
        assert_eq!(unblocked, legal, "{seq:?}:\n{}", state.board_text());
        // A rules-only program requests nothing once quiet: no move, and no second announcement.
        assert!(p.enabled().is_empty(), "{seq:?}: {:?}", p.enabled());
        match state.outcome() {
            Some(o) => {
                announced[[XWin, OWin, Draw]
                    .iter()
                    .position(|&e| e == outcome_event(o))
                    .unwrap()] += 1;
                assert!(unblocked.is_empty());
                assert!([XWin, OWin, Draw].iter().all(|e| p.is_blocked(e)));
            }
            None => assert_eq!(state.player_to_move(), mover),
        }
    }
    // SPEC.md §6: 958 terminal positions, x won 626, o won 316, full and drawn 16.
    assert_eq!(announced, [626, 316, 16]);
}

#[test]
fn the_seed_example_play_is_valid() {
    // X_<0,0>, O_<1,1>, X_<2,1>, O_<0,2>, X_<2,0>, O_<1,0>, X_<2,2>, XWin (seed 001).
    let moves = [
        X(0, 0),
        O(1, 1),
        X(2, 1),
        O(0, 2),
        X(2, 0),
        O(1, 0),
        X(2, 2),
    ];
    for (name, make) in [
        ("rules", rules_program as fn() -> Program<Event>),
        ("seed", seed_program),
    ] {
        let mut p = make();
        for &m in &moves {
            p.inject(m).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert_eq!(p.run_until_quiet(), vec![XWin], "{name}");
        let mut expected = moves.to_vec();
        expected.push(XWin);
        assert_eq!(p.trace(), expected.as_slice(), "{name}");
        assert!(Event::all_moves().all(|e| p.is_blocked(&e)), "{name}");
        assert!(led_check(p.trace()).is_ok());
    }
    // O may not play twice in a row, nor on a taken square; X may not play after the end.
    let mut p = rules_program();
    p.inject(X(0, 0)).unwrap();
    assert!(p.inject(X(1, 1)).is_err());
    assert!(p.inject(O(0, 0)).is_err());
}

#[test]
fn the_program_answers_the_seed_opening_in_the_centre_and_blocks_forks() {
    let mut p = seed_program();
    assert!(p.run_until_quiet().is_empty(), "X moves first");
    p.inject(X(0, 0)).unwrap();
    assert_eq!(p.run_until_quiet(), vec![O(1, 1)], "DefaultMoves: centre");
    p.inject(X(2, 2)).unwrap();
    assert_eq!(p.run_until_quiet(), vec![O(0, 1)], "PreventAnotherXFork");
    p.inject(X(2, 1)).unwrap();
    assert_eq!(p.run_until_quiet(), vec![O(2, 0)], "PreventThirdX");
}

/// Explores every X play against `program(X, strategies)`; bad = X wins or the trace breaks the
/// LED rules.
fn verify(strategies: &[Strategy]) -> tictactoe::bp::Exploration<Event> {
    explore(
        || program(Player::X, strategies),
        &x_moves(),
        9,
        |p| led_check(p.trace()).is_err() || p.trace().contains(&XWin),
    )
}

#[test]
fn o_never_loses_against_any_x_play() {
    let found = verify(&ALL_STRATEGIES);
    if let Some(trace) = &found.violation {
        panic!("violation: {trace:?}: {:?}", led_check(trace));
    }
    let (x, o, d) = (
        found.ending_with(&XWin),
        found.ending_with(&OWin),
        found.ending_with(&Draw),
    );
    println!(
        "seed program, every X play: {} states, {} runs: X wins {x}, O wins {o}, draws {d}",
        found.states, found.runs
    );
    assert_eq!(x, 0);
    assert_eq!(found.truncated, 0);
    assert_eq!(
        o + d,
        found.runs,
        "every run ends with a win or a draw: {:?}",
        found.endings
    );
    assert!(o > 0 && d > 0);
}

#[test]
fn without_any_one_fork_rule_x_can_force_a_win() {
    for dropped in [
        Strategy::PreventXFork,
        Strategy::PreventAnotherXFork,
        Strategy::PreventYetAnotherXFork,
    ] {
        let strategies: Vec<Strategy> = ALL_STRATEGIES
            .into_iter()
            .filter(|&s| s != dropped)
            .collect();
        let found = verify(&strategies);
        let trace = found
            .violation
            .unwrap_or_else(|| panic!("without {dropped:?}, O never loses"));
        println!("without {dropped:?}: X wins by {trace:?}");
        let state = led_check(&trace).unwrap_or_else(|e| panic!("not a legal play: {e}"));
        assert_eq!(state.outcome(), Some(Outcome::Won(Player::X)));
        assert_eq!(trace.last(), Some(&XWin));
        println!("{}", state.board_text());
    }
}

#[test]
fn bp_plays_the_seed_program_as_o() {
    // Along every X play, Bp's answer to the history equals the live program's selection.
    let found = explore(seed_program, &x_moves(), 9, |p| {
        let t = p.trace();
        let Some(pos) = t.iter().rposition(|e| e.is_o_move()) else {
            return false;
        };
        let history: Vec<Cell> = t[..pos].iter().filter_map(|e| e.cell()).collect();
        let game = Game::from_cells(Geometry::LED, Player::X, &history).unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        Some(Bp.choose(&game, &mut rng)) != t[pos].cell()
    });
    assert_eq!(found.violation, None);
    assert!(found.runs > 100);
}

#[test]
fn bp_answers_every_non_terminal_position_legally_with_either_start() {
    let mut rng = StdRng::seed_from_u64(7);
    assert_eq!(Bp.name(), "bp");
    for start in [Player::X, Player::O] {
        let mut asked = 0;
        for (state, history) in reachable_positions(start) {
            if state.game_over() {
                continue;
            }
            let game = Game::from_cells(Geometry::LED, start, &history).unwrap();
            let cell = Bp.choose(&game, &mut rng);
            assert!(
                state.legal_moves().any(|c| c == cell),
                "{history:?} → {cell}"
            );
            asked += 1;
        }
        assert_eq!(asked, 5478 - 958);
    }
}

/// Plays `bp` (as `side`) against every opponent play from the empty board with `start` first.
/// Returns (bp wins, opponent wins, draws).
fn bp_against_everything(start: Player, side: Player) -> [usize; 3] {
    fn walk(s: State, history: &mut Vec<Cell>, side: Player, counts: &mut [usize; 3]) {
        match s.outcome() {
            Some(Outcome::Won(p)) if p == side => counts[0] += 1,
            Some(Outcome::Won(_)) => counts[1] += 1,
            Some(Outcome::Draw) => counts[2] += 1,
            None if s.player_to_move() == side => {
                let game = Game::from_cells(Geometry::LED, s.start(), history).unwrap();
                let c = Bp.choose(&game, &mut StdRng::seed_from_u64(0));
                history.push(c);
                walk(s.result(c), history, side, counts);
                history.pop();
            }
            None => {
                for c in s.legal_moves() {
                    history.push(c);
                    walk(s.result(c), history, side, counts);
                    history.pop();
                }
            }
        }
    }
    let mut counts = [0; 3];
    walk(
        State::empty(Geometry::LED, start),
        &mut Vec::new(),
        side,
        &mut counts,
    );
    counts
}

#[test]
fn bp_never_loses_in_any_role() {
    let seed_role = bp_against_everything(Player::X, Player::O);
    for (start, side) in [
        (Player::X, Player::O),
        (Player::O, Player::X),
        (Player::X, Player::X),
        (Player::O, Player::O),
    ] {
        let [won, lost, drawn] = bp_against_everything(start, side);
        println!("bp as {side:?}, {start:?} first: bp wins {won}, loses {lost}, draws {drawn}");
        assert_eq!(lost, 0, "bp as {side:?} with {start:?} first");
        if start != side {
            // Swapping colours: the same games as the seed's role.
            assert_eq!([won, lost, drawn], seed_role);
        }
    }
}

#[test]
fn the_seed_program_has_the_instances_and_priorities_of_spec_section_3() {
    let p = seed_program();
    // (kind, instances, lowest priority, highest priority)
    let expected: [(&str, usize, f64, f64); 12] = [
        ("GameOver", 1, 0.0, 0.0),
        ("SquareTaken", 9, 1.001, 1.009),
        ("EnforceTurns", 1, 2.0, 2.0),
        ("DetectXWin", 48, 3.001, 3.048),
        ("DetectOWin", 48, 4.001, 4.048),
        ("DetectDraw", 1, 5.0, 5.0),
        ("AddThirdO", 48, 6.001, 6.048),
        ("PreventThirdX", 48, 7.001, 7.048),
        ("PreventXFork", 16, 8.001, 8.016),
        ("PreventAnotherXFork", 1, 9.0, 9.0),
        ("PreventYetAnotherXFork", 8, 9.501, 9.508),
        ("DefaultMoves", 1, 12.0, 12.0),
    ];
    let threads: Vec<(&str, f64)> = p.threads().map(|(n, prio, _)| (n, prio)).collect();
    assert_eq!(threads.len(), 230);
    // Threads come in priority order, so each kind is one consecutive run.
    let mut at = 0;
    for (kind, n, lo, hi) in expected {
        let run = &threads[at..at + n];
        assert!(run.iter().all(|&(name, _)| name == kind), "{kind}: {run:?}");
        assert!(
            (run[0].1 - lo).abs() < 1e-9 && (run[n - 1].1 - hi).abs() < 1e-9,
            "{kind}: {run:?}"
        );
        at += n;
    }
    // Dropping a strategy drops exactly its instances.
    let p = program(Player::X, &[Strategy::DefaultMoves]);
    assert_eq!(p.thread_count(), 230 - 48 - 48 - 16 - 1 - 8);
    // DefaultMoves requests the nine O moves in the seed's order.
    let default: Vec<Event> = p
        .threads()
        .find(|t| t.0 == "DefaultMoves")
        .unwrap()
        .2
        .requested()
        .to_vec();
    assert_eq!(
        default,
        vec![
            O(1, 1),
            O(0, 0),
            O(0, 2),
            O(2, 0),
            O(2, 2),
            O(0, 1),
            O(1, 0),
            O(1, 2),
            O(2, 1)
        ]
    );
}

#[test]
fn bp_plays_only_the_3x3_board_of_its_program() {
    assert!(Bp.plays(Geometry::LED));
    for (w, h, k) in [(4, 4, 3), (3, 4, 3), (15, 15, 5)] {
        assert!(!Bp.plays(Geometry::new(w, h, k).unwrap()));
    }
}
