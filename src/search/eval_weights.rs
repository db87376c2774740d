//! The gomoku evaluation's weights (layout: `pattern.rs`, above `EVAL_FEATURES`), fitted to
//! Rapfi's evaluations of 25705 positions of its self-play (2156 held out: loss
//! 0.6115 against the hand-set evaluation's 0.6362). Made by
//!
//! ```text
//! python3 scripts/eval_data.py --turn-ms 50 --minutes 30 --out /tmp/eval-data.txt
//! cargo build --release --example eval_features
//! python3 scripts/fit_eval.py --data /tmp/eval-data.txt --l2 0.0001 \
//!     --write src/search/eval_weights.rs
//! ```
//!
//! in the units of the hand-set evaluation (a logistic scale of 285), times `2^EVAL_SHIFT`.

/// The sum of the weighted features is shifted right by this (the weights' finer units).
pub const EVAL_SHIFT: u32 = 4;

/// The weights (a feature's count times its weight, summed and shifted, is the evaluation).
pub const EVAL_WEIGHTS: [i32; 55] = [
    27, -2, -3, 37, 340, 309, 387, 216, 304, 500, 419, -162, -275, -40, -317, -29, 318, 637, 688,
    589, 881, 2442, 2764, 0, 14, 2, -44, -388, -347, -395, -241, 210, 128, -315, -633, 338, 73,
    448, 135, -851, -1171, -1858, -659, -965, -2318, -1658, -3689, -126, -40, 449, -653, 1456,
    -181, -341, 158,
];
