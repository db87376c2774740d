//! A small, general behavioral-programming (BP) engine (SPEC.md §3, "BP semantics"; seed 001).
//!
//! A *b-thread* is straight-line async code. At each synchronisation point it declares a [`Bid`]: the
//! events it **requests** (an ordered list), the events it **waits for** and the events it **blocks**,
//! and awaits [`Ctx::sync`], which returns the event that was selected. When every b-thread has reached
//! a synchronisation point, the [`Program`] selects one event that is requested by some b-thread and
//! blocked by none; every b-thread that requested or waited for it resumes and runs to its next
//! synchronisation point (or finishes and is removed); the others keep their declarations.
//!
//! Selection is the BPJ rule of SPEC.md §3: every b-thread has a distinct priority (smaller is
//! stronger); the selected event is the first unblocked event in the request list of the
//! highest-priority b-thread that has one. It is deterministic.
//!
//! ```
//! use tictactoe::bp::{Bid, EventSet, Program};
//!
//! let mut p = Program::new();
//! // Requests "a" then "b", in that order.
//! p.add("Writer", 1.0, |ctx| async move {
//!     ctx.request(vec!["a"]).await;
//!     ctx.request(vec!["b"]).await;
//! });
//! // Blocks "b" until it has seen "c" (an external event).
//! p.add("Gate", 2.0, |ctx| async move {
//!     ctx.sync(Bid::new().wait_for(EventSet::Is("c")).block(EventSet::Is("b"))).await;
//! });
//! assert_eq!(p.run_until_quiet(), vec!["a"]);
//! assert!(p.is_blocked(&"b"));
//! p.inject("c").unwrap();
//! assert_eq!(p.run_until_quiet(), vec!["b"]);
//! assert_eq!(p.trace(), &["a", "c", "b"]);
//! ```
//!
//! The engine has its own executor: b-threads are futures polled with a no-op waker, one at a
//! time; declarations and selected events travel through a cell shared by the program and the
//! [`Ctx`] of its b-threads. Any
//! await in a b-thread other than a [`Ctx`] synchronisation is a logic error (the engine panics).
//!
//! [`Program::snapshot`] shows the program between two events as plain data: every live b-thread's
//! bid (name, priority, requested, waited-for and blocked events) and the event selection would
//! pick, with the b-thread that requests it. [`explore`] runs a program over every choice of
//! external events, like BPjs's model checker.

pub mod tictactoe;

use std::cell::RefCell;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

/// A set of events, as a b-thread declares what it waits for or blocks.
pub enum EventSet<E> {
    /// No event.
    Nothing,
    /// Every event.
    All,
    /// Exactly one event.
    Is(E),
    /// The events of the list.
    AnyOf(Vec<E>),
    /// The events satisfying a plain function (e.g. "any O move").
    Where(fn(&E) -> bool),
    /// The events satisfying a closure.
    WhereFn(Rc<dyn Fn(&E) -> bool>),
}

impl<E: PartialEq> EventSet<E> {
    /// Whether `e` is in the set.
    pub fn contains(&self, e: &E) -> bool {
        match self {
            EventSet::Nothing => false,
            EventSet::All => true,
            EventSet::Is(x) => x == e,
            EventSet::AnyOf(xs) => xs.contains(e),
            EventSet::Where(f) => f(e),
            EventSet::WhereFn(f) => f(e),
        }
    }
}

impl<E> EventSet<E> {
    /// Whether the set is declared as [`EventSet::Nothing`] (it may still be empty otherwise).
    fn is_nothing(&self) -> bool {
        matches!(self, EventSet::Nothing)
    }
}

impl<E: Clone> Clone for EventSet<E> {
    fn clone(&self) -> Self {
        match self {
            EventSet::Nothing => EventSet::Nothing,
            EventSet::All => EventSet::All,
            EventSet::Is(x) => EventSet::Is(x.clone()),
            EventSet::AnyOf(xs) => EventSet::AnyOf(xs.clone()),
            EventSet::Where(f) => EventSet::Where(*f),
            EventSet::WhereFn(f) => EventSet::WhereFn(f.clone()),
        }
    }
}

impl<E: fmt::Debug> fmt::Debug for EventSet<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventSet::Nothing => f.write_str("Nothing"),
            EventSet::All => f.write_str("All"),
            EventSet::Is(x) => write!(f, "Is({x:?})"),
            EventSet::AnyOf(xs) => write!(f, "AnyOf({xs:?})"),
            EventSet::Where(_) | EventSet::WhereFn(_) => f.write_str("Where(..)"),
        }
    }
}

