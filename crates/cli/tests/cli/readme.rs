//! Every example of README.md and of every `docs/*.md` is run and its output compared with the
//! file's, so the examples cannot drift from what the program does.
//!
//! Each file is read by the same rules. An example is a fenced block with lines starting `$ ` (a
//! command, continued by a trailing `\`) followed by its output. Each command runs in `sh` with
//! this build's `tabula` first on the PATH; earlier commands of the same block that print nothing
//! (`P="..."`) run before it. A command that succeeds is compared on standard output, one that
//! fails on standard error. Times (`235 ms`) vary from run to run and are compared as `<N> ms`. A
//! block preceded by a line `<!-- readme-test: skip (why) -->` is not run (a live game on a real
//! clock). A failure names the file and the line of the output it shows.
//!
//! When an output changes on purpose, update the block, or run
//! `TABULA_BLESS_README=1 cargo test -p tabula --test cli readme::` to write the new outputs into
//! the files that show them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` of a file and the output shown under it.
struct Example {
    /// The command as typed (continuation lines joined).
    command: String,
    /// Earlier commands of the block that print nothing (assignments such as `P=...`).
    prelude: Vec<String>,
    /// The output lines shown.
    expected: Vec<String>,
    /// Where the output lines are in the file (0-based, end exclusive).
    lines: std::ops::Range<usize>,
}

const SKIP: &str = "<!-- readme-test: skip";

/// A Markdown file whose examples are run.
struct Document {
    /// Its path from the repository's root, as failures name it (`docs/players.md`).
    name: String,
    /// Where it is read and, when blessing, written.
    path: PathBuf,
}

/// README.md, then every `docs/*.md` in name order.
fn documents() -> Vec<Document> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut docs: Vec<Document> = std::fs::read_dir(root.join("docs"))
        .unwrap_or_else(|err| panic!("cannot list docs/: {err}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| Document {
            name: format!("docs/{}", path.file_name().unwrap().to_string_lossy()),
            path,
        })
        .collect();
    docs.sort_by(|a, b| a.name.cmp(&b.name));
    docs.insert(
        0,
        Document {
            name: "README.md".to_string(),
            path: root.join("README.md"),
        },
    );
    docs
}

/// The examples of a Markdown text, in order.
fn examples(text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("```") {
            i += 1;
            continue;
        }
        let skipped = i > 0 && lines[i - 1].trim_start().starts_with(SKIP);
        let start = i + 1;
        let end = (start..lines.len())
            .find(|&j| lines[j].starts_with("```"))
            .unwrap_or(lines.len());
        if !skipped {
            out.extend(block_examples(&lines, start, end));
        }
        i = end + 1;
    }
    out
}

/// The examples of the block `lines[start..end]` (none if it holds no `$ ` line).
fn block_examples(lines: &[&str], start: usize, end: usize) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut prelude = Vec::new();
    let mut j = start;
    while j < end {
        let Some(first) = lines[j].strip_prefix("$ ") else {
            j += 1;
            continue;
        };
        let mut command = first.to_string();
        while command.ends_with('\\') && j + 1 < end {
            j += 1;
            command.push('\n');
            command.push_str(lines[j]);
        }
        let from = j + 1;
        let mut to = (from..end)
            .find(|&k| lines[k].starts_with("$ "))
            .unwrap_or(end);
        j = to;
        // the blank line that separates two commands is not output
        while to > from && lines[to - 1].trim().is_empty() {
            to -= 1;
        }
        let expected: Vec<String> = lines[from..to].iter().map(|l| l.to_string()).collect();
        if expected.is_empty() {
            prelude.push(command);
            continue;
        }
        out.push(Example {
            command,
            prelude: prelude.clone(),
            expected,
            lines: from..to,
        });
    }
    out
}

/// What varies from run to run, made comparable: every `<digits> ms` becomes `<N> ms`.
fn normalise(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(" ms") {
        let digits = rest[..at]
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .count();
        if digits == 0 {
            out.push_str(&rest[..at + 3]);
        } else {
            out.push_str(&rest[..at - digits]);
            out.push_str("<N> ms");
        }
        rest = &rest[at + 3..];
    }
    out.push_str(rest);
    out.trim_end().to_string()
}

