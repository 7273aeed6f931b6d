//! Which module draws the page at a path: the server names it, with everything it imports,
//! as `modulepreload`s in the page it sends, so that the page's own code arrives with the
//! app's instead of one round trip of imports after another. It mirrors web/app.js's routes
//! (which load each page's module when it is first shown); a path it does not know costs only
//! that wait, and a browser test checks that every page's modules were named.

/// The module of each path, by the path's leading segments (the first that fits wins: the
/// longer prefixes of a game come before its own; `*` stands for any one segment).
const PAGES: &[(&str, &str)] = &[
    ("/checkmates/solver", "solver.js"),
    ("/checkmates", "checkmates.js"),
    ("/royal", "royal.js"),
    ("/querni", "querni.js"),
    ("/quickchess/analyse", "analysis.js"),
    ("/quickchess", "quickchess.js"),
    ("/replay", "replay.js"),
    ("/account", "players.js"),
    ("/players/*/games", "player-games.js"),
    ("/players", "players.js"),
    ("/classes/*", "class.js"),
    ("/classes", "classes.js"),
    ("/leaderboard", "players.js"),
    ("/reset", "players.js"),
    ("/admin", "admin.js"),
    ("/tournaments", "tournaments.js"),
    ("/daily", "daily.js"),
    ("/puzzles", "puzzles.js"),
    ("/rules", "rules.js"),
    ("/learn/quickchess", "learn.js"),
    ("/learn/checkmates", "learn-puzzles.js"),
    ("/learn/royal", "learn-puzzles.js"),
];

/// The module that draws the page at `path`, if a page is there.
pub fn page_module(path: &str) -> Option<&'static str> {
    let path = path.trim_end_matches('/');
    if path.is_empty() {
        return Some("home.js");
    }
    PAGES
        .iter()
        .find(|(prefix, _)| begins_with(path, prefix))
        .map(|&(_, module)| module)
}

/// Whether `path`'s leading segments are `prefix`'s (`*` fits any one segment).
fn begins_with(path: &str, prefix: &str) -> bool {
    let mut segments = path.split('/');
    prefix
        .split('/')
        .all(|want| segments.next().is_some_and(|s| want == "*" || s == want))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_path_names_the_module_of_its_page() {
        assert_eq!(page_module("/"), Some("home.js"));
        assert_eq!(page_module(""), Some("home.js"));
        assert_eq!(page_module("/checkmates/solver"), Some("solver.js"));
        assert_eq!(page_module("/checkmates/party/abc"), Some("checkmates.js"));
        assert_eq!(page_module("/quickchess/play/x1"), Some("quickchess.js"));
        assert_eq!(page_module("/quickchess/analyse/"), Some("analysis.js"));
        assert_eq!(page_module("/learn/royal"), Some("learn-puzzles.js"));
        assert_eq!(page_module("/players/ada-b"), Some("players.js"));
        assert_eq!(page_module("/players/ada-b/games"), Some("player-games.js"));
        assert_eq!(page_module("/classes"), Some("classes.js"));
        assert_eq!(page_module("/classes/4f2a9c"), Some("class.js"));
        assert_eq!(page_module("/players/ada-b/gamesx"), Some("players.js"));
        // a prefix is a whole segment, and an unknown path has no page of its own
        assert_eq!(page_module("/royalty"), None);
        assert_eq!(page_module("/nowhere"), None);
    }
}
