//! The rules of RULES.md section 4 on hand-built positions.

use tabula_chess::{
    AnyPosition, Color, DrawReason, Move, Outcome, TieBreakCause, Variant, WinReason,
};

fn pos(variant: &str, fen: &str) -> AnyPosition {
    AnyPosition::from_fen(Variant::parse(variant).unwrap(), fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_from(p: &AnyPosition, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.uci(m))
        .filter(|u| u.starts_with(from))
        .collect();
    v.sort();
    v
}

// --- the rescue rule -----------------------------------------------------------------------

#[test]
fn a_pawn_rescues_each_captured_kind_white() {
    // White has lost only its rook: the pawn on e5 can only become a rook.
    let p = pos("quickchess", "rbk2/4P/5/5/5/1BKQN w - - 0 1");
    assert_eq!(moves_from(&p, "e5"), ["e5e6r"]);
    let e = p.play_uci("e5e6q").unwrap_err();
    assert!(e.message.contains("may become only: r"), "{}", e.message);
    // Lost the rook and the knight: either.
    let p = pos("quickchess", "rbk2/4P/5/5/5/1BKQ1 w - - 0 1");
    assert_eq!(moves_from(&p, "e5"), ["e5e6n", "e5e6r"]);
    // Lost everything but the king: queen, rook, bishop or knight.
    let p = pos("quickchess", "rbk2/4P/5/5/5/2K2 w - - 0 1");
    assert_eq!(moves_from(&p, "e5"), ["e5e6b", "e5e6n", "e5e6q", "e5e6r"]);
}

#[test]
fn nothing_captured_gives_a_prince_and_black_rescues_too() {
    // White still has Q R B N: the pawn becomes a Prince, written as a queen.
    let p = pos("quickchess", "1bk2/P4/5/5/5/RBKQN w - - 0 1");
    assert_eq!(moves_from(&p, "a5"), ["a5a6q", "a5b6q"]);
    // Black lost its queen and bishop; its pawn on b2 rescues either, taking the rook on a1.
    let p = pos("quickchess", "r1k1n/5/5/5/1p3/RB1QK b - - 0 1");
    assert_eq!(moves_from(&p, "b2"), ["b2a1b", "b2a1q"]);
    // Only the knight missing: only a knight.
    let p = pos("quickchess", "rbkq1/5/5/5/1p3/RB1QK b - - 0 1");
    assert_eq!(moves_from(&p, "b2"), ["b2a1n"]);
    // Nothing missing: a prince.
    let p = pos("quickchess", "rbkqn/5/5/5/1p3/RB1QK b - - 0 1");
    assert_eq!(moves_from(&p, "b2"), ["b2a1q"]);
    // After a rescue the rescued kind is back on the board.
    let p = pos("quickchess", "rbk2/4P/5/5/5/1BKQN w - - 0 1");
    let after = p.play_uci("e5e6r").unwrap();
    assert!(after.fen().starts_with("rbk1R/"), "{}", after.fen());
    assert_eq!(
        after.promotion_roles(Color::White),
        vec![tabula_chess::Role::Queen],
        "nothing missing now: a prince"
    );
    // SAN shows the rescue (and the check it gives along the rank)
    assert_eq!(p.san(&p.parse_uci("e5e6r").unwrap()), "e6=R+");
}

#[test]
fn fairy_stockfish_rules_promote_to_a_queen_only() {
    let p = pos("quickchess-fsf", "rbk2/4P/5/5/5/1BKQN w - - 0 1");
    assert_eq!(moves_from(&p, "e5"), ["e5e6q"]);
}

// --- lesson games --------------------------------------------------------------------------

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        reason,
        tie_break: None,
    })
}

