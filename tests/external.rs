//! External pbrain engines as players (src/external.rs): this program's own `tictactoe pbrain`, and
//! a faulty stand-in written by the test (a shell script) that plays occupied cells, sleeps past its
//! time, exits, answers garbage, plays off the board or refuses the board.
#![cfg(unix)]

use std::path::PathBuf;
use std::time::{Duration, Instant};
use tictactoe::external::{Engine, EngineCommand, EngineFault, Limits};
use tictactoe::rule::Rule;
use tictactoe::{Game, Geometry, MoveError, Player};

fn ours() -> EngineCommand {
    EngineCommand {
        program: env!("CARGO_BIN_EXE_tictactoe").into(),
        args: vec!["pbrain".into()],
    }
}

fn quick() -> Limits {
    Limits {
        turn: Duration::from_millis(150),
        game: None,
        margin: Duration::from_millis(1000),
        game_type: 1,
    }
}

/// The stand-in: answers START, ABOUT, RESTART; on each move request it does what `mode` says.
const STAND_IN: &str = r#"#!/bin/sh
mode="$1"
cr=$(printf '\r')
while IFS= read -r line; do
  line="${line%"$cr"}"
  if [ -n "$2" ]; then printf '%s\n' "$line" >> "$2"; fi
  case "$line" in
    START*|RECTSTART*)
      if [ "$mode" = refuse ]; then echo "ERROR this board is not for me"; else echo OK; fi ;;
    RESTART) echo OK ;;
    PLAY*) echo "${line#PLAY }" ;;
    ABOUT) echo 'name="stand-in", version="1.0", author="tests"' ;;
    END) exit 0 ;;
    BEGIN|TURN*|DONE)
      case "$mode" in
        occupied) echo "MESSAGE centre again"; echo "7,7" ;;
        sleep) sleep 4; echo "0,0" ;;
        exit) exit 3 ;;
        garbage) echo "DEBUG thinking"; echo "hello world" ;;
        offboard) echo "15,3" ;;
        long) head -c 40000 /dev/zero | tr '\0' 'a'; echo ;;
        log) echo "SUGGEST 0,0" ;;
      esac ;;
  esac
done
"#;

fn stand_in(mode: &str) -> EngineCommand {
    let dir = std::env::temp_dir().join(format!("ttt-external-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pbrain-stand-in.sh");
    if !path.exists() {
        let tmp = dir.join(format!("stand-in-{mode}.tmp"));
        std::fs::write(&tmp, STAND_IN).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }
    EngineCommand {
        program: path,
        args: vec![mode.into()],
    }
}

fn alive(pid: u32) -> bool {
    // A reaped process has no /proc entry; a zombie's state is Z.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat.contains(") Z "),
        Err(_) => false,
    }
}

fn gomoku(side: usize) -> Geometry {
    Geometry::new(side, side, 5).unwrap()
}

#[test]
fn our_own_pbrain_plays_a_whole_game_against_itself_as_an_external_engine() {
    let g = gomoku(9);
    let mut x = Engine::new(ours(), quick());
    let mut o = Engine::new(ours(), quick());
    let mut game = Game::new(g, Player::X);
    while game.state().outcome().is_none() {
        let engine = match game.state().player_to_move() {
            Player::X => &mut x,
            Player::O => &mut o,
        };
        let cell = engine
            .choose(&game)
            .unwrap_or_else(|f| panic!("move {}: {f}", game.moves().len() + 1));
        game.play_in_place(cell).unwrap();
    }
    assert_eq!(x.name(), "tictactoe");
    assert!(game.moves().len() >= 9, "{:?}", game.moves());
    // A new game restarts the same process (RESTART).
    let (px, po) = (x.id().unwrap(), o.id().unwrap());
    let fresh = Game::new(g, Player::X);
    let c = x.choose(&fresh).unwrap();
    assert_eq!(x.id(), Some(px), "RESTART, not a new process");
    drop(x);
    drop(o);
    assert!(!alive(px) && !alive(po), "the children are ended on drop");
    assert!(fresh.play(c).is_ok());
}

#[test]
fn a_position_out_of_step_is_sent_as_a_board_and_the_engine_answers_in_it() {
    let g = gomoku(15);
    let mut e = Engine::new(ours(), quick());
    // Four x in a row with both ends open, o to move: o must block, or x wins next move.
    let game = Game::from_cells(g, Player::X, &[108, 1, 109, 2, 110, 3, 111]).unwrap();
    let c = e.choose(&game).unwrap();
    assert!(c == 107 || c == 112, "{c}");
    // Undo two moves: out of step again (RESTART, BOARD); x to move wins with the fifth stone.
    let game = Game::from_cells(g, Player::X, &[108, 1, 109, 2, 110, 3, 111, 4]).unwrap();
    let c = e.choose(&game).unwrap();
    let after = game.play(c).unwrap();
    assert_eq!(
        after.state().outcome(),
        Some(tictactoe::Outcome::Won(Player::X))
    );
    // Another board: the engine is started again on it.
    let small = Game::from_cells(Geometry::new(7, 6, 4).unwrap(), Player::O, &[4]).unwrap();
    let c = e.choose(&small).unwrap();
    assert!(small.play(c).is_ok());
}

