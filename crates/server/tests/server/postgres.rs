//! The PostgreSQL store on a real cluster: what only it has to get right (the whole server
//! suite also runs on it, with TABULA_TEST_STORE=postgres).

use crate::common;

use common::fresh_postgres_url;
use serde_json::json;
use tabula_server::GameStore;
use tabula_server::games::Kind;
use tabula_server::json::RawJson;
use tabula_server::model::Status;
use tabula_server::store::{Due, GameRecord, LogEntry, PostgresStore, StoreError};

fn record(id: &str) -> GameRecord {
    GameRecord {
        id: id.into(),
        kind: Kind::RoyalSolo,
        config: serde_json::from_value(json!({"options": {"level": 2}, "rated": false})).unwrap(),
        seed: u64::MAX - 7,
        created: 1,
        started: Some(2),
        status: Status::Playing,
        updated: 2,
    }
}

#[tokio::test]
async fn nodes_starting_together_migrate_once_and_share_one_database() {
    let url = fresh_postgres_url().await;
    // four nodes start at the same moment on an empty database: the advisory lock lets one
    // migrate while the others wait, and all of them agree on the database's id
    let starts = (0..4).map(|_| PostgresStore::connect(&url, 2));
    let stores: Vec<PostgresStore> = futures_util::future::join_all(starts)
        .await
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(stores.iter().all(|s| s.db_id() == stores[0].db_id()));
    stores[0].create_game(&record("g1")).await.unwrap();
    assert_eq!(stores[3].game("g1").await.unwrap(), Some(record("g1")));
}

#[tokio::test]
async fn a_stale_owners_append_is_refused_and_the_log_stays_whole() {
    let url = fresh_postgres_url().await;
    let owner = PostgresStore::connect(&url, 2).await.unwrap();
    let stale = PostgresStore::connect(&url, 2).await.unwrap();
    owner.create_game(&record("g")).await.unwrap();
    let entry = |seq, t: &str| LogEntry {
        seq,
        at: 10 + seq,
        action: RawJson::of(&json!({"t": t})),
    };
    owner
        .append("g", &entry(0, "first"), Due::Same)
        .await
        .unwrap();
    owner
        .append("g", &entry(1, "owner's"), Due::Same)
        .await
        .unwrap();
    // a node that still believes it owns the game writes the same position
    match stale.append("g", &entry(1, "stale"), Due::Same).await {
        Err(StoreError::Stale { game, seq }) => assert_eq!((game.as_str(), seq), ("g", 1)),
        other => panic!("a second write of position 1 was not refused as stale: {other:?}"),
    }
    let log = owner.log("g").await.unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[1].action, RawJson::of(&json!({"t": "owner's"})));
    // the game's `updated` time follows its log to within ten seconds
    assert_eq!(owner.game("g").await.unwrap().unwrap().updated, 10);
}

fn entry(seq: u64, at: u64, t: &str) -> LogEntry {
    LogEntry {
        seq,
        at,
        action: RawJson::of(&json!({"t": t})),
    }
}

/// The answers to `who` writing positions 0-14 of each of `games`, one game after another
/// position by position, all games at once.
async fn write_logs(
    store: &PostgresStore,
    who: &'static str,
    games: Vec<String>,
) -> Vec<(String, u64, &'static str, Result<(), StoreError>)> {
    let per_game = games.into_iter().map(|g| async move {
        let mut answers = Vec::new();
        for seq in 0..15 {
            let r = store
                .append(&g, &entry(seq, 100 + seq, who), Due::Same)
                .await;
            answers.push((g.clone(), seq, who, r));
        }
        answers
    });
    futures_util::future::join_all(per_game)
        .await
        .into_iter()
        .flatten()
        .collect()
}

#[tokio::test]
async fn appends_committed_together_are_answered_each_stale_ones_refused_alone() {
    let url = fresh_postgres_url().await;
    let owner = PostgresStore::connect(&url, 4).await.unwrap();
    let rival = PostgresStore::connect(&url, 4).await.unwrap();
    let games: Vec<String> = (0..12).map(|i| format!("g{i}")).collect();
    for g in &games {
        owner.create_game(&record(g)).await.unwrap();
    }
    // every game's log written by its owner, position after position, all games at once (so
    // the appends of many games share transactions), while a rival node writes the same
    // positions of the first four games, and the owner itself sends one position of g5 twice
    let twice = futures_util::future::join_all((0..2).map(|_| async {
        let r = owner
            .append("g5", &entry(15, 200, "owner"), Due::Same)
            .await;
        ("g5".to_string(), 15, "owner", r)
    }));
    let (mine, theirs, twice) = tokio::join!(
        write_logs(&owner, "owner", games.clone()),
        write_logs(&rival, "rival", games[..4].to_vec()),
        twice
    );
    // every position acknowledged to exactly one writer, every other write refused as stale
    let mut acked: std::collections::HashMap<(String, u64), Vec<&str>> = Default::default();
    for (g, seq, who, r) in mine.into_iter().chain(theirs).chain(twice) {
        match r {
            Ok(()) => acked.entry((g, seq)).or_default().push(who),
            Err(StoreError::Stale { game, seq: s }) => assert_eq!((game, s), (g, seq)),
            Err(e) => panic!("{g} position {seq}: {e}"),
        }
    }
    for g in &games {
        let log = owner.log(g).await.unwrap();
        assert_eq!(log.len(), if g == "g5" { 16 } else { 15 }, "{g}");
        for e in log {
            let who = acked.get(&(g.clone(), e.seq)).map(Vec::as_slice);
            assert_eq!(
                who.map(<[&str]>::len),
                Some(1),
                "{g} position {}: {who:?}",
                e.seq
            );
            // and the log holds what that writer wrote
            assert_eq!(
                e.action,
                RawJson::of(&json!({"t": who.unwrap()[0]})),
                "{g} position {}",
                e.seq
            );
        }
    }
    assert_eq!(acked.len(), 12 * 15 + 1);
}

