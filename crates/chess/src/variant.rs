//! Every game of the QuickChess booklet and 8x8 chess, as one small value.
//!
//! A [`Variant`] is a family (which booklet game) plus options (`+blasters`, and two test
//! options for promotion); every rule the engine needs is derived from it, so the position
//! carries its variant by value and no table of variants exists at run time.

use std::fmt;

/// The booklet game a variant is based on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Box 2, Power Pawns: five pawns each.
    PowerPawns,
    /// Boxes 3-6 and 8 and their Mix & Match combinations: pawns plus the named pieces.
    Lesson(PieceSet),
    /// Box 7, Rescue the Queen: pawns only; the first pawn to reach the edge becomes a queen.
    RescueTheQueen,
    /// Box 9, full QuickChess with the box setup (R B K Q N).
    QuickChess,
    /// Full QuickChess with the older text-diagram setup (N Q K B R).
    QuickChessClassic,
    /// The classic setup with promotion to a queen only: Fairy-Stockfish's `quickchess`.
    QuickChessFsf,
    /// Box 10, Queen's Pro Formation (R N B Q K) with blasters and castling.
    QueensPro,
    /// Box 10, King's Pro Formation (K Q B N R) with blasters and castling.
    KingsPro,
    /// Box 11, Blind QuickChess: each side places its pieces unseen, then full rules.
    Blind,
    /// Box 12, traditional chess (FIDE rules, 8x8).
    Chess,
}

/// A set of the piece kinds a lesson game adds to the pawns (bits: K R B Q N).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceSet(pub u8);

impl PieceSet {
    /// The letters in box order: King's Conquest (3), Raging Rooks (4), Bishops (5),
    /// Mean Queens (6), Krazy Knights (8).
    pub const LETTERS: [char; 5] = ['K', 'R', 'B', 'Q', 'N'];

    /// Whether the set holds the kind with this letter.
    pub fn has(self, letter: char) -> bool {
        Self::LETTERS
            .iter()
            .position(|&l| l == letter)
            .is_some_and(|i| self.0 >> i & 1 == 1)
    }

    /// Whether kings take part (then they may be captured).
    pub fn has_king(self) -> bool {
        self.has('K')
    }

    fn letters(self) -> String {
        Self::LETTERS.iter().filter(|&&l| self.has(l)).collect()
    }
}

/// How a pawn that reaches the far edge changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// It does not: reaching the edge wins the lesson game.
    EdgeWins,
    /// It becomes a queen.
    QueenOnly,
    /// The player chooses a queen, rook, bishop or knight.
    AnyPiece,
    /// QuickChess rescue: one of the side's captured pieces (queen, rook, bishop or knight,
    /// counted as the start material minus the pieces on the board), or a Prince/Princess
    /// (a queen) when none was captured.
    Rescue,
    /// Rescue the Queen: the first becomes the queen, later ones any piece but a pawn or king.
    FirstQueenThenAny,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Checkmate, with check rules; draws as in FIDE chess.
    Checkmate,
    /// A lesson game: a pawn on the far edge, or every opposing piece captured; no check; the
    /// tie-break decides stuck games.
    Lesson,
    /// Rescue the Queen: capture every opposing pawn; no check; the tie-break decides.
    CapturePawns,
}

/// A variant: a booklet game and its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The game.
    pub family: Family,
    /// Pawn Blasters: a pawn on its first rank may advance two squares; en passant.
    pub blasters: bool,
    /// A test option replacing the promotion rule (`+anyprom`, `+queenprom`).
    pub promotion_override: Option<Promotion>,
}

/// An unknown or malformed variant name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// No variant has this name.
    #[error("unknown variant `{0}`: `tabula rules variants` lists them")]
    Unknown(String),
    /// A Mix & Match name with a wrong letter.
    #[error("`{0}`: a Mix & Match name lists pieces from K, R, B, Q, N, like mix:KRN")]
    BadMix(String),
    /// An unknown option.
    #[error("unknown option `+{0}`: options are +blasters, +anyprom, +queenprom")]
    UnknownOption(String),
    /// An option that does not fit the variant.
    #[error("`+{option}` does not apply to {variant}: {why}")]
    OptionDoesNotApply {
        /// The option.
        option: String,
        /// The variant.
        variant: String,
        /// Why not.
        why: &'static str,
    },
    /// The Olympics is a series of games, not a position.
    #[error(
        "`olympics` is a series of five games (rescue-the-queen+blasters, quickchess, kings-pro, queens-pro, blind), not one position"
    )]
    Series,
}

