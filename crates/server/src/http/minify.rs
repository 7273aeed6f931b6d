//! The browser's modules made small before they are served: comments, doc types and spaces
//! gone, local names shortened (oxc's parser, minifier and printer; about half the bytes left
//! after compression). The same parse gives each module's static imports, from which the
//! page learns what to fetch at once instead of one level of imports per round trip.

use oxc_allocator::Allocator;
use oxc_codegen::{Codegen, CodegenOptions};
use oxc_minifier::{Minifier, MinifierOptions};
use oxc_parser::Parser;
use oxc_span::SourceType;

/// A module made small, with what it imports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minified {
    /// The module's code, minified.
    pub code: String,
    /// The specifiers of its static imports and re-exports (`./board.js`), in source order
    /// (dynamic `import()`s are left out: they load later, when asked).
    pub imports: Vec<String>,
}

/// Minifies the ES module `source`, or says why it cannot be parsed (the caller then serves
/// the source as it is: a page must never break on its way to the player).
pub fn minify_module(source: &str) -> Result<Minified, String> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, SourceType::mjs()).parse();
    if let Some(first) = parsed.diagnostics.first() {
        return Err(format!("{first}"));
    }
    if parsed.panicked {
        return Err("the parser gave up".to_string());
    }
    let mut imports: Vec<(u32, String)> = parsed
        .module_record
        .requested_modules
        .iter()
        .flat_map(|(specifier, uses)| {
            uses.iter()
                .map(move |u| (u.statement_span.start, specifier.to_string()))
        })
        .collect();
    imports.sort();
    let mut program = parsed.program;
    let minified = Minifier::new(MinifierOptions::default()).minify(&allocator, &mut program);
    let code = Codegen::new()
        .with_options(CodegenOptions::minify())
        .with_scoping(minified.scoping)
        .with_private_member_mappings(minified.class_private_mappings)
        .build(&program)
        .code;
    let mut seen = std::collections::HashSet::new();
    let imports = imports
        .into_iter()
        .map(|(_, s)| s)
        .filter(|s| seen.insert(s.clone()))
        .collect();
    Ok(Minified { code, imports })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_spaces_go_and_the_imports_are_listed_in_order() {
        let source = "// a comment\nimport { b } from './b.js';\nexport { c } from '../c.js';\n\
                      import './b.js';\n/** doc */\nexport function twice(value) {\n  \
                      return b(value) * 2;\n}\nconst later = () => import('./late.js');\n";
        let m = minify_module(source).unwrap();
        assert!(
            !m.code.contains("comment") && !m.code.contains("doc"),
            "{}",
            m.code
        );
        assert!(
            m.code.contains("twice"),
            "exported names are kept: {}",
            m.code
        );
        assert!(m.code.len() * 3 < source.len() * 2, "{}", m.code);
        assert_eq!(m.imports, ["./b.js", "../c.js"]);
    }

    #[test]
    fn a_module_that_does_not_parse_is_refused_with_the_reason() {
        let e = minify_module("export function (").unwrap_err();
        assert!(!e.is_empty());
    }
}
