//! Printing an answer as text or as one JSON object, and errors either way.
//!
//! Commands return [`anyhow::Result`]: an error carries the context of where it arose (`board
//! `x`: character 6 ...`), and it is printed here once, with its whole chain, as `error: ...` on
//! standard error (or `{"error": ...}` on standard output when `--json` was asked for). Bad input
//! exits with status 2, as clap does for a bad command line.

use serde_json::{Value, json};
use std::process::ExitCode;

/// A command's answer: the text for people and the JSON object for programs.
pub struct Answer {
    /// What a person reads.
    pub text: String,
    /// What a program reads.
    pub json: Value,
}

/// The exit status of bad input (as clap's for a bad command line).
pub const BAD_INPUT: u8 = 2;

/// Prints `result` in the chosen format. Bad input exits with status 2; any answer, including
/// "unsolvable" and a failed proof, exits with 0.
pub fn emit(json: bool, result: anyhow::Result<Answer>) -> ExitCode {
    match (result, json) {
        (Ok(a), true) => {
            println!("{}", a.json);
            ExitCode::SUCCESS
        }
        (Ok(a), false) => {
            print!("{}", a.text);
            ExitCode::SUCCESS
        }
        (Err(e), true) => {
            println!("{}", json!({ "error": format!("{e:#}") }));
            ExitCode::from(BAD_INPUT)
        }
        (Err(e), false) => fail(e),
    }
}

/// Reports an error with its context chain and returns the bad-input status.
pub fn fail(e: anyhow::Error) -> ExitCode {
    eprintln!("error: {e:#}");
    ExitCode::from(BAD_INPUT)
}

/// Success, or the error reported.
pub fn exit(result: anyhow::Result<()>) -> ExitCode {
    result.map_or_else(fail, |()| ExitCode::SUCCESS)
}

/// A command line clap refused (or `--help` and `--version`, which are not errors). With
/// `--json` among the arguments the error is one JSON object on standard output, as for every
/// other error of a JSON command.
pub fn argument_error(e: clap::Error) -> ExitCode {
    let json = std::env::args_os().any(|a| a == "--json");
    if json && e.use_stderr() {
        println!("{}", json!({ "error": clap_message(&e) }));
        return ExitCode::from(BAD_INPUT);
    }
    let _ = e.print();
    ExitCode::from(e.exit_code().clamp(0, 255) as u8)
}

/// Clap's message on one line: its first paragraph (the error and, for a choice, the
/// possible values) without the `error: ` prefix, the tips and the usage.
fn clap_message(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let paragraph: Vec<&str> = rendered
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let text = paragraph.join(" ");
    text.strip_prefix("error: ").unwrap_or(&text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Probe {
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
        level: u8,
        #[arg(long, value_enum, default_value = "full")]
        deck: crate::cli::parse::DeckArg,
    }

    #[test]
    fn a_clap_error_becomes_one_line_naming_the_flag() {
        let e = Probe::try_parse_from(["probe", "--level", "7"]).unwrap_err();
        let m = clap_message(&e);
        assert_eq!(
            m,
            "invalid value '7' for '--level <LEVEL>': 7 is not in 1..=3"
        );
        assert!(e.use_stderr());
        let e = Probe::try_parse_from(["probe", "--level", "1", "--deck", "half"]).unwrap_err();
        assert_eq!(
            clap_message(&e),
            "invalid value 'half' for '--deck <DECK>' [possible values: full, one-star, two-star]"
        );
        let help = Probe::try_parse_from(["probe", "--help"]).unwrap_err();
        assert!(
            !help.use_stderr(),
            "help is printed, not reported as an error"
        );
    }
}