/// Name, one-line description and family of every variant, in booklet order.
pub const CATALOGUE: [(&str, &str); 19] = [
    (
        "power-pawns",
        "box 2: five pawns each; first pawn to the far edge, or capturing everything, wins",
    ),
    (
        "kings-conquest",
        "box 3: pawns + king; kings can be captured and never stand next to each other",
    ),
    ("raging-rooks", "box 4: pawns + rook"),
    ("bishops", "box 5: pawns + bishop"),
    ("mean-queens", "box 6: pawns + queen"),
    (
        "rescue-the-queen",
        "box 7: pawns; the first to the edge becomes a queen, later ones any piece; capture all pawns to win",
    ),
    ("krazy-knights", "box 8: pawns + knight"),
    (
        "mix:KRBQN",
        "Mix & Match: pawns + any of K, R, B, Q, N on their box squares (e.g. mix:KRN)",
    ),
    (
        "quickchess",
        "box 9: full QuickChess, box setup R B K Q N; checkmate; pawns rescue captured pieces",
    ),
    (
        "quickchess-classic",
        "full QuickChess with the older setup N Q K B R",
    ),
    (
        "quickchess-fsf",
        "classic setup, promotion to a queen only: exactly Fairy-Stockfish's quickchess",
    ),
    (
        "pawn-blasters",
        "box 10: Power Pawns with two-square first moves and en passant",
    ),
    (
        "queens-pro",
        "box 10: Queen's Pro Formation R N B Q K, blasters, en passant and castling",
    ),
    (
        "kings-pro",
        "box 10: King's Pro Formation K Q B N R, blasters, en passant and castling",
    ),
    (
        "blind",
        "box 11: each side places K Q R B N and five pawns on its half unseen; a coin decides who starts",
    ),
    (
        "olympics",
        "box 11: a series of five games, a win 1 point, a draw 1/2",
    ),
    ("chess", "box 12: traditional chess, FIDE rules on 8x8"),
    (
        "+blasters",
        "option for any 5x6 game: two-square first pawn moves and en passant",
    ),
    (
        "+anyprom / +queenprom",
        "test options: promote to any of Q R B N / to a queen only",
    ),
];

impl Variant {
    /// A variant of `family` without options.
    pub const fn new(family: Family) -> Variant {
        Variant {
            family,
            blasters: false,
            promotion_override: None,
        }
    }

    /// Full QuickChess (box setup).
    pub const QUICKCHESS: Variant = Variant::new(Family::QuickChess);
    /// FIDE chess.
    pub const CHESS: Variant = Variant::new(Family::Chess);

    /// Parses a name like `quickchess`, `mix:KRN`, `quickchess-classic+blasters`.
    pub fn parse(text: &str) -> Result<Variant, VariantError> {
        let mut parts = text.trim().split('+');
        let base = parts.next().unwrap_or_default();
        let mut v = match base {
            "power-pawns" => Variant::new(Family::PowerPawns),
            "kings-conquest" => Variant::new(Family::Lesson(PieceSet(0b00001))),
            "raging-rooks" => Variant::new(Family::Lesson(PieceSet(0b00010))),
            "bishops" => Variant::new(Family::Lesson(PieceSet(0b00100))),
            "mean-queens" => Variant::new(Family::Lesson(PieceSet(0b01000))),
            "krazy-knights" => Variant::new(Family::Lesson(PieceSet(0b10000))),
            "rescue-the-queen" => Variant::new(Family::RescueTheQueen),
            "quickchess" => Variant::new(Family::QuickChess),
            "quickchess-classic" => Variant::new(Family::QuickChessClassic),
            "quickchess-fsf" => Variant::new(Family::QuickChessFsf),
            "pawn-blasters" => Variant {
                blasters: true,
                ..Variant::new(Family::PowerPawns)
            },
            "queens-pro" => Variant::new(Family::QueensPro),
            "kings-pro" => Variant::new(Family::KingsPro),
            "blind" => Variant::new(Family::Blind),
            "chess" => Variant::new(Family::Chess),
            "olympics" => return Err(VariantError::Series),
            mix if mix.starts_with("mix:") => {
                let letters = &mix[4..];
                let mut bits = 0u8;
                for c in letters.chars() {
                    let i = PieceSet::LETTERS
                        .iter()
                        .position(|&l| l == c.to_ascii_uppercase())
                        .ok_or_else(|| VariantError::BadMix(text.to_string()))?;
                    bits |= 1 << i;
                }
                if bits == 0 {
                    return Err(VariantError::BadMix(text.to_string()));
                }
                Variant::new(if bits == 0b00000 {
                    Family::PowerPawns
                } else {
                    Family::Lesson(PieceSet(bits))
                })
            }
            other => return Err(VariantError::Unknown(other.to_string())),
        };
        for option in parts {
            match option {
                "blasters" if v.family == Family::Chess => {
                    return Err(VariantError::OptionDoesNotApply {
                        option: option.into(),
                        variant: base.into(),
                        why: "8x8 chess already has two-square pawn moves",
                    });
                }
                "blasters" => v.blasters = true,
                "anyprom" => v.promotion_override = Some(Promotion::AnyPiece),
                "queenprom" => v.promotion_override = Some(Promotion::QueenOnly),
                other => return Err(VariantError::UnknownOption(other.to_string())),
            }
        }
        Ok(v)
    }

