//! Tournaments, stored once for both databases (every [`Dialect`] is a [`TournamentStore`]):
//! the events, their players' entries and every board, and the lease of the node directing
//! each one.
//!
//! A director's every write goes in one transaction with a check that it still holds the
//! lease ([`TournamentStore::put_boards`], [`TournamentStore::set_tournament_status`]), so a
//! node that paused past its lease and wakes up cannot pair a round another node paired.

use super::StoreError;
use super::sql::{Arg, Cell, Dialect, Row, Step, first};
use crate::model::Kind;

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Announced, taking entries, not started.
    Created,
    /// Being played.
    Started,
    /// Over: the standings are final.
    Finished,
    /// Called off by a moderator (or with its creator's ban): no director takes it up again.
    Cancelled,
}

impl TournamentStatus {
    /// Its stored name.
    pub fn name(self) -> &'static str {
        match self {
            TournamentStatus::Created => "created",
            TournamentStatus::Started => "started",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Result<TournamentStatus, StoreError> {
        match s {
            "created" => Ok(TournamentStatus::Created),
            "started" => Ok(TournamentStatus::Started),
            "finished" => Ok(TournamentStatus::Finished),
            "cancelled" => Ok(TournamentStatus::Cancelled),
            other => Err(StoreError::Refused(format!(
                "a stored tournament's status `{other}` is none of created, started, finished, cancelled"
            ))),
        }
    }
}

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRecord {
    /// Its id.
    pub id: String,
    /// What it is (the server's `TournamentSpec`, as JSON).
    pub spec: String,
    /// The account that made it (none: the server's schedule).
    pub creator: Option<i64>,
    /// Where it is.
    pub status: TournamentStatus,
    /// When it starts (ms since the Unix epoch).
    pub starts: u64,
    /// When it was made.
    pub created: u64,
    /// When it finished.
    pub finished: Option<u64>,
    /// Taken out of every list by a moderator.
    pub hidden: bool,
    /// The address (client key) it was made from: none for the server's schedule.
    pub client: Option<String>,
}

/// A player's entry.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRecord {
    /// The player's number in the tournament (from 0, in the order of joining).
    pub number: u32,
    /// The account.
    pub account: i64,
    /// Its name.
    pub name: String,
    /// Its rating when it joined (the order among equal scores).
    pub rating: f64,
    /// When it joined.
    pub joined: u64,
    /// Whether it plays on (false: withdrawn).
    pub active: bool,
    /// When its page last asked for the tournament.
    pub seen: u64,
    /// The arena game it is in now.
    pub playing: Option<String>,
}

/// One board: a game of a round (or of an arena), a bye or an absence.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRecord {
    /// The round (an arena's boards are all round 0).
    pub round: u32,
    /// Its number within the round (an arena's: in the order paired).
    pub board: u32,
    /// The game played on it (none for a bye or an absence).
    pub game: Option<String>,
    /// The player who moves first (or has the bye, or is absent).
    pub first: u32,
    /// The other player (none for a bye or an absence).
    pub second: Option<u32>,
    /// The result for `first`: `win`, `draw`, `loss`, `void`, `bye` or `absent`; none while
    /// the game goes on.
    pub outcome: Option<String>,
    /// Whether each player berserked (halved their own clock).
    pub berserk: [bool; 2],
    /// When it was paired.
    pub started: u64,
    /// When its result was recorded.
    pub ended: Option<u64>,
}

/// A tournament game that ended and waits for its result to be recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct EndedGame {
    /// The game.
    pub game: String,
    /// The first mover's score (1, 0.5 or 0), if the game recorded results.
    pub first_score: Option<f64>,
    /// When the game last changed (its end).
    pub updated: u64,
}

/// A seat at a party table of a tournament (see [`TournamentStore::party_seats`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PartySeat {
    /// The round.
    pub round: u32,
    /// The table's board number in the round.
    pub board: u32,
    /// The seat in the party.
    pub seat: u32,
    /// Its account (a tournament's seats are all players').
    pub account: Option<i64>,
    /// Its place once the party ended (1 the best; equal places shared).
    pub place: Option<u32>,
}

/// What joining did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// A new entry, with its number.
    New(u32),
    /// An entry that had withdrawn plays on again.
    Back(u32),
    /// Already in and playing on: nothing changed.
    Already(u32),
}