#[test]
fn a_pawn_on_the_far_edge_wins_a_lesson_game() {
    let p = pos("power-pawns", "5/P1ppp/5/5/1PPPP/5 w - - 0 1");
    assert_eq!(
        moves_from(&p, "a5"),
        ["a5a6"],
        "no promotion piece: reaching the edge wins"
    );
    let after = p.play_uci("a5a6").unwrap();
    assert_eq!(
        after.outcome(),
        win(Color::White, WinReason::PawnReachedEdge)
    );
    assert!(
        after.legal_moves().is_empty(),
        "a decided game has no moves"
    );
    // by a capture too
    let p = pos("raging-rooks", "1r3/P1ppp/5/5/1PPPP/R4 w - - 0 1");
    let after = p.play_uci("a5b6").unwrap();
    assert_eq!(
        after.outcome(),
        win(Color::White, WinReason::PawnReachedEdge)
    );
}

#[test]
fn capturing_every_piece_wins() {
    let p = pos("krazy-knights", "5/5/2p2/5/1N3/5 w - - 0 1");
    let after = p.play_uci("b2c4").unwrap();
    assert_eq!(
        after.outcome(),
        win(Color::White, WinReason::AllPiecesCaptured)
    );
}

#[test]
fn deadlocked_pawns_go_to_the_tie_breaks() {
    // Nobody can move: level pawns, equally advanced: a draw.
    let p = pos("power-pawns", "5/5/p4/P4/5/5 w - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TieBreakLevel,
            tie_break: Some(TieBreakCause::Deadlock)
        })
    );
    // Equally advanced, but white has more pawns.
    let p = pos("power-pawns", "5/5/p4/P4/P4/5 b - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::TieBreakMorePawns,
            tie_break: Some(TieBreakCause::Deadlock)
        })
    );
    // Black's pawn is nearer its goal (c3: two ranks from rank 1) than white's (a3 or c2).
    let p = pos("power-pawns", "5/5/p4/P1p2/2P2/5 w - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::TieBreakAdvancedPawn,
            tie_break: Some(TieBreakCause::Deadlock)
        })
    );
    // Fifty moves without a capture or pawn move also go to the tie-break [ours].
    let p = pos("raging-rooks", "r4/p4/P4/5/5/R4 w - - 100 80");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::TieBreakAdvancedPawn,
            tie_break: Some(TieBreakCause::FiftyMoves)
        })
    );
}

#[test]
fn a_side_without_a_move_passes_while_the_other_can_move() {
    // Issue #22: white's only pawn is blocked, black's e-pawn can still run. The game goes on:
    // white passes (0000, SAN --) and black moves.
    let p = pos("power-pawns", "5/p3p/P4/5/5/5 w - - 0 1");
    assert_eq!(p.outcome(), None, "the tie-break must not decide yet");
    let moves = p.legal_moves();
    assert_eq!(moves, [Move::PASS], "white's only move is the pass");
    assert_eq!(p.uci(&moves[0]), "0000");
    assert_eq!(p.san(&moves[0]), "--");
    let after = p.play_uci("0000").unwrap();
    assert_eq!(after.fen(), "5/p3p/P4/5/5/5 b - - 1 1");
    assert_eq!(moves_from(&after, "e5"), ["e5e4"]);
    // ... and black's pawn runs home while white keeps passing
    let mut g = after;
    for m in ["e5e4", "0000", "e4e3", "0000", "e3e2", "0000", "e2e1"] {
        g = g
            .play_uci(m)
            .unwrap_or_else(|e| panic!("{m}: {}", e.message));
    }
    assert_eq!(g.outcome(), win(Color::Black, WinReason::PawnReachedEdge));
    // a side with a move may not pass, and checkmate games know no pass
    let e = p.play_uci("a4a5").unwrap_err();
    assert!(
        e.message.contains("no legal move and passes"),
        "{}",
        e.message
    );
    let e = after.play_uci("0000").unwrap_err();
    assert!(
        e.message.contains("black has a legal move"),
        "{}",
        e.message
    );
    let q = pos("quickchess", "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1");
    let e = q.play_uci("0000").unwrap_err();
    assert!(e.message.contains("no passing"), "{}", e.message);
    // the pass is a position of its own: the key changes with the side to move
    assert_ne!(p.hash(), after.hash());
}