#[tokio::test]
async fn one_bad_append_fails_alone_and_notifications_still_go() {
    let url = fresh_postgres_url().await;
    let store = PostgresStore::connect(&url, 4).await.unwrap();
    for i in 0..200 {
        store.create_game(&record(&format!("g{i}"))).await.unwrap();
    }
    let mut heard = store.listen(vec!["news".into()]).await.unwrap();
    // 200 good appends, one to a game that does not exist and three notifications, sent at
    // once: they queue up and are written a batch at a time
    let good = futures_util::future::join_all((0..200).map(|i| {
        let store = &store;
        // each with its deadline: written alone too when its batch fails
        let due = Due::At(1_000 + i);
        async move {
            store
                .append(&format!("g{i}"), &entry(0, 5, "good"), due)
                .await
        }
    }));
    let bad_entry = entry(0, 5, "bad");
    let bad = store.append("nowhere", &bad_entry, Due::At(1));
    let told = futures_util::future::join_all(
        (0..3).map(|i| store.notify(vec![("news".to_string(), format!("n{i}"))])),
    );
    let (good, bad, told) = tokio::join!(good, bad, told);
    assert!(good.iter().all(|r| r.is_ok()), "{good:?}");
    match bad {
        Err(StoreError::Postgres(e)) => assert!(e.contains("foreign key"), "{e}"),
        other => panic!("an append to a game that does not exist: {other:?}"),
    }
    assert!(told.iter().all(|r| r.is_ok()));
    let mut payloads = Vec::new();
    for _ in 0..3 {
        let n = tokio::time::timeout(std::time::Duration::from_secs(5), heard.recv())
            .await
            .expect("a notification within 5 s")
            .unwrap();
        payloads.push(n.payload);
    }
    payloads.sort();
    assert_eq!(payloads, ["n0", "n1", "n2"]);
    for i in 0..200 {
        assert_eq!(store.log(&format!("g{i}")).await.unwrap().len(), 1);
        assert_eq!(
            tabula_server::store::DeadlineStore::deadline(&store, &format!("g{i}"))
                .await
                .unwrap(),
            Some(1_000 + i)
        );
    }
    assert!(store.log("nowhere").await.unwrap().is_empty());
}

#[tokio::test]
async fn a_games_updated_time_follows_its_log_to_within_ten_seconds() {
    let url = fresh_postgres_url().await;
    let store = PostgresStore::connect(&url, 2).await.unwrap();
    store.create_game(&record("g")).await.unwrap();
    let updated = || async { store.game("g").await.unwrap().unwrap().updated };
    store
        .append("g", &entry(0, 1_000, "a"), Due::Same)
        .await
        .unwrap();
    assert_eq!(updated().await, 1_000, "the first append writes it");
    store
        .append("g", &entry(1, 9_000, "b"), Due::Same)
        .await
        .unwrap();
    assert_eq!(updated().await, 1_000, "8 s later it may lag");
    store
        .append("g", &entry(2, 11_000, "c"), Due::Same)
        .await
        .unwrap();
    assert_eq!(updated().await, 11_000, "10 s later it is written again");
    store
        .set_status("g", Status::Finished, 12_345)
        .await
        .unwrap();
    assert_eq!(updated().await, 12_345, "the end of a game sets it exactly");
}

#[tokio::test]
async fn a_bad_url_or_an_unreachable_server_is_a_clear_refusal() {
    let err = |r: Result<PostgresStore, StoreError>| match r {
        Err(e) => e.to_string(),
        Ok(_) => panic!("connected"),
    };
    let e = err(PostgresStore::connect("postgres://ann:pw@127.0.0.1:1/none", 1).await);
    assert!(e.contains("cannot connect") && e.contains("refused"), "{e}");
    assert!(e.contains("ann:***@") && !e.contains(":pw@"), "{e}");
    let e = err(PostgresStore::connect("postgres://a:b@h:notaport/db", 1).await);
    assert!(e.contains("not a PostgreSQL URL"), "{e}");
}

