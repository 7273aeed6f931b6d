//! Group commit for PostgreSQL: the actions appended to games' logs and the notifications the
//! nodes send each other are queued, and a few committers each write whatever has queued up
//! meanwhile in one statement, so one transaction.
//!
//! Why: every transaction costs PostgreSQL far more than the rows it writes (the commit, the
//! round trip, the wake-up of every listening session for a notification). Measured with
//! `pg_stat_statements` under 2,000 clients on two nodes, the database ran one transaction per
//! move and 1.7 more for the notifications, and used about 0.8 of the machine's two cores
//! (BENCHMARKS.md, "Several nodes"). Under light load a committer is idle and an item is written
//! at once, as before; under heavy load the batches grow by themselves, which is where the
//! saving is needed.
//!
//! Nothing changes in what an acknowledgement means: an item's caller is answered only after
//! the transaction holding it committed. A stale append (its position already written, by a
//! node that took the game over) is still told apart from the others: the statement inserts
//! with `ON CONFLICT DO NOTHING` and returns the rows it wrote, so an append whose row is not
//! among them is [`StoreError::Stale`] while the rest of its batch commits. A batch that fails
//! as a whole (a bad row, the connection lost) is written again an item at a time, so one bad
//! item never fails the others.

use super::{Due, StoreError};
use crate::unpoisoned::Locked;
use deadpool_postgres::Pool;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tokio::sync::{Mutex, mpsc, oneshot};

/// What to write.
pub(super) enum Work {
    /// An action appended at position `seq` of the log of `game`.
    Append {
        /// The game.
        game: String,
        /// Its position in the log (1 for the first).
        seq: i64,
        /// When, in ms since the epoch.
        at: i64,
        /// The action, as JSON text.
        action: String,
        /// What it does to the game's deadline.
        due: Due,
    },
    /// Notifications `(channel, payload)`, delivered in this order.
    Notify(Vec<(String, String)>),
}

/// A queued item and who waits for its commit.
struct Pending {
    work: Work,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The queue the committers take their batches from.
pub(super) struct Committer {
    queue: mpsc::Sender<Pending>,
}

/// Each game's `updated` time as last written by this node.
type Touched = std::sync::Mutex<HashMap<String, i64>>;

/// Committers writing at once: two, so a batch forms while the other is written.
const COMMITTERS: usize = 2;

/// Items in one statement at most.
const BATCH: usize = 256;

/// The batch statement: the appends (those not already written), the `updated` time of the
/// games due for it and the deadlines the appends moved (both only of games whose append was
/// written), then the notifications in order; it answers the appends it wrote.
const BATCH_SQL: &str = "WITH logged AS (\
     INSERT INTO actions (game, seq, at, action) \
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[]) \
     ON CONFLICT (game, seq) DO NOTHING RETURNING game, seq), \
 touched AS (\
     UPDATE games SET updated = ($6::bigint[])[array_position($5::text[], games.id)] \
     WHERE games.id = ANY($5::text[]) \
     AND EXISTS (SELECT 1 FROM logged WHERE logged.game = games.id) RETURNING 1), \
 deadlined AS (\
     INSERT INTO deadlines (game, due) \
     SELECT d.g, d.t FROM unnest($9::text[], $10::bigint[]) AS d(g, t) \
     WHERE EXISTS (SELECT 1 FROM logged WHERE logged.game = d.g) \
     ON CONFLICT (game) DO UPDATE SET due = EXCLUDED.due RETURNING 1), \
 told AS (\
     SELECT pg_notify(c, p) FROM unnest($7::text[], $8::text[]) \
     WITH ORDINALITY AS t(c, p, i) ORDER BY i) \
 SELECT game, seq FROM logged \
 UNION ALL SELECT NULL, (SELECT count(*) FROM told) + (SELECT count(*) FROM touched) \
     + (SELECT count(*) FROM deadlined)";

/// How far a game's `updated` time may lag behind its last action, in ms. Writing it with
/// every move made the `games` row the hottest in the database: a new row version and index
/// entries per move (the column is indexed, for the list of games being played, so no update
/// of it is HOT). It orders that list and nothing else; finishing a game still sets it
/// exactly ([`super::GameStore::set_status`]).
pub(super) const UPDATED_EVERY_MS: i64 = 10_000;

/// Games remembered with the `updated` time last written, at most (beyond it, those written
/// longer ago than [`UPDATED_EVERY_MS`] are forgotten: they are due again anyway).
const REMEMBERED: usize = 100_000;

/// One append on its own (the fallback), with its deadline when `$5` (`$6`, NULL for none):
/// a stale one fails with a unique violation.
const APPEND_SQL: &str = "WITH logged AS (INSERT INTO actions (game, seq, at, action) \
     VALUES ($1, $2, $3, $4) RETURNING game), \
 deadlined AS (INSERT INTO deadlines (game, due) SELECT game, $6::bigint FROM logged WHERE $5 \
     ON CONFLICT (game) DO UPDATE SET due = EXCLUDED.due RETURNING 1) \
     UPDATE games SET updated = $3 WHERE id = (SELECT game FROM logged)";

/// Notifications on their own (the fallback).
const NOTIFY_SQL: &str = "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) \
     WITH ORDINALITY AS t(c, p, i) ORDER BY i";

impl Committer {
    /// Starts the committers writing through `pool`.
    pub(super) fn start(pool: Pool) -> Committer {
        let (queue, rx) = mpsc::channel(8192);
        let rx = Arc::new(Mutex::new(rx));
        let touched = Arc::new(Touched::default());
        for _ in 0..COMMITTERS {
            tokio::spawn(commit_loop(
                pool.clone(),
                Arc::clone(&rx),
                Arc::clone(&touched),
            ));
        }
        Committer { queue }
    }