    /// The canonical name.
    pub fn name(&self) -> String {
        let base = match self.family {
            Family::PowerPawns if self.blasters => {
                return self.with_options("pawn-blasters", false);
            }
            Family::PowerPawns => "power-pawns".to_string(),
            Family::Lesson(set) => match set.0 {
                0b00001 => "kings-conquest".into(),
                0b00010 => "raging-rooks".into(),
                0b00100 => "bishops".into(),
                0b01000 => "mean-queens".into(),
                0b10000 => "krazy-knights".into(),
                _ => format!("mix:{}", set.letters()),
            },
            Family::RescueTheQueen => "rescue-the-queen".into(),
            Family::QuickChess => "quickchess".into(),
            Family::QuickChessClassic => "quickchess-classic".into(),
            Family::QuickChessFsf => "quickchess-fsf".into(),
            Family::QueensPro => "queens-pro".into(),
            Family::KingsPro => "kings-pro".into(),
            Family::Blind => "blind".into(),
            Family::Chess => "chess".into(),
        };
        self.with_options(&base, self.blasters && !self.has_builtin_double_step())
    }

    fn with_options(&self, base: &str, blasters: bool) -> String {
        let mut s = base.to_string();
        if blasters {
            s.push_str("+blasters");
        }
        match self.promotion_override {
            Some(Promotion::AnyPiece) => s.push_str("+anyprom"),
            Some(Promotion::QueenOnly) => s.push_str("+queenprom"),
            _ => {}
        }
        s
    }

    fn has_builtin_double_step(&self) -> bool {
        matches!(
            self.family,
            Family::QueensPro | Family::KingsPro | Family::Chess
        )
    }

    /// Whether the game is played on the 8x8 board.
    pub fn is_8x8(&self) -> bool {
        self.family == Family::Chess
    }

    /// How the game is won.
    pub fn objective(&self) -> Objective {
        match self.family {
            Family::PowerPawns | Family::Lesson(_) => Objective::Lesson,
            Family::RescueTheQueen => Objective::CapturePawns,
            _ => Objective::Checkmate,
        }
    }

    /// Whether check rules apply (a move may not leave one's own king attacked).
    pub fn has_check(&self) -> bool {
        self.objective() == Objective::Checkmate
    }

    /// Whether a pawn on its first rank may advance two squares (and en passant exists).
    pub fn double_step(&self) -> bool {
        self.blasters || self.has_builtin_double_step()
    }

    /// Whether castling exists.
    pub fn castling(&self) -> bool {
        matches!(
            self.family,
            Family::QueensPro | Family::KingsPro | Family::Chess
        )
    }

    /// The promotion rule.
    pub fn promotion(&self) -> Promotion {
        if let Some(p) = self.promotion_override {
            return p;
        }
        match self.family {
            Family::PowerPawns | Family::Lesson(_) => Promotion::EdgeWins,
            Family::RescueTheQueen => Promotion::FirstQueenThenAny,
            Family::QuickChessFsf => Promotion::QueenOnly,
            Family::Chess => Promotion::AnyPiece,
            _ => Promotion::Rescue,
        }
    }

    /// Whether pawns may stand on their own back rank (Blind QuickChess placements).
    pub fn pawns_on_back_rank(&self) -> bool {
        self.family == Family::Blind
    }

