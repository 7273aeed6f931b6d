//! Reading a move in standard algebraic notation (`Nf3`, `exd6`, `a6=R`, `O-O`, `Qxe5+`).
//!
//! A SAN move is matched against the position's legal moves by its parts (the piece, the
//! origin's file or rank when given, the destination, the promotion), not by comparing text:
//! games written by other programs over-specify an origin (`Ngf3`), leave out the `x` or the
//! `=`, or write castling with zeros, and each of these still names one legal move.

use crate::{AnyPosition, Move, MoveKind, Role};
use std::fmt;

/// Why a SAN move was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is not a move in SAN.
    Syntax(String),
    /// No legal move fits it.
    Illegal(String),
    /// Several legal moves fit it (the origin is missing).
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(s) => write!(f, "`{s}` is not a move in SAN"),
            SanError::Illegal(s) => write!(f, "`{s}` is not legal here"),
            SanError::Ambiguous(s) => write!(f, "`{s}` fits several legal moves"),
        }
    }
}

impl std::error::Error for SanError {}

/// The parts of a SAN move.
struct Parts {
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: u8,
    promotion: Option<Role>,
    /// Whether it says `x` (then it must capture; a capture without the `x` is read too).
    capture: bool,
}

/// The legal move of `p` that `text` names.
pub fn parse_san(p: &AnyPosition, text: &str) -> Result<Move, SanError> {
    let clean = text.trim_end_matches(['+', '#', '!', '?']);
    let legal = p.legal_moves();
    let pick = |fits: &dyn Fn(&Move) -> bool| -> Result<Move, SanError> {
        let mut found = legal.iter().filter(|m| fits(m));
        match (found.next(), found.next()) {
            (Some(m), None) => Ok(*m),
            (None, _) => Err(SanError::Illegal(text.to_string())),
            (Some(_), Some(_)) => Err(SanError::Ambiguous(text.to_string())),
        }
    };
    match clean {
        "--" | "Z0" => return pick(&|m| m.kind == MoveKind::Pass),
        "O-O" | "0-0" | "O-O-O" | "0-0-0" => {
            let long = clean.len() == 5;
            return pick(&|m| match m.kind {
                MoveKind::Castle { rook_from, .. } => (rook_from < m.from) == long,
                _ => false,
            });
        }
        _ => {}
    }
    let parts = parts(p, clean).ok_or_else(|| SanError::Syntax(text.to_string()))?;
    let w = p.width();
    pick(&|m| {
        m.kind != MoveKind::Pass
            && !matches!(m.kind, MoveKind::Castle { .. })
            && m.role == parts.role
            && m.to == parts.to
            && parts.from_file.is_none_or(|f| m.from % w == f)
            && parts.from_rank.is_none_or(|r| m.from / w == r)
            && m.promotion == parts.promotion
            && (!parts.capture || m.is_capture())
    })
}

/// Splits `s` (without check and comment signs) into its parts, on `p`'s board.
fn parts(p: &AnyPosition, s: &str) -> Option<Parts> {
    let (w, h) = (p.width(), p.height());
    let mut chars: Vec<char> = s.chars().collect();
    // the promotion at the end: `=Q`, or a bare `Q` after the destination's rank
    let mut promotion = None;
    if let Some(&last) = chars.last()
        && last.is_ascii_uppercase()
    {
        promotion = Some(Role::from_char(last).filter(|r| *r != Role::Pawn)?);
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
    }
    let role = match chars.first() {
        Some(c) if c.is_ascii_uppercase() => {
            let r = Role::from_char(*c).filter(|r| *r != Role::Pawn)?;
            chars.remove(0);
            r
        }
        Some(_) => Role::Pawn,
        None => return None,
    };
    // the destination: the last file letter and the digits after it
    let digits = chars
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || chars.len() < digits + 1 {
        return None;
    }
    let rank: u8 = chars[chars.len() - digits..]
        .iter()
        .collect::<String>()
        .parse()
        .ok()?;
    let file_char = chars[chars.len() - digits - 1];
    if !file_char.is_ascii_lowercase() || rank == 0 || rank > h {
        return None;
    }
    let file = file_char as u8 - b'a';
    if file >= w {
        return None;
    }
    let to = (rank - 1) * w + file;
    // what is left: an optional origin (file, rank or both) and an optional `x`
    let mut rest: Vec<char> = chars[..chars.len() - digits - 1].to_vec();
    let capture = rest.last() == Some(&'x') || rest.last() == Some(&':');
    if capture {
        rest.pop();
    }
    let (mut from_file, mut from_rank) = (None, None);
    let mut i = 0;
    if let Some(c) = rest.first()
        && c.is_ascii_lowercase()
    {
        let f = *c as u8 - b'a';
        if f >= w {
            return None;
        }
        from_file = Some(f);
        i = 1;
    }
    if i < rest.len() {
        let r: u8 = rest[i..].iter().collect::<String>().parse().ok()?;
        if r == 0 || r > h {
            return None;
        }
        from_rank = Some(r - 1);
    }
    if role == Role::Pawn && promotion.is_none() && (rank == h || rank == 1) {
        // a pawn reaching the last rank must say what it becomes, unless the game's rule
        // leaves no choice (then the one legal move is found without it)
        return Some(Parts {
            role,
            from_file,
            from_rank,
            to,
            promotion: the_only_promotion(p, to, from_file),
            capture,
        });
    }
    Some(Parts {
        role,
        from_file,
        from_rank,
        to,
        promotion,
        capture,
    })
}

