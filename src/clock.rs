//! The clock of time budgets (the search's thinking time, the solver's report): a monotonic
//! [`Instant`]. On the desktop it is `std::time::Instant`. In the browser (`wasm32-unknown-unknown`)
//! `std::time::Instant::now` panics, so there it is read from the page: the `now` function that
//! macroquad's JS loader (`mq_js_bundle.js`) gives every module, seconds since the epoch in
//! milliseconds' resolution. This is the one place that knows the difference.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use web::Instant;

#[cfg(target_arch = "wasm32")]
mod web {
    use std::ops::Add;
    use std::time::Duration;

    extern "C" {
        /// The loader's clock: `Date.now() / 1000`.
        fn now() -> f64;
    }

    /// A moment, in seconds on the page's clock.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            // SAFETY: an import of the loader that takes nothing and returns a number.
            Instant(unsafe { now() })
        }

        /// The time from `earlier` to `self`, or zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64((self.0 - earlier.0).max(0.0))
        }

        /// [`saturating_duration_since`](Instant::saturating_duration_since).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        /// The time since `self`.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Instant;
    use std::time::Duration;

    #[test]
    fn the_clock_moves_forward_and_adds_durations() {
        let a = Instant::now();
        let b = a + Duration::from_millis(5);
        assert!(b > a);
        assert_eq!(a.saturating_duration_since(b), Duration::ZERO);
        assert!(b.saturating_duration_since(a) >= Duration::from_millis(4));
        assert!(Instant::now() >= a);
    }
}