/// One synchronisation declaration of a b-thread: requested events (in order of preference), events
/// waited for, and events blocked.
#[derive(Clone, Debug)]
pub struct Bid<E> {
    request: Vec<E>,
    wait_for: EventSet<E>,
    block: EventSet<E>,
}

impl<E> Default for Bid<E> {
    fn default() -> Self {
        Bid::new()
    }
}

impl<E> Bid<E> {
    /// The empty declaration: requests nothing, waits for nothing, blocks nothing.
    pub fn new() -> Bid<E> {
        Bid {
            request: Vec::new(),
            wait_for: EventSet::Nothing,
            block: EventSet::Nothing,
        }
    }

    /// Requests `events`, the first one preferred.
    pub fn request(mut self, events: Vec<E>) -> Bid<E> {
        self.request = events;
        self
    }

    /// Waits for the events of `set`.
    pub fn wait_for(mut self, set: EventSet<E>) -> Bid<E> {
        self.wait_for = set;
        self
    }

    /// Blocks the events of `set`.
    pub fn block(mut self, set: EventSet<E>) -> Bid<E> {
        self.block = set;
        self
    }

    /// The requested events, in order of preference.
    pub fn requested(&self) -> &[E] {
        &self.request
    }

    /// The events waited for.
    pub fn waited_for(&self) -> &EventSet<E> {
        &self.wait_for
    }

    /// The events blocked.
    pub fn blocked(&self) -> &EventSet<E> {
        &self.block
    }
}

impl<E: PartialEq> Bid<E> {
    /// Whether the b-thread resumes when `e` is selected: it requested or waited for `e`.
    fn resumes_on(&self, e: &E) -> bool {
        self.request.contains(e) || self.wait_for.contains(e)
    }
}

/// The program's mailbox, shared with the [`Ctx`] of each of its b-threads. B-threads are polled
/// one at a time, so one cell is enough: before resuming a b-thread the program puts the selected
/// event in it, and the b-thread leaves its next declaration there when it synchronises.
struct Slot<E> {
    bid: Option<Bid<E>>,
    selected: Option<E>,
}

/// A b-thread's handle on the program: the only thing it may await.
pub struct Ctx<E> {
    slot: Rc<RefCell<Slot<E>>>,
}

impl<E> Ctx<E> {
    /// Synchronises with `bid`; completes with the selected event once it is one this b-thread
    /// requested or waited for.
    pub fn sync(&self, bid: Bid<E>) -> SyncPoint<E> {
        SyncPoint {
            slot: self.slot.clone(),
            bid: Some(bid),
        }
    }

    /// Requests `events` (the first one preferred), waiting for and blocking nothing.
    pub fn request(&self, events: Vec<E>) -> SyncPoint<E> {
        self.sync(Bid::new().request(events))
    }

    /// Waits for an event of `set`, requesting and blocking nothing.
    pub fn wait_for(&self, set: EventSet<E>) -> SyncPoint<E> {
        self.sync(Bid::new().wait_for(set))
    }

    /// Blocks the events of `set` for ever: the returned future never completes.
    pub fn block_forever(&self, set: EventSet<E>) -> SyncPoint<E> {
        self.sync(Bid::new().block(set))
    }
}

/// The future of one synchronisation point (see [`Ctx::sync`]).
pub struct SyncPoint<E> {
    slot: Rc<RefCell<Slot<E>>>,
    bid: Option<Bid<E>>,
}

// Nothing in a sync point is pinned structurally: it only holds a shared cell and a declaration.
impl<E> Unpin for SyncPoint<E> {}

impl<E> Future for SyncPoint<E> {
    type Output = E;

    fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<E> {
        let this = self.get_mut();
        let mut slot = this.slot.borrow_mut();
        if let Some(bid) = this.bid.take() {
            slot.selected = None;
            slot.bid = Some(bid);
            return Poll::Pending;
        }
        match slot.selected.take() {
            Some(e) => Poll::Ready(e),
            None => Poll::Pending,
        }
    }
}

type Body = Pin<Box<dyn Future<Output = ()>>>;

/// A running b-thread: its name, priority, suspended body and current declaration.
struct BThread<E> {
    name: &'static str,
    priority: f64,
    body: Body,
    bid: Bid<E>,
    /// The body has finished; the b-thread is removed at the end of the current event.
    done: bool,
}

/// An external event refused because some b-thread blocks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocked<E>(pub E);