/// Tournaments, their entries and boards.
#[async_trait::async_trait]
pub trait TournamentStore: Send + Sync {
    /// Records a new tournament; whether it was new (a scheduled one is made by whichever
    /// node gets there first, under the same id).
    async fn create_tournament(&self, t: &TournamentRecord) -> Result<bool, StoreError>;
    /// A tournament by id.
    async fn tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError>;
    /// Tournaments in `status`: the created and started ones by start, soonest first; the
    /// finished ones newest first; at most `n`.
    async fn tournaments(
        &self,
        status: TournamentStatus,
        n: usize,
    ) -> Result<Vec<TournamentRecord>, StoreError>;
    /// How many tournaments `creator` made that have not started yet.
    async fn waiting_made_by(&self, creator: i64) -> Result<u64, StoreError>;
    /// Enters `account` (or brings it back after a withdrawal).
    async fn enter(
        &self,
        tournament: &str,
        account: i64,
        name: &str,
        rating: f64,
        at: u64,
    ) -> Result<Joined, StoreError>;
    /// Withdraws `account` (it is paired no more until it comes back); whether it was in and
    /// playing on.
    async fn withdraw(&self, tournament: &str, account: i64) -> Result<bool, StoreError>;
    /// Notes that `account`'s page asked for the tournament at `at`.
    async fn seen(&self, tournament: &str, account: i64, at: u64) -> Result<(), StoreError>;
    /// The entries, by number.
    async fn entries(&self, tournament: &str) -> Result<Vec<EntryRecord>, StoreError>;
    /// Every board, by round and board.
    async fn boards(&self, tournament: &str) -> Result<Vec<BoardRecord>, StoreError>;
    /// The tournament's games that ended and whose boards have no result yet.
    async fn ended_games(&self, tournament: &str) -> Result<Vec<EndedGame>, StoreError>;
    /// The tournament's games written into a board but not started yet (a director cut short
    /// between the two), with their kinds.
    async fn unstarted_games(&self, tournament: &str) -> Result<Vec<(String, Kind)>, StoreError>;
    /// Takes or renews the direction of `tournament` for `node` for `ttl_ms` (unless another
    /// node holds it still): whether `node` directs it now.
    async fn direct(&self, tournament: &str, node: &str, ttl_ms: u64) -> Result<bool, StoreError>;
    /// Gives back every direction `node` holds.
    async fn release_directions(&self, node: &str) -> Result<u64, StoreError>;
    /// Stores new boards, as `node` directs; each game's players are marked as playing it (an
    /// arena's guard: a player already in a game makes the whole write fail). Whether it was
    /// written (false: `node` no longer directs, or a player was taken).
    async fn put_boards(
        &self,
        tournament: &str,
        node: &str,
        boards: &[BoardRecord],
        mark_playing: bool,
    ) -> Result<bool, StoreError>;
    /// Records a board's result and who berserked, as `node` directs, and frees its players
    /// for the next pairing; whether it was written.
    async fn set_outcome(
        &self,
        tournament: &str,
        node: &str,
        game: &str,
        outcome: &str,
        berserk: [bool; 2],
        at: u64,
    ) -> Result<bool, StoreError>;
    /// Who sits where at every party table (a Check Mates board: a game of up to six) of
    /// `tournament`, with each seat's place once its party recorded its results.
    async fn party_seats(&self, tournament: &str) -> Result<Vec<PartySeat>, StoreError>;
    /// Moves a tournament on to `status` at `at`, as `node` directs; whether it was written.
    async fn set_tournament_status(
        &self,
        tournament: &str,
        node: &str,
        status: TournamentStatus,
        at: u64,
    ) -> Result<bool, StoreError>;
}

pub(super) const TOURNAMENT_COLUMNS: &str =
    "id, spec, creator, status, starts, created, finished, hidden, client";
const ENTRY_COLUMNS: &str = "number, account, name, rating, joined, active, seen, playing";
const BOARD_COLUMNS: &str =
    "round, board, game, first, second, outcome, berserk_first, berserk_second, started, ended";

pub(super) fn tournament_row(r: &Row) -> Result<TournamentRecord, StoreError> {
    Ok(TournamentRecord {
        id: r.text(0)?,
        spec: r.text(1)?,
        creator: r.opt_big(2)?,
        status: TournamentStatus::parse(&r.text(3)?)?,
        starts: r.time(4)?,
        created: r.time(5)?,
        finished: r.opt_time(6)?,
        hidden: r.flag(7)?,
        client: r.opt_text(8)?,
    })
}

