//! The tournament store's reads that the director relies on, on both databases: the games
//! written into boards but not started yet (a director cut short between the two) are found in
//! one read, and only those.

use crate::common;

use common::fresh_store;
use tabula_server::model::{Kind, Status};
use tabula_server::store::GameRecord;
use tabula_server::store::tournaments::{BoardRecord, TournamentRecord, TournamentStatus};

fn game(id: &str, status: Status) -> GameRecord {
    GameRecord {
        id: id.into(),
        kind: Kind::Querni,
        config: serde_json::from_value(serde_json::json!({"options": {}, "rated": false})).unwrap(),
        seed: 7,
        created: 1,
        started: (status != Status::Lobby).then_some(2),
        status,
        updated: 2,
    }
}

fn board(n: u32, game: &str, outcome: Option<&str>) -> BoardRecord {
    BoardRecord {
        round: 1,
        board: n,
        game: Some(game.into()),
        first: 2 * n,
        second: Some(2 * n + 1),
        outcome: outcome.map(str::to_string),
        berserk: [false, false],
        started: 3,
        ended: outcome.map(|_| 4),
    }
}

#[tokio::test]
async fn the_unstarted_games_of_a_tournament_are_found_in_one_read() {
    let store = fresh_store().await;
    let t = TournamentRecord {
        id: "t1".into(),
        spec: "{}".into(),
        creator: None,
        status: TournamentStatus::Started,
        starts: 0,
        created: 0,
        finished: None,
        hidden: false,
        client: None,
    };
    assert!(store.create_tournament(&t).await.unwrap());
    assert!(store.direct("t1", "node-a", 10_000).await.unwrap());
    // one game written and started, one written but not started, one over and recorded
    for (id, status) in [
        ("g-playing", Status::Playing),
        ("g-unstarted", Status::Lobby),
        ("g-over", Status::Finished),
    ] {
        store.create_game(&game(id, status)).await.unwrap();
    }
    let boards = [
        board(1, "g-playing", None),
        board(2, "g-unstarted", None),
        board(3, "g-over", Some("win")),
    ];
    assert!(
        store
            .put_boards("t1", "node-a", &boards, false)
            .await
            .unwrap()
    );
    let found = store.unstarted_games("t1").await.unwrap();
    assert_eq!(found, vec![("g-unstarted".to_string(), Kind::Querni)]);
    // once started, nothing is left to start; another tournament's read is empty
    store
        .set_status("g-unstarted", Status::Playing, 5)
        .await
        .unwrap();
    assert!(store.unstarted_games("t1").await.unwrap().is_empty());
    assert!(store.unstarted_games("t2").await.unwrap().is_empty());
}

#[tokio::test]
async fn a_creators_waiting_tournaments_are_counted_by_the_database() {
    let store = fresh_store().await;
    let account = store
        .create_account("maker", "hash", 1)
        .await
        .unwrap()
        .unwrap()
        .id;
    let other = store
        .create_account("other", "hash", 1)
        .await
        .unwrap()
        .unwrap()
        .id;
    let made = |id: &str, creator: i64, status: TournamentStatus| TournamentRecord {
        id: id.into(),
        spec: "{}".into(),
        creator: Some(creator),
        status,
        starts: 0,
        created: 0,
        finished: None,
        hidden: false,
        client: None,
    };
    for t in [
        made("w1", account, TournamentStatus::Created),
        made("w2", account, TournamentStatus::Created),
        made("s1", account, TournamentStatus::Started),
        made("o1", other, TournamentStatus::Created),
    ] {
        assert!(store.create_tournament(&t).await.unwrap());
    }
    assert_eq!(store.waiting_made_by(account).await.unwrap(), 2);
    assert_eq!(store.waiting_made_by(other).await.unwrap(), 1);
}
