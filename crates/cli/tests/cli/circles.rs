//! No import circles: in every crate's `src/` (Rust `use` and paths) and in `web/` (ES
//! `import`, `export ... from` and `import()`), the files and what they import form a graph
//! without a cycle, so every arrow points down and a file can be read knowing only what is
//! below it.
//!
//! The rules of the graph, kept small so anyone can check a verdict by reading the lines:
//! - Rust: a file is a module; an arrow goes from it to the file of each `crate::`, `super::`
//!   or `self::` path it names (the longest prefix that is a module file). `mod x;` lines and a
//!   folder's re-exports of its own children (`pub use x::Y` in `mod.rs`) are structure, not
//!   arrows; neither is a file's use of its own ancestors (a folder's `mod.rs` is the folder
//!   itself), nor anything in `#[cfg(test)] mod tests`.
//! - JavaScript: an arrow for each relative module a file imports, loaded at once or on demand
//!   (`import('./x.js')`); JSDoc type imports are comments and not arrows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A graph of files: each file's arrows.
type Graph = BTreeMap<String, BTreeSet<String>>;

use crate::common::repo_root as root;

/// Every file under `dir` ending in `ext`, as paths relative to `dir`.
fn files(dir: &Path, ext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "node_modules") {
                    todo.push(path);
                }
            } else if path.extension().is_some_and(|e| e == ext) {
                let rel = path.strip_prefix(dir).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// The text with comments and string literals blanked (kept as spaces, so nothing joins).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            out.extend(
                text[i..end]
                    .chars()
                    .map(|c| if c == '\n' { '\n' } else { ' ' }),
            );
            i = end;
        } else if b[i] == b'"' {
            out.push('"');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            out.push('"');
            i += 1;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// A Rust file's module path inside its crate: `store/leases.rs` is `["store", "leases"]`,
/// `store/mod.rs` is `["store"]`, `lib.rs` is `[]`.
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The full paths a `use` tree names: `crate::a::{b, c::{d as e}}` is `crate::a::b` and
/// `crate::a::c::d`.
fn use_paths(tree: &str) -> Vec<String> {
    // `x as y` names x
    let words: Vec<&str> = tree.split_whitespace().collect();
    let mut kept = String::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "as" {
            i += 2;
            // the renamed item's separator may have been glued to the new name
            if let Some(w) = words.get(i - 1) {
                kept.extend(w.chars().filter(|c| matches!(c, ',' | '}')));
            }
            continue;
        }
        kept.push_str(words[i]);
        i += 1;
    }
    let tree = kept;
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter(|item| !item.is_empty())
        .flat_map(|item| {
            use_paths(item)
                .into_iter()
                .map(move |p| format!("{prefix}{p}"))
        })
        .map(|p| p.trim_end_matches("::self").to_string())
        .collect()
}

