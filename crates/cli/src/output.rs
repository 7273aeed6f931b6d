//! Printing an answer as text or as one JSON object, and errors either way.

use serde_json::{Value, json};
use std::process::ExitCode;

/// A command's answer: the text for people and the JSON object for programs.
pub struct Answer {
    /// What a person reads.
    pub text: String,
    /// What a program reads.
    pub json: Value,
}

/// Prints `result` in the chosen format. Bad input exits with status 2 (like a usage error);
/// any answer, including "unsolvable" and a failed proof, exits with 0.
pub fn emit(json: bool, result: Result<Answer, String>) -> ExitCode {
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
            println!("{}", json!({ "error": e }));
            ExitCode::from(2)
        }
        (Err(e), false) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reports a usage mistake that clap cannot express.
pub fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Prints the text of an answer (whose last line is already its JSON), or the error.
pub fn emit_text(result: Result<Answer, String>) -> ExitCode {
    emit(false, result)
}
