//! `POST /api/querni/coach`: what best play gives in a Querni position, where the proof search
//! ([`tabula_querni::proof`]) proves it: which side forces its win and in how many of its own
//! turns, what the last turn did to its mover's win, and the turns that keep a win.
//!
//! The search runs in the thinking pool (off the async runtime, a bounded number at once)
//! within a second at most, so the coach cannot starve the games; far from the end it proves
//! nothing and says so.

use crate::error::{ApiError, Invalid};
use crate::thinking::{Asker, Thinking};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use tabula_querni::proof::{Proof, Verdict, judge, keeping_turns, prove_until};
use tabula_querni::{Position, Side};
use ts_rs::TS;

/// The most own turns the coach searches for each side: beyond it a second rarely proves.
pub const COACH_TURNS: u8 = 6;

/// The longest the coach thinks about a position (the last turn's position as much again).
const MAX_MS: u64 = 1_000;

/// The request.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct QuerniCoachQuery {
    /// The position (RULES.md notation).
    position: String,
    /// The position before the last turn, to judge that turn.
    #[serde(default)]
    #[ts(optional = nullable)]
    before: Option<String>,
    /// Think at most this long (milliseconds, up to 1,000: the default).
    #[serde(default)]
    #[ts(optional = nullable)]
    ms: Option<u64>,
}

/// A forced win.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
pub struct ForcedWin {
    /// The side that forces it.
    pub winner: Side,
    /// In how many of its own turns (the one it plays now included when it is to move).
    pub turns: u8,
}

/// What the coach says about a position.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct QuerniCoachView {
    /// The forced win, where one is proved.
    pub win: Option<ForcedWin>,
    /// Without a win: the own turns searched for each side.
    pub within: u8,
    /// Without a win: whether every line to that depth was searched (no side forces a win
    /// within `within` turns), or the time ran out first.
    pub complete: bool,
    /// The last turn judged, where the position before it was given and held its mover's
    /// forced win.
    pub last: Option<QuerniLastTurn>,
    /// The turns of the side to move that keep its win (empty when it has none).
    pub keeping: Vec<String>,
}

/// What the last turn did to the forced win its mover had.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct QuerniLastTurn {
    /// Who played it.
    pub mover: Side,
    /// The mover's forced win before it.
    pub before: ForcedWin,
    /// Whether the mover's win was kept (one turn nearer); `false` for a turn that lost it.
    pub kept: bool,
}

/// The proof of `pos` within `ms`.
fn proved(pos: &Position, ms: u64) -> Proof {
    let started = Instant::now();
    let limit = Duration::from_millis(ms);
    prove_until(pos, COACH_TURNS, u64::MAX, &mut || {
        started.elapsed() >= limit
    })
}

/// A proof's forced win, if any.
fn forced(p: &Proof) -> Option<ForcedWin> {
    match p.verdict {
        Verdict::Wins { side, turns } => Some(ForcedWin {
            winner: side,
            turns,
        }),
        Verdict::Unproved { .. } => None,
    }
}

/// The coach's view of `now` (reached from `before` by one turn, if given).
pub fn coach_view(before: Option<&Position>, now: &Position, ms: u64) -> QuerniCoachView {
    let proof = proved(now, ms);
    let win = forced(&proof);
    let (within, complete) = match proof.verdict {
        Verdict::Wins { turns, .. } => (turns, true),
        Verdict::Unproved { within, complete } => (within, complete),
    };
    let keeping = match win {
        Some(w) if w.winner == now.turn() && !now.status().is_over() => {
            keeping_turns(now, w.turns, 5_000_000)
                .into_iter()
                .map(|t| now.describe(t).to_string())
                .collect()
        }
        _ => Vec::new(),
    };
    let last = before.and_then(|b| {
        let mover = b.turn();
        let (turns, kept) = judge(&proved(b, ms), mover, &proof)?;
        Some(QuerniLastTurn {
            mover,
            before: ForcedWin {
                winner: mover,
                turns,
            },
            kept,
        })
    });
    QuerniCoachView {
        win,
        within,
        complete,
        last,
        keeping,
    }
}

/// Reads a position of the request (`what` names the field).
fn read(text: &str, what: &str) -> Result<Position, ApiError> {
    Position::parse(text).map_err(|e| ApiError::BadInput(Invalid::Position, format!("{what}: {e}")))
}

/// `POST /api/querni/coach`.
pub async fn querni_coach(
    q: QuerniCoachQuery,
    thinking: &Thinking,
    asker: Asker,
) -> Result<QuerniCoachView, ApiError> {
    let now = read(&q.position, "position")?;
    let before = q.before.as_deref().map(|b| read(b, "before")).transpose()?;
    if let Some(b) = &before {
        let mut turns = Vec::new();
        if b.status() == tabula_querni::Status::Ongoing {
            tabula_querni::search::generate_turns(b, &mut turns);
        }
        let follows = turns.iter().any(|(_, p)| p.to_string() == now.to_string());
        if !follows {
            return Err(ApiError::BadInput(
                Invalid::Position,
                "before: no turn leads from it to the position".into(),
            ));
        }
    }
    let ms = q.ms.unwrap_or(MAX_MS).clamp(1, MAX_MS);
    thinking
        .run_tool(asker, move || coach_view(before.as_ref(), &now, ms))
        .await
}
