//! A player's games over HTTP: `GET /api/players/{name}/games` (a page of the search,
//! [`crate::game_list`]) and the exports of every game the same filters take,
//! `GET /api/players/{name}/games.pgn` (QuickChess and chess) and `.../games.jsonl` (every
//! game). docs/web.md, "A player's games", has the parameters.
//!
//! An export is streamed: a page of games is read, each game is rebuilt from its log and
//! written, then the next page, so a player of ten thousand games costs the memory of one
//! page. Each costs a whole replay per game, so an address may run a few at once
//! (`Limits::exports_per_address`); one more is told when to try again (429).

use super::{AppState, ClientIp};
use crate::error::{ApiError, Fault, Invalid, Throttled};
use crate::game_list::{GamesPage, GamesQuery, color_of, page, player, result_of};
use crate::games::Kind;
use crate::hub::Hub;
use crate::json::RawJson;
use crate::players::signed_in;
use crate::rooms::pgn::take_home;
use crate::store::game_search::{Cursor, FoundGame, GameSearch};
use crate::unpoisoned::Locked;
use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::StreamExt;
use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

super::contract::json_routes! {
    get "/api/players/{name}/games" => games -> GamesPage;
}

/// The export routes (files, not JSON answers).
pub(super) fn routes() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/api/players/{name}/games.pgn", get(pgn_file))
        .route("/api/players/{name}/games.jsonl", get(jsonl_file))
        // the address of the profile's link before the search had its own
        .route("/api/users/{name}/games.pgn", get(pgn_file))
}

fn query(q: Result<Query<GamesQuery>, QueryRejection>) -> Result<GamesQuery, ApiError> {
    q.map(|Query(q)| q)
        .map_err(|e| ApiError::BadInput(Invalid::Query, format!("query: {}", e.body_text())))
}

async fn games(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(name): Path<String>,
    q: Result<Query<GamesQuery>, QueryRejection>,
) -> Result<Json<GamesPage>, ApiError> {
    let q = query(q)?;
    let viewer = signed_in(&state.hub, &headers).await?.map(|a| a.id);
    let account = player(&*state.hub.store, &name, viewer).await?;
    page(&state.hub, account.id, &q).await.map(Json)
}

/// The exports running, per address.
#[derive(Default)]
pub struct Exports {
    running: Mutex<HashMap<IpAddr, usize>>,
}

/// An export's place, given back when its stream ends (finished, failed or dropped by a
/// client that went away).
struct ExportSlot {
    exports: Arc<Exports>,
    ip: IpAddr,
}

impl Exports {
    /// A place for an export from `ip`, or 429 when it has `most` running.
    fn take(self: &Arc<Self>, ip: IpAddr, most: usize) -> Result<ExportSlot, ApiError> {
        let mut running = self.running.locked();
        let n = running.entry(ip).or_insert(0);
        if *n >= most {
            return Err(ApiError::RateLimited {
                cause: Throttled::Exports,
                message: format!("{most} exports are running from this address: one at a time"),
                retry_after: Duration::from_secs(10),
            });
        }
        *n += 1;
        Ok(ExportSlot {
            exports: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for ExportSlot {
    fn drop(&mut self) {
        let mut running = self.exports.running.locked();
        if let Some(n) = running.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                running.remove(&self.ip);
            }
        }
    }
}

/// What an export writes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    /// QuickChess and chess games as PGN.
    Pgn,
    /// Every game as a line of JSON.
    Jsonl,
}

/// Games read from the store at a time.
const EXPORT_PAGE: usize = 50;

/// An export under way: the search, where it is, the page read and not yet written.
struct Export {
    hub: Arc<Hub>,
    account: i64,
    search: GameSearch,
    format: Format,
    cursor: Option<Cursor>,
    page: VecDeque<FoundGame>,
    done: bool,
    _slot: ExportSlot,
}

async fn pgn_file(
    state: State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    name: Path<String>,
    q: Result<Query<GamesQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    export(state, ip, headers, name, q, Format::Pgn).await
}

async fn jsonl_file(
    state: State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    name: Path<String>,
    q: Result<Query<GamesQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    export(state, ip, headers, name, q, Format::Jsonl).await
}

async fn export(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(name): Path<String>,
    q: Result<Query<GamesQuery>, QueryRejection>,
    format: Format,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let mut search = q.search()?;
    let cursor = q.cursor()?;
    if q.limit.is_some() {
        return Err(ApiError::BadInput(
            Invalid::Query,
            "limit: an export holds every game the filters take".into(),
        ));
    }
    if format == Format::Pgn {
        match search.kind.as_deref() {
            None => search.kind = Some(Kind::Quickchess.name().into()),
            Some(k) if k == Kind::Quickchess.name() || k == Kind::QuickchessLocal.name() => {}
            Some(k) => {
                return Err(ApiError::BadInput(
                    Invalid::Unsupported,
                    format!("kind: a PGN file holds QuickChess and chess games, not {k}"),
                ));
            }
        }
    }
    let viewer = signed_in(&state.hub, &headers).await?.map(|a| a.id);
    let account = player(&*state.hub.store, &name, viewer).await?;
    let slot = state
        .exports
        .take(ip, state.hub.limits.exports_per_address)?;
    let export = Export {
        hub: Arc::clone(&state.hub),
        account: account.id,
        search,
        format,
        cursor,
        page: VecDeque::new(),
        done: false,
        _slot: slot,
    };
    // fused: the compression layer polls a stream once more after its end
    let stream = futures_util::stream::unfold(export, |mut e| async move {
        match e.next().await {
            Ok(Some(bytes)) => Some((Ok(bytes), e)),
            Ok(None) => None,
            // the client sees the file cut short: what it has is whole games
            Err(err) => {
                tracing::warn!(player = e.account, "an export stopped: {err}");
                (e.done, e.page) = (true, VecDeque::new());
                Some((Err(std::io::Error::other(err.to_string())), e))
            }
        }
    })
    .fuse();
    let (media_type, extension) = match format {
        Format::Pgn => ("application/x-chess-pgn", "pgn"),
        Format::Jsonl => ("application/x-ndjson", "jsonl"),
    };
    let mut r = (
        [(header::CONTENT_TYPE, media_type)],
        Body::from_stream(stream),
    )
        .into_response();
    let disposition = format!(
        "attachment; filename=\"tabula-{}-games.{extension}\"",
        account.name
    );
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(r)
}

impl Export {
    /// The next game's text (`None`: every game is written).
    async fn next(&mut self) -> Result<Option<Bytes>, ApiError> {
        loop {
            if let Some(g) = self.page.pop_front() {
                match self.write(&g).await? {
                    Some(text) => return Ok(Some(text)),
                    None => continue,
                }
            }
            if self.done {
                return Ok(None);
            }
            let found = self
                .hub
                .store
                .search_games(
                    self.account,
                    &self.search,
                    self.cursor.as_ref(),
                    EXPORT_PAGE,
                )
                .await?;
            // a short page is the last
            self.done = found.len() < EXPORT_PAGE;
            if let Some(last) = found.last() {
                self.cursor = Some(last.cursor());
            }
            self.page.extend(found);
        }
    }

