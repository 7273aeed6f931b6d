//! No function over 150 lines in the project's Rust (every crate's `src/`): a function that
//! long does several things, and each should have a name. The browser's code has the same rule
//! (tests/browser/function-length.mjs, run by the test command).
//!
//! How a function is measured, kept simple so anyone can check a verdict: from the line of
//! its `fn` to the line of the brace that closes its body, with comments, strings and
//! character literals blanked first (a `'{'` opens nothing). A function nested in another is
//! counted inside its parent too. Declarations without a body (a trait's) are not functions.

use std::path::{Path, PathBuf};

/// The longest a function may be, in lines.
const LIMIT: usize = 150;

use crate::common::repo_root as root;

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The text with comments, strings and character literals blanked to spaces; every newline
/// stays, so line numbers hold.
fn blanked(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let starts = |s: &str| rest.iter().take(s.len()).copied().eq(s.chars());
        let end = if starts("//") {
            rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if starts("/*") {
            (2..rest.len())
                .find(|&k| rest[k - 1] == '*' && rest[k] == '/')
                .map_or(rest.len(), |k| k + 1)
        } else if starts("r\"") || starts("r#") {
            // a raw string: r"..." or r#"..."# (as many # as opened it)
            let hashes = rest[1..].iter().take_while(|&&c| c == '#').count();
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let body = 1 + hashes + 1;
            let tail: String = rest[body.min(rest.len())..].iter().collect();
            tail.find(&close).map_or(rest.len(), |k| {
                body + tail[..k].chars().count() + close.len()
            })
        } else if rest[0] == '"' {
            let mut k = 1;
            while k < rest.len() && rest[k] != '"' {
                k += if rest[k] == '\\' { 2 } else { 1 };
            }
            k + 1
        } else if rest[0] == '\'' && rest.len() > 2 && (rest[1] == '\\' || rest[2] == '\'') {
            // a character literal ('x', '\n', '\u{7b}'), not a lifetime ('a)
            (2..rest.len())
                .find(|&k| rest[k] == '\'')
                .map_or(rest.len(), |k| k + 1)
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        let end = end.min(rest.len());
        out.extend(rest[..end].iter().map(|&c| blank(c)));
        i += end;
    }
    out
}

/// The name of the function a line declares, if it declares one.
fn declared(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace().peekable();
    while let Some(w) = words.next() {
        match w {
            "fn" => {
                let name = words.next()?;
                let end = name.find(['(', '<']).unwrap_or(name.len());
                return Some(&name[..end]).filter(|n| !n.is_empty());
            }
            "pub" | "const" | "async" | "unsafe" | "extern" | "default" => {}
            w if w.starts_with("pub(") || w.starts_with('"') => {}
            _ => return None,
        }
    }
    None
}

/// Each function of a file's blanked text with its first line (from 1) and length in lines.
fn functions(code: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(name) = declared(line) else { continue };
        let mut depth = 0i32;
        let mut opened = false;
        'scan: for (k, l) in lines.iter().enumerate().skip(start) {
            for c in l.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    ';' if !opened => break 'scan, // a declaration without a body
                    _ => {}
                }
                if opened && depth == 0 {
                    out.push((name.to_string(), start + 1, k - start + 1));
                    break 'scan;
                }
            }
        }
    }
    out
}

/// Every function of the crates' sources over the limit, as `file:line name N lines`.
fn too_long(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (file, text) in files {
        for (name, line, n) in functions(&blanked(text)) {
            if n > LIMIT {
                found.push(format!("{file}:{line} {name} {n} lines"));
            }
        }
    }
    found
}

#[test]
fn no_function_is_over_150_lines() {
    let root = root();
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = krate.unwrap().path().join("src");
        if src.is_dir() {
            for path in rust_files(&src) {
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push((rel, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let measured: usize = files
        .iter()
        .map(|(_, t)| functions(&blanked(t)).len())
        .sum();
    assert!(
        files.len() > 200 && measured > 3000,
        "only {measured} functions in {} files were read",
        files.len()
    );
    let found = too_long(&files);
    assert!(
        found.is_empty(),
        "functions over {LIMIT} lines (split them):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_function_over_the_limit_is_found_and_braces_in_text_do_not_count() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    // 151 lines: the fn line, 149 of body, the closing brace
    let long = format!("pub(crate) async fn long() {{\n{}}}\n", body(149));
    let fits = format!("fn fits() {{\n{}}}\n", body(148));
    // braces in a string, a character, a raw string and a comment open nothing
    let tricky = format!(
        "fn tricky<'a>(s: &'a str) {{\n    let _ = \"{{\";\n    let _ = '{{';\n    let _ = r#\"}}\"#;\n    // }}\n{}}}\n",
        body(144)
    );
    let text = format!("trait T {{\n    fn declared(&self);\n}}\n{long}{fits}{tricky}");
    let found = too_long(&[("crates/x/src/lib.rs".into(), text.clone())]);
    assert_eq!(found, ["crates/x/src/lib.rs:4 long 151 lines"]);
    let all = functions(&blanked(&text));
    let tricky_len = all.iter().find(|(n, _, _)| n == "tricky").map(|f| f.2);
    assert_eq!(tricky_len, Some(150), "{all:?}");
    assert!(all.iter().all(|(n, _, _)| n != "declared"), "{all:?}");
}
