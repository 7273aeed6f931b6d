//! A short round of every fuzz target in the normal test run, so a parser that starts to panic
//! on bad input is caught by `cargo test`, not only by the long runs (BENCHMARKS.md).

use std::time::Duration;

#[test]
fn every_target_survives_a_short_round_of_mutated_input() {
    let mut findings = Vec::new();
    for mut target in tabula_fuzz::all() {
        let report = tabula_fuzz::fuzz(target.as_mut(), 5_000, 1, Some(Duration::from_secs(60)));
        assert!(report.inputs > 0, "{} ran no input", report.target);
        for f in &report.findings {
            findings.push(format!("{}: {f:?}", report.target));
        }
    }
    assert!(findings.is_empty(), "{findings:#?}");
}
