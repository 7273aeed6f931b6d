//! The WebSocket of one client in one room.
//!
//! Frames are JSON `{"t": type, "d": data}`. From the client: `act` (an intent, with an
//! optional `id` echoed in the answer), `lobby`, `resync`, `ping`. From the server: `state`
//! (version and view), `update` (new version, its events and the view), `ack`, `error`,
//! `pong`. Every update carries the whole view, so a client that missed a version just asks
//! for `resync` (or takes the next update). Malformed, oversized, unknown and unauthorised
//! frames get an `error` frame and change nothing.

use crate::rooms::{Hub, LobbyOp, RoomHandle};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The largest frame a client may send.
pub const MAX_FRAME: usize = 8 * 1024;

fn frame(t: &str, d: Value) -> Message {
    Message::Text(Utf8Bytes::from(json!({"t": t, "d": d}).to_string()))
}

fn error(message: impl Into<String>, id: Option<&Value>) -> Message {
    frame("error", json!({"message": message.into(), "id": id}))
}

/// Serves one connection until it closes.
pub async fn serve(socket: WebSocket, hub: Arc<Hub>, game: String, token: Option<String>) {
    let (mut tx, mut rx) = socket.split();
    let Some(_slot) = hub.connect() else {
        let _ = tx
            .send(error(
                "the server has too many connections; try again soon",
                None,
            ))
            .await;
        return;
    };
    let room: RoomHandle = match hub.room(&game) {
        Ok(r) => r,
        Err(e) => {
            let _ = tx.send(error(e, None)).await;
            return;
        }
    };
    let seat = match token {
        Some(t) => match room.auth(t).await {
            Ok(Some(s)) => Some(s),
            Ok(None) => {
                let _ = tx
                    .send(error("that token belongs to no seat of this game", None))
                    .await;
                return;
            }
            Err(e) => {
                let _ = tx.send(error(e, None)).await;
                return;
            }
        },
        None => None,
    };
    let (mut updates, version, view) = match room.subscribe(seat).await {
        Ok(x) => x,
        Err(e) => {
            let _ = tx.send(error(e, None)).await;
            return;
        }
    };
    if tx
        .send(frame(
            "state",
            json!({"v": version, "seat": seat, "view": view}),
        ))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            incoming = rx.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let reply = match msg {
                    Message::Text(text) => handle(&room, seat, text.as_str()).await,
                    Message::Binary(_) => Some(error("frames are JSON text", None)),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => None,
                };
                // updates caused by this request go out before its answer, so a client that
                // receives an ack already has the state it acknowledges
                let mut failed = false;
                while let Ok(f) = updates.try_recv() {
                    let msg = frame("update", json!({"v": f.version, "events": f.events, "view": f.view_for(seat)}));
                    if tx.send(msg).await.is_err() {
                        failed = true;
                        break;
                    }
                }
                if failed {
                    break;
                }
                if let Some(r) = reply
                    && tx.send(r).await.is_err()
                {
                    break;
                }
            }
            update = updates.recv() => {
                let msg = match update {
                    Ok(f) => frame("update", json!({"v": f.version, "events": f.events, "view": f.view_for(seat)})),
                    Err(RecvError::Lagged(_)) => match room.view(seat).await {
                        Ok((v, view)) => frame("state", json!({"v": v, "seat": seat, "view": view})),
                        Err(_) => break,
                    },
                    Err(RecvError::Closed) => break,
                };
                if tx.send(msg).await.is_err() {
                    break;
                }
            }
        }
    }
}

async fn handle(room: &RoomHandle, seat: Option<u32>, text: &str) -> Option<Message> {
    if text.len() > MAX_FRAME {
        return Some(error(
            format!(
                "frame too large ({} bytes, at most {MAX_FRAME})",
                text.len()
            ),
            None,
        ));
    }
    let msg: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Some(error(format!("not JSON: {e}"), None)),
    };
    let id = msg.get("id");
    let d = msg.get("d").cloned().unwrap_or(Value::Null);
    match msg.get("t").and_then(Value::as_str) {
        Some("ping") => Some(frame("pong", json!({}))),
        Some("resync") => match room.view(seat).await {
            Ok((v, view)) => Some(frame(
                "state",
                json!({"v": v, "seat": seat, "view": view, "id": id}),
            )),
            Err(e) => Some(error(e, id)),
        },
        Some("act") => {
            let Some(seat) = seat else {
                return Some(error(
                    "spectators cannot act: join the game or use your seat's link",
                    id,
                ));
            };
            match room.act(seat, d).await {
                Ok(v) => Some(frame("ack", json!({"id": id, "v": v}))),
                Err(e) => Some(error(e, id)),
            }
        }
        Some("lobby") => {
            let Some(seat) = seat else {
                return Some(error("spectators cannot change the table", id));
            };
            let op = match d.get("op").and_then(Value::as_str) {
                Some("add_bot") => d
                    .get("level")
                    .and_then(Value::as_u64)
                    .map(|l| LobbyOp::AddBot(l.min(255) as u8)),
                Some("remove") => d
                    .get("seat")
                    .and_then(Value::as_u64)
                    .map(|s| LobbyOp::Remove(s as u32)),
                Some("options") => d.get("options").cloned().map(LobbyOp::SetOptions),
                Some("start") => Some(LobbyOp::Start),
                _ => None,
            };
            match op {
                None => Some(error(
                    "a lobby change is {\"op\": \"add_bot\", \"level\": N} | {\"op\": \"remove\", \"seat\": N} | {\"op\": \"options\", \"options\": {...}} | {\"op\": \"start\"}",
                    id,
                )),
                Some(op) => match room.lobby(seat, op).await {
                    Ok(()) => Some(frame("ack", json!({"id": id}))),
                    Err(e) => Some(error(e, id)),
                },
            }
        }
        Some(other) => Some(error(
            format!("unknown frame type `{other}`: act, lobby, resync or ping"),
            id,
        )),
        None => Some(error("a frame is {\"t\": type, \"d\": data}", id)),
    }
}
