//! The lobby as everyone sees it, worked out once per change on each node and sent as small
//! changes.
//!
//! Every change to the seeks or the tables marks the board stale; a refresh (at most every
//! tenth of a second, and every fifteen seconds for the games being played) reads the store
//! once, keeps the new [`Snapshot`] and sends every lobby socket of the node the [`Diff`]
//! from the last: a seek added or withdrawn travels as that seek, never as the whole lobby
//! again. The view is bounded: the oldest [`Limits::lobby_seeks_shown`] seeks and a count of
//! the rest (each viewer's own seeks are always in its view), at most [`TABLES_SHOWN`] open
//! tables and [`PLAYING_SHOWN`] games being played (with an action in the last
//! [`PLAYING_QUIET_MS`]).
//!
//! [`Limits::lobby_seeks_shown`]: crate::Limits::lobby_seeks_shown

use super::SeekSpec;
use super::views::{LobbyDiff, LobbyView, PlayingItem, SeekView, TableItem};
use crate::context::Context;
use crate::error::ApiError;
use crate::model::{Kind, Status};
use crate::unpoisoned::ReadWrite;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// The most open Check Mates tables the lobby shows.
pub const TABLES_SHOWN: usize = 50;
/// The most games being played the lobby shows.
pub const PLAYING_SHOWN: usize = 20;
/// A game being played is listed while it had an action in the last five minutes: an untimed
/// game left in a browser tab is not being played, and would otherwise stay listed for ever.
pub const PLAYING_QUIET_MS: u64 = 5 * 60 * 1000;

/// A seek as the lobby lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekItem {
    /// Its id.
    pub id: String,
    /// Who made it (to mark a viewer's own).
    pub owner: String,
    /// What the lobby shows of it (`mine` set for each viewer).
    pub view: SeekView,
}

impl SeekItem {
    fn for_viewer(&self, viewer: &str) -> SeekView {
        SeekView {
            mine: self.owner == viewer,
            ..self.view.clone()
        }
    }
}

/// The lobby at one moment.
#[derive(Debug, Default)]
pub struct Snapshot {
    /// The count of changes it reflects (`None`: never read).
    based_on: Option<u64>,
    /// Every open seek, oldest first.
    pub seeks: Vec<SeekItem>,
    /// How many of them are shown to everyone.
    pub shown: usize,
    /// Open Check Mates tables.
    pub tables: Vec<TableItem>,
    /// Games being played.
    pub playing: Vec<PlayingItem>,
}

impl Snapshot {
    /// The lobby as `viewer` sees it: the seeks shown to everyone and the viewer's own.
    pub fn view_for(&self, viewer: &str) -> LobbyView {
        let seeks = self
            .seeks
            .iter()
            .enumerate()
            .filter(|(i, s)| *i < self.shown || s.owner == viewer)
            .map(|(_, s)| s.for_viewer(viewer))
            .collect();
        LobbyView {
            seeks,
            more_seeks: self.seeks.len() - self.shown,
            tables: self.tables.clone(),
            playing: self.playing.clone(),
        }
    }

    fn shown_ids(&self) -> HashSet<&str> {
        self.seeks[..self.shown]
            .iter()
            .map(|s| s.id.as_str())
            .collect()
    }
}

/// What changed from one snapshot to the next.
#[derive(Debug, Default, PartialEq)]
pub struct Diff {
    /// New seeks, each with whether everyone sees it.
    added: Vec<(SeekItem, bool)>,
    /// Seeks gone.
    removed: Vec<String>,
    /// Older seeks everyone sees now (others ahead of them went).
    entered: Vec<SeekItem>,
    /// Seeks no longer shown to everyone (their owners still see them).
    left: Vec<(String, String)>,
    /// The open tables, if they changed.
    tables: Option<Vec<TableItem>>,
    /// The games being played, if they changed.
    playing: Option<Vec<PlayingItem>>,
    /// Seeks beyond the view.
    more: usize,
    more_changed: bool,
}

