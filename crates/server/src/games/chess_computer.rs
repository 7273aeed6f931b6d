//! The computer's QuickChess moves: a placement in Blind QuickChess, at the strongest level a
//! move the endgame tables or the lesson solver prove best, else a search at the level's skill
//! and budget. Runs in the thinking pool, never on the async runtime.

use crate::knowledge::Knowledge;
use std::sync::Arc;
use tabula_chess::engine::{Engine, LEVELS, Limits, Unlimited, level_settings};
use tabula_chess::{AnyPosition, ChessAction, Color};

/// Positions the lesson solver may value for one move of the strongest level (a few
/// seconds at most; what it solves is remembered for the game's next moves).
const TOP_LEVEL_SOLVE: u64 = 3_000_000;

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
    let best = engine
        .search_any(&p, history, limits, &mut Unlimited)
        .best?;
    Some(ChessAction::Move {
        player: p.turn(),
        uci: p.uci(&best),
    })
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
