//! The computer's QuickChess moves: a placement in Blind QuickChess, at the strongest level a
//! move the endgame tables or the lesson solver prove best, else a search at the level's skill
//! and budget. Runs in the thinking pool, never on the async runtime.

use crate::knowledge::Knowledge;
use std::sync::Arc;
use tabula_chess::engine::{Engine, LEVELS, Limits, Score, Unlimited, level_settings};
use tabula_chess::{AnyPosition, ChessAction, Color};

/// Positions the lesson solver may value for one move of the strongest level (a few
/// seconds at most; what it solves is remembered for the game's next moves).
const TOP_LEVEL_SOLVE: u64 = crate::coach::BUDGET;

/// The computer's move at `level` in `p`, after the positions `keys` (the game's, the
/// current one last), with its random choices from `seed`.
pub(super) fn computer_move(
    p: AnyPosition,
    keys: &[u64],
    level: u8,
    seed: u64,
    knowledge: &Arc<Knowledge>,
) -> Option<ChessAction> {
    // the strongest level plays perfectly where the tables or the solver know
    let top = level >= LEVELS;
    if top && let Some(best) = knowledge.solve(&p, TOP_LEVEL_SOLVE).and_then(|v| v.best) {
        return Some(ChessAction::Move {
            player: p.turn(),
            uci: p.uci(&best),
        });
    }
    let (skill, nodes) = level_settings(level);
    let mut engine = Engine::new(8);
    if top {
        let t = &knowledge.tables;
        engine.set_tablebases(vec![Arc::clone(&t.rescue), Arc::clone(&t.queen)]);
    }
    engine.skill = skill;
    engine.seed = seed;
    let history = &keys[..keys.len().saturating_sub(1)];
    let limits = Limits {
        depth: None,
        nodes: Some(nodes),
    };
    let mut best = engine
        .search_any(&p, history, limits, &mut Unlimited)
        .best?;
    // a won opening position of a solved game: the search finds progress, the book makes
    // sure the move keeps the win
    if top && !knowledge.keeps_value(&p, best) {
        best = keeping_move(&p, knowledge)
            .or_else(|| unrefuted_move(&p, history, nodes, knowledge))
            .unwrap_or(best);
    }
    Some(ChessAction::Move {
        player: p.turn(),
        uci: p.uci(&best),
    })
}

/// A move the coach knows keeps `p`'s value.
fn keeping_move(p: &AnyPosition, knowledge: &Knowledge) -> Option<tabula_chess::Move> {
    let mini = crate::coach::lesson_with_pieces(p)?;
    knowledge.coach.keeping(&mini, 0)?.1.first().copied()
}

/// When the book lists no move that keeps `p`'s value (the moves that keep it leave the
/// book), the best by a search of each move the book does not show to lose: `None` when every
/// move is shown to. The moves share the level's budget of `nodes`, so such a turn costs at
/// most twice an ordinary one.
fn unrefuted_move(
    p: &AnyPosition,
    history: &[u64],
    nodes: u64,
    knowledge: &Knowledge,
) -> Option<tabula_chess::Move> {
    let candidates: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| knowledge.keeps_value(p, *m))
        .collect();
    let mut engine = Engine::new(8);
    let mut keys = history.to_vec();
    keys.push(p.hash());
    let limits = Limits {
        depth: None,
        nodes: Some(nodes / candidates.len().max(1) as u64 + 1),
    };
    candidates
        .into_iter()
        .map(|m| {
            let child = p.play_unchecked(m);
            // the child's value for the mover: a finished game by its winner (this move mates,
            // or the mover is mated now), else the search's score turned around
            let score = match child.outcome() {
                Some(o) => match o.winner() {
                    Some(w) if w == p.turn() => Score::Mate(1),
                    Some(_) => Score::Mate(0),
                    None => Score::Cp(0),
                },
                None => {
                    engine.new_game();
                    let report = engine
                        .search_any(&child, &keys, limits, &mut Unlimited)
                        .report;
                    report.score.flipped()
                }
            };
            (score.rank(), m)
        })
        .max_by_key(|&(rank, _)| rank)
        .map(|(_, m)| m)
}

