//! What a tournament's page and the lists show: its state, live standings, the games being
//! played, and for a player who is in it, their place and the game they are to play now
//! (with its seat token); the Swiss report in FIDE's TRF.

use super::Tournaments;
use super::spec::{Format, TournamentSpec};
use super::standings::{self, StandingLine};
use crate::error::{ApiError, Missing};
use crate::ids::now_ms;
use crate::store::players::Account;
use crate::store::tournaments::{BoardRecord, TournamentRecord, TournamentStatus};
use serde::Serialize;
use ts_rs::TS;

/// A game of the tournament.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(rename = "TournamentGameRef")]
pub struct GameLine {
    /// The game's id (to watch it).
    pub id: String,
    /// Its players' names, the first mover first (a party's in seat order).
    pub players: Vec<String>,
    /// The round of a Swiss event or of parties (none in an arena).
    pub round: Option<u32>,
    /// The result for the first mover once over (`win`, `draw`, `loss`, `void`; `party` for
    /// a party over, its places in the standings).
    pub outcome: Option<String>,
    /// Who berserked, the first mover first (known once the result is recorded).
    pub berserk: [bool; 2],
}

/// The viewer's game to play now.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct YourGame {
    /// The game.
    pub id: String,
    /// The viewer's seat.
    pub seat: u32,
    /// The seat's token (the same on each of the player's devices).
    pub token: String,
}

/// The viewer's part in the tournament.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct You {
    /// Playing on (false: withdrawn; they may come back).
    pub active: bool,
    /// Their game being played now, if any.
    pub game: Option<YourGame>,
}

/// A tournament in a list.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentSummary {
    /// Its id.
    pub id: String,
    /// Its name (made of the rest, in English, when its maker gave none).
    pub name: String,
    /// Whether its maker named it (otherwise a page names it in the reader's language).
    pub named: bool,
    /// What it is.
    pub spec: TournamentSpec,
    /// Where it is.
    pub status: TournamentStatus,
    /// When it starts (ms since the Unix epoch).
    pub starts: u64,
    /// When an arena ends.
    pub ends: Option<u64>,
    /// Made by a player (none: the server's schedule).
    pub by: Option<String>,
}

/// A tournament as its page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentView {
    /// Its summary.
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// The server's clock now (for the countdown).
    pub now: u64,
    /// The rounds of a Swiss event or of parties paired so far.
    pub round: u32,
    /// The standings, best first.
    pub standings: Vec<StandingLine>,
    /// The games, the ones being played first, then the latest.
    pub games: Vec<GameLine>,
    /// The viewer's part, if they are in it.
    pub you: Option<You>,
}

/// The most games a tournament's page lists.
pub const GAMES_SHOWN: usize = 100;

/// The tournaments upcoming, being played and lately finished.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentList {
    /// Not started yet, soonest first.
    pub upcoming: Vec<TournamentSummary>,
    /// Being played.
    pub running: Vec<TournamentSummary>,
    /// Finished, newest first.
    pub finished: Vec<TournamentSummary>,
    /// The server's clock now.
    pub now: u64,
}

fn summary(record: &TournamentRecord, spec: TournamentSpec) -> TournamentSummary {
    let ends = match (spec.kind, spec.minutes) {
        (Format::Arena, Some(m)) => Some(record.starts + (m * 60_000.0).round() as u64),
        _ => None,
    };
    TournamentSummary {
        id: record.id.clone(),
        name: spec.shown_name(),
        named: spec.name.is_some(),
        spec,
        status: record.status,
        starts: record.starts,
        ends,
        by: None,
    }
}

/// The end of an arena (none for a Swiss event).
pub fn arena_end(record: &TournamentRecord, spec: &TournamentSpec) -> Option<u64> {
    summary(record, spec.clone()).ends
}

