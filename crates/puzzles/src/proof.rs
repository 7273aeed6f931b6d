//! Shared pieces of the two proof checkers.

use serde::Serialize;

/// The first step of a proof that breaks a rule; the proof stops there and fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IllegalStep {
    /// 1-based position of the step in the proof.
    pub index: usize,
    /// The step as written.
    pub step: String,
    /// The rule it breaks.
    pub reason: String,
}

impl std::fmt::Display for IllegalStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "step {} `{}` is illegal: {}",
            self.index, self.step, self.reason
        )
    }
}

/// A proof that cannot even be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {index} `{text}`: {reason}")]
pub struct ProofError {
    /// 1-based position of the unreadable step.
    pub index: usize,
    /// The text of the step.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

/// Splits a proof into its steps (separated by spaces or commas).
pub(crate) fn split_steps(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(i, s)| (i + 1, s))
}