    /// Writes `work` and returns once it is committed.
    pub(super) async fn write(&self, work: Work) -> Result<(), StoreError> {
        let (done, committed) = oneshot::channel();
        let stopped = || StoreError::Postgres("the database writer stopped".into());
        self.queue
            .send(Pending { work, done })
            .await
            .map_err(|_| stopped())?;
        committed.await.map_err(|_| stopped())?
    }
}

/// Takes batches off the queue and writes them, until the store is gone.
async fn commit_loop(pool: Pool, rx: Arc<Mutex<mpsc::Receiver<Pending>>>, touched: Arc<Touched>) {
    loop {
        let mut batch = Vec::new();
        {
            let mut rx = rx.lock().await;
            let Some(first) = rx.recv().await else { return };
            batch.push(first);
            while batch.len() < BATCH {
                match rx.try_recv() {
                    Ok(next) => batch.push(next),
                    Err(_) => break,
                }
            }
        }
        commit(&pool, batch, &touched).await;
    }
}

/// Writes one batch and answers each of its items.
async fn commit(pool: &Pool, batch: Vec<Pending>, touched: &Touched) {
    // two appends of one position in one batch (two nodes both believing they own a game)
    // would both see their row written: the second goes on its own, and is refused there
    crate::metrics::METRICS
        .commit_batch
        .observe(batch.len() as f64);
    let mut seen = HashSet::new();
    let (together, alone): (Vec<Pending>, Vec<Pending>) =
        batch.into_iter().partition(|p| match &p.work {
            Work::Append { game, seq, .. } => seen.insert((game.clone(), *seq)),
            Work::Notify(_) => true,
        });
    match write_batch(pool, &together, touched).await {
        Ok(written) => {
            for p in together {
                let result = match &p.work {
                    Work::Append { game, seq, .. } if !written.contains(&(game.clone(), *seq)) => {
                        Err(StoreError::Stale {
                            game: game.clone(),
                            seq: *seq as u64,
                        })
                    }
                    _ => Ok(()),
                };
                let _ = p.done.send(result);
            }
        }
        Err(e) => {
            tracing::debug!(
                "a batch of {} writes failed ({e}): one by one",
                together.len()
            );
            for p in together {
                let result = write_one(pool, &p.work).await;
                let _ = p.done.send(result);
            }
        }
    }
    for p in alone {
        let result = write_one(pool, &p.work).await;
        let _ = p.done.send(result);
    }
}

/// The `(game, seq)` of the appends the batch wrote.
async fn write_batch(
    pool: &Pool,
    batch: &[Pending],
    touched: &Touched,
) -> Result<HashSet<(String, i64)>, StoreError> {
    let (mut games, mut seqs, mut ats, mut actions) = (vec![], vec![], vec![], vec![]);
    let updates = due_updates(batch, touched);
    let (due_games, due_ats): (Vec<&str>, Vec<i64>) =
        updates.iter().map(|(g, at)| (g.as_str(), *at)).unzip();
    let (mut channels, mut payloads) = (vec![], vec![]);
    // each game's deadline as its latest append in the batch moved it (one row per game: one
    // statement may not change a row twice)
    let mut deadlines: HashMap<&str, (i64, Option<i64>)> = HashMap::new();
    for p in batch {
        match &p.work {
            Work::Append {
                game,
                seq,
                at,
                action,
                due,
            } => {
                games.push(game.as_str());
                seqs.push(*seq);
                ats.push(*at);
                actions.push(action.as_str());
                if let Some(written) = due.written() {
                    let t = written.map(|t| t as i64);
                    let e = deadlines.entry(game.as_str()).or_insert((*seq, t));
                    if *seq >= e.0 {
                        *e = (*seq, t);
                    }
                }
            }
            Work::Notify(parts) => {
                for (c, text) in parts {
                    channels.push(c.as_str());
                    payloads.push(text.as_str());
                }
            }
        }
    }
    let (deadline_games, deadline_dues): (Vec<&str>, Vec<Option<i64>>) =
        deadlines.into_iter().map(|(g, (_, t))| (g, t)).unzip();
    let c = pool.get().await?;
    let st = c.prepare_cached(BATCH_SQL).await?;
    let rows = c
        .query(
            &st,
            &[
                &games,
                &seqs,
                &ats,
                &actions,
                &due_games,
                &due_ats,
                &channels,
                &payloads,
                &deadline_games,
                &deadline_dues,
            ],
        )
        .await?;
    remember(touched, updates);
    let mut written = HashSet::new();
    for row in rows {
        let game: Option<String> = row.try_get(0)?;
        if let Some(game) = game {
            written.insert((game, row.try_get::<_, i64>(1)?));
        }
    }
    Ok(written)
}

/// The games of `batch` whose `updated` time is due to be written, with the time: those not
/// written for [`UPDATED_EVERY_MS`] (or never, by this node).
fn due_updates(batch: &[Pending], touched: &Touched) -> Vec<(String, i64)> {
    let last = touched.locked();
    let mut due: HashMap<&str, i64> = HashMap::new();
    for p in batch {
        if let Work::Append { game, at, .. } = &p.work
            && last
                .get(game)
                .is_none_or(|then| at - then >= UPDATED_EVERY_MS)
        {
            let newest = due.entry(game).or_insert(*at);
            *newest = (*newest).max(*at);
        }
    }
    due.into_iter().map(|(g, at)| (g.to_string(), at)).collect()
}

/// Remembers the `updated` times just written.
fn remember(touched: &Touched, written: Vec<(String, i64)>) {
    let mut last = touched.locked();
    if last.len() > REMEMBERED {
        let newest = written.iter().map(|(_, at)| *at).max().unwrap_or(0);
        last.retain(|_, then| newest - *then < UPDATED_EVERY_MS);
    }
    last.extend(written);
}

/// Writes one item in a transaction of its own.
async fn write_one(pool: &Pool, work: &Work) -> Result<(), StoreError> {
    let c = pool.get().await?;
    match work {
        Work::Append {
            game,
            seq,
            at,
            action,
            due,
        } => {
            let st = c.prepare_cached(APPEND_SQL).await?;
            let written = due.written();
            let due = written.flatten().map(|t| t as i64);
            let args: [&(dyn tokio_postgres::types::ToSql + Sync); 6] =
                [game, seq, at, action, &written.is_some(), &due];
            match c.execute(&st, &args).await {
                Ok(_) => Ok(()),
                Err(err)
                    if err.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) =>
                {
                    Err(StoreError::Stale {
                        game: game.clone(),
                        seq: *seq as u64,
                    })
                }
                Err(err) => Err(err.into()),
            }
        }
        Work::Notify(parts) => {
            let (channels, payloads): (Vec<&str>, Vec<&str>) =
                parts.iter().map(|(c, p)| (c.as_str(), p.as_str())).unzip();
            let st = c.prepare_cached(NOTIFY_SQL).await?;
            c.query(&st, &[&channels, &payloads]).await?;
            Ok(())
        }
    }
}
