//! Unit tests of the BP engine (SPEC.md §3, "BP semantics").

use super::*;

/// A b-thread that requests `events` one after the other, each alone.
fn requester(
    p: &mut Program<&'static str>,
    name: &'static str,
    prio: f64,
    events: Vec<&'static str>,
) {
    p.add(name, prio, move |ctx| async move {
        for e in events {
            ctx.request(vec![e]).await;
        }
    });
}

#[test]
fn the_highest_priority_requester_wins_whatever_the_insertion_order() {
    let mut p = Program::new();
    requester(&mut p, "Weak", 5.0, vec!["weak"]);
    requester(&mut p, "Strong", 1.0, vec!["strong"]);
    requester(&mut p, "Middle", 3.0, vec!["middle"]);
    assert_eq!(p.select(), Some("strong"));
    assert_eq!(p.enabled(), vec!["strong", "middle", "weak"]);
    assert_eq!(p.run_until_quiet(), vec!["strong", "middle", "weak"]);
    let names: Vec<_> = p.threads().map(|(n, _, _)| n).collect();
    assert!(names.is_empty(), "all requesters finished: {names:?}");
}

#[test]
fn within_a_request_list_the_first_unblocked_event_is_selected() {
    let mut p = Program::new();
    p.add("Chooser", 1.0, |ctx| async move {
        let e = ctx.request(vec!["a", "b", "c"]).await;
        ctx.request(vec![e]).await; // echo what was chosen
    });
    p.add("NoA", 2.0, |ctx| async move {
        ctx.block_forever(EventSet::Is("a")).await;
    });
    assert!(p.is_blocked(&"a") && !p.is_blocked(&"b"));
    assert!(p.is_requested(&"a"));
    assert_eq!(p.enabled(), vec!["b", "c"]);
    assert_eq!(p.run_until_quiet(), vec!["b", "b"]);
}

#[test]
fn a_thread_whose_requests_are_all_blocked_yields_to_the_next_priority() {
    let mut p = Program::new();
    requester(&mut p, "Strong", 1.0, vec!["x"]);
    requester(&mut p, "Weak", 2.0, vec!["y"]);
    p.add("Blocker", 3.0, |ctx| async move {
        ctx.sync(
            Bid::new()
                .wait_for(EventSet::Is("y"))
                .block(EventSet::Is("x")),
        )
        .await;
    });
    // x is blocked until y has happened; then the blocker is gone and x is selected.
    assert_eq!(p.run_until_quiet(), vec!["y", "x"]);
    assert_eq!(p.thread_count(), 0);
}

#[test]
fn waiting_threads_resume_and_the_others_keep_their_declarations() {
    let mut p = Program::new();
    requester(&mut p, "Req", 1.0, vec!["a", "b"]);
    let seen = Rc::new(RefCell::new(Vec::new()));
    let log = seen.clone();
    p.add("WaitsForA", 2.0, move |ctx| async move {
        let e = ctx.wait_for(EventSet::AnyOf(vec!["a", "z"])).await;
        log.borrow_mut().push(e);
        ctx.wait_for(EventSet::Where(|e: &&str| e.starts_with('q')))
            .await;
    });
    p.add("WaitsForB", 3.0, |ctx| async move {
        ctx.wait_for(EventSet::Is("b")).await;
        ctx.request(vec!["after-b"]).await;
    });
    assert_eq!(p.step(), Some("a"));
    assert_eq!(*seen.borrow(), vec!["a"]);
    // WaitsForB did not resume: it still waits for b (and requests nothing).
    let decl: Vec<_> = p
        .threads()
        .map(|(n, _, bid)| (n, bid.waited_for().contains(&"b"), bid.requested().to_vec()))
        .collect();
    assert_eq!(
        decl,
        vec![
            ("Req", false, vec!["b"]),
            ("WaitsForA", false, vec![]),
            ("WaitsForB", true, vec![])
        ]
    );
    assert_eq!(p.run_until_quiet(), vec!["b", "after-b"]);
    // WaitsForA now waits for any event starting with q, for ever.
    assert_eq!(p.thread_count(), 1);
    p.inject("q1").unwrap();
    assert_eq!(p.thread_count(), 0);
    assert_eq!(p.trace(), &["a", "b", "after-b", "q1"]);
}

#[test]
fn every_requester_of_the_selected_event_resumes() {
    let mut p = Program::new();
    requester(&mut p, "One", 1.0, vec!["e", "one"]);
    requester(&mut p, "Two", 2.0, vec!["e", "two"]);
    assert_eq!(p.run_until_quiet(), vec!["e", "one", "two"]);
}