fn fault(mode: &str, moves: &[usize]) -> (EngineFault, Engine, Duration) {
    let g = gomoku(15);
    let mut e = Engine::new(stand_in(mode), quick());
    let game = Game::from_cells(g, Player::X, moves).unwrap();
    let t = Instant::now();
    let f = e.choose(&game).expect_err(mode);
    (f, e, t.elapsed())
}

#[test]
fn an_engine_that_plays_an_occupied_cell_loses_with_a_reason() {
    let g = gomoku(15);
    let mut e = Engine::new(stand_in("occupied"), quick());
    let game = Game::new(g, Player::X);
    let c = e.choose(&game).unwrap();
    assert_eq!(c, 7 * 15 + 8, "7,7 is cell 113");
    assert_eq!(e.name(), "stand-in");
    assert_eq!(e.take_messages(), ["centre again"]);
    let game = game.play(c).unwrap().play(1).unwrap();
    let f = e.choose(&game).unwrap_err();
    assert_eq!(
        f,
        EngineFault::Illegal(MoveError::Occupied {
            cell: 113,
            by: Player::X
        })
    );
    assert_eq!(
        f.to_string(),
        "played an illegal move: cell 113 is already occupied by x"
    );
    assert!(!e.running(), "a faulty engine is ended");
}

#[test]
fn an_engine_that_sleeps_past_its_time_loses_after_its_time_and_margin() {
    let (f, e, took) = fault("sleep", &[]);
    assert_eq!(
        f,
        EngineFault::Timeout {
            limit_ms: 150,
            margin_ms: 1000
        }
    );
    assert_eq!(
        f.to_string(),
        "ran out of time: no move within 150 ms (+1000 ms margin)"
    );
    assert!(took >= Duration::from_millis(1150), "{took:?}");
    assert!(took < Duration::from_millis(3500), "{took:?}");
    assert!(!e.running());
}

#[test]
fn an_engine_that_exits_loses_with_its_exit_code() {
    let (f, _, _) = fault("exit", &[113]);
    assert_eq!(f, EngineFault::Exited("exited with code 3".into()));
    assert_eq!(f.to_string(), "crashed: exited with code 3");
}

#[test]
fn an_engine_that_answers_garbage_loses() {
    let (f, _, _) = fault("garbage", &[113, 1]);
    assert_eq!(f, EngineFault::Garbage("hello world".into()));
    assert_eq!(
        f.to_string(),
        "answered 'hello world', which is not a move x,y"
    );
    let (f, _, _) = fault("long", &[]);
    assert!(
        matches!(f, EngineFault::Garbage(ref s) if s.contains("longer than")),
        "{f}"
    );
}

#[test]
fn an_engine_that_plays_off_the_board_loses() {
    let (f, _, _) = fault("offboard", &[]);
    assert_eq!(f.to_string(), "played 15,3, off the board");
}

#[test]
fn an_engine_that_refuses_the_board_or_cannot_start_loses() {
    let (f, _, _) = fault("refuse", &[]);
    assert_eq!(
        f.to_string(),
        "refused the 15x15 board: 'ERROR this board is not for me'"
    );
    let mut e = Engine::new(
        EngineCommand::path(PathBuf::from("/nonexistent/pbrain-nothing")),
        quick(),
    );
    let f = e.choose(&Game::new(gomoku(15), Player::X)).unwrap_err();
    assert!(matches!(f, EngineFault::Spawn(_)), "{f}");
    assert!(f
        .to_string()
        .starts_with("could not be started: /nonexistent/pbrain-nothing"));
    assert_eq!(e.name(), "pbrain-nothing");
}

