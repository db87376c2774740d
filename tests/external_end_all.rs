//! `external::end_all` (the window calls it when it closes) ends every engine process, even one
//! thinking on another thread. In a test binary of its own: it ends every engine of the process.
#![cfg(unix)]

use std::time::{Duration, Instant};
use tictactoe::external::{Engine, EngineCommand, EngineFault, Limits};
use tictactoe::{Game, Geometry, Player};

fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat.contains(") Z "),
        Err(_) => false,
    }
}

#[test]
fn end_all_ends_every_engine_even_one_thinking_on_another_thread() {
    let ours = EngineCommand {
        program: env!("CARGO_BIN_EXE_tictactoe").into(),
        args: vec!["pbrain".into()],
    };
    let slow = Limits {
        turn: Duration::from_secs(20),
        ..Limits::default()
    };
    let g = Geometry::new(15, 15, 5).unwrap();
    let mut idle = Engine::new(ours.clone(), slow);
    idle.start(g).unwrap();
    let idle_pid = idle.id().unwrap();
    let mut busy = Engine::new(ours, slow);
    busy.start(g).unwrap();
    let busy_pid = busy.id().unwrap();
    let thinking = std::thread::spawn(move || {
        let t = Instant::now();
        // A position to think about for up to 20 s.
        let game = Game::from_cells(g, Player::X, &[113, 114, 128]).unwrap();
        (busy.choose(&game), t.elapsed())
    });
    std::thread::sleep(Duration::from_millis(300));
    assert!(alive(idle_pid) && alive(busy_pid));
    tictactoe::external::end_all();
    assert!(!alive(idle_pid) && !alive(busy_pid));
    let (answer, took) = thinking.join().unwrap();
    assert!(matches!(answer, Err(EngineFault::Exited(_))), "{answer:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    drop(idle);
}
