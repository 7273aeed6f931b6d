//! Games counted into the explorer in batches (one transaction, rows summed first) give exactly
//! what the same games counted one at a time give: every position's moves and latest games,
//! for everyone, by band, rated only and for each player and colour; a game named twice or
//! counted before is counted once. The server's queue, fed by games ending at once, the same.

use crate::common;

use std::sync::Arc;
use tabula_server::explorer_queue::ExplorerQueue;
use tabula_server::model::{Kind, Status};
use tabula_server::store::explorer::{ExplorerFilter, ExplorerGame, Scope};
use tabula_server::store::{GameRecord, Store};

const SPEEDS: [&str; 4] = ["bullet", "blitz", "rapid", "computer"];

/// A small deterministic generator (the games must be the same in both stores).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// `n` games over few positions and moves, so that batches share rows: each ply's position is
/// one of a handful per depth (move orders meeting), its move one of three; accounts, ratings,
/// speeds, results and the rated flag vary; the times they ended are all different and out of
/// order, so "the latest game" is decided by time, not by the order of counting.
fn games(n: u64, accounts: &[i64]) -> Vec<ExplorerGame> {
    let mut r = Lcg(7);
    (0..n)
        .map(|i| {
            let plies = (0..1 + r.below(8))
                .map(|depth| {
                    let position = (depth * 10 + r.below(3)) as i64;
                    (
                        position,
                        ["a2a3", "b2b3", "c2c3"][r.below(3) as usize].to_string(),
                    )
                })
                .collect();
            let account = |r: &mut Lcg| match r.below(4) {
                0 => None,
                k => Some(accounts[(k - 1) as usize]),
            };
            let (white, black) = (account(&mut r), account(&mut r));
            let rating = |r: &mut Lcg| (r.below(3) > 0).then(|| 1200 + r.below(900) as u32);
            let ratings = [rating(&mut r), rating(&mut r)];
            ExplorerGame {
                game: format!("g{i}"),
                variant: "quickchess".into(),
                names: [format!("w{i}"), format!("b{i}")],
                accounts: [white, black],
                ratings,
                result: r.below(3) as u8,
                speed: SPEEDS[r.below(4) as usize].into(),
                rated: r.below(2) == 0,
                finished: 1_000_000 + (i * 7919) % 1009 * 10 + i % 10,
                plies,
            }
        })
        .collect()
}

/// A fresh store with three accounts and the games' rows (the explorer's parents).
async fn store_with(n: u64) -> (Arc<dyn Store>, Vec<i64>) {
    let store = common::fresh_store().await;
    let mut accounts = Vec::new();
    for name in ["ann", "bob", "cid"] {
        let a = store
            .create_account(name, "hash", 1)
            .await
            .unwrap()
            .unwrap();
        accounts.push(a.id);
    }
    for i in 0..n {
        store
            .create_game(&GameRecord {
                id: format!("g{i}"),
                kind: Kind::Quickchess,
                config: Default::default(),
                seed: i,
                created: 1,
                started: Some(1),
                status: Status::Finished,
                updated: 1,
            })
            .await
            .unwrap();
    }
    (store, accounts)
}

/// Everything the explorer answers about the games' positions, as text to compare.
async fn everything(store: &dyn Store, accounts: &[i64]) -> Vec<String> {
    let speeds: Vec<String> = SPEEDS.iter().map(|s| s.to_string()).collect();
    let mut filters = vec![
        ExplorerFilter {
            speeds: speeds.clone(),
            rated_only: false,
            scope: Scope::All(None),
        },
        ExplorerFilter {
            speeds: speeds[1..3].to_vec(),
            rated_only: true,
            scope: Scope::All(Some((1400, 1800))),
        },
    ];
    for account in accounts {
        for color in 0..2 {
            filters.push(ExplorerFilter {
                speeds: speeds.clone(),
                rated_only: false,
                scope: Scope::Player {
                    account: *account,
                    color,
                },
            });
        }
    }
    let mut out = Vec::new();
    for depth in 0..8 {
        for k in 0..3 {
            let position = depth * 10 + k;
            for f in &filters {
                let moves = store.explorer_moves(position, f).await.unwrap();
                let recent = store.explorer_recent(position, f, 8).await.unwrap();
                out.push(format!("{position} {f:?}: {moves:?} {recent:?}"));
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_counted_in_batches_are_counted_as_one_at_a_time() {
    let n = 60;
    let (one_by_one, accounts) = store_with(n).await;
    let all = games(n, &accounts);
    for g in &all {
        assert!(one_by_one.count_game(g).await.unwrap(), "{}", g.game);
    }
    assert!(
        !one_by_one.count_game(&all[3]).await.unwrap(),
        "counted before"
    );

    let (batched, accounts_b) = store_with(n).await;
    assert_eq!(accounts, accounts_b, "the same accounts in both stores");
    // a first batch, then batches of 13 where one names a game of the first and one names a
    // game twice
    let counted = batched.count_games(&all[..5]).await.unwrap();
    assert_eq!(counted, vec![true; 5]);
    let mut rest: Vec<ExplorerGame> = all[5..].to_vec();
    rest.insert(3, all[2].clone());
    rest.insert(20, all[30].clone());
    let mut answers = Vec::new();
    for chunk in rest.chunks(13) {
        answers.extend(batched.count_games(chunk).await.unwrap());
    }
    assert_eq!(answers.iter().filter(|a| !**a).count(), 2, "{answers:?}");
    assert!(!answers[3], "a game counted in an earlier batch");
    assert_eq!(
        answers.iter().filter(|a| **a).count(),
        all.len() - 5,
        "each other game counted once"
    );

    let (a, b) = (
        everything(&*one_by_one, &accounts).await,
        everything(&*batched, &accounts).await,
    );
    assert!(a.iter().any(|line| line.contains("games: ")), "some moves");
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x, y);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_ending_at_once_share_the_queue_s_transactions() {
    let n = 40;
    let (one_by_one, accounts) = store_with(n).await;
    let all = games(n, &accounts);
    for g in &all {
        one_by_one.count_game(g).await.unwrap();
    }
    let (queued, _) = store_with(n).await;
    let queue = Arc::new(ExplorerQueue::default());
    let mut tasks = Vec::new();
    for g in all.iter().cloned().chain([all[7].clone()]) {
        let (queue, store) = (Arc::clone(&queue), Arc::clone(&queued));
        tasks.push(tokio::spawn(async move {
            queue.count(&*store, g).await.unwrap()
        }));
    }
    let mut now = Vec::new();
    for t in tasks {
        now.push(t.await.unwrap());
    }
    assert_eq!(now.iter().filter(|c| **c).count(), all.len(), "{now:?}");
    assert_eq!(
        everything(&*one_by_one, &accounts).await,
        everything(&*queued, &accounts).await
    );
}