#[test]
fn blocked_external_events_are_refused_and_change_nothing() {
    let mut p = Program::new();
    p.add("Guard", 1.0, |ctx| async move {
        ctx.sync(
            Bid::new()
                .wait_for(EventSet::Is("open"))
                .block(EventSet::AnyOf(vec!["in"])),
        )
        .await;
    });
    p.add("Door", 2.0, |ctx| async move {
        ctx.wait_for(EventSet::Is("in")).await;
        ctx.request(vec!["inside"]).await;
    });
    assert_eq!(p.inject("in"), Err(Blocked("in")));
    assert!(p.trace().is_empty());
    assert_eq!(p.thread_count(), 2);
    assert_eq!(p.run_until_quiet(), Vec::<&str>::new());
    // An event nobody mentions is accepted and recorded.
    p.inject("noise").unwrap();
    p.inject("open").unwrap();
    p.inject("in").unwrap();
    assert_eq!(p.run_until_quiet(), vec!["inside"]);
    assert_eq!(p.trace(), &["noise", "open", "in", "inside"]);
}

#[test]
fn bodies_that_never_sync_are_not_kept_and_blocking_all_stops_everything() {
    let mut p = Program::new();
    p.add("Immediate", 0.5, |_ctx| async {});
    assert_eq!(p.thread_count(), 0, "a body that never syncs is not kept");
    p.add("OneShotBlocker", 1.0, |ctx| async move {
        ctx.sync(Bid::new().request(vec!["go"]).block(EventSet::All))
            .await;
    });
    requester(&mut p, "Later", 2.0, vec!["later"]);
    // The blocker blocks everything, its own request included: nothing is enabled.
    assert_eq!(p.select(), None);
    assert!(p.enabled().is_empty());
    // Injecting is refused too, since All is blocked.
    assert!(p.inject("go").is_err());
    assert_eq!(p.thread_count(), 2);
}

#[test]
fn a_finished_blocker_no_longer_blocks() {
    let mut p = Program::new();
    p.add("BlockUntilGo", 1.0, |ctx| async move {
        ctx.sync(Bid::new().request(vec!["go"]).block(EventSet::Is("later")))
            .await;
    });
    requester(&mut p, "Later", 0.5, vec!["later"]);
    assert!(p.is_blocked(&"later"));
    assert_eq!(p.run_until_quiet(), vec!["go", "later"]);
    assert_eq!(p.thread_count(), 0);
}

#[test]
#[should_panic(expected = "share priority")]
fn priorities_must_be_distinct() {
    let mut p = Program::new();
    requester(&mut p, "A", 1.0, vec!["a"]);
    requester(&mut p, "B", 1.0, vec!["b"]);
}

#[test]
#[should_panic(expected = "without synchronising")]
fn awaiting_anything_but_a_sync_point_is_refused() {
    struct Never;
    impl Future for Never {
        type Output = ();
        fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
            Poll::Pending
        }
    }
    let mut p: Program<&str> = Program::new();
    p.add("Rogue", 1.0, |_ctx| Never);
}

/// A two-player game of "take 1 or 2 from a pile of 4": the player taking the last one wins. The
/// external player is "A"; the program plays "B", always taking 1 (a weak strategy).
fn nim_program() -> Program<(char, u8)> {
    let mut p = Program::new();
    // The pile: blocks takes larger than what is left; announces the winner.
    p.add("Pile", 1.0, |ctx| async move {
        let mut left = 4u8;
        loop {
            let last = left;
            let e = ctx
                .sync(
                    Bid::new()
                        .wait_for(EventSet::Where(|e: &(char, u8)| e.1 > 0))
                        .block(EventSet::WhereFn(Rc::new(move |e: &(char, u8)| e.1 > last))),
                )
                .await;
            left -= e.1;
            if left == 0 {
                ctx.sync(
                    Bid::new()
                        .request(vec![(e.0, 0)])
                        .block(EventSet::Where(|e: &(char, u8)| e.1 > 0)),
                )
                .await;
                ctx.block_forever(EventSet::All).await;
            }
        }
    });
    // Turns: A, then B, and so on.
    p.add("Turns", 2.0, |ctx| async move {
        loop {
            ctx.sync(
                Bid::new()
                    .wait_for(EventSet::Where(|e: &(char, u8)| e.0 == 'A'))
                    .block(EventSet::Where(|e: &(char, u8)| e.0 == 'B' && e.1 > 0)),
            )
            .await;
            ctx.sync(
                Bid::new()
                    .wait_for(EventSet::Where(|e: &(char, u8)| e.0 == 'B'))
                    .block(EventSet::Where(|e: &(char, u8)| e.0 == 'A' && e.1 > 0)),
            )
            .await;
        }
    });
    p.add("BTakesOne", 3.0, |ctx| async move {
        loop {
            ctx.request(vec![('B', 1)]).await;
        }
    });
    p
}

