//! The QuickChess PGN replayed by Fairy-Stockfish (issue #29): games of the engine written as
//! PGN, read back by the PGN reader, their moves given to Debian's fairy-stockfish (with the
//! variant file) from the PGN's `FEN` tag, and its position after them compared with ours.
//! Fairy-Stockfish reads no PGN itself; what this checks is that every move the file holds is
//! the move Fairy-Stockfish plays, from the start the file names, to the same end.

use crate::common;

use common::fsf::Fsf;
use tabula_chess::engine::{Engine, Limits, Unlimited};
use tabula_chess::pgn::{WrittenMove, read_pgn, write_pgn};
use tabula_chess::{AnyPosition, Variant};

#[test]
fn fairy_stockfish_replays_our_quickchess_pgn_to_the_same_position() {
    let mut fsf = Fsf::start(&[]);
    let v = Variant::parse("quickchess-fsf").unwrap();
    for seed in 1..=3u64 {
        // a weak engine's game, long enough to reach captures and promotions
        let start = AnyPosition::start(v);
        let (mut p, mut engine) = (start, Engine::new(1));
        engine.skill = 6;
        engine.seed = seed;
        let (mut history, mut moves) = (Vec::new(), Vec::new());
        while moves.len() < 80 && p.outcome().is_none() {
            let limits = Limits {
                depth: None,
                nodes: Some(3_000),
            };
            let Some(m) = engine.search_any(&p, &history, limits, &mut Unlimited).best else {
                break;
            };
            history.push(p.hash());
            moves.push(WrittenMove {
                played: m,
                sign: None,
                comment: Vec::new(),
            });
            p = p.play_unchecked(m);
        }
        let text = write_pgn(&[("Event", "test".to_string())], &start, &moves, "*");
        let game = read_pgn(&text).unwrap().remove(0);
        assert_eq!(game.moves.len(), moves.len(), "{text}");
        let fen_tag = game
            .tags
            .iter()
            .find(|(k, _)| k == "FEN")
            .map(|(_, v)| v.clone())
            .expect("a FEN tag");
        let mut q = game.start;
        let ucis: Vec<String> = game
            .moves
            .iter()
            .map(|m| {
                let u = q.uci(m);
                q = q.play_unchecked(*m);
                u
            })
            .collect();
        fsf.say(&format!(
            "position fen {fen_tag} moves {}\nd\nisready",
            ucis.join(" ")
        ));
        let fsf_fen = fsf
            .until("readyok")
            .iter()
            .find_map(|l| l.strip_prefix("Fen: ").map(|f| f.trim().to_string()));
        let fsf_fen = fsf_fen.expect("Fairy-Stockfish's d prints the position");
        let fields = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert_eq!(fields(&fsf_fen), fields(&p.fen()), "game {seed}: {text}");
    }
}