    /// The start position in FEN (Blind starts from an empty board: pieces are placed first).
    pub fn start_fen(&self) -> String {
        match self.family {
            Family::PowerPawns | Family::RescueTheQueen => {
                "5/ppppp/5/5/PPPPP/5 w - - 0 1".to_string()
            }
            Family::Lesson(set) => {
                // the box squares: R a1, B b1, K c1, Q d1, N e1 (black mirrored on rank 6)
                let order = ['R', 'B', 'K', 'Q', 'N'];
                let rank = |upper: bool| {
                    let mut s = String::new();
                    let mut empty = 0;
                    for l in order {
                        if set.has(l) {
                            if empty > 0 {
                                s.push_str(&empty.to_string());
                                empty = 0;
                            }
                            s.push(if upper { l } else { l.to_ascii_lowercase() });
                        } else {
                            empty += 1;
                        }
                    }
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                    }
                    s
                };
                format!("{}/ppppp/5/5/PPPPP/{} w - - 0 1", rank(false), rank(true))
            }
            Family::QuickChess => "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1".into(),
            Family::QuickChessClassic | Family::QuickChessFsf => {
                "nqkbr/ppppp/5/5/PPPPP/NQKBR w - - 0 1".into()
            }
            Family::QueensPro => "rnbqk/ppppp/5/5/PPPPP/RNBQK w Qq - 0 1".into(),
            Family::KingsPro => "kqbnr/ppppp/5/5/PPPPP/KQBNR w Kk - 0 1".into(),
            Family::Blind => "5/5/5/5/5/5 w - - 0 1".into(),
            Family::Chess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        }
    }

    /// The pieces a side starts with besides pawns and the king, for the rescue rule:
    /// counts of queen, rook, bishop, knight.
    pub fn start_material(&self) -> [u8; 4] {
        match self.family {
            Family::Chess => [1, 2, 2, 2],
            Family::PowerPawns | Family::RescueTheQueen => [0; 4],
            Family::Lesson(set) => [
                set.has('Q') as u8,
                set.has('R') as u8,
                set.has('B') as u8,
                set.has('N') as u8,
            ],
            _ => [1, 1, 1, 1],
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::parse(s)
    }
}

/// The games of the QuickChess Olympics, in order.
pub fn olympics() -> [Variant; 5] {
    [
        Variant {
            blasters: true,
            ..Variant::new(Family::RescueTheQueen)
        },
        Variant::new(Family::QuickChess),
        Variant::new(Family::KingsPro),
        Variant::new(Family::QueensPro),
        Variant::new(Family::Blind),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "power-pawns",
            "kings-conquest",
            "raging-rooks",
            "bishops",
            "mean-queens",
            "rescue-the-queen",
            "krazy-knights",
            "mix:KRN",
            "mix:KRBQN",
            "quickchess",
            "quickchess-classic",
            "quickchess-fsf",
            "pawn-blasters",
            "queens-pro",
            "kings-pro",
            "blind",
            "chess",
            "quickchess-classic+blasters",
            "quickchess+anyprom",
            "queens-pro+queenprom",
            "rescue-the-queen+blasters",
        ] {
            assert_eq!(Variant::parse(name).unwrap().name(), name);
        }
        assert_eq!(Variant::parse("mix:nrk").unwrap().name(), "mix:KRN");
        assert_eq!(
            Variant::parse("power-pawns+blasters").unwrap().name(),
            "pawn-blasters"
        );
        assert!(matches!(
            Variant::parse("mix:KX"),
            Err(VariantError::BadMix(_))
        ));
        assert!(matches!(
            Variant::parse("crazyhouse"),
            Err(VariantError::Unknown(_))
        ));
        assert!(matches!(
            Variant::parse("quickchess+fast"),
            Err(VariantError::UnknownOption(_))
        ));
        assert!(matches!(
            Variant::parse("chess+blasters"),
            Err(VariantError::OptionDoesNotApply { .. })
        ));
        assert_eq!(Variant::parse("olympics"), Err(VariantError::Series));
    }

    #[test]
    fn lesson_setups_use_the_box_squares() {
        assert_eq!(
            Variant::parse("raging-rooks").unwrap().start_fen(),
            "r4/ppppp/5/5/PPPPP/R4 w - - 0 1"
        );
        assert_eq!(
            Variant::parse("kings-conquest").unwrap().start_fen(),
            "2k2/ppppp/5/5/PPPPP/2K2 w - - 0 1"
        );
        assert_eq!(
            Variant::parse("mix:KRN").unwrap().start_fen(),
            "r1k1n/ppppp/5/5/PPPPP/R1K1N w - - 0 1"
        );
        assert_eq!(
            Variant::parse("mix:KRBQN").unwrap().start_fen(),
            Variant::QUICKCHESS.start_fen()
        );
    }
}