impl<E: fmt::Debug> fmt::Display for Blocked<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {:?} is blocked", self.0)
    }
}

impl<E: fmt::Debug> std::error::Error for Blocked<E> {}

/// A behavioral program: b-threads ordered by priority, and the trace of the events so far.
pub struct Program<E> {
    threads: Vec<BThread<E>>,
    mailbox: Rc<RefCell<Slot<E>>>,
    trace: Vec<E>,
}

impl<E: Clone + PartialEq + fmt::Debug + 'static> Default for Program<E> {
    fn default() -> Self {
        Program::new()
    }
}

/// Polls a b-thread's body once. `Some(bid)` if it stopped at a synchronisation point, `None` if it
/// finished.
fn advance<E>(name: &str, body: &mut Body, slot: &Rc<RefCell<Slot<E>>>) -> Option<Bid<E>> {
    let mut cx = Context::from_waker(Waker::noop());
    let polled = body.as_mut().poll(&mut cx);
    let mut slot = slot.borrow_mut();
    slot.selected = None;
    match polled {
        Poll::Ready(()) => None,
        Poll::Pending => Some(slot.bid.take().unwrap_or_else(|| {
            panic!("b-thread {name} suspended without synchronising (await only Ctx futures)")
        })),
    }
}

impl<E: Clone + PartialEq + fmt::Debug + 'static> Program<E> {
    /// A program with no b-threads.
    pub fn new() -> Program<E> {
        Program {
            threads: Vec::new(),
            mailbox: Rc::new(RefCell::new(Slot {
                bid: None,
                selected: None,
            })),
            trace: Vec::new(),
        }
    }

    /// Adds a b-thread named `name` with `priority` (smaller is stronger; distinct from every other
    /// b-thread's). `body` receives the b-thread's [`Ctx`]; it runs at once to its first
    /// synchronisation point (a body that finishes without one is not kept).
    ///
    /// Panics if `priority` is NaN or already taken.
    pub fn add<F, Fut>(&mut self, name: &'static str, priority: f64, body: F)
    where
        F: FnOnce(Ctx<E>) -> Fut,
        Fut: Future<Output = ()> + 'static,
    {
        assert!(!priority.is_nan(), "b-thread {name}: priority is NaN");
        let at = self.threads.partition_point(|t| t.priority < priority);
        if let Some(t) = self.threads.get(at) {
            assert!(
                t.priority != priority,
                "b-threads {} and {name} share priority {priority}",
                t.name
            );
        }
        let mut body: Body = Box::pin(body(Ctx {
            slot: self.mailbox.clone(),
        }));
        if let Some(bid) = advance(name, &mut body, &self.mailbox) {
            self.threads.insert(
                at,
                BThread {
                    name,
                    priority,
                    body,
                    bid,
                    done: false,
                },
            );
        }
    }

    /// Whether some b-thread blocks `e`.
    pub fn is_blocked(&self, e: &E) -> bool {
        self.threads
            .iter()
            .any(|t| !t.bid.block.is_nothing() && t.bid.block.contains(e))
    }

    /// Whether some b-thread requests `e` (blocked or not).
    pub fn is_requested(&self, e: &E) -> bool {
        self.threads.iter().any(|t| t.bid.request.contains(e))
    }

    /// The requested events that no b-thread blocks, each once, in selection order: the first is
    /// the event [`Program::select`] would choose.
    pub fn enabled(&self) -> Vec<E> {
        let mut out: Vec<E> = Vec::new();
        for t in &self.threads {
            for e in &t.bid.request {
                if !out.contains(e) && !self.is_blocked(e) {
                    out.push(e.clone());
                }
            }
        }
        out
    }

    /// The event selection would choose now: the first unblocked event in the request list of the
    /// highest-priority b-thread that has one. `None` if no requested event is unblocked.
    pub fn select(&self) -> Option<E> {
        self.selection().map(|(_, e)| e.clone())
    }

    /// [`Program::select`] with the b-thread whose request list gives the event (its index in
    /// priority order, as [`Program::threads`] lists them).
    fn selection(&self) -> Option<(usize, &E)> {
        self.threads.iter().enumerate().find_map(|(i, t)| {
            t.bid
                .request
                .iter()
                .find(|e| !self.is_blocked(e))
                .map(|e| (i, e))
        })
    }

    /// Every live b-thread's current bid and the event selection would pick now, as plain data, so
    /// a person can step through the program event by event (see [`Snapshot`]).
    ///
    /// Requested events are listed as declared. Waited-for and blocked event *sets* may be
    /// predicates, so they are listed as the events of `universe` they contain, followed by any
    /// requested event (of any b-thread) outside `universe` that they contain.
    pub fn snapshot(&self, universe: &[E]) -> Snapshot<E> {
        let mut events: Vec<E> = universe.to_vec();
        for t in &self.threads {
            for e in &t.bid.request {
                if !events.contains(e) {
                    events.push(e.clone());
                }
            }
        }
        let members = |set: &EventSet<E>| -> Vec<E> {
            if set.is_nothing() {
                return Vec::new();
            }
            events.iter().filter(|e| set.contains(e)).cloned().collect()
        };
        let threads = self
            .threads
            .iter()
            .map(|t| ThreadBid {
                name: t.name,
                priority: t.priority,
                requested: t.bid.request.clone(),
                waited_for: members(&t.bid.wait_for),
                blocked: members(&t.bid.block),
            })
            .collect();
        let (selected_by, selected) = match self.selection() {
            Some((i, e)) => (Some(i), Some(e.clone())),
            None => (None, None),
        };
        Snapshot {
            threads,
            selected,
            selected_by,
        }
    }

    /// Selects one internal event and lets the b-threads react to it; `None` (and nothing happens)
    /// if no requested event is enabled.
    pub fn step(&mut self) -> Option<E> {
        let e = self.select()?;
        self.fire(e.clone());
        Some(e)
    }

    /// Selects internal events until none is enabled; returns them in order. Does not return if the
    /// program requests enabled events for ever.
    pub fn run_until_quiet(&mut self) -> Vec<E> {
        let mut out = Vec::new();
        while let Some(e) = self.step() {
            out.push(e);
        }
        out
    }

    /// Injects an external event between super-steps: refused if some b-thread blocks it; otherwise
    /// it happens, and the b-threads that requested or waited for it resume.
    pub fn inject(&mut self, e: E) -> Result<(), Blocked<E>> {
        if self.is_blocked(&e) {
            return Err(Blocked(e));
        }
        self.fire(e);
        Ok(())
    }

    /// `e` happens: appended to the trace; every b-thread that requested or waited for it resumes,
    /// in priority order, to its next synchronisation point, or is removed if it finishes.
    fn fire(&mut self, e: E) {
        let mut finished = false;
        for t in self.threads.iter_mut() {
            if t.bid.resumes_on(&e) {
                self.mailbox.borrow_mut().selected = Some(e.clone());
                match advance(t.name, &mut t.body, &self.mailbox) {
                    Some(bid) => t.bid = bid,
                    None => {
                        t.done = true;
                        finished = true;
                    }
                }
            }
        }
        if finished {
            self.threads.retain(|t| !t.done);
        }
        self.trace.push(e);
    }

    /// Every event that has happened, selected or injected, in order.
    pub fn trace(&self) -> &[E] {
        &self.trace
    }

    /// The live b-threads, by priority: name, priority and current declaration.
    pub fn threads(&self) -> impl Iterator<Item = (&'static str, f64, &Bid<E>)> + '_ {
        self.threads.iter().map(|t| (t.name, t.priority, &t.bid))
    }

    /// The number of live b-threads.
    pub fn thread_count(&self) -> usize {
        self.threads.len()
    }
}

/// One b-thread's bid at a synchronisation point, as plain data (see [`Program::snapshot`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadBid<E> {
    /// The b-thread's name (instances of one kind share it).
    pub name: &'static str,
    /// Its priority (smaller is stronger).
    pub priority: f64,
    /// The events it requests, in order of preference.
    pub requested: Vec<E>,
    /// The events it waits for (those of the snapshot's universe and the requested events).
    pub waited_for: Vec<E>,
    /// The events it blocks (likewise).
    pub blocked: Vec<E>,
}