#[test]
fn a_pass_with_pieces_on_the_board_and_in_rescue_the_queen() {
    // King's Conquest: white's pawn is blocked and its king hemmed in by its own pawn and the
    // other king's respect (b1 and b2 touch the black king); black's king can move.
    let p = pos("kings-conquest", "5/5/5/p4/P1k2/K4 w - - 0 1");
    assert_eq!(p.legal_moves(), [Move::PASS]);
    assert_eq!(p.outcome(), None);
    // Rescue the Queen (box 7) follows the same rule
    let p = pos("rescue-the-queen", "5/p3p/P4/5/5/5 w - - 0 1");
    assert_eq!(p.legal_moves(), [Move::PASS]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn neither_side_able_to_move_goes_to_the_tie_break() {
    // All pawns deadlocked (a3 against a4, c4 against c5, nothing to capture): white's most
    // advanced pawn, c4, is two ranks from rank 6, black's, a4, three from rank 1.
    let p = pos("power-pawns", "5/2p2/p1P2/P4/5/5 w - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::TieBreakAdvancedPawn,
            tie_break: Some(TieBreakCause::Deadlock)
        })
    );
}

#[test]
fn kings_can_be_captured_and_never_stand_side_by_side() {
    // Mutual respect: the white king on c3 may not step next to the black king on c5.
    let p = pos("kings-conquest", "5/2k2/5/2K2/5/5 w - - 0 1");
    assert_eq!(
        moves_from(&p, "c3"),
        ["c3b2", "c3b3", "c3c2", "c3d2", "c3d3"]
    );
    // A pawn captures the king; black still has a pawn, so the game goes on.
    let p = pos("kings-conquest", "5/p4/5/2k2/1P3/2K2 w - - 0 1");
    let after = p.play_uci("b2c3").unwrap();
    assert!(
        after.fen().starts_with("5/p4/5/2P2/5/2K2"),
        "{}",
        after.fen()
    );
    assert_eq!(after.outcome(), None);
    // ... and taking the last piece wins
    let p = pos("kings-conquest", "5/5/5/2k2/1P3/2K2 w - - 0 1");
    assert_eq!(
        p.play_uci("b2c3").unwrap().outcome(),
        win(Color::White, WinReason::AllPiecesCaptured)
    );
    // no check in lesson games: a king may stand attacked
    let p = pos("kings-conquest", "5/5/5/2k2/3P1/2K2 b - - 0 1");
    assert!(!p.is_check());
    assert!(moves_from(&p, "c3").contains(&"c3b3".to_string()));
}

#[test]
fn rescue_the_queen_first_a_queen_then_any_piece() {
    let p = pos("rescue-the-queen", "5/P1ppp/5/5/1P3/5 w - - 0 1");
    assert_eq!(moves_from(&p, "a5"), ["a5a6q"]);
    let p = p.play_uci("a5a6q").unwrap();
    assert_eq!(p.outcome(), None, "reaching the edge does not win here");
    let p = p
        .play_uci("c5c4")
        .unwrap()
        .play_uci("a6a1")
        .unwrap()
        .play_uci("c4c3")
        .unwrap();
    // white's second pawn: any piece but a pawn or king (after b3, b4, b5)
    let p = p.play_uci("b2b3").unwrap().play_uci("c3c2").unwrap();
    assert_eq!(p.promotion_roles(Color::White).len(), 4);
    assert_eq!(
        p.promotion_roles(Color::Black).len(),
        1,
        "black has not rescued yet"
    );
    // capturing every opposing pawn wins
    let q = pos("rescue-the-queen", "5/5/5/1p3/Q3P/5 w - - 0 1");
    assert_eq!(
        q.play_uci("a2b3").unwrap().outcome(),
        win(Color::White, WinReason::AllPawnsCaptured)
    );
}

// --- full QuickChess -------------------------------------------------------------------------