fn entry_row(r: &Row) -> Result<EntryRecord, StoreError> {
    Ok(EntryRecord {
        number: r.count(0)?,
        account: r.big(1)?,
        name: r.text(2)?,
        rating: r.real(3)?,
        joined: r.time(4)?,
        active: r.flag(5)?,
        seen: r.time(6)?,
        playing: r.opt_text(7)?,
    })
}

fn board_row(r: &Row) -> Result<BoardRecord, StoreError> {
    Ok(BoardRecord {
        round: r.count(0)?,
        board: r.count(1)?,
        game: r.opt_text(2)?,
        first: r.count(3)?,
        second: r.opt_count(4)?,
        outcome: r.opt_text(5)?,
        berserk: [r.flag(6)?, r.flag(7)?],
        started: r.time(8)?,
        ended: r.opt_time(9)?,
    })
}

/// The step that holds a transaction to `node` still directing the tournament (?1, ?2).
fn still_directing<D: Dialect + ?Sized>(db: &D, tournament: &str, node: &str) -> Step {
    Step::must_change(
        &format!(
            "UPDATE tournaments SET director = director WHERE id = ?1 AND director = ?2 \
             AND director_until >= {} AND status <> 'cancelled'",
            db.now_ms_sql()
        ),
        vec![Arg::text(tournament), Arg::text(node)],
    )
}

#[async_trait::async_trait]
impl<D: Dialect> TournamentStore for D {
    async fn create_tournament(&self, t: &TournamentRecord) -> Result<bool, StoreError> {
        let n = self
            .exec(
                &format!(
                    "INSERT INTO tournaments ({TOURNAMENT_COLUMNS}) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) \
                 ON CONFLICT DO NOTHING"
                ),
                vec![
                    Arg::text(&t.id),
                    Arg::text(&t.spec),
                    Arg::id(t.creator),
                    Arg::text(t.status.name()),
                    Arg::big(t.starts),
                    Arg::big(t.created),
                    Arg::Big(t.finished.map(|f| f as i64)),
                    Arg::Flag(t.hidden),
                    Arg::Text(t.client.clone()),
                ],
            )
            .await?;
        Ok(n == 1)
    }

    async fn tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError> {
        first(
            self,
            &format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?1"),
            vec![Arg::text(id)],
        )
        .await?
        .as_ref()
        .map(tournament_row)
        .transpose()
    }

    async fn tournaments(
        &self,
        status: TournamentStatus,
        n: usize,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let order = match status {
            TournamentStatus::Finished => "finished DESC, id",
            _ => "starts, id",
        };
        let rows = self
            .rows(
                &format!(
                    "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status = ?1 \
                     ORDER BY {order} LIMIT ?2"
                ),
                vec![Arg::text(status.name()), Arg::big(n as u64)],
            )
            .await?;
        rows.iter().map(tournament_row).collect()
    }

    async fn enter(
        &self,
        tournament: &str,
        account: i64,
        name: &str,
        rating: f64,
        at: u64,
    ) -> Result<Joined, StoreError> {
        // two joins at once may both read the same next number: the key refuses the second,
        // which reads again
        for _ in 0..5 {
            let found = first(
                self,
                "SELECT number, active FROM tournament_players WHERE tournament = ?1 AND account = ?2",
                vec![Arg::text(tournament), Arg::id(Some(account))],
            )
            .await?;
            if let Some(row) = found {
                let number = row.count(0)?;
                if row.flag(1)? {
                    return Ok(Joined::Already(number));
                }
                self.exec(
                    "UPDATE tournament_players SET active = ?3, seen = ?4 \
                     WHERE tournament = ?1 AND account = ?2",
                    vec![
                        Arg::text(tournament),
                        Arg::id(Some(account)),
                        Arg::Flag(true),
                        Arg::big(at),
                    ],
                )
                .await?;
                return Ok(Joined::Back(number));
            }
            let next = first(
                self,
                "SELECT COALESCE(MAX(number) + 1, 0) FROM tournament_players WHERE tournament = ?1",
                vec![Arg::text(tournament)],
            )
            .await?
            .map(|r| r.count(0))
            .transpose()?
            .unwrap_or(0);
            let put = self
                .exec(
                    &format!(
                        "INSERT INTO tournament_players ({ENTRY_COLUMNS}, tournament) \
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?5, NULL, ?7) ON CONFLICT DO NOTHING"
                    ),
                    vec![
                        Arg::int(next),
                        Arg::id(Some(account)),
                        Arg::text(name),
                        Arg::Real(rating),
                        Arg::big(at),
                        Arg::Flag(true),
                        Arg::text(tournament),
                    ],
                )
                .await?;
            if put == 1 {
                return Ok(Joined::New(next));
            }
        }
        Err(StoreError::Refused(format!(
            "tournament {tournament}: too many players joined at once; try again"
        )))
    }