/// Every path in `code` that starts at `crate::`, `super::`, `self::` or at one of `children`
/// (the modules the file declares, named relatively), `use` trees spelled out.
fn named_paths(code: &str, children: &[String]) -> Vec<String> {
    let relative = |p: String| match p.split("::").next() {
        Some(first) if children.iter().any(|c| c == first) => format!("self::{p}"),
        _ => p,
    };
    let mut out = Vec::new();
    for statement in code.split(';') {
        let s = statement.trim_start();
        let s = s
            .strip_prefix("pub(crate) ")
            .or(s.strip_prefix("pub "))
            .unwrap_or(s);
        if let Some(tree) = s.strip_prefix("use ") {
            out.extend(use_paths(tree).into_iter().map(relative));
            continue;
        }
        let bytes = statement.as_bytes();
        let heads = ["crate", "super", "self"]
            .into_iter()
            .chain(children.iter().map(String::as_str));
        for head in heads {
            for (at, _) in statement.match_indices(&format!("{head}::")) {
                let before = at.checked_sub(1).map(|i| bytes[i]);
                if before.is_some_and(|c| {
                    c.is_ascii_alphanumeric() || c == b'_' || c == b':' || c == b'$'
                }) {
                    continue; // `$crate::`, `x::crate::` or a longer word
                }
                let end = statement[at..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                    .map_or(statement.len(), |e| at + e);
                out.push(relative(
                    statement[at..end].trim_end_matches(':').to_string(),
                ));
            }
        }
    }
    out
}

/// The file a path names, from the module `here` (the longest prefix that is a module file).
fn resolve(path: &str, here: &[String], modules: &BTreeMap<Vec<String>, String>) -> Option<String> {
    let mut segments = path.split("::");
    let mut module: Vec<String> = match segments.next()? {
        "crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => here[..here.len().saturating_sub(1)].to_vec(),
        _ => return None,
    };
    for s in segments {
        if s == "super" {
            module.pop();
        } else {
            module.push(s.to_string());
        }
    }
    (0..=module.len())
        .rev()
        .find_map(|n| modules.get(&module[..n]).cloned())
}

/// The arrows of one crate's `src/` (files relative to it).
fn rust_graph(sources: &BTreeMap<String, String>) -> Graph {
    let modules: BTreeMap<Vec<String>, String> =
        sources.keys().map(|f| (module_of(f), f.clone())).collect();
    let mut graph = Graph::new();
    for (file, text) in sources {
        let mut code = code_only(text);
        if let Some(tests) = code.find("#[cfg(test)]\nmod tests") {
            code.truncate(tests);
        }
        let here = module_of(file);
        let folder = ["mod.rs", "lib.rs", "main.rs"]
            .iter()
            .any(|f| file.ends_with(f));
        // a file's own structure: its `mod` lines and, in a folder, the re-exports
        let declared = |statement: &str| {
            let s = statement.trim();
            let s = s
                .strip_prefix("pub(crate) ")
                .or(s.strip_prefix("pub "))
                .unwrap_or(s);
            s.strip_prefix("mod ").map(|m| m.trim().to_string())
        };
        let children: Vec<String> = code.split(';').filter_map(declared).collect();
        let re_export = |statement: &str| {
            let s = statement.trim();
            folder
                && s.starts_with("pub use ")
                && !s.starts_with("pub use crate")
                && !s.starts_with("pub use super")
        };
        let kept: Vec<&str> = code
            .split(';')
            .filter(|s| declared(s).is_none() && !re_export(s))
            .collect();
        let mut arrows = BTreeSet::new();
        for path in named_paths(&kept.join(";"), &children) {
            let Some(to) = resolve(&path, &here, &modules) else {
                continue;
            };
            let target = module_of(&to);
            let ancestor = target.len() < here.len() && here.starts_with(&target);
            if to != *file && !ancestor {
                arrows.insert(to);
            }
        }
        graph.insert(file.clone(), arrows);
    }
    graph
}

/// The relative modules a JavaScript file imports (resolved against its folder).
fn js_imports(file: &str, text: &str) -> BTreeSet<String> {
    let code = code_only_js(text);
    let mut out = BTreeSet::new();
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    for quote in ['\'', '"'] {
        let pat = format!("{quote}./");
        let up = format!("{quote}../");
        for (at, _) in code.match_indices(&pat).chain(code.match_indices(&up)) {
            let before = code[..at].trim_end();
            let is_import = before.ends_with("from")
                || before.ends_with("import")
                || before.ends_with("import(");
            if !is_import {
                continue;
            }
            let rest = &code[at + 1..];
            let Some(end) = rest.find(quote) else {
                continue;
            };
            let spec = &rest[..end];
            if !spec.ends_with(".js") {
                continue;
            }
            out.insert(normalize(&dir.join(spec)));
        }
    }
    out
}

/// JavaScript with its comments blanked (strings are kept: they hold the imports).
fn code_only_js(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let line_comment = rest.find("//").filter(|&i| {
            i == 0 || rest.as_bytes()[i - 1].is_ascii_whitespace() || rest.as_bytes()[i - 1] == b';'
        });
        let block = rest
            .find("/*")
            .filter(|&i| i == 0 || rest.as_bytes()[i - 1].is_ascii_whitespace());
        match (line_comment, block) {
            (Some(l), b) if b.is_none_or(|b| l < b) => {
                out.push_str(&rest[..l]);
                rest = rest[l..].find('\n').map_or("", |n| &rest[l + n..]);
            }
            (_, Some(b)) => {
                out.push_str(&rest[..b]);
                rest = rest[b + 2..]
                    .find("*/")
                    .map_or("", |e| &rest[b + 2 + e + 2..]);
            }
            _ => {
                out.push_str(rest);
                rest = "";
            }
        }
    }
    out
}

/// `a/./b/../c.js` as `a/c.js`.
fn normalize(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    parts.join("/")
}

