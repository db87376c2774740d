//! The window's external engines, thinking away from its frames.
//!
//! The app's state is a value (cloned, compared, tested without processes), so it names an engine
//! seat by its number; the engine processes live here, in the shell's hands. A request
//! ([`EngineHost::ask`]) moves the engine onto a worker thread, which sends it back with its
//! answer; [`EngineHost::replies`] collects the answers without waiting. A request for an engine
//! still busy with an earlier (cancelled) one waits until that one returns. Dropping the host ends
//! every idle engine; [`crate::external::end_all`] ends the busy ones too.

use crate::external::{Engine, EngineCommand, EngineFault, Limits};
use crate::game::Game;
use crate::geometry::Cell;
use std::sync::mpsc::{self, Receiver, Sender};

/// An engine's answer to a request.
#[derive(Debug)]
pub struct EngineReply {
    /// The request's ticket.
    pub ticket: u64,
    /// The engine's number.
    pub engine: usize,
    /// Its move, or its fault.
    pub answer: Result<Cell, EngineFault>,
    /// The `MESSAGE` lines it sent meanwhile.
    pub messages: Vec<String>,
    /// Its name (its answer to `ABOUT` once started).
    pub name: String,
}

struct Slot {
    /// The engine, while it is not on a worker thread.
    engine: Option<Engine>,
    /// Its name, as last known.
    name: String,
    /// A request waiting for the engine to come back.
    waiting: Option<(u64, Game)>,
    /// How to make it anew.
    make: (EngineCommand, Limits),
}

/// The engines of a window, by number.
pub struct EngineHost {
    slots: Vec<Slot>,
    send: Sender<(Engine, EngineReply)>,
    back: Receiver<(Engine, EngineReply)>,
    /// Replies received and not yet handed out.
    ready: Vec<EngineReply>,
    /// Called from a worker thread when a reply is sent (the window wakes up).
    waker: Option<std::sync::Arc<dyn Fn() + Send + Sync>>,
}

impl Default for EngineHost {
    fn default() -> Self {
        EngineHost::new()
    }
}

impl EngineHost {
    /// No engines yet.
    pub fn new() -> EngineHost {
        let (send, back) = mpsc::channel();
        EngineHost {
            slots: Vec::new(),
            send,
            back,
            ready: Vec::new(),
            waker: None,
        }
    }

    /// Calls `waker` from the worker thread each time a reply is sent.
    pub fn set_waker(&mut self, waker: std::sync::Arc<dyn Fn() + Send + Sync>) {
        self.waker = Some(waker);
    }

    /// Adds an engine (started at its first request); its number.
    pub fn add(&mut self, command: EngineCommand, limits: Limits) -> usize {
        let engine = Engine::new(command.clone(), limits);
        self.slots.push(Slot {
            name: engine.name().to_string(),
            engine: Some(engine),
            waiting: None,
            make: (command, limits),
        });
        self.slots.len() - 1
    }

    /// How many engines there are.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Engine `i`'s name, as last known.
    pub fn name(&self, i: usize) -> Option<&str> {
        self.slots.get(i).map(|s| s.name.as_str())
    }

    /// Whether engine `i` is thinking on a worker thread.
    pub fn busy(&self, i: usize) -> bool {
        self.slots.get(i).is_some_and(|s| s.engine.is_none())
    }

    /// Asks engine `i` for its move in `game` (it is the player to move), answered later by
    /// [`EngineHost::replies`] with `ticket`. Returns false for an engine number that does not
    /// exist.
    pub fn ask(&mut self, i: usize, ticket: u64, game: Game) -> bool {
        let Some(slot) = self.slots.get_mut(i) else {
            return false;
        };
        match slot.engine.take() {
            Some(engine) => {
                self.dispatch(i, engine, ticket, game);
            }
            None => slot.waiting = Some((ticket, game)),
        }
        true
    }

    fn dispatch(&self, i: usize, mut engine: Engine, ticket: u64, game: Game) {
        let send = self.send.clone();
        let waker = self.waker.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("engine {i}"))
            .spawn(move || {
                let answer = engine.choose(&game);
                let reply = EngineReply {
                    ticket,
                    engine: i,
                    answer,
                    messages: engine.take_messages(),
                    name: engine.name().to_string(),
                };
                // The host is gone (the window closed): the engine is dropped here, and ended.
                if send.send((engine, reply)).is_ok() {
                    if let Some(wake) = waker {
                        wake();
                    }
                }
            });
        if let Err(e) = spawned {
            let reply = EngineReply {
                ticket,
                engine: i,
                answer: Err(EngineFault::Spawn(format!("no thread to ask it: {e}"))),
                messages: Vec::new(),
                name: String::new(),
            };
            // The engine went with the failed closure; a new one takes its place at the next ask.
            let (command, limits) = self.slots[i].make.clone();
            let _ = self.send.send((Engine::new(command, limits), reply));
        }
    }

    /// The answers that came since the last call (without waiting). An engine that comes back
    /// with a request waiting is asked at once.
    pub fn replies(&mut self) -> Vec<EngineReply> {
        let mut replies = std::mem::take(&mut self.ready);
        while let Ok((engine, reply)) = self.back.try_recv() {
            let i = reply.engine;
            if !reply.name.is_empty() {
                self.slots[i].name = reply.name.clone();
            }
            match self.slots[i].waiting.take() {
                Some((ticket, game)) => self.dispatch(i, engine, ticket, game),
                None => self.slots[i].engine = Some(engine),
            }
            replies.push(reply);
        }
        replies
    }

    /// Waits up to `timeout` for the next answer (for tests and the command line).
    pub fn wait(&mut self, timeout: std::time::Duration) -> Option<EngineReply> {
        let deadline = std::time::Instant::now() + timeout;
        loop {
            let mut replies = self.replies();
            if !replies.is_empty() {
                let first = replies.remove(0);
                self.ready = replies;
                return Some(first);
            }
            if std::time::Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::rules::Player;
    use std::time::Duration;

    #[test]
    fn a_missing_engine_answers_with_its_fault_and_unknown_numbers_are_refused() {
        let mut host = EngineHost::new();
        let i = host.add(
            EngineCommand::path("/nonexistent/pbrain-none"),
            Limits::default(),
        );
        assert_eq!(host.name(i), Some("pbrain-none"));
        let game = Game::new(Geometry::new(15, 15, 5).unwrap(), Player::X);
        assert!(!host.ask(7, 1, game.clone()));
        assert!(host.ask(i, 1, game.clone()));
        // A second request while the first is out waits, and is answered after it.
        assert!(host.ask(i, 2, game));
        let first = host.wait(Duration::from_secs(5)).unwrap();
        assert_eq!((first.ticket, first.engine), (1, i));
        assert!(matches!(first.answer, Err(EngineFault::Spawn(_))));
        let second = host.wait(Duration::from_secs(5)).unwrap();
        assert_eq!(second.ticket, 2);
        assert!(!host.busy(i));
        assert!(host.replies().is_empty());
    }
}
