//! Reading PGN: the tags, the main line's moves (variations, comments, NAGs and move numbers
//! are skipped) and the result of each game of a file.

use super::{parse_san, variant_of_tag};
use crate::{AnyPosition, Move, Variant};
use std::fmt;

/// A game read from PGN.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    /// Its tags, in the file's order.
    pub tags: Vec<(String, String)>,
    /// The variant its `Variant` tag names (chess without one).
    pub variant: Variant,
    /// Its start: the `FEN` tag's position, or the variant's start.
    pub start: AnyPosition,
    /// The main line's moves, legal from `start`.
    pub moves: Vec<Move>,
    /// The result at the end of its moves (`1-0`, `0-1`, `1/2-1/2`, `*`; `*` if none).
    pub result: String,
}

impl PgnGame {
    /// The value of tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a file was not read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game, from 1.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}: {}",
            self.game, self.line, self.message
        )
    }
}

impl std::error::Error for PgnError {}

/// A game being read.
#[derive(Default)]
struct Open {
    tags: Vec<(String, String)>,
    /// The position after the moves so far, once the first move came.
    at: Option<(Variant, AnyPosition, AnyPosition)>,
    moves: Vec<Move>,
    result: Option<String>,
    /// Whether the movetext has begun (a tag after it starts the next game).
    in_moves: bool,
}

struct Reader<'a> {
    text: &'a [u8],
    i: usize,
    line: usize,
    games: Vec<PgnGame>,
    open: Open,
}

/// Reads every game of `text`.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Reader {
        text: text.as_bytes(),
        i: 0,
        line: 1,
        games: Vec::new(),
        open: Open::default(),
    };
    r.run()?;
    if r.games.is_empty() {
        return Err(PgnError {
            game: 1,
            line: r.line,
            message: "no game in the text".into(),
        });
    }
    Ok(r.games)
}