#[test]
fn explore_visits_every_run_and_counts_endings() {
    let externals = [('A', 1), ('A', 2)];
    let found = explore(nim_program, &externals, 10, |_| false);
    // Pile 4: A takes 1 or 2, B takes 1, ... Runs: A1 B1 A1 B1 (B wins: 4 = 1+1+1+1);
    // A1 B1 A2 (A wins); A2 B1 A1 (A wins); A2 B1 A2 is refused (only 1 left).
    assert_eq!(found.runs, 3);
    assert_eq!(found.truncated, 0);
    assert_eq!(found.ending_with(&('A', 0)), 2);
    assert_eq!(found.ending_with(&('B', 0)), 1);
    assert_eq!(found.violation, None);
    // States: root, A1, A2, A1B1A1, A1B1A2, A2B1A1 = 6.
    assert_eq!(found.states, 6);
}

#[test]
fn explore_stops_at_the_first_bad_state_and_returns_its_trace() {
    let externals = [('A', 1), ('A', 2)];
    let found = explore(nim_program, &externals, 10, |p| {
        p.trace().last() == Some(&('B', 0))
    });
    assert_eq!(
        found.violation,
        Some(vec![('A', 1), ('B', 1), ('A', 1), ('B', 1), ('B', 0)])
    );
    // Depth limit: with one external event per run, every run is cut off after A's first move.
    let cut = explore(nim_program, &externals, 1, |_| false);
    assert_eq!((cut.runs, cut.truncated), (2, 2));
}

#[test]
fn snapshot_lists_every_bid_and_the_selection_with_its_requester() {
    let mut p = Program::new();
    // Strong requests "a" (blocked) then "b"; Weak requests "c"; Gate blocks "a" and every event
    // starting with 'z' (a predicate), and waits for "c".
    p.add("Strong", 1.0, |ctx| async move {
        ctx.request(vec!["a", "b"]).await;
    });
    requester(&mut p, "Weak", 2.0, vec!["c"]);
    p.add("Gate", 3.0, |ctx| async move {
        ctx.sync(
            Bid::new()
                .wait_for(EventSet::Is("c"))
                .block(EventSet::WhereFn(Rc::new(|e: &&str| {
                    *e == "a" || e.starts_with('z')
                }))),
        )
        .await;
    });
    let snap = p.snapshot(&["z1", "q"]);
    let names: Vec<_> = snap.threads.iter().map(|t| t.name).collect();
    assert_eq!(names, ["Strong", "Weak", "Gate"]);
    assert_eq!(snap.threads[0].requested, ["a", "b"]);
    assert_eq!(snap.threads[0].blocked, Vec::<&str>::new());
    // The predicate is listed over the universe and the requested events.
    assert_eq!(snap.threads[2].blocked, ["z1", "a"]);
    assert_eq!(snap.threads[2].waited_for, ["c"]);
    assert_eq!(snap.threads[2].priority, 3.0);
    assert_eq!(snap.selected, Some("b"));
    assert_eq!(snap.selected, p.select());
    assert_eq!(snap.selector().map(|t| t.name), Some("Strong"));
    let blockers: Vec<_> = snap.blockers(&"a").map(|t| t.name).collect();
    assert_eq!(blockers, ["Gate"]);
    let requesters: Vec<_> = snap.requesters(&"c").map(|t| t.name).collect();
    assert_eq!(requesters, ["Weak"]);
    let waiters: Vec<_> = snap.waiters(&"c").map(|t| t.name).collect();
    assert_eq!(waiters, ["Gate"]);
    // After "b", Strong has finished; Weak's "c" is next, and then nothing.
    assert_eq!(p.step(), Some("b"));
    let snap = p.snapshot(&[]);
    assert_eq!(snap.threads.len(), 2);
    assert_eq!(
        (snap.selected, snap.selector().map(|t| t.name)),
        (Some("c"), Some("Weak"))
    );
    assert_eq!(p.step(), Some("c"));
    let snap = p.snapshot(&[]);
    assert_eq!((snap.selected, snap.selected_by), (None, None));
    assert!(snap.threads.is_empty());
}