#[tokio::test]
async fn a_game_has_one_node_at_a_time_and_moves_on_only_when_its_lease_lapses() {
    use tabula_server::store::leases::Lease;
    let url = fresh_postgres_url().await;
    let a = PostgresStore::connect(&url, 2).await.unwrap();
    let b = PostgresStore::connect(&url, 2).await.unwrap();
    for id in ["g1", "g2"] {
        a.create_game(&record(id)).await.unwrap();
    }
    assert_eq!(
        a.acquire("g1", "node-a", 60_000).await.unwrap(),
        Lease::Held
    );
    // g2's lease is short, but long enough for the checks below to run inside it on a loaded
    // machine (300 ms lapsed once before the next line's question, beside the browser tests)
    let short = std::time::Instant::now();
    assert_eq!(a.acquire("g2", "node-a", 3_000).await.unwrap(), Lease::Held);
    // another node is told who holds them
    let elsewhere = Lease::Elsewhere {
        node: "node-a".into(),
    };
    assert_eq!(b.acquire("g1", "node-b", 60_000).await.unwrap(), elsewhere);
    assert_eq!(b.acquire("g2", "node-b", 60_000).await.unwrap(), elsewhere);
    // the holder renews its own
    assert_eq!(
        a.acquire("g1", "node-a", 60_000).await.unwrap(),
        Lease::Held
    );
    assert!(b.orphans(10).await.unwrap().is_empty());
    // node-a stops renewing g2 (as if killed): once lapsed it is an orphan, then node-b's
    tokio::time::sleep_until((short + std::time::Duration::from_millis(3_100)).into()).await;
    assert_eq!(b.orphans(10).await.unwrap(), vec!["g2".to_string()]);
    assert_eq!(
        b.acquire("g2", "node-b", 60_000).await.unwrap(),
        Lease::Held
    );
    assert!(b.orphans(10).await.unwrap().is_empty());
    // node-a wakes up: renewing keeps g1 and tells it g2 is gone; its release of g2 does
    // not take node-b's lease away
    assert_eq!(
        a.renew("node-a", &["g1".to_string(), "g2".to_string()], 60_000)
            .await
            .unwrap(),
        vec!["g1".to_string()]
    );
    a.release("g2", "node-a").await.unwrap();
    assert_eq!(
        a.acquire("g2", "node-a", 60_000).await.unwrap(),
        Lease::Elsewhere {
            node: "node-b".into()
        }
    );
    // a released lease is free at once
    a.release("g1", "node-a").await.unwrap();
    assert_eq!(
        b.acquire("g1", "node-b", 60_000).await.unwrap(),
        Lease::Held
    );
}

#[tokio::test]
async fn a_deadline_is_written_with_its_append_in_the_batch_and_alone_never_by_a_stale_one() {
    use tabula_server::store::DeadlineStore;
    let url = fresh_postgres_url().await;
    let owner = PostgresStore::connect(&url, 4).await.unwrap();
    let stale = PostgresStore::connect(&url, 2).await.unwrap();
    let entry = |seq| LogEntry {
        seq,
        at: 100 + seq,
        action: RawJson::of(&json!({"t": "x"})),
    };
    // many games appended at once (batched), each with its deadline
    let mut writes = Vec::new();
    for i in 0..40u64 {
        let g = format!("d{i}");
        owner.create_game(&record(&g)).await.unwrap();
        let owner = &owner;
        writes.push(async move {
            owner
                .append(&g, &entry(0), Due::At(1_000 + i))
                .await
                .unwrap();
            // a second append in the same rush: the later deadline wins
            owner
                .append(&g, &entry(1), Due::At(2_000 + i))
                .await
                .unwrap();
            owner.append(&g, &entry(2), Due::Same).await.unwrap();
        });
    }
    futures_util::future::join_all(writes).await;
    for i in 0..40u64 {
        assert_eq!(
            owner.deadline(&format!("d{i}")).await.unwrap(),
            Some(2_000 + i)
        );
    }
    assert_eq!(owner.due_games(2_004, 100).await.unwrap().len(), 5);
    // a stale append moves no deadline
    assert!(matches!(
        stale.append("d0", &entry(2), Due::At(9)).await,
        Err(StoreError::Stale { .. })
    ));
    assert_eq!(owner.deadline("d0").await.unwrap(), Some(2_000));
    // the game over: no deadline, and no longer due
    owner.append("d0", &entry(3), Due::Never).await.unwrap();
    assert_eq!(owner.deadline("d0").await.unwrap(), None);
    assert!(
        !owner
            .due_games(u64::MAX / 2, 100)
            .await
            .unwrap()
            .contains(&"d0".to_string())
    );
}