/// Runs an example; its output lines (standard error when the command failed).
fn run(e: &Example) -> Vec<String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_tabula"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut script = e.prelude.join("\n");
    script.push('\n');
    script.push_str(&e.command);
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .env("PATH", path)
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap_or_else(|err| panic!("cannot run sh: {err}"));
    let text = if out.status.success() {
        out.stdout
    } else {
        out.stderr
    };
    let text = String::from_utf8_lossy(&text);
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines
}

/// Runs the examples of `doc` (its text and their place in it): a failure message for each that
/// differs, in the file's order. When blessing, writes the outputs into the file instead.
fn check(doc: &Document, text: &str, examples: &[Example], bless: bool) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut failures = Vec::new();
    // replace from the end, so earlier line numbers stay right
    for e in examples.iter().rev() {
        let actual = run(e);
        let same = actual.len() == e.expected.len()
            && actual
                .iter()
                .zip(&e.expected)
                .all(|(a, b)| normalise(a) == normalise(b));
        if same {
            continue;
        }
        if bless {
            lines.splice(e.lines.clone(), actual);
            continue;
        }
        failures.push(format!(
            "{} line {}: `$ {}`\n--- {} shows\n{}\n--- the command prints\n{}",
            doc.name,
            e.lines.start + 1,
            e.command,
            doc.name,
            e.expected.join("\n"),
            actual.join("\n")
        ));
    }
    if bless {
        let blessed = lines.join("\n") + "\n";
        if blessed != text {
            std::fs::write(&doc.path, blessed).unwrap();
        }
    }
    failures.reverse();
    failures
}

#[test]
fn every_example_prints_what_its_file_shows() {
    let docs: Vec<(Document, String, Vec<Example>)> = documents()
        .into_iter()
        .map(|doc| {
            let text = std::fs::read_to_string(&doc.path)
                .unwrap_or_else(|err| panic!("cannot read {}: {err}", doc.name));
            let examples = examples(&text);
            (doc, text, examples)
        })
        .collect();
    let count: usize = docs.iter().map(|(_, _, examples)| examples.len()).sum();
    assert!(
        count >= 25,
        "the examples of README.md and docs/ were not found ({count} of them)"
    );
    let bless = std::env::var_os("TABULA_BLESS_README").is_some();
    let failures: Vec<String> = docs
        .iter()
        .flat_map(|(doc, text, examples)| check(doc, text, examples, bless))
        .collect();
    assert!(
        failures.is_empty(),
        "{} example(s) differ from what they print (update the block, or rerun with \
         TABULA_BLESS_README=1 to write the outputs in):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_readme_and_every_guide_are_read() {
    let names: Vec<String> = documents().into_iter().map(|doc| doc.name).collect();
    assert_eq!(names[0], "README.md");
    for guide in ["docs/players.md", "docs/operators.md", "docs/engine.md"] {
        assert!(
            names.iter().any(|n| n == guide),
            "{guide} is not read: {names:?}"
        );
    }
}

#[test]
fn examples_are_read_as_written() {
    let text = "intro\n```\n$ A=1\n$ echo $A \\\n  two\n1 two\n\n$ false\n```\n\
                <!-- readme-test: skip (live) -->\n```\n$ sleep 100\nzzz\n```\n```sh\nno dollar\n```\n";
    let ex = examples(text);
    assert_eq!(
        ex.len(),
        1,
        "the assignment is a prelude, the skipped block and `false` no example"
    );
    assert_eq!(ex[0].command, "echo $A \\\n  two");
    assert_eq!(ex[0].prelude, ["A=1"]);
    assert_eq!(ex[0].expected, ["1 two"]);
    assert_eq!(ex[0].lines, 5..6);
    assert_eq!(run(&ex[0]), ["1 two"]);
}

#[test]
fn times_are_compared_without_their_value() {
    assert_eq!(
        normalise("(level 5, 642266 positions, 235 ms)"),
        "(level 5, 642266 positions, <N> ms)"
    );
    assert_eq!(
        normalise("depth 2, 51 positions, 28 ms)"),
        "depth 2, 51 positions, <N> ms)"
    );
    // a count that is not a time is compared as it is
    assert_eq!(normalise("42 moves"), "42 moves");
    assert_eq!(normalise("the ms column"), "the ms column");
}