    async fn withdraw(&self, tournament: &str, account: i64) -> Result<bool, StoreError> {
        Ok(self
            .exec(
                "UPDATE tournament_players SET active = ?3 \
                 WHERE tournament = ?1 AND account = ?2 AND active = ?4",
                vec![
                    Arg::text(tournament),
                    Arg::id(Some(account)),
                    Arg::Flag(false),
                    Arg::Flag(true),
                ],
            )
            .await?
            > 0)
    }

    async fn seen(&self, tournament: &str, account: i64, at: u64) -> Result<(), StoreError> {
        self.exec(
            "UPDATE tournament_players SET seen = ?3 WHERE tournament = ?1 AND account = ?2",
            vec![Arg::text(tournament), Arg::id(Some(account)), Arg::big(at)],
        )
        .await?;
        Ok(())
    }

    async fn entries(&self, tournament: &str) -> Result<Vec<EntryRecord>, StoreError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT {ENTRY_COLUMNS} FROM tournament_players WHERE tournament = ?1 \
                     ORDER BY number"
                ),
                vec![Arg::text(tournament)],
            )
            .await?;
        rows.iter().map(entry_row).collect()
    }

    async fn boards(&self, tournament: &str) -> Result<Vec<BoardRecord>, StoreError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT {BOARD_COLUMNS} FROM tournament_games WHERE tournament = ?1 \
                     ORDER BY round, board"
                ),
                vec![Arg::text(tournament)],
            )
            .await?;
        rows.iter().map(board_row).collect()
    }

    async fn ended_games(&self, tournament: &str) -> Result<Vec<EndedGame>, StoreError> {
        let rows = self
            .rows(
                "SELECT t.game, r.score, g.updated FROM tournament_games t \
                 JOIN games g ON g.id = t.game \
                 LEFT JOIN results r ON r.game = t.game AND r.seat = 0 \
                 WHERE t.tournament = ?1 AND t.outcome IS NULL AND g.status IN ('finished', 'expired')",
                vec![Arg::text(tournament)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(EndedGame {
                    game: r.text(0)?,
                    first_score: match r.0.get(1) {
                        Some(Cell::Null) | None => None,
                        Some(_) => Some(r.real(1)?),
                    },
                    updated: r.time(2)?,
                })
            })
            .collect()
    }

    async fn waiting_made_by(&self, creator: i64) -> Result<u64, StoreError> {
        let row = first(
            self,
            "SELECT COUNT(*) FROM tournaments WHERE creator = ?1 AND status = 'created'",
            vec![Arg::id(Some(creator))],
        )
        .await?;
        Ok(match row {
            Some(r) => r.time(0)?,
            None => 0,
        })
    }

    async fn unstarted_games(&self, tournament: &str) -> Result<Vec<(String, Kind)>, StoreError> {
        let rows = self
            .rows(
                "SELECT t.game, g.kind FROM tournament_games t JOIN games g ON g.id = t.game \
                 WHERE t.tournament = ?1 AND t.outcome IS NULL AND g.status = 'lobby'",
                vec![Arg::text(tournament)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                let kind = r.text(1)?;
                let kind = Kind::parse(&kind).ok_or_else(|| {
                    StoreError::Refused(format!("a game of unknown kind {kind:?}"))
                })?;
                Ok((r.text(0)?, kind))
            })
            .collect()
    }

    async fn direct(&self, tournament: &str, node: &str, ttl_ms: u64) -> Result<bool, StoreError> {
        let now = self.now_ms_sql();
        Ok(self
            .exec(
                &format!(
                    "UPDATE tournaments SET director = ?2, director_until = {now} + ?3 \
                     WHERE id = ?1 AND (director IS NULL OR director = ?2 OR director_until < {now})"
                ),
                vec![Arg::text(tournament), Arg::text(node), Arg::big(ttl_ms)],
            )
            .await?
            == 1)
    }

    async fn release_directions(&self, node: &str) -> Result<u64, StoreError> {
        self.exec(
            "UPDATE tournaments SET director = NULL, director_until = NULL WHERE director = ?1",
            vec![Arg::text(node)],
        )
        .await
    }

    async fn put_boards(
        &self,
        tournament: &str,
        node: &str,
        boards: &[BoardRecord],
        mark_playing: bool,
    ) -> Result<bool, StoreError> {
        let mut steps = vec![still_directing(self, tournament, node)];
        for b in boards {
            steps.push(Step::new(
                &format!(
                    "INSERT INTO tournament_games ({BOARD_COLUMNS}, tournament) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
                ),
                vec![
                    Arg::int(b.round),
                    Arg::int(b.board),
                    Arg::Text(b.game.clone()),
                    Arg::int(b.first),
                    Arg::Int(b.second.map(|s| s as i32)),
                    Arg::Text(b.outcome.clone()),
                    Arg::Flag(b.berserk[0]),
                    Arg::Flag(b.berserk[1]),
                    Arg::big(b.started),
                    Arg::Big(b.ended.map(|e| e as i64)),
                    Arg::text(tournament),
                ],
            ));
            if let (true, Some(game), Some(second)) = (mark_playing, &b.game, b.second) {
                for player in [b.first, second] {
                    steps.push(Step::must_change(
                        "UPDATE tournament_players SET playing = ?3 \
                         WHERE tournament = ?1 AND number = ?2 AND playing IS NULL",
                        vec![Arg::text(tournament), Arg::int(player), Arg::text(game)],
                    ));
                }
            }
        }
        Ok(self.transaction(steps).await?.is_some())
    }

    async fn set_outcome(
        &self,
        tournament: &str,
        node: &str,
        game: &str,
        outcome: &str,
        berserk: [bool; 2],
        at: u64,
    ) -> Result<bool, StoreError> {
        let steps = vec![
            still_directing(self, tournament, node),
            Step::must_change(
                "UPDATE tournament_games SET outcome = ?3, ended = ?4, berserk_first = ?5, \
                 berserk_second = ?6 WHERE tournament = ?1 AND game = ?2 AND outcome IS NULL",
                vec![
                    Arg::text(tournament),
                    Arg::text(game),
                    Arg::text(outcome),
                    Arg::big(at),
                    Arg::Flag(berserk[0]),
                    Arg::Flag(berserk[1]),
                ],
            ),
            Step::new(
                "UPDATE tournament_players SET playing = NULL WHERE tournament = ?1 AND playing = ?2",
                vec![Arg::text(tournament), Arg::text(game)],
            ),
        ];
        Ok(self.transaction(steps).await?.is_some())
    }

    async fn party_seats(&self, tournament: &str) -> Result<Vec<PartySeat>, StoreError> {
        let rows = self
            .rows(
                "SELECT t.round, t.board, s.seat, s.account, r.place FROM tournament_games t \
                 JOIN seats s ON s.game = t.game \
                 LEFT JOIN results r ON r.game = t.game AND r.seat = s.seat \
                 WHERE t.tournament = ?1 ORDER BY t.round, t.board, s.seat",
                vec![Arg::text(tournament)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(PartySeat {
                    round: r.count(0)?,
                    board: r.count(1)?,
                    seat: r.count(2)?,
                    account: r.opt_big(3)?,
                    place: r.opt_count(4)?,
                })
            })
            .collect()
    }

    async fn set_tournament_status(
        &self,
        tournament: &str,
        node: &str,
        status: TournamentStatus,
        at: u64,
    ) -> Result<bool, StoreError> {
        let finished = (status == TournamentStatus::Finished).then_some(at as i64);
        let steps = vec![
            still_directing(self, tournament, node),
            Step::must_change(
                "UPDATE tournaments SET status = ?2, finished = ?3 WHERE id = ?1 AND status <> ?2 \
                 AND status <> 'cancelled'",
                vec![
                    Arg::text(tournament),
                    Arg::text(status.name()),
                    Arg::Big(finished),
                ],
            ),
        ];
        Ok(self.transaction(steps).await?.is_some())
    }
}
