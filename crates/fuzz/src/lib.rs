//! Fuzz targets for every parser that takes input from outside (FEN, Querni positions and
//! turns, Check Mates boards and tasks, Royal Study layouts, WebSocket frames and intents, the
//! HTTP API's bodies, `solve --batch` lines and UCI commands), and a driver that runs them on
//! the stable toolchain.
//!
//! cargo-fuzz needs a nightly compiler, which this project cannot fetch, so the driver
//! ([`fuzz`]) is a mutation fuzzer of our own making, without coverage feedback: it starts from
//! each target's seed inputs and mutates them (flips, inserts, deletions, splices and the
//! target's own tokens) with a seeded generator, so every run is repeatable. A target fails
//! when its code panics (caught and reported with the input) or when one of its invariants
//! breaks (a round trip, an error that should have been an answer, a status 500).
#![deny(missing_docs)]

pub mod mutate;
pub mod targets;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};
use tabula_core::rng::{Rng, seeded};

/// One thing to fuzz.
pub trait Target {
    /// Its name on the command line.
    fn name(&self) -> &'static str;
    /// Valid inputs to start from.
    fn seeds(&self) -> Vec<Vec<u8>>;
    /// Tokens worth inserting.
    fn dictionary(&self) -> &'static [&'static str];
    /// Runs one input: `Err` when an invariant breaks (panics are caught by the driver).
    fn run(&mut self, data: &[u8]) -> Result<(), String>;
}

/// Every target.
pub fn all() -> Vec<Box<dyn Target>> {
    targets::all()
}

/// An input that broke a target.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The input.
    pub input: Vec<u8>,
    /// What went wrong: the panic's message or the broken invariant.
    pub what: String,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Report {
    /// The target.
    pub target: &'static str,
    /// Inputs run.
    pub inputs: u64,
    /// How long it took.
    pub elapsed: Duration,
    /// Inputs that broke it (at most the first ten).
    pub findings: Vec<Finding>,
}

impl Report {
    /// Inputs per second.
    pub fn rate(&self) -> f64 {
        self.inputs as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Runs `target` on its seeds and then on `inputs` mutants (or until `time_limit`), from
/// `seed`.
pub fn fuzz(
    target: &mut dyn Target,
    inputs: u64,
    seed: u64,
    time_limit: Option<Duration>,
) -> Report {
    let mut rng = seeded(seed);
    let corpus = target.seeds();
    let dictionary = target.dictionary();
    let started = Instant::now();
    let mut findings = Vec::new();
    let mut count = 0u64;
    let check = |target: &mut dyn Target, input: &[u8], findings: &mut Vec<Finding>| {
        let outcome = catch_unwind(AssertUnwindSafe(|| target.run(input)));
        let what = match outcome {
            Ok(Ok(())) => return,
            Ok(Err(broken)) => broken,
            Err(payload) => format!("panic: {}", panic_text(payload.as_ref())),
        };
        if findings.len() < 10 {
            findings.push(Finding {
                input: input.to_vec(),
                what,
            });
        }
    };
    for s in &corpus {
        check(target, s, &mut findings);
        count += 1;
    }
    // quiet the default hook while mutants run: a panic is reported as a finding
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    while count < inputs {
        if time_limit.is_some_and(|t| started.elapsed() >= t) {
            break;
        }
        let mut input = if corpus.is_empty() {
            Vec::new()
        } else {
            corpus[rng.random_range(0..corpus.len())].clone()
        };
        mutate::mutate(&mut rng, &mut input, &corpus, dictionary);
        check(target, &input, &mut findings);
        count += 1;
    }
    std::panic::set_hook(hook);
    Report {
        target: target.name(),
        inputs: count,
        elapsed: started.elapsed(),
        findings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fragile;
    impl Target for Fragile {
        fn name(&self) -> &'static str {
            "fragile"
        }
        fn seeds(&self) -> Vec<Vec<u8>> {
            vec![b"ok".to_vec()]
        }
        fn dictionary(&self) -> &'static [&'static str] {
            &["boom"]
        }
        fn run(&mut self, data: &[u8]) -> Result<(), String> {
            if data.windows(4).any(|w| w == b"boom") {
                panic!("found boom");
            }
            Ok(())
        }
    }

    #[test]
    fn the_driver_finds_a_planted_panic_and_reports_it() {
        let r = fuzz(&mut Fragile, 5_000, 1, None);
        assert_eq!(r.inputs, 5_000);
        assert!(!r.findings.is_empty());
        assert!(r.findings[0].what.contains("found boom"));
        assert!(r.findings[0].input.windows(4).any(|w| w == b"boom"));
    }

    #[test]
    fn every_target_survives_a_short_run() {
        for mut t in all() {
            let r = fuzz(t.as_mut(), 3_000, 42, None);
            assert!(r.findings.is_empty(), "{}: {:?}", r.target, r.findings);
        }
    }
}