#[test]
fn checkmate_stalemate_and_draws_on_5x6() {
    let mate = pos("quickchess", "k4/2Q2/1K3/5/5/5 w - - 0 1");
    let m = mate.parse_uci("c5b5").unwrap();
    assert_eq!(mate.san(&m), "Qb5#");
    assert_eq!(
        mate.play_uci("c5b5").unwrap().outcome(),
        win(Color::White, WinReason::Checkmate)
    );
    let stale = pos("quickchess", "k4/2Q2/1K3/5/5/5 w - - 0 1")
        .play_uci("c5c6")
        .unwrap()
        .play_uci("a6a5");
    assert!(
        stale.is_err(),
        "a6a5 is next to... the king has no safe square"
    );
    let stalemate = pos("quickchess", "k4/5/1Q3/1K3/5/5 b - - 0 1");
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate,
            tie_break: None
        })
    );
    let bare = pos("quickchess", "k4/5/5/5/1B3/3K1 w - - 0 1");
    assert_eq!(
        bare.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial,
            tie_break: None
        })
    );
    let fifty = pos("quickchess", "k4/5/5/5/1R3/3K1 w - - 100 90");
    assert_eq!(
        fifty.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FiftyMoves,
            tie_break: None
        })
    );
    // a pinned piece may not leave the line
    let pin = pos("quickchess", "k1r2/5/5/5/2N2/2K2 w - - 0 1");
    assert!(moves_from(&pin, "c2").is_empty());
}

#[test]
fn blasters_double_steps_and_en_passant() {
    let p = AnyPosition::start(Variant::parse("quickchess-classic+blasters").unwrap());
    assert!(moves_from(&p, "c2").contains(&"c2c4".to_string()));
    let p = p.play_uci("c2c4").unwrap();
    assert!(
        p.fen().contains(" b - - 0 1"),
        "no en passant square when no pawn can take: {}",
        p.fen()
    );
    let p = pos(
        "quickchess-classic+blasters",
        "nqkbr/pp1pp/5/2P2/PP1PP/NQKBR b - - 0 1",
    );
    let after = p.play_uci("d5d3").unwrap();
    assert!(after.fen().contains(" w - d4 "), "{}", after.fen());
    let ep = after.parse_uci("c3d4").unwrap();
    assert_eq!(ep.kind, tabula_chess::MoveKind::EnPassant);
    let taken = after.play_uci("c3d4").unwrap();
    assert!(
        taken.fen().starts_with("nqkbr/pp2p/3P1/5/PP1PP/NQKBR"),
        "{}",
        taken.fen()
    );
    // plain QuickChess has neither
    let plain = AnyPosition::start(Variant::QUICKCHESS);
    assert_eq!(moves_from(&plain, "c2"), ["c2c3"]);
}

#[test]
fn castling_in_the_pro_formations() {
    // Queen's Pro: king e1 goes two squares toward the rook on a1; the rook jumps to d1.
    let p = pos("queens-pro", "r3k/ppppp/5/5/PPPPP/R3K w Qq - 0 1");
    assert!(moves_from(&p, "e1").contains(&"e1c1".to_string()));
    let after = p.play_uci("e1c1").unwrap();
    assert!(
        after.fen().starts_with("r3k/ppppp/5/5/PPPPP/2KR1 b q "),
        "{}",
        after.fen()
    );
    assert_eq!(p.san(&p.parse_uci("e1c1").unwrap()), "O-O-O");
    assert_eq!(
        p.parse_uci("e1a1").unwrap(),
        p.parse_uci("e1c1").unwrap(),
        "king takes rook means castling"
    );
    // King's Pro: king a1, rook e1: king to c1, rook to b1.
    let k = pos("kings-pro", "k3r/ppppp/5/5/PPPPP/K3R w Kk - 0 1");
    let after = k.play_uci("a1c1").unwrap();
    assert!(
        after.fen().starts_with("k3r/ppppp/5/5/PPPPP/1RK2 b k "),
        "{}",
        after.fen()
    );
    // not through an attacked square, not out of check, not after the rook has moved
    let attacked = pos("queens-pro", "r2rk/ppp1p/5/5/PPP1P/R3K w Qq - 0 1");
    assert!(
        !moves_from(&attacked, "e1").contains(&"e1c1".to_string()),
        "d1 is attacked by the d6 rook"
    );
    let moved = pos("queens-pro", "r3k/ppppp/5/5/PPPPP/R3K w Qq - 0 1")
        .play_uci("a1b1")
        .unwrap()
        .play_uci("a5a4");
    let moved = moved
        .unwrap()
        .play_uci("b1a1")
        .unwrap()
        .play_uci("a4a3")
        .unwrap();
    assert!(
        !moves_from(&moved, "e1").contains(&"e1c1".to_string()),
        "the rook has moved"
    );
}