/// What a pawn arriving on `to` becomes when the position allows only one choice.
fn the_only_promotion(p: &AnyPosition, to: u8, from_file: Option<u8>) -> Option<Role> {
    let w = p.width();
    let mut roles = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.role == Role::Pawn && m.to == to && from_file.is_none_or(|f| m.from % w == f))
        .map(|m| m.promotion);
    let first = roles.next()??;
    roles.all(|r| r == Some(first)).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn chess(fen: &str) -> AnyPosition {
        AnyPosition::from_fen(Variant::CHESS, fen).unwrap()
    }

    #[test]
    fn every_legal_move_reads_back_from_its_own_san() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ] {
            let p = chess(fen);
            for m in p.legal_moves() {
                assert_eq!(parse_san(&p, &p.san(&m)), Ok(m), "{fen}: {}", p.san(&m));
            }
        }
        let q = AnyPosition::start(Variant::QUICKCHESS);
        for m in q.legal_moves() {
            assert_eq!(parse_san(&q, &q.san(&m)), Ok(m));
        }
    }

    #[test]
    fn loose_spellings_name_the_same_move() {
        let p = chess("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1");
        let castle = parse_san(&p, "O-O-O").unwrap();
        assert_eq!(parse_san(&p, "0-0-0"), Ok(castle));
        assert_eq!(p.uci(&castle), "e1c1");
        // an origin given when none is needed, and a capture without its x
        let s = chess("4k3/8/8/3p4/8/5N2/8/4K3 w - - 0 1");
        let m = parse_san(&s, "Nxd4").map_err(|e| e.to_string());
        assert!(m.is_err(), "d4 is empty: {m:?}");
        assert_eq!(s.uci(&parse_san(&s, "Nfd4").unwrap()), "f3d4");
        assert_eq!(s.uci(&parse_san(&s, "Nf3d4+!?").unwrap()), "f3d4");
        let promo = chess("8/P3k3/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(promo.uci(&parse_san(&promo, "a8Q").unwrap()), "a7a8q");
        assert_eq!(promo.uci(&parse_san(&promo, "a8=N").unwrap()), "a7a8n");
    }

    #[test]
    fn bad_moves_are_named() {
        let p = AnyPosition::start(Variant::CHESS);
        assert_eq!(parse_san(&p, "e5"), Err(SanError::Illegal("e5".into())));
        assert_eq!(parse_san(&p, "Zz9"), Err(SanError::Syntax("Zz9".into())));
        assert_eq!(parse_san(&p, "e9"), Err(SanError::Syntax("e9".into())));
        assert_eq!(parse_san(&p, ""), Err(SanError::Syntax("".into())));
        // an origin is needed only where two pieces reach the square
        let rooks = chess("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert_eq!(rooks.uci(&parse_san(&rooks, "Rd1").unwrap()), "a1d1");
        assert_eq!(rooks.uci(&parse_san(&rooks, "Rf1").unwrap()), "h1f1");
        let twin = chess("1k6/8/8/8/4K3/8/8/R6R w - - 0 1");
        assert_eq!(
            parse_san(&twin, "Rd1"),
            Err(SanError::Ambiguous("Rd1".into()))
        );
        assert_eq!(twin.uci(&parse_san(&twin, "Rhd1").unwrap()), "h1d1");
    }
}
