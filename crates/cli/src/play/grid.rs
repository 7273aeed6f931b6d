//! The 3x3 boards of Check Mates and The Royal Study, drawn side by side with their titles and
//! square labels (coloured on a terminal).

use super::say;
use std::io::IsTerminal;
use tabula_puzzles::checkmates::Side;

fn colour(ch: char, side: Option<Side>) -> String {
    if !std::io::stdout().is_terminal() {
        return ch.to_string();
    }
    let code = match (side, ch) {
        (Some(Side::Sliding), 'b') => "1;34",
        (Some(Side::Sliding), 'r') => "1;31",
        (Some(Side::Sliding), 'g') => "1;32",
        (Some(Side::Sliding), 'j') => "1;35",
        (_, '.') => "2",
        (_, c) if c.is_ascii_uppercase() => "1",
        _ => "0",
    };
    format!("\x1b[{code}m{ch}\x1b[0m")
}

/// Draws boards side by side, each with a title and file/rank labels; a Check Mates side
/// colours its tokens.
pub(super) fn draw(grids: &[(&str, String, Option<Side>)]) {
    let mut lines = vec![String::new(); 5];
    for (title, text, side) in grids {
        let ranks: Vec<&str> = text.split('/').collect();
        lines[0].push_str(&format!("   {title:<11}"));
        lines[1].push_str("   a b c     ");
        for (i, rank) in ranks.iter().enumerate() {
            let cells: Vec<String> = rank.chars().map(|c| colour(c, *side)).collect();
            lines[2 + i].push_str(&format!("{}  {}     ", 3 - i, cells.join(" ")));
        }
    }
    for l in lines {
        say(l.trim_end());
    }
}

/// Draws titled boards without token colours (The Royal Study's pieces and cards).
pub(super) fn draw_plain(grids: &[(String, String)]) {
    let g: Vec<(&str, String, Option<Side>)> = grids
        .iter()
        .map(|(t, s)| (t.as_str(), s.clone(), None))
        .collect();
    draw(&g);
}
