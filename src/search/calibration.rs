//! The win probability's calibration, written by `scripts/calibrate.py` (do not edit by hand):
//! the logistic `1 / (1 + e^-(SLOPE · score + INTERCEPT))` of a search score for the side to move,
//! fitted to the outcomes of search-vs-search games.

/// The slope per score unit.
pub const SLOPE: f64 = 0.003;
/// The intercept (the side to move's edge at score 0).
pub const INTERCEPT: f64 = 0.0;
/// The games and positions of the fit.
pub const GAMES: usize = 0;
/// Positions (unproven scores) in the fit.
pub const POSITIONS: usize = 0;