impl Tournaments {
    /// The tournament as `viewer` sees it (marking the viewer present when they are in it).
    pub async fn view(
        &self,
        id: &str,
        viewer: Option<&Account>,
    ) -> Result<TournamentView, ApiError> {
        let snap = self.snapshot(id).await?;
        let (record, spec) = (&snap.record, &snap.spec);
        let (entries, boards) = (&snap.entries, &snap.boards);
        let name_of = |n: u32| {
            entries
                .iter()
                .find(|e| e.number == n)
                .map(|e| e.name.clone())
                .unwrap_or_default()
        };
        let tables = standings::tables(&snap.seats);
        let line = |b: &BoardRecord| {
            let players = match spec.kind {
                Format::Parties => standings::names_at(entries, tables.get(&(b.round, b.board))?),
                _ => vec![name_of(b.first), name_of(b.second?)],
            };
            Some(GameLine {
                id: b.game.clone()?,
                players,
                round: (spec.kind != Format::Arena).then_some(b.round),
                outcome: b.outcome.clone(),
                berserk: b.berserk,
            })
        };
        let mut games: Vec<GameLine> = boards
            .iter()
            .rev()
            .filter(|b| b.outcome.is_none())
            .filter_map(line)
            .collect();
        games.extend(
            boards
                .iter()
                .rev()
                .filter(|b| b.outcome.is_some())
                .filter_map(line),
        );
        games.truncate(GAMES_SHOWN);
        let now = now_ms();
        let mut you = None;
        if let Some(me) = viewer
            && let Some(entry) = entries.iter().find(|e| e.account == me.id)
        {
            if entry.active && record.status != TournamentStatus::Finished {
                self.note_seen(id, me.id, now);
            }
            // the viewer's seat at a board: a duel's by its players, a party's by its seats
            let seat_at = |b: &BoardRecord| match spec.kind {
                Format::Parties => tables
                    .get(&(b.round, b.board))?
                    .iter()
                    .find(|s| s.account == Some(me.id))
                    .map(|s| s.seat),
                _ if b.first == entry.number => Some(0),
                _ => (b.second == Some(entry.number)).then_some(1),
            };
            let current = boards
                .iter()
                .rev()
                .filter(|b| b.outcome.is_none() && b.game.is_some())
                .find_map(|b| Some((b, seat_at(b)?)));
            let game = match current {
                Some((b, seat)) if record.status != TournamentStatus::Finished => {
                    let game = b.game.clone().unwrap_or_default();
                    let token = self.seat_token(&game, seat).await?;
                    Some(YourGame {
                        id: game,
                        seat,
                        token,
                    })
                }
                _ => None,
            };
            you = Some(You {
                active: entry.active,
                game,
            });
        }
        let round = boards.iter().map(|b| b.round).max().unwrap_or(0);
        let mut summary = summary(record, spec.clone());
        summary.by = self.creator_name(record).await?;
        Ok(TournamentView {
            summary,
            now,
            round,
            standings: standings::standings(spec.kind, entries, boards, &snap.seats),
            games,
            you,
        })
    }

    async fn creator_name(&self, record: &TournamentRecord) -> Result<Option<String>, ApiError> {
        Ok(match record.creator {
            Some(id) => self.ctx.store.account(id).await?.map(|a| a.name),
            None => None,
        })
    }

    /// The tournaments upcoming, being played and lately finished (at most 50 of each).
    pub async fn list(&self) -> Result<TournamentList, ApiError> {
        let store = &self.ctx.store;
        let mut out = TournamentList {
            upcoming: Vec::new(),
            running: Vec::new(),
            finished: Vec::new(),
            now: now_ms(),
        };
        for (status, into) in [
            (TournamentStatus::Created, &mut out.upcoming),
            (TournamentStatus::Started, &mut out.running),
            (TournamentStatus::Finished, &mut out.finished),
        ] {
            for record in store.listed_tournaments(status, 50).await? {
                let Ok(spec) = serde_json::from_str::<TournamentSpec>(&record.spec) else {
                    continue;
                };
                let mut s = summary(&record, spec);
                s.by = self.creator_name(&record).await?;
                into.push(s);
            }
        }
        Ok(out)
    }

    /// A Swiss event's report in FIDE's Tournament Report File format.
    pub async fn trf(&self, id: &str) -> Result<String, ApiError> {
        let (record, spec) = self.load(id).await?;
        let Some(rounds) = spec.rounds.filter(|_| spec.kind == Format::Swiss) else {
            return Err(ApiError::NotFound(
                Missing::Tournament,
                format!(
                    "tournament {id} is not a Swiss event: only a Swiss event has a TRF report"
                ),
            ));
        };
        let store = &self.ctx.store;
        let (entries, boards) = (store.entries(id).await?, store.boards(id).await?);
        let start = chrono_date(record.starts);
        Ok(tabula_tournament::swiss::trf::report(
            &tabula_tournament::swiss::trf::Header {
                name: spec.shown_name(),
                start,
                rounds,
            },
            &standings::entrants(&entries),
            &standings::swiss_rounds(&boards),
        ))
    }
}

/// A time as `YYYY/MM/DD` (TRF's dates), in UTC.
fn chrono_date(ms: u64) -> String {
    let (y, m, d) = crate::rooms::pgn::civil_date(ms);
    format!("{y:04}/{m:02}/{d:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_trfs() {
        // 2026-11-27T10:00:00Z
        assert_eq!(super::chrono_date(1_795_773_600_000), "2026/11/27");
    }
}