impl Diff {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.entered.is_empty()
            && self.left.is_empty()
            && self.tables.is_none()
            && self.playing.is_none()
            && !self.more_changed
    }

    /// The change as `viewer`'s socket sends it (`lobby_diff`), if it changes its view.
    pub fn for_viewer(&self, viewer: &str) -> Option<LobbyDiff> {
        let mut add: Vec<SeekView> = self.entered.iter().map(|s| s.for_viewer(viewer)).collect();
        add.extend(
            self.added
                .iter()
                .filter(|(s, shown)| *shown || s.owner == viewer)
                .map(|(s, _)| s.for_viewer(viewer)),
        );
        let mut remove = self.removed.clone();
        remove.extend(
            self.left
                .iter()
                .filter(|(_, owner)| owner != viewer)
                .map(|(id, _)| id.clone()),
        );
        if add.is_empty()
            && remove.is_empty()
            && self.tables.is_none()
            && self.playing.is_none()
            && !self.more_changed
        {
            return None;
        }
        Some(LobbyDiff {
            add,
            remove,
            more_seeks: self.more,
            tables: self.tables.clone(),
            playing: self.playing.clone(),
        })
    }
}

/// The change from `old` to `new`.
pub fn diff(old: &Snapshot, new: &Snapshot) -> Diff {
    let old_all: HashSet<&str> = old.seeks.iter().map(|s| s.id.as_str()).collect();
    let new_all: HashSet<&str> = new.seeks.iter().map(|s| s.id.as_str()).collect();
    let old_shown = old.shown_ids();
    let new_shown = new.shown_ids();
    let added = new
        .seeks
        .iter()
        .filter(|s| !old_all.contains(s.id.as_str()))
        .map(|s| (s.clone(), new_shown.contains(s.id.as_str())))
        .collect();
    let removed = old
        .seeks
        .iter()
        .filter(|s| !new_all.contains(s.id.as_str()))
        .map(|s| s.id.clone())
        .collect();
    let entered = new.seeks[..new.shown]
        .iter()
        .filter(|s| old_all.contains(s.id.as_str()) && !old_shown.contains(s.id.as_str()))
        .cloned()
        .collect();
    let left = old.seeks[..old.shown]
        .iter()
        .filter(|s| new_all.contains(s.id.as_str()) && !new_shown.contains(s.id.as_str()))
        .map(|s| (s.id.clone(), s.owner.clone()))
        .collect();
    let more = new.seeks.len() - new.shown;
    Diff {
        added,
        removed,
        entered,
        left,
        tables: (old.tables != new.tables).then(|| new.tables.clone()),
        playing: (old.playing != new.playing).then(|| new.playing.clone()),
        more,
        more_changed: more != old.seeks.len() - old.shown,
    }
}

/// Reads the lobby from the store.
async fn read(ctx: &Context, based_on: u64) -> Result<Snapshot, ApiError> {
    let seeks: Vec<SeekItem> = ctx
        .store
        .seeks()
        .await?
        .into_iter()
        .filter_map(|s| {
            let spec: SeekSpec = serde_json::from_str(&s.spec).ok()?;
            let view = SeekView {
                id: s.id.clone(),
                name: s.name,
                kind: spec.kind,
                pool: crate::players::ratings::pool(spec.kind, &spec.options),
                options: spec.options,
                rated: spec.rated,
                range: spec.range,
                rating: s.rating,
                registered: s.account.is_some(),
                mine: false,
            };
            Some(SeekItem {
                id: s.id,
                owner: s.owner,
                view,
            })
        })
        .collect();
    let mut tables = Vec::new();
    for g in ctx.store.games_with_status(&[Status::Lobby]).await? {
        if tables.len() == TABLES_SHOWN {
            break;
        }
        if g.kind != Kind::CheckmatesParty {
            continue;
        }
        let seats = ctx.store.seats(&g.id).await?;
        if seats.len() < 6 {
            tables.push(TableItem {
                id: g.id,
                host: seats.first().map(|s| s.name.clone()),
                registered: seats.first().is_some_and(|s| s.account.is_some()),
                seats: seats.len(),
                options: g.config.options,
            });
        }
    }
    let mut playing = Vec::new();
    // the games come newest action first: the first quiet one ends the list
    let active_since = crate::ids::now_ms().saturating_sub(PLAYING_QUIET_MS);
    for g in ctx.store.playing(PLAYING_SHOWN).await? {
        if g.updated < active_since {
            break;
        }
        if g.kind.max_seats() == 1 || g.kind.one_screen() {
            continue;
        }
        let seats = ctx.store.seats(&g.id).await?;
        playing.push(PlayingItem {
            id: g.id,
            kind: g.kind,
            options: g.config.options,
            rated: g.config.rated,
            players: seats.iter().map(|s| s.name.clone()).collect(),
            registered: seats.iter().map(|s| s.account.is_some()).collect(),
            bots: seats.iter().map(|s| s.bot_level).collect(),
        });
    }
    let shown = seeks.len().min(ctx.limits.lobby_seeks_shown);
    Ok(Snapshot {
        based_on: Some(based_on),
        seeks,
        shown,
        tables,
        playing,
    })
}