impl Reader<'_> {
    fn error(&self, message: String) -> PgnError {
        PgnError {
            game: self.games.len() + 1,
            line: self.line,
            message,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        if c == b'\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Skips to the end of the line.
    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == b'\n' {
                break;
            }
        }
    }

    fn run(&mut self) -> Result<(), PgnError> {
        let mut depth = 0usize; // inside variations
        let mut at_line_start = true;
        while let Some(c) = self.peek() {
            let line_start = at_line_start;
            at_line_start = c == b'\n';
            match c {
                b'%' if line_start => self.skip_line(),
                _ if c.is_ascii_whitespace() => {
                    self.bump();
                }
                b';' => self.skip_line(),
                b'{' => {
                    let line = self.line;
                    let closed = loop {
                        match self.bump() {
                            Some(b'}') => break true,
                            None => break false,
                            Some(_) => {}
                        }
                    };
                    if !closed {
                        return Err(PgnError {
                            line,
                            ..self.error("a comment `{` is never closed".into())
                        });
                    }
                }
                b'(' => {
                    self.bump();
                    depth += 1;
                }
                b')' => {
                    self.bump();
                    depth = depth
                        .checked_sub(1)
                        .ok_or_else(|| self.error("`)` closes no variation".into()))?;
                }
                b'[' if depth == 0 => {
                    if self.open.in_moves {
                        self.finish()?;
                    }
                    self.tag()?;
                }
                _ => {
                    let word = self.word();
                    if depth == 0 && !word.is_empty() {
                        self.token(&word)?;
                    } else if word.is_empty() {
                        self.bump(); // a stray character (a `]` or `[` inside a variation)
                    }
                }
            }
        }
        if depth > 0 {
            return Err(self.error("a variation `(` is never closed".into()));
        }
        if self.open.in_moves || !self.open.tags.is_empty() {
            self.finish()?;
        }
        Ok(())
    }

    /// The characters up to a space or a delimiter.
    fn word(&mut self) -> String {
        let from = self.i;
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() || b"{}()[];".contains(&c) {
                break;
            }
            self.bump();
        }
        String::from_utf8_lossy(&self.text[from..self.i]).into_owned()
    }

    /// `[Name "value"]`.
    fn tag(&mut self) -> Result<(), PgnError> {
        self.bump(); // [
        while self.peek().is_some_and(|c| c == b' ' || c == b'\t') {
            self.bump();
        }
        let name = self.word();
        while self.peek().is_some_and(|c| c == b' ' || c == b'\t') {
            self.bump();
        }
        if name.is_empty() || self.bump() != Some(b'"') {
            return Err(self.error(format!("the tag `{name}` has no quoted value")));
        }
        let mut value = Vec::new();
        loop {
            match self.bump() {
                Some(b'\\') => value.extend(self.bump()),
                Some(b'"') => break,
                Some(b'\n') | None => {
                    return Err(self.error(format!("the value of tag `{name}` is not closed")));
                }
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == b' ' || c == b'\t') {
            self.bump();
        }
        if self.bump() != Some(b']') {
            return Err(self.error(format!("the tag `{name}` is not closed with `]`")));
        }
        let value = String::from_utf8_lossy(&value).into_owned();
        self.open.tags.push((name, value));
        Ok(())
    }

    /// The position the moves start from, made from the tags when the first move comes.
    fn start(&self) -> Result<(Variant, AnyPosition), PgnError> {
        let find = |n: &str| {
            self.open
                .tags
                .iter()
                .find(|(t, _)| t == n)
                .map(|(_, v)| v.as_str())
        };
        let tag = find("Variant");
        let variant = variant_of_tag(tag).ok_or_else(|| {
            self.error(format!(
                "the variant `{}` is not one Tabula plays",
                tag.unwrap_or_default()
            ))
        })?;
        let start = match find("FEN") {
            Some(fen) => AnyPosition::from_fen(variant, fen)
                .map_err(|e| self.error(format!("the FEN tag `{fen}`: {e}")))?,
            None => AnyPosition::start(variant),
        };
        Ok((variant, start))
    }

    /// A word of the movetext: a move number, a result, a NAG or a move.
    fn token(&mut self, word: &str) -> Result<(), PgnError> {
        self.open.in_moves = true;
        if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
            self.open.result = Some(word.to_string());
            return self.finish();
        }
        if word.starts_with('$') {
            return Ok(());
        }
        // `12.`, `12...`, or `12.e4` written without a space
        let san = word.trim_start_matches(|c: char| c.is_ascii_digit());
        let san = if san.len() < word.len() && san.starts_with('.') {
            san.trim_start_matches('.')
        } else {
            word
        };
        if san.is_empty() {
            return Ok(());
        }
        let san = san.trim_end_matches(['!', '?']);
        if self.open.at.is_none() {
            let (v, start) = self.start()?;
            self.open.at = Some((v, start, start));
        }
        let (v, start, p) = self.open.at.expect("set above");
        if self.open.result.is_some() || p.outcome().is_some() {
            return Err(self.error(format!(
                "move {} `{san}`: the game is already over",
                self.open.moves.len() + 1
            )));
        }
        let m = parse_san(&p, san).map_err(|e| {
            self.error(format!(
                "move {} (ply {}): {e}",
                p.fullmoves(),
                self.open.moves.len() + 1
            ))
        })?;
        self.open.moves.push(m);
        self.open.at = Some((v, start, p.play_unchecked(m)));
        Ok(())
    }

    /// Ends the game being read.
    fn finish(&mut self) -> Result<(), PgnError> {
        let open = std::mem::take(&mut self.open);
        let (variant, start) = match open.at {
            Some((v, s, _)) => (v, s),
            None => {
                // a game of tags only: its start, from the tags, is checked all the same
                self.open.tags = open.tags.clone();
                let found = self.start();
                self.open.tags = Vec::new();
                found?
            }
        };
        self.games.push(PgnGame {
            tags: open.tags,
            variant,
            start,
            moves: open.moves,
            result: open.result.unwrap_or_else(|| "*".to_string()),
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_games_from_another_program() {
        let text = "% a comment line\n[Event \"Club\"]\n[White \"A\"]\n[Result \"1-0\"]\n\n\
            1.e4 e5 {the open game} 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 $1 3.Bb5!? a6\n\
            ; rest of line\n4. Ba4 1-0\n\n[Event \"Next\"]\n[Variant \"quickchess\"]\n\n1. b3 d4 *\n";
        let games = read_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        let uci: Vec<String> = {
            let mut p = games[0].start;
            games[0]
                .moves
                .iter()
                .map(|m| {
                    let u = p.uci(m);
                    p = p.play_unchecked(*m);
                    u
                })
                .collect()
        };
        assert_eq!(
            uci,
            ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"]
        );
        assert_eq!(games[0].result, "1-0");
        assert_eq!(games[0].tag("Event"), Some("Club"));
        assert_eq!(games[1].variant, Variant::QUICKCHESS);
        assert_eq!(games[1].moves.len(), 2);
        assert_eq!(games[1].result, "*");
    }

    #[test]
    fn errors_name_the_game_the_line_and_the_move() {
        let bad = "[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *\n";
        let e = read_pgn(bad).unwrap_err();
        assert_eq!((e.game, e.line), (1, 4));
        assert!(e.message.contains("`Ke3` is not legal here"), "{e}");
        let second = "1. e4 *\n\n[Variant \"crazyhouse\"]\n1. e4 *\n";
        let e = read_pgn(second).unwrap_err();
        assert_eq!(e.game, 2);
        assert!(e.message.contains("crazyhouse"), "{e}");
        assert!(read_pgn("").is_err());
        assert!(read_pgn("[Event \"x\n").is_err());
        assert!(read_pgn("1. e4 (e5 *").is_err());
        assert!(read_pgn("1. e4 ) *").is_err());
        let e = read_pgn("[FEN \"8/8/8\"]\n1. e4 *").unwrap_err();
        assert!(e.message.contains("FEN"), "{e}");
        // nothing after a mate
        let mate = "1. f3 e5 2. g4 Qh4# 3. a3 *";
        assert!(read_pgn(mate).unwrap_err().message.contains("already over"));
    }

    #[test]
    fn hostile_bytes_never_panic() {
        for text in [
            "[",
            "[\"",
            "{",
            "((((",
            "1.",
            "$$$",
            "[A \"\\",
            "\u{feff}1. e4 *",
            "]]]",
            "é ü 1-0",
        ] {
            let _ = read_pgn(text);
        }
    }
}