#[test]
fn the_child_is_ended_when_the_engine_is_dropped_even_mid_sleep() {
    let g = gomoku(15);
    let mut e = Engine::new(stand_in("occupied"), quick());
    e.start(g).unwrap();
    let pid = e.id().unwrap();
    assert!(alive(pid));
    let t = Instant::now();
    drop(e);
    assert!(!alive(pid));
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[test]
fn the_manager_speaks_pbrain_as_piskvork_does() {
    let log = std::env::temp_dir().join(format!("ttt-external-log-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let mut command = stand_in("log");
    command.args.push(log.display().to_string());
    let mut e = Engine::new(command, quick());
    let g = gomoku(15);
    // A renju game: x 7,7; o 8,7; x 9,7; the engine is o: its own stone is 1, the opponent's 2.
    let game = Game::from_cells_under(g, Rule::Renju, Player::X, &[113, 114, 115]).unwrap();
    assert_eq!(
        e.choose(&game).unwrap(),
        1,
        "SUGGEST 0,0 taken with PLAY 0,0"
    );
    let game = Game::from_cells_under(g, Rule::Renju, Player::X, &[113, 114, 115, 1, 2]).unwrap();
    e.choose(&game).unwrap_err(); // 0,0 again: occupied, and the engine is ended
    let small = Game::new(Geometry::new(7, 6, 4).unwrap(), Player::O);
    assert_eq!(e.choose(&small).unwrap(), 1);
    drop(e);
    let sent = std::fs::read_to_string(&log).unwrap();
    let expected = "START 15\nABOUT\n\
        INFO timeout_turn 150\nINFO timeout_match 0\nINFO time_left 2147483647\n\
        INFO game_type 1\nINFO rule 4\n\
        BOARD\n7,7,2\n8,7,1\n9,7,2\nDONE\nPLAY 0,0\n\
        TURN 1,0\nPLAY 0,0\nEND\n\
        INFO k 4\nRECTSTART 7,6\nABOUT\n\
        INFO timeout_turn 150\nINFO timeout_match 0\nINFO time_left 2147483647\n\
        INFO game_type 1\nINFO rule 0\nBEGIN\nPLAY 0,0\nEND\n";
    assert_eq!(sent, expected);
    std::fs::remove_file(&log).unwrap();
}

#[test]
fn an_arena_with_engines_counts_faults_as_losses_and_saves_every_game() {
    use tictactoe::contest::{arena_with_engines, Contestant};
    use tictactoe::record;
    let dir = std::env::temp_dir().join(format!("ttt-arena-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let g = gomoku(9);
    let random = tictactoe::players::by_name("random").unwrap();
    let mut players = [
        Contestant::Ours(random),
        Contestant::Engine(Box::new(Engine::new(ours(), quick()))),
        Contestant::Engine(Box::new(Engine::new(stand_in("exit"), quick()))),
    ];
    let (table, saved, faults) = arena_with_engines(
        g,
        Rule::Freestyle,
        &mut players,
        1,
        7,
        Some(&dir),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(table.pairings.len(), 9);
    assert_eq!(saved.len(), 9);
    let names: Vec<(&str, &str)> = table.pairings.iter().map(|r| (r.x, r.o)).collect();
    assert_eq!(names[1], ("random", "tictactoe"));
    assert_eq!(names[5], ("tictactoe", "stand-in"));
    // The stand-in exits at its first move: it loses every game it plays (5 of the 9).
    assert_eq!(faults.len(), 5, "{faults:?}");
    assert!(faults
        .iter()
        .all(|f| f.contains("stand-in") && f.contains("crashed: exited with code 3")));
    for r in &table.pairings {
        assert_eq!(r.tally.total(), 1);
        if r.x == "stand-in" && r.o != "stand-in" {
            assert_eq!(r.tally.lost, 1, "{r:?}");
        }
        if r.o == "stand-in" && r.x != "stand-in" {
            assert_eq!(r.tally.won, 1, "{r:?}");
        }
    }
    // Every saved game reads back; a game the stand-in lost by its fault has result code -2.
    for path in &saved {
        let (rec, _) = record::read_file(path, Geometry::LED).unwrap();
        assert_eq!(rec.game.geometry(), g);
        assert_eq!(rec.times.len(), rec.game.moves().len());
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains("stand-in") {
            assert_eq!(rec.result, Some(record::RESULT_ERROR), "{name}");
        } else {
            assert_eq!(rec.result, Some(record::RESULT_FINISHED), "{name}");
            assert!(rec.game.state().outcome().is_some(), "{name}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_engine_host_answers_on_a_worker_and_keeps_the_engine_for_the_next_request() {
    use tictactoe::engine_host::EngineHost;
    let mut host = EngineHost::new();
    let i = host.add(ours(), quick());
    let g = gomoku(15);
    let game = Game::new(g, Player::X);
    assert!(host.ask(i, 10, game.clone()));
    assert!(host.busy(i));
    let r = host.wait(Duration::from_secs(10)).unwrap();
    assert_eq!((r.ticket, r.name.as_str()), (10, "tictactoe"));
    let c = r.answer.unwrap();
    let game = game.play(c).unwrap().play(1).unwrap();
    assert!(host.ask(i, 11, game.clone()));
    let r = host.wait(Duration::from_secs(10)).unwrap();
    assert!(game.play(r.answer.unwrap()).is_ok());
    assert_eq!(host.name(i), Some("tictactoe"));
}
