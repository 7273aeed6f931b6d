//! A player's games (issue #56): games played through the API found by every filter of
//! `GET /api/players/{name}/games`, paged without a game lost or shown twice, and the exports:
//! a player's 1,000 games streamed as PGN (every game replayed by Fairy-Stockfish to the final
//! position the list shows) and as JSON lines (every kind), and bad queries refused with the
//! parameter named. (The exports' bound per address is a unit test of its own.)

use crate::common;

// the CLI's tests' driver of Debian's fairy-stockfish, one file for both crates' tests
#[path = "../../../cli/tests/cli/common/fsf.rs"]
mod fsf;
use fsf::Fsf;

use common::jar::{play_resigned, signed_up};
use common::request;
use serde_json::{Value, json};
use std::io::{Read, Write};
use tabula_chess::pgn::read_pgn;
use tabula_chess::{AnyPosition, Variant};
use tabula_server::Limits;
use tabula_server::store::game_search::{GameFacts, GameSearch};
use tabula_server::store::players::ResultRecord;
use tabula_server::store::{Due, Store};

/// The moves of the rated game (both sides play twice: a game of fewer is not rated).
const MOVES: [&str; 4] = ["a2a3", "a5a4", "b2b3", "e5e4"];

async fn list(addr: std::net::SocketAddr, name: &str, query: &str) -> Value {
    let path = format!("/api/players/{name}/games?{query}");
    let a = request(addr, 1, "GET", &path, &[], None).await;
    assert_eq!(a.status, 200, "{query}: {}", a.body);
    a.body
}