/// Every live b-thread's bid, by priority, and what selection would do with them now: the state of
/// a behavioral program between two events (see [`Program::snapshot`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot<E> {
    /// The live b-threads' bids, strongest priority first.
    pub threads: Vec<ThreadBid<E>>,
    /// The event selection would pick: the first unblocked event in the request list of the
    /// highest-priority b-thread that has one ([`Program::select`]).
    pub selected: Option<E>,
    /// The index in `threads` of that b-thread.
    pub selected_by: Option<usize>,
}

impl<E: PartialEq> Snapshot<E> {
    /// The b-threads that request `e`, strongest first.
    pub fn requesters<'a>(&'a self, e: &'a E) -> impl Iterator<Item = &'a ThreadBid<E>> + 'a {
        self.threads.iter().filter(move |t| t.requested.contains(e))
    }

    /// The b-threads that block `e`, strongest first.
    pub fn blockers<'a>(&'a self, e: &'a E) -> impl Iterator<Item = &'a ThreadBid<E>> + 'a {
        self.threads.iter().filter(move |t| t.blocked.contains(e))
    }

    /// The b-threads that wait for `e` (without requesting it), strongest first.
    pub fn waiters<'a>(&'a self, e: &'a E) -> impl Iterator<Item = &'a ThreadBid<E>> + 'a {
        self.threads
            .iter()
            .filter(move |t| t.waited_for.contains(e))
    }

    /// The b-thread whose request gives the selected event.
    pub fn selector(&self) -> Option<&ThreadBid<E>> {
        self.selected_by.map(|i| &self.threads[i])
    }
}

