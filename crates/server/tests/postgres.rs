//! The PostgreSQL store on a real cluster: what only it has to get right (the whole server
//! suite also runs on it, with TABULA_TEST_STORE=postgres).

mod common;

use common::fresh_postgres_url;
use serde_json::json;
use tabula_server::GameStore;
use tabula_server::store::{GameRecord, LogEntry, PostgresStore, StoreError};

fn record(id: &str) -> GameRecord {
    GameRecord {
        id: id.into(),
        kind: "royal-solo".into(),
        config: json!({"options": {"level": 2}, "rated": false}),
        seed: u64::MAX - 7,
        created: 1,
        started: Some(2),
        status: "playing".into(),
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
        action: json!({"t": t}),
    };
    owner.append("g", &entry(0, "first")).await.unwrap();
    owner.append("g", &entry(1, "owner's")).await.unwrap();
    // a node that still believes it owns the game writes the same position
    match stale.append("g", &entry(1, "stale")).await {
        Err(StoreError::Stale { game, seq }) => assert_eq!((game.as_str(), seq), ("g", 1)),
        other => panic!("a second write of position 1 was not refused as stale: {other:?}"),
    }
    let log = owner.log("g").await.unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[1].action, json!({"t": "owner's"}));
    assert_eq!(owner.game("g").await.unwrap().unwrap().updated, 11);
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
    assert_eq!(a.acquire("g2", "node-a", 300).await.unwrap(), Lease::Held);
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
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
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
