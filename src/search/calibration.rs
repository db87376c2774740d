//! The win probability's calibration, written by `scripts/calibrate.py` (do not edit by hand):
//! the logistic `1 / (1 + e^-(SLOPE · score + INTERCEPT))` of a search score for the side to move,
//! fitted to the outcomes of search-vs-search games (15x15k5, 2000 nodes a move).
//! Held-out log loss 0.5838 (a constant guess: 0.6932).

/// The slope per score unit.
pub const SLOPE: f64 = 4.915958e-03;
/// The intercept (the side to move's edge at score 0).
pub const INTERCEPT: f64 = -6.663263e-02;
/// Games in the fit.
pub const GAMES: usize = 2000;
/// Positions (unproven scores) in the fit.
pub const POSITIONS: usize = 29773;