    /// One game as the export writes it (`None`: a game that cannot be rebuilt is left out,
    /// not the whole file).
    async fn write(&self, g: &FoundGame) -> Result<Option<Bytes>, ApiError> {
        let store = &self.hub.store;
        let Some(record) = store.game(&g.game).await? else {
            return Ok(None);
        };
        let seats = store.seats(&g.game).await?;
        let log = store.log(&g.game).await?;
        if self.format == Format::Jsonl {
            return Ok(Some(json_line(g, &record, &seats, &log)?));
        }
        let notes = crate::review::stored_notes(&self.hub, &record).await?;
        let services = Arc::clone(&self.hub.services);
        let built = tokio::task::spawn_blocking(move || {
            take_home(&record, &seats, &log, &services, notes.as_deref())
        })
        .await
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a game's PGN: {e}")))?;
        Ok(built.ok().map(|mut text| {
            text.push('\n');
            Bytes::from(text)
        }))
    }
}

/// A seat of a game in its JSON line.
#[derive(Serialize)]
struct LineSeat<'a> {
    seat: u32,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot_level: Option<u8>,
}

/// A logged action of a game in its JSON line.
#[derive(Serialize)]
struct LineAction<'a> {
    at: u64,
    action: &'a RawJson,
}

/// A game as a line of the JSON lines export: what it was, who sat where, the player's
/// result and seat, and every action of its log (from which Tabula replays it).
#[derive(Serialize)]
struct GameLine<'a> {
    id: &'a str,
    kind: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'a str>,
    options: &'a crate::model::GameOptions,
    pool: &'a str,
    rated: bool,
    created: u64,
    finished: u64,
    seats: Vec<LineSeat<'a>>,
    seat: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    color: Option<crate::game_list::PlayerColor>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<crate::game_list::PlayerResult>,
    place: u32,
    players: u32,
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    final_fen: Option<&'a str>,
    actions: Vec<LineAction<'a>>,
}

fn json_line(
    g: &FoundGame,
    record: &crate::store::GameRecord,
    seats: &[crate::store::SeatRecord],
    log: &[crate::store::LogEntry],
) -> Result<Bytes, ApiError> {
    let line = GameLine {
        id: &g.game,
        kind: &g.kind,
        variant: g.facts.as_ref().map(|f| f.variant.as_str()),
        options: &record.config.options,
        pool: &g.pool,
        rated: g.rated,
        created: record.created,
        finished: g.finished,
        seats: seats
            .iter()
            .map(|s| LineSeat {
                seat: s.seat,
                name: &s.name,
                bot_level: s.bot_level,
            })
            .collect(),
        seat: g.seat,
        color: color_of(g),
        result: result_of(g),
        place: g.place,
        players: g.players,
        final_fen: g.facts.as_ref().map(|f| f.final_fen.as_str()),
        actions: log
            .iter()
            .map(|e| LineAction {
                at: e.at,
                action: &e.action,
            })
            .collect(),
    };
    let mut text = serde_json::to_vec(&line)
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a game as JSON: {e}")))?;
    text.push(b'\n');
    Ok(Bytes::from(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_runs_at_most_its_exports_and_gets_each_place_back() {
        let exports = Arc::new(Exports::default());
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let first = exports.take(a, 2).unwrap();
        let second = exports.take(a, 2).unwrap();
        match exports.take(a, 2) {
            Err(ApiError::RateLimited { cause, .. }) => assert_eq!(cause, Throttled::Exports),
            other => panic!("a third export from one address: {:?}", other.err()),
        }
        // another address is not held back
        let other = exports.take(b, 2).unwrap();
        drop(first);
        let third = exports.take(a, 2).unwrap();
        drop((second, third, other));
        assert!(
            exports.running.locked().is_empty(),
            "every place given back"
        );
    }
}