#[test]
fn fen_errors_name_the_field_and_character() {
    let v = Variant::QUICKCHESS;
    let e = AnyPosition::from_fen(v, "rbkqn/ppxpp/5/5/PPPPP/RBKQN w - - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "FEN board (character 9): 'x' is not a piece letter (PNBRQK, pnbrqk) or a digit"
    );
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP w - - 0 1").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("FEN board (character 1): 5 ranks, expected 6"),
        "{e}"
    );
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/6/5/PPPPP/RBKQN w - - 0 1").unwrap_err();
    assert!(
        e.to_string().contains("rank 4 has more than 5 squares")
            || e.to_string().contains("rank 4 has 6 squares"),
        "{e}"
    );
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN x - - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "FEN side to move (character 29): 'x' is not w or b"
    );
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN w K - 0 1").unwrap_err();
    assert_eq!(e.field, "castling");
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN w - c4 0 1").unwrap_err();
    assert_eq!(e.field, "en passant");
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - x 1").unwrap_err();
    assert_eq!(e.field, "halfmove clock");
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBQQN w - - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "FEN position (character 1): white has 0 kings, expected one"
    );
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN b - - 0 1")
        .map(|_| ())
        .err();
    assert_eq!(e, None, "black to move at the start is legal as a position");
    let e =
        AnyPosition::from_fen(Variant::CHESS, "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1").unwrap_err();
    assert!(
        e.to_string().contains("8 for 8x8") || e.to_string().contains("ranks"),
        "{e}"
    );
}

/// Found by `tabula-fuzz fen`: a run of empty squares too long for 32 bits overflowed (a panic
/// in debug builds; in release `4294967297` wrapped to 1 and the FEN was accepted).
#[test]
fn an_empty_square_count_too_large_to_count_is_refused_not_wrapped() {
    for fen in [
        "rbkqn4294967297/ppppp/5/5/PPPPP/RBKQN w - - 0 1",
        "r1k1n/ppp4294967296pp/5/5/PPPPP/R1K1N w - - 0 1",
        "rb18446744073709551615k2/4P/5/5/5/1BKQN w - - 0 1",
    ] {
        let v = Variant::parse("quickchess").unwrap();
        let e = AnyPosition::from_fen(v, fen).unwrap_err().to_string();
        assert!(e.contains("more than 5 squares"), "{fen}: {e}");
    }
}

/// Found by `tabula-fuzz fen`: a halfmove clock of 4294967295 overflowed on the next move.
#[test]
fn clocks_beyond_any_game_are_refused() {
    let v = Variant::parse("quickchess").unwrap();
    let e = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 4294967295 1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("halfmove clock") && e.contains("at most"), "{e}");
    assert!(AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 4294967295").is_err());
    let p = AnyPosition::from_fen(v, "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 1000000 1000000").unwrap();
    assert!(!p.legal_moves().is_empty());
}

/// Found by `tabula-fuzz fen`: an en passant square on the first rank underflowed while the
/// square of the pawn in front of it was worked out.
#[test]
fn an_en_passant_square_on_the_wrong_rank_is_refused() {
    for (variant, fen) in [
        ("pawn-blasters", "5/ppppp/5/5/PPPPP/5 w - b1 0 1"),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e1 0 1",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e8 0 1",
        ),
    ] {
        let v = Variant::parse(variant).unwrap();
        let e = AnyPosition::from_fen(v, fen).unwrap_err().to_string();
        assert!(e.contains("en passant"), "{fen}: {e}");
    }
}
