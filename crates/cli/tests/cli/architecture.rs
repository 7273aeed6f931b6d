//! docs/architecture.md held against the code: its list of each crate's dependencies is what
//! the `Cargo.toml` files say (no more, no less), and every file and folder it names exists,
//! so the map cannot drift from the land without a failing test.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::repo_root as root;

fn page() -> String {
    std::fs::read_to_string(root().join("docs/architecture.md")).unwrap()
}

/// Each workspace crate's name and the workspace crates among its `[dependencies]`.
fn cargo_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let (mut section, mut name, mut deps) = (String::new(), None, BTreeSet::new());
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.to_string();
            } else if section == "[package]" && line.starts_with("name") {
                name = line.split('"').nth(1).map(String::from);
            } else if section == "[dependencies]" && line.starts_with("tabula") {
                let dep = line.split(|c: char| c == '=' || c == '.' || c.is_whitespace());
                deps.insert(dep.into_iter().next().unwrap().to_string());
            }
        }
        out.insert(name.expect("a package name"), deps);
    }
    out
}

/// The page's list: the lines `crate -> dep, dep` of its fenced blocks.
fn drawn_dependencies(page: &str) -> BTreeMap<String, BTreeSet<String>> {
    page.lines()
        .filter_map(|line| {
            let (name, deps) = line.split_once(" ->")?;
            let name = name.trim();
            if !name.starts_with("tabula") || name.contains(' ') {
                return None;
            }
            let deps = deps
                .split(',')
                .map(str::trim)
                .filter(|d| !d.is_empty())
                .map(String::from)
                .collect();
            Some((name.to_string(), deps))
        })
        .collect()
}

/// What the page names as a file or folder: each `quoted` word ending in `.rs`, `.js`, `.md`,
/// `.toml` or `/`, and the first words of the lines of its module drawing (`http/, ws.rs  ...`).
fn named_files(page: &str) -> BTreeSet<String> {
    let looks_like_file = |w: &str| {
        !w.contains(' ')
            && !w.contains("://")
            && [".rs", ".js", ".md", ".toml", "/"]
                .iter()
                .any(|e| w.ends_with(e))
    };
    let mut out = BTreeSet::new();
    for (i, quoted) in page.split('`').enumerate() {
        if i % 2 == 1 && looks_like_file(quoted) {
            out.insert(quoted.to_string());
        }
    }
    let mut in_drawing = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_drawing = !in_drawing;
            continue;
        }
        let head = line.trim_start().trim_start_matches("-> ");
        // a module line: names, then two spaces or more, then what they hold
        if in_drawing && let Some((names, _)) = head.split_once("  ") {
            for name in names.split(", ").map(str::trim) {
                if looks_like_file(name)
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "_./".contains(c))
                {
                    out.insert(name.to_string());
                }
            }
        }
    }
    out
}

/// Whether `name` is a file or folder of the repository: from its root, a crate, a crate's
/// `src/` (the server's modules are named so) or `web/`.
fn exists(name: &str) -> bool {
    let root = root();
    let mut bases = vec![root.clone(), root.join("web")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        bases.push(dir.join("src"));
        bases.push(dir);
    }
    bases.iter().any(|b| b.join(name).exists())
}

#[test]
fn the_drawn_dependencies_are_the_cargo_files() {
    let drawn = drawn_dependencies(&page());
    let cargo = cargo_dependencies();
    assert!(
        cargo.len() >= 9,
        "the workspace's crates: {:?}",
        cargo.keys()
    );
    assert_eq!(
        drawn, cargo,
        "docs/architecture.md's list against the Cargo.toml files"
    );
}

#[test]
fn every_file_the_page_names_exists() {
    let names = named_files(&page());
    // the check reads something: the page names the path of a move through some 40 files
    assert!(
        names.len() > 40,
        "only {} names read: {names:?}",
        names.len()
    );
    let missing: Vec<&String> = names.iter().filter(|n| !exists(n)).collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md names what is not there: {missing:?}"
    );
}

#[test]
fn the_checks_fail_on_a_wrong_page() {
    // a dependency drawn that no Cargo.toml has, and one left out
    let mut drawn = drawn_dependencies("```\ntabula-deck -> tabula-core\ntabula-core ->\n```\n");
    assert_eq!(
        drawn.remove("tabula-deck").unwrap(),
        BTreeSet::from(["tabula-core".to_string()])
    );
    assert!(drawn.remove("tabula-core").unwrap().is_empty());
    let cargo = cargo_dependencies();
    assert!(
        cargo["tabula-deck"].contains("tabula-puzzles"),
        "the real deck needs the puzzles"
    );
    // a module renamed away, in the drawing and in the text
    let names = named_files("```\n  -> gone/        what it held\n```\nsee `rooms/nowhere.rs`.\n");
    assert_eq!(
        names,
        BTreeSet::from(["gone/".to_string(), "rooms/nowhere.rs".to_string()])
    );
    assert!(names.iter().all(|n| !exists(n)));
    assert!(exists("rooms/after.rs") && exists("web/game-page.js") && exists("frames.rs"));
}
