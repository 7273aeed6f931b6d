//! Games as PGN, the text every chess program reads: writing a game with its tags, SAN moves
//! and comments (clocks `[%clk 0:02:58]`, evaluations `[%eval 0.35]`), and reading games back
//! from PGN that Tabula or another program wrote.
//!
//! The variants of 5x6 QuickChess travel as Fairy-Stockfish and lichess carry variants: a
//! `Variant` tag with the variant's name (Tabula's names, which are also those of
//! `UCI_Variant`) and the start position in `SetUp`/`FEN` tags. A game of FIDE chess says
//! `Variant "Standard"` only when it starts from a set-up position, as lichess does; a game
//! without a `Variant` tag is chess.

mod read;
mod san;

pub use read::{PgnError, PgnGame, read_pgn};
pub use san::{SanError, parse_san};

use crate::{AnyPosition, Color, Family, Move, Variant};
use std::fmt::Write as _;

/// One move to write, with what is said about it.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenMove {
    /// The move.
    pub played: Move,
    /// A sign after it (`?!`, `?`, `??`), if any.
    pub sign: Option<&'static str>,
    /// Commands and words for its comment (`[%clk 0:02:58]`, `[%eval 0.35]`), in order.
    pub comment: Vec<String>,
}

impl WrittenMove {
    /// A move with nothing said about it.
    pub fn plain(played: Move) -> WrittenMove {
        WrittenMove {
            played,
            sign: None,
            comment: Vec::new(),
        }
    }
}

/// The tag value of a variant: `Standard` for chess, Tabula's name otherwise.
pub fn variant_tag(v: Variant) -> String {
    if v.family == Family::Chess {
        "Standard".to_string()
    } else {
        v.name()
    }
}

/// The variant a `Variant` tag names (`Standard`, `chess`, `From Position` and no tag are
/// chess), or `None` when Tabula plays no such game.
pub fn variant_of_tag(tag: Option<&str>) -> Option<Variant> {
    match tag.map(str::trim) {
        None | Some("") => Some(Variant::CHESS),
        Some(t)
            if ["standard", "chess", "from position"]
                .contains(&t.to_ascii_lowercase().as_str()) =>
        {
            Some(Variant::CHESS)
        }
        Some(t) => Variant::parse(&t.to_ascii_lowercase()).ok(),
    }
}