/// What [`explore`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Exploration<E> {
    /// States visited: one per sequence of external events tried (the empty one included).
    pub states: usize,
    /// Complete runs: states where no candidate external event is enabled (or the depth limit).
    pub runs: usize,
    /// Runs cut off by the depth limit (counted in `runs` too).
    pub truncated: usize,
    /// How the complete runs end: the last event of the run's trace, and how many runs end so.
    pub endings: Vec<(Option<E>, usize)>,
    /// The trace of the first state found bad, if any; the exploration stops there.
    pub violation: Option<Vec<E>>,
}

impl<E: PartialEq> Exploration<E> {
    /// How many complete runs end with event `e`.
    pub fn ending_with(&self, e: &E) -> usize {
        self.endings
            .iter()
            .find(|(x, _)| x.as_ref() == Some(e))
            .map_or(0, |(_, n)| *n)
    }
}

/// Explores every run of the program `factory` builds, over every choice of external events among
/// `externals` (like BPjs's model checker), depth-first.
///
/// A state is the program after `run_until_quiet`, each external event of a sequence injected (and
/// `run_until_quiet` again) in turn; its successors inject each candidate the program does not block.
/// Programs cannot be copied (b-threads are futures), so every state is rebuilt from `factory` and
/// replayed. `bad` is asked about every state; the exploration stops at the first bad one and
/// returns its trace. At most `max_depth` external events are injected in a run.
pub fn explore<E, F, B>(factory: F, externals: &[E], max_depth: usize, bad: B) -> Exploration<E>
where
    E: Clone + PartialEq + fmt::Debug + 'static,
    F: Fn() -> Program<E>,
    B: Fn(&Program<E>) -> bool,
{
    let mut found = Exploration {
        states: 0,
        runs: 0,
        truncated: 0,
        endings: Vec::new(),
        violation: None,
    };
    let mut prefix = Vec::new();
    visit(
        &factory,
        externals,
        max_depth,
        &bad,
        &mut prefix,
        &mut found,
    );
    found
}

/// One state of [`explore`]'s depth-first search; true when a bad state was found.
fn visit<E, F, B>(
    factory: &F,
    externals: &[E],
    max_depth: usize,
    bad: &B,
    prefix: &mut Vec<E>,
    found: &mut Exploration<E>,
) -> bool
where
    E: Clone + PartialEq + fmt::Debug + 'static,
    F: Fn() -> Program<E>,
    B: Fn(&Program<E>) -> bool,
{
    let mut program = factory();
    program.run_until_quiet();
    for e in prefix.iter() {
        program
            .inject(e.clone())
            .expect("replaying an explored sequence is deterministic");
        program.run_until_quiet();
    }
    found.states += 1;
    if bad(&program) {
        found.violation = Some(program.trace().to_vec());
        return true;
    }
    let next: Vec<E> = externals
        .iter()
        .filter(|e| !program.is_blocked(e))
        .cloned()
        .collect();
    if next.is_empty() || prefix.len() == max_depth {
        found.runs += 1;
        if !next.is_empty() {
            found.truncated += 1;
        }
        let last = program.trace().last().cloned();
        match found.endings.iter_mut().find(|(x, _)| *x == last) {
            Some((_, n)) => *n += 1,
            None => found.endings.push((last, 1)),
        }
        return false;
    }
    drop(program);
    for e in next {
        prefix.push(e);
        if visit(factory, externals, max_depth, bad, prefix, found) {
            return true;
        }
        prefix.pop();
    }
    false
}

#[cfg(test)]
mod tests;