/// The circles of a graph: each strongly connected set of two or more files, with the arrows
/// inside it, so the message says what to cut.
fn circles(graph: &Graph) -> Vec<String> {
    // Tarjan's algorithm, iterative over the files in order
    let names: Vec<&String> = graph.keys().collect();
    let index_of: BTreeMap<&String, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let n = names.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut found) = (Vec::new(), 0, Vec::new());
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if *child == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            let arrows: Vec<usize> = graph[names[v]]
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect();
            if *child < arrows.len() {
                let w = arrows[*child];
                *child += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut set = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    set.push(w);
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    let members: BTreeSet<&String> = set.iter().map(|&i| names[i]).collect();
                    let lines: Vec<String> = members
                        .iter()
                        .map(|m| {
                            let inside: Vec<&str> = graph[*m]
                                .iter()
                                .filter(|t| members.contains(t))
                                .map(String::as_str)
                                .collect();
                            format!("{m} -> {}", inside.join(", "))
                        })
                        .collect();
                    found.push(lines.join("; "));
                }
            }
        }
    }
    found
}

/// The graph of one crate's sources.
fn crate_graph(src: &Path) -> Graph {
    let sources = files(src, "rs")
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(src.join(&f)).unwrap();
            (f, text)
        })
        .collect();
    rust_graph(&sources)
}

#[test]
fn no_crate_has_an_import_circle() {
    let crates = root().join("crates");
    let mut found = Vec::new();
    let mut arrows = 0;
    for entry in std::fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            let graph = crate_graph(&src);
            arrows += graph.values().map(BTreeSet::len).sum::<usize>();
            found.extend(
                circles(&graph)
                    .into_iter()
                    .map(|c| format!("{}: {c}", src.display())),
            );
        }
    }
    // the checker reads something: the server alone has hundreds of arrows
    assert!(arrows > 300, "only {arrows} arrows read in crates/*/src");
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_web_app_has_no_import_circle() {
    let web = root().join("web");
    let graph: Graph = files(&web, "js")
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(web.join(&f)).unwrap();
            let imports = js_imports(&f, &text);
            (f, imports)
        })
        .collect();
    let arrows: usize = graph.values().map(BTreeSet::len).sum();
    assert!(arrows > 100, "only {arrows} imports read in web/");
    assert!(
        graph["app.js"].contains("home.js"),
        "app.js loads home.js on demand"
    );
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles in web/:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_circle_added_on_purpose_is_found() {
    // Rust: two siblings naming each other, through a `use` tree and a plain path
    let rust = |b_text: &str| {
        let sources: BTreeMap<String, String> = [
            ("lib.rs", "mod a;\nmod b;\npub use a::A;\n"),
            (
                "a.rs",
                "use crate::{b::{self, B}, lib_item};\npub struct A(B);\n",
            ),
            ("b/mod.rs", b_text),
            ("b/inner.rs", "use super::B;\nuse crate::b::helper;\n"),
        ]
        .into_iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
        circles(&rust_graph(&sources))
    };
    // b and its child, and a child's use of its own folder: no circle
    assert_eq!(
        rust("mod inner;\npub use inner::X;\npub struct B;\n"),
        Vec::<String>::new()
    );
    // b naming a (in code, in a comment, in a string): a circle only for the code
    assert_eq!(
        rust("// crate::a::A\nconst S: &str = \"crate::a\";\npub struct B;\n"),
        Vec::<String>::new()
    );
    let found = rust("pub struct B;\nfn f() { crate::a::A(B); }\n");
    assert_eq!(found, ["a.rs -> b/mod.rs; b/mod.rs -> a.rs"]);
    // a test module's uses are not arrows
    assert!(rust("pub struct B;\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n").is_empty());
    // JavaScript: an import loaded on demand closes a circle; a JSDoc type import does not
    let js = |x_text: &str| {
        let graph: Graph = [
            ("x.js", x_text),
            ("y.js", "import { x } from './x.js';\nexport const y = 1;\n"),
            ("sub/z.js", "export { y } from '../y.js';\n"),
        ]
        .into_iter()
        .map(|(f, t)| (f.to_string(), js_imports(f, t)))
        .collect();
        circles(&graph)
    };
    assert!(js("/** @typedef {import('./y.js').Y} Y */\nexport const x = 1;\n").is_empty());
    assert_eq!(
        js("export const x = () => import('./sub/z.js').then((m) => m.y);\n"),
        ["sub/z.js -> y.js; x.js -> sub/z.js; y.js -> x.js"]
    );
}
