//! Perft against the reference table (`tests/data/perft.tsv`: Fairy-Stockfish, pyffish, an
//! independent generator and Stockfish; `tests/data/README.md` says which counted what) and
//! against shakmaty for 8x8 chess.
//!
//! The table's variant names map to ours by the rules each engine counted with:
//! Fairy-Stockfish's `quickchess`, `quickchess-blasters` and `quickchess-pro` promote to a queen
//! only, so they are `quickchess-fsf`, `quickchess-fsf+blasters` and `queens-pro+queenprom`
//! (our `queens-pro` rescues, which changes the counts from depth 7); `quickchess-rescue` is the
//! booklet's rescue rule (`quickchess-classic`); `quickchess-anyprom` is `+anyprom`.
//!
//! `cargo test` checks every row up to a node cap; `scripts/test.sh --full` (or `cargo test
//! --release -p tabula-chess --test chess perft:: -- --ignored`) checks the whole table,
//! 14.6 billion nodes.

use tabula_chess::{AnyPosition, Variant};

const CAP: u64 = 1_500_000;

fn ours(table_variant: &str) -> Option<&'static str> {
    Some(match table_variant {
        "quickchess" => "quickchess-fsf",
        "quickchess-rescue" => "quickchess-classic",
        "quickchess-anyprom" => "quickchess-classic+anyprom",
        "quickchess-blasters" => "quickchess-fsf+blasters",
        "quickchess-pro" => "queens-pro+queenprom",
        "chess-8x8" => "chess",
        _ => return None,
    })
}

fn rows() -> Vec<(String, String, u32, u64, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.tsv");
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("the reference table {path}: {e}"));
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
                f[4].to_string(),
            )
        })
        .collect()
}

fn check(max_nodes: u64) -> usize {
    let mut checked = 0;
    for (variant, fen, depth, nodes, engine) in rows() {
        if nodes > max_nodes {
            continue;
        }
        let name = ours(&variant).unwrap_or_else(|| panic!("unmapped table variant {variant}"));
        let pos = AnyPosition::from_fen(Variant::parse(name).unwrap(), &fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            pos.perft(depth),
            nodes,
            "{variant} (ours: {name}) {fen} depth {depth}, counted by {engine}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn reference_table_up_to_the_cap() {
    assert!(check(CAP) > 200, "most rows are small enough for every run");
}

#[test]
#[ignore = "billions of nodes: run with cargo test --release -- --ignored"]
fn reference_table_in_full() {
    check(u64::MAX);
}

#[test]
fn rescue_rule_counts_differ_from_queen_only_only_where_they_should() {
    // The rescue rule changes only what a promotion becomes, so the counts agree at every
    // depth too shallow for a pawn to promote and differ at the first depth where one can.
    let count = |variant: &str, fen: &str, depth| {
        AnyPosition::from_fen(Variant::parse(variant).unwrap(), fen)
            .unwrap()
            .perft(depth)
    };
    let same_until_different = |rescue: &str, queen_only: &str, fen: &str, first: u32| {
        for depth in 1..first {
            assert_eq!(
                count(rescue, fen, depth),
                count(queen_only, fen, depth),
                "{rescue} and {queen_only} from {fen} at depth {depth}, before any promotion"
            );
        }
        assert_ne!(
            count(rescue, fen, first),
            count(queen_only, fen, first),
            "{rescue} and {queen_only} from {fen} at depth {first}, where pawns promote"
        );
    };
    // From the start a white pawn needs four steps, so the first promotion is at ply 7, and
    // with nothing captured by then the rescue rule gives a queen-equal piece, as queen-only
    // does: the first difference is at depth 8 (42,490,160 against 42,490,085, both in the
    // table and checked by the full run).
    same_until_different(
        "quickchess-classic",
        "quickchess-fsf",
        "nqkbr/ppppp/5/5/PPPPP/NQKBR w - - 0 1",
        8,
    );
    // With two-square first moves a pawn promotes sooner: the Pro Formation test setup
    // differs from depth 7.
    same_until_different(
        "queens-pro",
        "queens-pro+queenprom",
        "rnbqk/ppppp/5/5/PPPPP/RNBQK w Qq - 0 1",
        7,
    );
}

/// 8x8 chess against shakmaty on the usual perft positions.
#[test]
fn chess_perft_equals_shakmaty() {
    use shakmaty::{CastlingMode, Chess, fen::Fen};
    let positions = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ), // Kiwipete
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            3,
        ),
        ("8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3", 4), // en passant out of check
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4), // en passant would expose the king
        ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 5),  // the discovered en passant pin
        ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 5),
        ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 3), // castling through attacks
        ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 3),
        ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 4), // promotion out of check
        ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 5),
        ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6), // stalemates
        ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 6),
        ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 3), // double check
    ];
    for (fen, depth) in positions {
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        let ours = AnyPosition::from_fen(Variant::CHESS, fen).unwrap();
        for d in 1..=depth {
            assert_eq!(
                ours.perft(d),
                shakmaty::perft(&theirs, d),
                "{fen} depth {d}"
            );
        }
    }
}

/// Random games: at every position the legal moves (in UCI) are exactly shakmaty's.
#[test]
fn chess_legal_moves_equal_shakmaty_along_random_games() {
    use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};
    use tabula_core::rng::{Rng, seeded};
    let mut rng = seeded(42);
    for game in 0..60 {
        let mut ours = AnyPosition::start(Variant::CHESS);
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut theirs: Chess = Fen::from_ascii(start.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        for ply in 0..200 {
            let mut a: Vec<String> = ours.legal_moves().iter().map(|m| ours.uci(m)).collect();
            let mut b: Vec<String> = theirs
                .legal_moves()
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
            a.sort();
            b.sort();
            assert_eq!(a, b, "game {game} ply {ply}: {}", ours.fen());
            if a.is_empty() {
                break;
            }
            let pick = &a[rng.random_range(0..a.len())];
            ours = ours.play_uci(pick).unwrap();
            let m = pick
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&theirs)
                .unwrap();
            theirs.play_unchecked(&m);
            let their_fen =
                Fen::from_position(theirs.clone(), shakmaty::EnPassantMode::Legal).to_string();
            assert_eq!(ours.fen(), their_fen, "FEN after {pick}");
        }
    }
}