/// The board of one node: the last snapshot and the count of changes since the start.
#[derive(Default)]
pub struct Board {
    snapshot: RwLock<Arc<Snapshot>>,
    changes: AtomicU64,
    refreshing: tokio::sync::Mutex<()>,
    stale: tokio::sync::Notify,
}

impl Board {
    /// Something changed: the next refresh reads the store again.
    pub fn touch(&self) {
        self.changes.fetch_add(1, Ordering::SeqCst);
        self.stale.notify_one();
    }

    /// Waits until something changes.
    pub async fn changed(&self) {
        self.stale.notified().await;
    }

    fn current(&self) -> Arc<Snapshot> {
        Arc::clone(&self.snapshot.reading())
    }

    /// The lobby now, read again if it changed (or if `always`); with the change from the
    /// last snapshot when there is one to send.
    pub async fn refresh(
        &self,
        ctx: &Context,
        always: bool,
    ) -> Result<(Arc<Snapshot>, Option<Diff>), ApiError> {
        let _one_at_a_time = self.refreshing.lock().await;
        let seen = self.changes.load(Ordering::SeqCst);
        let old = self.current();
        if old.based_on == Some(seen) && !always {
            return Ok((old, None));
        }
        let new = Arc::new(read(ctx, seen).await?);
        let d = diff(&old, &new);
        *self.snapshot.writing() = Arc::clone(&new);
        Ok((new, (!d.is_empty()).then_some(d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(id: &str, owner: &str) -> SeekItem {
        SeekItem {
            id: id.into(),
            owner: owner.into(),
            view: SeekView {
                id: id.into(),
                name: owner.into(),
                kind: Kind::Quickchess,
                options: Default::default(),
                rated: false,
                range: None,
                rating: None,
                registered: false,
                pool: "quickchess:untimed".into(),
                mine: false,
            },
        }
    }

    fn snapshot(ids: &[(&str, &str)], shown: usize) -> Snapshot {
        Snapshot {
            based_on: Some(0),
            seeks: ids.iter().map(|(i, o)| seek(i, o)).collect(),
            shown,
            tables: vec![],
            playing: vec![],
        }
    }

    fn ids(seeks: &[SeekView]) -> Vec<(&str, bool)> {
        seeks.iter().map(|s| (s.id.as_str(), s.mine)).collect()
    }

    #[test]
    fn a_new_seek_travels_alone_and_its_owner_always_sees_it() {
        let old = snapshot(&[("a", "x"), ("b", "y")], 2);
        let new = snapshot(&[("a", "x"), ("b", "y"), ("c", "z")], 2);
        let d = diff(&old, &new);
        // beyond the view: only its owner gets it, everyone the new count
        let others = d.for_viewer("w").unwrap();
        assert!(others.add.is_empty());
        assert_eq!(others.more_seeks, 1);
        let owner = d.for_viewer("z").unwrap();
        assert_eq!(ids(&owner.add), [("c", true)]);
        // a seek withdrawn from the front: the next one enters everyone's view
        let newer = snapshot(&[("b", "y"), ("c", "z")], 2);
        let d = diff(&new, &newer);
        let v = d.for_viewer("w").unwrap();
        assert_eq!(v.remove, ["a"]);
        assert_eq!(ids(&v.add), [("c", false)]);
        assert_eq!(v.more_seeks, 0);
        assert!(d.for_viewer("z").unwrap().add[0].mine);
        // on the wire: no tables or games when they did not change
        let text = serde_json::to_string(&v).unwrap();
        assert!(text.starts_with(r#"{"add":[{"id":"c","#), "{text}");
        assert!(
            text.ends_with(r#""remove":["a"],"more_seeks":0}"#),
            "{text}"
        );
        // nothing changed: nothing to send
        assert!(diff(&newer, &newer).is_empty());
        assert_eq!(diff(&newer, &newer).for_viewer("w"), None);
    }

    #[test]
    fn the_view_is_the_shown_seeks_and_the_viewers_own() {
        let s = snapshot(&[("a", "x"), ("b", "y"), ("c", "z"), ("d", "w")], 2);
        let v = s.view_for("w");
        assert_eq!(ids(&v.seeks), [("a", false), ("b", false), ("d", true)]);
        assert_eq!(v.more_seeks, 2);
    }
}