fn ids(page: &Value) -> Vec<String> {
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_games_are_found_by_every_filter_and_paged() {
    let s = common::start_limited(Limits::default().unlimited_rates()).await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    let [ann, bob, cyd] = &mut jars[..] else {
        unreachable!()
    };
    let qc = json!({});
    // ann White against bob, wins (bob resigns)
    let g1 = play_resigned(s.addr, ann, bob, qc.clone(), true, &MOVES, 1).await;
    // bob White against ann: ann (Black) resigns
    let g2 = play_resigned(s.addr, bob, ann, qc.clone(), false, &["b2b3"], 1).await;
    // ann White against cyd in a lesson game, ann resigns
    let lesson = json!({"variant": "raging-rooks"});
    let g3 = play_resigned(s.addr, ann, cyd, lesson, false, &[], 0).await;
    // a Querni game: ann makes it, bob resigns
    let body = json!({"kind": "querni", "options": {}, "rated": false});
    let (g4, _, bob_token) = common::jar::seated_pair(s.addr, ann, bob, body).await;
    let a = common::act(s.addr, &g4, &bob_token, json!({"t": "resign"})).await;
    assert_eq!(a.status, 200, "{}", a.body);

    let all = list(s.addr, "ann", "").await;
    assert_eq!(
        ids(&all),
        [&g4, &g3, &g2, &g1].map(String::clone),
        "newest first: {all}"
    );
    assert!(all.get("next").is_none(), "one page: {all}");
    let first = &all["games"][3];
    assert_eq!(first["result"], "win");
    assert_eq!(first["color"], "white");
    assert_eq!(first["opponents"], json!(["bob"]));
    assert_eq!(first["variant"], "quickchess");
    assert_eq!(first["rated"], true);
    assert_eq!(first["pool"], "quickchess:untimed");
    // the small board's position: the game's last
    // the small board's position: the game's last, as our rules make it from the moves
    let mut p = AnyPosition::start(Variant::parse("quickchess").unwrap());
    for m in MOVES {
        p = p.play_unchecked(p.parse_uci(m).unwrap());
    }
    assert_eq!(first["final"], p.fen());
    assert_eq!(all["games"][2]["color"], "black");
    assert_eq!(all["games"][2]["result"], "loss");
    assert_eq!(all["games"][1]["variant"], "raging-rooks");
    assert_eq!(all["games"][0]["kind"], "querni");
    assert_eq!(all["games"][0]["result"], "win");

    for (query, want) in [
        ("result=win", vec![&g4, &g1]),
        ("result=loss", vec![&g3, &g2]),
        ("result=draw", Vec::<&String>::new()),
        ("color=black", vec![&g2]),
        ("color=white", vec![&g3, &g1]),
        ("opponent=BOB", vec![&g4, &g2, &g1]),
        ("opponent=cyd&result=loss", vec![&g3]),
        ("rated=true", vec![&g1]),
        ("kind=querni", vec![&g4]),
        ("kind=quickchess&variant=raging-rooks", vec![&g3]),
        ("speed=untimed&kind=quickchess", vec![&g3, &g2, &g1]),
        ("speed=blitz", vec![]),
        (
            "since=2000-01-01&until=2999-12-31",
            vec![&g4, &g3, &g2, &g1],
        ),
        ("until=2000-01-01", vec![]),
    ] {
        let page = list(s.addr, "ann", query).await;
        let want: Vec<String> = want.into_iter().cloned().collect();
        assert_eq!(ids(&page), want, "{query}: {page}");
    }
    // one game a page: every game once, in order, then no `next`
    let mut seen = Vec::new();
    let mut query = "limit=1".to_string();
    loop {
        let page = list(s.addr, "ann", &query).await;
        seen.extend(ids(&page));
        match page.get("next") {
            Some(next) => query = format!("limit=1&after={}", next.as_str().unwrap()),
            None => break,
        }
        assert!(seen.len() <= 5, "paging ends: {seen:?}");
    }
    assert_eq!(seen, [&g4, &g3, &g2, &g1].map(String::clone));
    // bob sees the same games from his side
    let bobs = list(s.addr, "bob", "kind=quickchess").await;
    assert_eq!(ids(&bobs), [&g2, &g1].map(String::clone));
    assert_eq!(bobs["games"][0]["color"], "white");
    assert_eq!(bobs["games"][0]["result"], "win");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_game_searches_name_what_is_wrong() {
    let s = common::start_limited(Limits::default().unlimited_rates()).await;
    signed_up(s.addr, &["ann"]).await;
    for (path, status, cause, words) in [
        ("/api/players/nobody/games", 404, "no_player", "nobody"),
        (
            "/api/players/ann/games?kind=go",
            400,
            "bad_kind",
            "kind: `go`",
        ),
        (
            "/api/players/ann/games?variant=go",
            400,
            "bad_variant",
            "variant: `go`",
        ),
        (
            "/api/players/ann/games?result=won",
            400,
            "bad_query",
            "result: `won`",
        ),
        (
            "/api/players/ann/games?color=red",
            400,
            "bad_query",
            "color: `red`",
        ),
        (
            "/api/players/ann/games?speed=fast",
            400,
            "bad_query",
            "speed: `fast`",
        ),
        (
            "/api/players/ann/games?since=yesterday",
            400,
            "bad_day",
            "since: `yesterday`",
        ),
        (
            "/api/players/ann/games?until=2026-13-01",
            400,
            "bad_day",
            "until",
        ),
        (
            "/api/players/ann/games?after=xyz",
            400,
            "bad_query",
            "after: `xyz`",
        ),
        (
            "/api/players/ann/games?limit=0",
            400,
            "bad_query",
            "limit: 0",
        ),
        (
            "/api/players/ann/games?limit=101",
            400,
            "bad_query",
            "limit: 101",
        ),
        (
            "/api/players/ann/games?rated=maybe",
            400,
            "bad_query",
            "rated",
        ),
        (
            "/api/players/ann/games?colour=white",
            400,
            "bad_query",
            "colour",
        ),
        (
            "/api/players/ann/games.pgn?kind=querni",
            400,
            "unsupported_game",
            "kind",
        ),
        (
            "/api/players/ann/games.jsonl?limit=5",
            400,
            "bad_query",
            "limit",
        ),
    ] {
        let a = request(s.addr, 1, "GET", path, &[], None).await;
        assert_eq!(a.status, status, "{path}: {}", a.body);
        assert_eq!(a.body["cause"], cause, "{path}: {}", a.body);
        let message = a.body["error"].as_str().unwrap_or_default();
        assert!(message.contains(words), "{path}: {}", a.body);
    }
}

/// The FEN Fairy-Stockfish prints after `commands` (its `d`).
fn fen_after(fsf: &mut Fsf, commands: &str) -> Option<String> {
    fsf.say(&format!("{commands}\nd\nisready"));
    fsf.until("readyok")
        .iter()
        .find_map(|l| l.strip_prefix("Fen: ").map(|f| f.trim().to_string()))
}

/// A copy of game `from` under the id `to`, ended at `finished`: its record, seats, log,
/// results and (`with_facts`) facts: 1,000 games made in a second, each one a real game's;
/// without its facts, a game as a release before the game search left it.
async fn copy_game(
    store: &dyn Store,
    from: &GameFacts,
    to: &str,
    finished: u64,
    results: &[ResultRecord],
    with_facts: bool,
) {
    let from_id = from.game.as_str();
    let mut record = store.game(from_id).await.unwrap().unwrap();
    record.id = to.to_string();
    store.create_game(&record).await.unwrap();
    for seat in store.seats(from_id).await.unwrap() {
        store.put_seat(to, &seat).await.unwrap();
    }
    for entry in store.log(from_id).await.unwrap() {
        store.append(to, &entry, Due::Same).await.unwrap();
    }
    let results: Vec<ResultRecord> = results
        .iter()
        .map(|r| ResultRecord {
            game: to.to_string(),
            finished,
            ..r.clone()
        })
        .collect();
    assert!(store.record_results(&results, &[], &[]).await.unwrap());
    if with_facts {
        let facts = GameFacts {
            game: to.to_string(),
            ..from.clone()
        };
        store.put_game_facts(&facts).await.unwrap();
    }
}

/// Seat `seat`'s result in an unrated game of two in `pool` (a copy's game and end are set
/// by [`copy_game`]).
fn unrated_result(pool: &str, seat: u32, account: i64, score: f64) -> ResultRecord {
    ResultRecord {
        game: String::new(),
        seat,
        account: Some(account),
        pool: pool.to_string(),
        rated: false,
        score,
        place: if score == 1.0 { 1 } else { 2 },
        players: 2,
        finished: 0,
    }
}

/// The raw answer of a GET with `headers` (each line ended by CRLF): its head and its body
/// (chunked or not, as sent).
fn raw_get(addr: std::net::SocketAddr, path: &str, headers: &str) -> (String, Vec<u8>) {
    let mut tcp = std::net::TcpStream::connect(addr).unwrap();
    write!(
        tcp,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{headers}\r\n"
    )
    .unwrap();
    let mut all = Vec::new();
    tcp.read_to_end(&mut all).unwrap();
    let split = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&all[..split]).to_lowercase();
    (head, all[split + 4..].to_vec())
}

/// A chunked body's chunks.
fn chunks(mut body: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let end = body.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = usize::from_str_radix(std::str::from_utf8(&body[..end]).unwrap(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.push(body[end + 2..end + 2 + size].to_vec());
        body = &body[end + 2 + size + 2..];
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_games_stream_out_and_replay_in_fairy_stockfish() {
    let store = common::fresh_store().await;
    let s = common::start_configured(
        std::sync::Arc::clone(&store),
        Limits::default().unlimited_rates(),
        Default::default(),
    )
    .await;
    let mut jars = signed_up(s.addr, &["ann", "bob"]).await;
    let [ann, bob] = &mut jars[..] else {
        unreachable!()
    };
    let qc = json!({});
    let won = play_resigned(
        s.addr,
        ann,
        bob,
        qc.clone(),
        false,
        &["a2a3", "a5a4", "b2b3"],
        1,
    )
    .await;
    let lost = play_resigned(s.addr, bob, ann, qc, false, &["b2b3", "e5e4"], 1).await;
    let page = list(s.addr, "ann", "").await;
    let account = |name: &str| {
        let store = std::sync::Arc::clone(&store);
        let name = name.to_string();
        async move { store.account_by_name(&name).await.unwrap().unwrap().id }
    };
    let (ann_id, bob_id) = (account("ann").await, account("bob").await);
    let pool = page["games"][0]["pool"].as_str().unwrap().to_string();
    let result = |seat, account, score| unrated_result(&pool, seat, account, score);
    let found = store
        .search_games(ann_id, &GameSearch::default(), None, 10)
        .await
        .unwrap();
    let facts_of = |id: &str| {
        found
            .iter()
            .find(|g| g.game == id)
            .and_then(|g| g.facts.clone())
            .expect("a played game's facts")
    };
    let (won_facts, lost_facts) = (facts_of(&won), facts_of(&lost));
    for i in 0..998u64 {
        let (from, results) = if i % 2 == 0 {
            (&won_facts, [result(0, ann_id, 1.0), result(1, bob_id, 0.0)])
        } else {
            (
                &lost_facts,
                [result(0, bob_id, 1.0), result(1, ann_id, 0.0)],
            )
        };
        copy_game(
            &*store,
            from,
            &format!("copy{i:04}"),
            1_000 + i,
            &results,
            true,
        )
        .await;
    }

    let addr = s.addr;
    let (head, body) =
        tokio::task::spawn_blocking(move || raw_get(addr, "/api/players/ann/games.pgn", ""))
            .await
            .unwrap();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(
        head.contains("transfer-encoding: chunked"),
        "streamed: {head}"
    );
    assert!(!head.contains("content-length"), "streamed: {head}");
    assert!(head.contains("application/x-chess-pgn"), "{head}");
    let parts = chunks(&body);
    assert!(
        parts.len() >= 1_000,
        "a chunk a game, not one file built whole: {}",
        parts.len()
    );
    let text = String::from_utf8(parts.concat()).unwrap();
    let games = read_pgn(&text).unwrap();
    assert_eq!(games.len(), 1_000);
    // every game replayed by Fairy-Stockfish ends where the list says the game ended
    let finals = [&won, &lost].map(|id| {
        page["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == **id)
            .unwrap()["final"]
            .as_str()
            .unwrap()
            .to_string()
    });
    let mut fsf = Fsf::start(&[]);
    let fields = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
    for game in &games {
        let fen = game
            .tags
            .iter()
            .find(|(k, _)| k == "FEN")
            .map(|(_, v)| v.clone());
        let mut p = game.start;
        let ucis: Vec<String> = game
            .moves
            .iter()
            .map(|m| {
                let u = p.uci(m);
                p = p.play_unchecked(*m);
                u
            })
            .collect();
        let start = fen.map_or("startpos".to_string(), |f| format!("fen {f}"));
        let replayed = fen_after(
            &mut fsf,
            &format!("position {start} moves {}", ucis.join(" ")),
        )
        .unwrap();
        let want = if game.tag("White") == Some("ann") {
            &finals[0]
        } else {
            &finals[1]
        };
        assert_eq!(fields(&replayed), fields(want), "{:?}", game.tags);
    }

    // JSON lines: every game, each a line with its whole log
    let (head, body) = tokio::task::spawn_blocking(move || {
        raw_get(addr, "/api/players/ann/games.jsonl?result=win", "")
    })
    .await
    .unwrap();
    assert!(head.contains("application/x-ndjson"), "{head}");
    let text = String::from_utf8(chunks(&body).concat()).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 500);
    assert!(
        lines
            .iter()
            .all(|l| l["result"] == "win" && l["color"] == "white")
    );
    assert_eq!(
        lines[0]["actions"].as_array().unwrap().len(),
        page_actions(&*store, &won).await
    );
}

async fn page_actions(store: &dyn Store, game: &str) -> usize {
    store.log(game).await.unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_of_before_the_search_and_the_explorer_are_indexed_when_the_server_starts() {
    let store = common::fresh_store().await;
    let limits = Limits::default().unlimited_rates();
    let s =
        common::start_configured(std::sync::Arc::clone(&store), limits, Default::default()).await;
    let mut jars = signed_up(s.addr, &["ann", "bob"]).await;
    let [ann, bob] = &mut jars[..] else {
        unreachable!()
    };
    let won = play_resigned(s.addr, ann, bob, json!({}), false, &MOVES, 1).await;
    let ann_id = store.account_by_name("ann").await.unwrap().unwrap().id;
    let bob_id = store.account_by_name("bob").await.unwrap().unwrap().id;
    let found = store
        .search_games(ann_id, &GameSearch::default(), None, 1)
        .await
        .unwrap();
    let facts = found[0].facts.clone().expect("the played game's facts");
    assert_eq!(facts.game, won);
    // a game as a release before the search left it: results, but no facts and not counted
    let pool = found[0].pool.clone();
    let result = |seat, account, score| unrated_result(&pool, seat, account, score);
    let results = [result(0, ann_id, 1.0), result(1, bob_id, 0.0)];
    copy_game(&*store, &facts, "oldgame1", 500, &results, false).await;
    let explorer = "/api/explorer?variant=quickchess&speeds=untimed";
    let before = request(s.addr, 1, "GET", explorer, &[], None).await;
    assert_eq!(before.body["games"], 1, "{}", before.body);
    let old = list(s.addr, "ann", "").await;
    assert!(old["games"][1]["final"].is_null(), "{old}");

    // a server (the upgraded release) starts over the database: the old game is indexed
    let again =
        common::start_configured(std::sync::Arc::clone(&store), limits, Default::default()).await;
    let mut page = Value::Null;
    for _ in 0..200 {
        page = list(again.addr, "ann", "").await;
        if !page["games"][1]["final"].is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    assert_eq!(page["games"][1]["id"], "oldgame1", "{page}");
    assert_eq!(
        page["games"][1]["final"], page["games"][0]["final"],
        "{page}"
    );
    assert_eq!(page["games"][1]["color"], "white", "{page}");
    let after = request(again.addr, 1, "GET", explorer, &[], None).await;
    assert_eq!(
        after.body["games"], 2,
        "the old game is in the explorer: {}",
        after.body
    );
}
