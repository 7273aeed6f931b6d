//! A game's replay: every step as spectators saw it, rebuilt from the stored log. The steps
//! are typed with the game's own view, event and public action types, so a replay has the
//! same shape as the live frames (docs/web.md, "Replays").

use super::table::{CloseReason, Logged, TableAction};
use crate::error::{ApiError, Clash, Fault};
use crate::games::{Adapter, SeatInfo, seat_list, started_config, with_adapter};
use crate::json::RawJson;
use crate::model::{Kind, Status};
use crate::services::Services;
use crate::store::{GameRecord, LogEntry, SeatRecord};
use serde::Serialize;
use tabula_core::Millis;
use ts_rs::TS;

/// A whole replay (`GET /api/games/{id}/replay`): its steps are `Step`s of the game's types.
#[derive(Serialize, TS)]
pub struct Replay<'a, S> {
    id: &'a str,
    kind: Kind,
    status: Status,
    seats: Vec<SeatInfo>,
    frames: Vec<S>,
}

/// What a step did: a game's action as spectators may see it, or the room's.
#[derive(Serialize, TS)]
#[serde(untagged)]
pub enum StepAction<P> {
    /// The game's action, as spectators may see it.
    Game(P),
    /// The room's (a closing).
    Table(TableAction),
}

/// The room's part of a step's view: only a closing shows.
#[derive(Serialize, TS)]
pub struct ClosedTable {
    closed: CloseReason,
}

/// The spectators' view after a step.
#[derive(Serialize, TS)]
pub struct StepView<V> {
    #[serde(flatten)]
    game: V,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    table: Option<ClosedTable>,
}

/// One step: when, what was done (`None` for the start), what the clients were told
/// (absent for the start) and the view after it.
#[derive(Serialize, TS)]
pub struct Step<V, E, P> {
    at: Millis,
    action: Option<StepAction<P>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    events: Option<Vec<E>>,
    view: StepView<V>,
}

/// The steps of a game of adapter `A`.
type Steps<A> = Vec<Step<<A as Adapter>::View, <A as Adapter>::Event, <A as Adapter>::Public>>;

/// The replay of a stored game as JSON bytes (CPU work: called off the async runtime).
pub fn replay_json(
    record: &GameRecord,
    seats: &[SeatRecord],
    log: &[LogEntry],
    services: &Services,
) -> Result<Vec<u8>, ApiError> {
    let hosted = super::hosted_of(record);
    with_adapter!(hosted, A => whole::<A>(record, seats, log, services))
}

fn whole<A: Adapter>(
    record: &GameRecord,
    seats: &[SeatRecord],
    log: &[LogEntry],
    services: &Services,
) -> Result<Vec<u8>, ApiError> {
    let replay = Replay {
        id: &record.id,
        kind: record.kind,
        status: record.status,
        seats: seat_list(seats),
        frames: steps::<A>(record, seats, log, services)?,
    };
    serde_json::to_vec(&replay)
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a replay as JSON: {e}")))
}

/// The spectators' view after every step of the game: each player's or bot's move or
/// announcement. A timer is not a step (what it changed shows in the next step), except the
/// one that ends the game (a flag that falls); the room's rematch requests are not steps
/// either, and a game closed because its players left ends with that step.
fn steps<A: Adapter>(
    record: &GameRecord,
    seats: &[SeatRecord],
    log: &[LogEntry],
    services: &Services,
) -> Result<Steps<A>, ApiError> {
    let started = record
        .started
        .ok_or_else(|| ApiError::Conflict(Clash::NotStarted, "this game never started".into()))?;
    let mut game = A::start(started_config(record)?, record.seed, started, services)?;
    let view = |game: &A, at| StepView {
        game: game.view(None, seats, at, services),
        table: None,
    };
    let mut steps = vec![Step {
        at: started,
        action: None,
        events: None,
        view: view(&game, started),
    }];
    let tick = A::tick().map(|t| RawJson::of(&t));
    for entry in log {
        match Logged::<A::Action>::read(&entry.action)? {
            Logged::Game(action) => {
                let events = game.apply(&action, entry.at, services)?;
                let is_tick = tick.as_ref().is_some_and(|t| *t == RawJson::of(&action));
                if is_tick && !game.is_over() {
                    continue;
                }
                steps.push(Step {
                    at: entry.at,
                    action: Some(StepAction::Game(game.public_action(&action))),
                    events: Some(events),
                    view: view(&game, entry.at),
                });
            }
            Logged::Table(action @ TableAction::Closed { reason }) => {
                let mut shown = view(&game, entry.at);
                A::close(&mut shown.game);
                shown.table = Some(ClosedTable { closed: reason });
                steps.push(Step {
                    at: entry.at,
                    action: Some(StepAction::Table(action)),
                    events: Some(Vec::new()),
                    view: shown,
                });
            }
            Logged::Table(_) => {}
        }
    }
    Ok(steps)
}
