//! The coach as the browser asks for it (`"coach": true` in `POST /api/chess/position`): what
//! perfect play gives in the position, what the last move did to its mover's prospects, and
//! the moves that keep the value. Computed in the thinking pool (a table may be solved).

use super::{BUDGET, Coach, compact_game};
use serde::Serialize;
use tabula_chess::{AnyPosition, Color};
use ts_rs::TS;

/// A value for one side, as clients receive it.
fn wdl(value: i8) -> &'static str {
    match value {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// What the coach says about a position (every field `null` or empty where it does not know).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct CoachView {
    /// With perfect play, for the side to move: `win`, `draw` or `loss`.
    pub value: Option<&'static str>,
    /// Where the value comes from: `book` (a game solved on the full board) or `table` (the
    /// position solved in memory).
    pub source: Option<&'static str>,
    /// What the last move did for the side that made it, where both values are known.
    pub last: Option<LastMoveView>,
    /// The moves that keep the value, best first (a winner's first makes progress where a
    /// table holds the position).
    pub keeping: Vec<CoachMove>,
}

/// The last move judged: the mover's value before it and after it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LastMoveView {
    /// `white` or `black`.
    pub mover: &'static str,
    /// The mover's value before the move (`win`, `draw`, `loss`).
    pub before: &'static str,
    /// The mover's value after it: lower than `before` when the move threw something away.
    pub after: &'static str,
}

/// A move in both notations.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct CoachMove {
    /// In UCI, as a board plays it.
    pub uci: String,
    /// In SAN, as people read it.
    pub san: String,
}

/// The coach's view of `now`, reached from `before` by the last move (if any). Seconds at
/// most (a table of up to [`BUDGET`] positions): call from the thinking pool.
pub fn coach_view(coach: &Coach, before: Option<&AnyPosition>, now: &AnyPosition) -> CoachView {
    let Some(p) = compact_game(now) else {
        return CoachView {
            value: None,
            source: None,
            last: None,
            keeping: Vec::new(),
        };
    };
    let value = coach.value(&p, BUDGET);
    let last = before.and_then(|b| {
        let was = coach.value(&compact_game(b)?, BUDGET)?.0;
        let after = -value?.0;
        Some(LastMoveView {
            mover: if p.turn() == Color::White {
                "black"
            } else {
                "white"
            },
            before: wdl(was),
            after: wdl(after),
        })
    });
    let keeping = match value {
        Some(_) if p.outcome().is_none() => coach
            .keeping(&p, BUDGET)
            .map(|(_, moves)| moves)
            .unwrap_or_default()
            .into_iter()
            .map(|m| CoachMove {
                uci: p.uci(&m),
                san: p.san(&m),
            })
            .collect(),
        _ => Vec::new(),
    };
    CoachView {
        value: value.map(|(v, _)| wdl(v)),
        source: value.map(|(_, s)| s.name()),
        last,
        keeping,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_chess::Variant;

    #[test]
    fn a_move_that_throws_the_draw_away_is_named() {
        let coach = Coach::new();
        let start = AnyPosition::start(Variant::parse("kings-conquest").unwrap());
        let view = coach_view(&coach, None, &start);
        assert_eq!(view.value, Some("draw"));
        assert_eq!(view.source, Some("book"));
        assert!(!view.keeping.is_empty());
        // a move that loses the draw, a few plies in (the book knows every opening position)
        let mut frontier = vec![start];
        let mut thrown = None;
        'search: for _ in 0..4 {
            let mut next = Vec::new();
            for p in frontier.iter().take(200) {
                for m in p.legal_moves() {
                    let after = p.play_unchecked(m);
                    let v = coach_view(&coach, None, &after);
                    if v.value == Some("win") {
                        thrown = Some((*p, after));
                        break 'search;
                    }
                    if v.value.is_some() {
                        next.push(after);
                    }
                }
            }
            frontier = next;
        }
        let (before, after) = thrown.expect("a draw-losing move within four plies");
        let mover = if before.turn() == Color::White {
            "white"
        } else {
            "black"
        };
        let v = coach_view(&coach, Some(&before), &after);
        assert_eq!(
            v.last,
            Some(LastMoveView {
                mover,
                before: "draw",
                after: "loss"
            })
        );
        assert_eq!(v.value, Some("win"), "the opponent now wins");
        assert!(!v.keeping.is_empty() || v.source == Some("book"));
        // a kept move is said so too
        let kept = start.play_uci(&view.keeping[0].uci).unwrap();
        let v = coach_view(&coach, Some(&start), &kept);
        assert_eq!(v.last.map(|l| (l.before, l.after)), Some(("draw", "draw")));
        // 8x8 chess: nothing known
        let chess = AnyPosition::start(Variant::parse("chess").unwrap());
        assert_eq!(coach_view(&coach, None, &chess).value, None);
    }
}