/// The next piece a computer places in Blind QuickChess: the box setup (R B K Q N on the back
/// rank, pawns in front), in that order.
pub(super) fn blind_placement(
    setup: &tabula_chess::game::BlindSetup,
    c: Color,
) -> Option<(char, String)> {
    let placed = &setup.placed[c.index()];
    let (back, front) = match c {
        Color::White => ('1', '2'),
        Color::Black => ('6', '5'),
    };
    let plan = [
        ('R', 'a', back),
        ('B', 'b', back),
        ('K', 'c', back),
        ('Q', 'd', back),
        ('N', 'e', back),
        ('P', 'a', front),
        ('P', 'b', front),
        ('P', 'c', front),
        ('P', 'd', front),
        ('P', 'e', front),
    ];
    plan.get(placed.len())
        .map(|&(r, f, rank)| (r, format!("{f}{rank}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebases::TableSets;
    use tabula_chess::solve::memory::Table;
    use tabula_chess::{Mini, Move, Position, Variant};

    /// A seeded stream of numbers for the sampled walks (splitmix64).
    struct Walk(u64);

    impl Walk {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    fn mini(p: &AnyPosition) -> Position<Mini> {
        match p {
            AnyPosition::Mini(m) => *m,
            _ => unreachable!("lesson games are on the small board"),
        }
    }

    /// The top level's move in `p`.
    fn top_move(p: &AnyPosition, knowledge: &Arc<Knowledge>, seed: u64) -> Move {
        let Some(ChessAction::Move { uci, .. }) =
            computer_move(*p, &[p.hash()], LEVELS, seed, knowledge)
        else {
            panic!("no move in {}", p.fen());
        };
        p.parse_uci(&uci).unwrap()
    }

    /// Positions a random walk of `plies` quiet moves (no capture) reaches from `start`,
    /// the game going on.
    fn walk(start: AnyPosition, plies: usize, rng: &mut Walk) -> Option<AnyPosition> {
        let mut p = start;
        for _ in 0..plies {
            let quiet: Vec<Move> = p
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_capture())
                .collect();
            if quiet.is_empty() {
                return None;
            }
            p = p.play_unchecked(quiet[rng.below(quiet.len())]);
            if p.outcome().is_some() {
                return None;
            }
        }
        Some(p)
    }

    #[test]
    fn the_top_level_never_throws_away_a_solved_value_in_the_books() {
        // sampled openings of the games solved on the full board: random quiet walks, so
        // that the side to move is sometimes winning (the other side slipped) and sometimes
        // drawing; the move played must keep the value the book gives
        let knowledge = Arc::new(Knowledge::new(TableSets::empty()));
        let mut rng = Walk(2026);
        let (mut drawn, mut won, mut checked) = (0, 0, 0);
        for (name, _) in crate::coach::BOOKS {
            let start = AnyPosition::start(Variant::parse(name).unwrap());
            for i in 0..10 {
                let Some(p) = walk(start, 2 * i + 1, &mut rng) else {
                    continue;
                };
                let m = mini(&p);
                let (value, _) = knowledge.coach.known(&m).expect("in the book");
                match value {
                    0 => drawn += 1,
                    1 => won += 1,
                    _ => {}
                }
                let mv = top_move(&p, &knowledge, i as u64);
                let child = m.play_unchecked(mv);
                if let Some((after, _)) = knowledge.coach.known(&child) {
                    checked += 1;
                    assert!(
                        -after >= value,
                        "{name}: {} in {} ({value}) gives {}",
                        p.uci(&mv),
                        p.fen(),
                        -after
                    );
                }
            }
        }
        assert!(drawn > 0 && won > 0, "drawn {drawn}, won {won}");
        // a drawn position's move is one the book keeps the draw with (a won one's may be a
        // capture, which leaves the book: the search's progress)
        assert!(
            checked >= drawn,
            "only {checked} moves stayed in the books (drawn {drawn}, won {won})"
        );
    }

    #[test]
    fn where_no_book_move_keeps_the_win_a_move_the_book_does_not_refute_is_played() {
        // raging-rooks: Black wins, but only by moves that leave the book (captures), so the
        // book names no keeping move; an earlier search's own choice here dropped the win
        let knowledge = Arc::new(Knowledge::new(TableSets::empty()));
        let variant = Variant::parse("raging-rooks").unwrap();
        let p = AnyPosition::from_fen(variant, "1r3/1p2p/p1pp1/2P2/PP1PP/2R2 b - - 0 6").unwrap();
        let (value, _) = knowledge.coach.known(&mini(&p)).expect("in the book");
        assert_eq!(value, 1, "the book gives the side to move a win");
        assert_eq!(keeping_move(&p, &knowledge), None, "no book move keeps it");
        let refuted = p
            .legal_moves()
            .into_iter()
            .filter(|m| !knowledge.keeps_value(&p, *m))
            .count();
        assert!(refuted > 0, "some moves are shown to throw the win away");
        let (_, nodes) = level_settings(LEVELS);
        let chosen = unrefuted_move(&p, &[], nodes, &knowledge).expect("a move is left");
        assert!(
            knowledge.keeps_value(&p, chosen),
            "{} drops the win",
            p.uci(&chosen)
        );
        let played = top_move(&p, &knowledge, 1);
        assert!(
            knowledge.keeps_value(&p, played),
            "the top level plays {}",
            p.uci(&played)
        );
    }

    #[test]
    fn the_top_level_plays_perfectly_in_small_endings() {
        // small endings solved in memory by the coach: every move of the top level keeps
        // the value, checked against a table solved afresh for the position after it
        let knowledge = Arc::new(Knowledge::new(TableSets::empty()));
        let mut rng = Walk(7);
        let mut seen = [0usize; 3];
        for (variant, fen) in [
            ("raging-rooks", "r4/pp3/5/5/PP3/R4 w - - 0 1"),
            ("kings-conquest", "2k2/p4/5/5/3P1/2K2 w - - 0 1"),
            ("krazy-knights", "1n3/p3p/5/5/P3P/3N1 w - - 0 1"),
        ] {
            let start = AnyPosition::from_fen(Variant::parse(variant).unwrap(), fen).unwrap();
            for i in 0..6 {
                let Some(p) = walk(start, i, &mut rng) else {
                    continue;
                };
                let m = mini(&p);
                let own = Table::solve(&m, 20_000_000).unwrap();
                let value = own.value(&m).unwrap();
                seen[(value + 1) as usize] += 1;
                let mv = top_move(&p, &knowledge, i as u64);
                let child = m.play_unchecked(mv);
                let after = -Table::solve(&child, 20_000_000)
                    .unwrap()
                    .value(&child)
                    .unwrap();
                assert_eq!(after, value, "{variant}: {} in {}", p.uci(&mv), p.fen());
            }
        }
        assert!(seen[1] + seen[2] > 0, "a drawn or won position: {seen:?}");
    }
}
