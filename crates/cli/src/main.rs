//! `tabula`: the command-line tool of the Tabula game suite.

fn main() -> std::process::ExitCode {
    tabula::cli::run()
}
