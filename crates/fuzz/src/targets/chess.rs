//! FEN and UCI moves of every QuickChess variant and 8x8 chess.

use super::{choose, text};
use crate::Target;
use tabula_chess::{AnyPosition, Variant};

const VARIANTS: [&str; 12] = [
    "power-pawns",
    "kings-conquest",
    "raging-rooks",
    "rescue-the-queen",
    "mix:KRN",
    "quickchess",
    "quickchess-fsf",
    "queens-pro",
    "kings-pro",
    "blind",
    "quickchess+blasters",
    "chess",
];

/// A position in FEN: parsed; a position that parses writes a FEN that parses to the same
/// position, and every legal move is written, read back and played.
pub struct Fen;

impl Target for Fen {
    fn name(&self) -> &'static str {
        "fen"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds = Vec::new();
        for (i, name) in VARIANTS.iter().enumerate() {
            if let Ok(v) = Variant::parse(name)
                && v.family != tabula_chess::Family::Blind
            {
                let mut s = vec![i as u8];
                s.extend(v.start_fen().bytes());
                seeds.push(s);
            }
        }
        let mut quiet = vec![5u8];
        quiet.extend(b"rbk2/4P/5/5/5/1BKQN w - - 0 1");
        seeds.push(quiet);
        let mut ep = vec![11u8];
        ep.extend(b"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        seeds.push(ep);
        seeds
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "/", " w ", " b ", " - ", "KQkq", "Qq", "8", "5", "P", "p", "k", "K", " 0 1", "e3",
            "f6",
        ]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        let (i, rest) = choose(data, VARIANTS.len());
        let variant = Variant::parse(VARIANTS[i]).map_err(|e| e.to_string())?;
        let fen = text(rest);
        let Ok(p) = AnyPosition::from_fen(variant, &fen) else {
            return Ok(());
        };
        let written = p.fen();
        let again = AnyPosition::from_fen(variant, &written).map_err(|e| {
            format!("`{fen}` was read, but its own FEN `{written}` is refused: {e}")
        })?;
        if again.hash() != p.hash() || again.fen() != written {
            return Err(format!(
                "`{written}` does not read back as the same position"
            ));
        }
        let _ = p.outcome();
        for m in p.legal_moves() {
            let uci = p.uci(&m);
            let _ = p.san(&m);
            let read = p
                .parse_uci(&uci)
                .map_err(|e| format!("{written}: the legal move {uci} is refused: {e}"))?;
            if read != m {
                return Err(format!("{written}: {uci} reads back as another move"));
            }
            let _ = p.play_unchecked(m).fen();
        }
        // and a move typed from the rest of the input
        let _ = p.parse_uci(fen.get(fen.len().saturating_sub(5)..).unwrap_or(""));
        Ok(())
    }
}