/// A clock reading as PGN's `[%clk H:MM:SS]` wants it (tenths when under a minute are
/// dropped: the format has whole seconds).
pub fn clock_command(ms: u64) -> String {
    let s = ms / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// An evaluation as `[%eval 0.35]` (pawns, White's side) or `[%eval #-3]`.
pub fn eval_command(cp: Option<i32>, mate: Option<i32>) -> String {
    match (mate, cp) {
        (Some(m), _) => format!("[%eval #{m}]"),
        (None, Some(c)) => format!("[%eval {:.2}]", f64::from(c) / 100.0),
        (None, None) => String::new(),
    }
}

/// A tag value with PGN's escapes (`\` and `"` preceded by `\`), on one line.
fn escape(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '\\' | '"' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

/// Writes one game: `tags` first (the caller's order: the seven-tag roster, then others),
/// then `Variant`, `SetUp` and `FEN` as the start needs them, then the moves from `start`
/// (checked legal by the caller) and `result` (`1-0`, `0-1`, `1/2-1/2` or `*`), in lines
/// of at most 80 characters.
pub fn write_pgn(
    tags: &[(&str, String)],
    start: &AnyPosition,
    moves: &[WrittenMove],
    result: &str,
) -> String {
    let mut s = String::new();
    for (name, value) in tags {
        let _ = writeln!(s, "[{name} \"{}\"]", escape(value));
    }
    let variant = start.variant();
    let set_up = start.fen() != AnyPosition::start(variant).fen();
    if variant.family != Family::Chess || set_up {
        let _ = writeln!(s, "[Variant \"{}\"]", variant_tag(variant));
    }
    if set_up || variant.family != Family::Chess {
        let _ = writeln!(s, "[SetUp \"1\"]");
        let _ = writeln!(s, "[FEN \"{}\"]", start.fen());
    }
    s.push('\n');
    let mut words: Vec<String> = Vec::new();
    let mut p = *start;
    for (i, m) in moves.iter().enumerate() {
        if p.turn() == Color::White {
            words.push(format!("{}.", p.fullmoves()));
        } else if i == 0 || !moves[i - 1].comment.is_empty() {
            words.push(format!("{}...", p.fullmoves()));
        }
        words.push(format!("{}{}", p.san(&m.played), m.sign.unwrap_or("")));
        if !m.comment.is_empty() {
            let text = m.comment.join(" ").replace(['{', '}'], "");
            words.push(format!("{{{text}}}"));
        }
        p = p.play_unchecked(m.played);
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            let _ = writeln!(s, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    let _ = writeln!(s, "{line}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(start: &AnyPosition, uci: &[&str]) -> Vec<Move> {
        let mut p = *start;
        uci.iter()
            .map(|u| {
                let m = p.parse_uci(u).unwrap();
                p = p.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_quickchess_game_goes_out_and_comes_back() {
        let start = AnyPosition::start(Variant::QUICKCHESS);
        let played = moves(&start, &["b2b3", "d5d4", "c1b2", "c6d5"]);
        let mut written: Vec<WrittenMove> = played.iter().map(|m| WrittenMove::plain(*m)).collect();
        written[1].sign = Some("??");
        written[1].comment = vec![clock_command(178_400), eval_command(Some(-35), None)];
        let text = write_pgn(
            &[
                ("Event", "Casual".into()),
                ("White", "Ann \"the\" \\ best".into()),
            ],
            &start,
            &written,
            "*",
        );
        assert!(text.contains("[Variant \"quickchess\"]"), "{text}");
        assert!(text.contains("[SetUp \"1\"]"));
        assert!(
            text.contains("[White \"Ann \\\"the\\\" \\\\ best\"]"),
            "{text}"
        );
        assert!(
            text.contains("d4?? {[%clk 0:02:58] [%eval -0.35]} 2."),
            "{text}"
        );
        let back = read_pgn(&text).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].variant, Variant::QUICKCHESS);
        assert_eq!(back[0].moves, played);
        assert_eq!(back[0].tag("White"), Some("Ann \"the\" \\ best"));
        assert_eq!(back[0].result, "*");
    }

    #[test]
    fn chess_from_the_start_has_no_variant_tag() {
        let start = AnyPosition::start(Variant::CHESS);
        let played = moves(&start, &["e2e4", "e7e5", "g1f3"]);
        let written: Vec<_> = played.iter().map(|m| WrittenMove::plain(*m)).collect();
        let text = write_pgn(&[("Result", "*".into())], &start, &written, "*");
        assert!(!text.contains("Variant") && !text.contains("FEN"), "{text}");
        assert!(text.ends_with("1. e4 e5 2. Nf3 *\n"), "{text}");
        assert_eq!(read_pgn(&text).unwrap()[0].moves, played);
    }

    #[test]
    fn clocks_and_evaluations_are_written_as_lichess_does() {
        assert_eq!(clock_command(178_400), "[%clk 0:02:58]");
        assert_eq!(clock_command(3_723_000), "[%clk 1:02:03]");
        assert_eq!(eval_command(Some(35), None), "[%eval 0.35]");
        assert_eq!(eval_command(None, Some(-3)), "[%eval #-3]");
        assert_eq!(variant_of_tag(Some("Standard")), Some(Variant::CHESS));
        assert_eq!(
            variant_of_tag(Some("mean-queens")).map(|v| v.name()),
            Some("mean-queens".into())
        );
        assert_eq!(variant_of_tag(Some("crazyhouse")), None);
    }
}
