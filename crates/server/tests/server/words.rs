//! Names and words that cannot be abused (issue #54, items 4 and 5): every evasion of the chat
//! filter that passed before is masked now, a line cannot be turned around or be blank, a
//! tournament's name passes the same policy, one address cannot list a flood of events, and a
//! moderator renames, cancels and hides a stranger's spam events (audited), as a ban calls off
//! the banned account's upcoming ones.

use crate::common;

use common::jar::{Jar, signed_up};
use common::{fresh_store, start_configured};
use serde_json::{Value, json};
use tabula_server::store::moderation::{Audit, Role};
use tabula_server::{HttpConfig, Limits};

async fn server() -> common::Server {
    let limits = Limits {
        upcoming_events_per_address: 6,
        ..Limits::default().unlimited_rates()
    };
    start_configured(fresh_store().await, limits, HttpConfig::default()).await
}

async fn make_admin(s: &common::Server, name: &str) {
    let a = s.hub.store.account_by_name(name).await.unwrap().unwrap();
    let audit = Audit {
        actor: "cli:test".into(),
        action: "role".into(),
        subject: format!("account:{name}"),
        detail: "role set to admin".into(),
        at: 1,
    };
    assert!(
        s.hub
            .store
            .set_role(a.id, Role::Admin, &audit)
            .await
            .unwrap()
    );
}

/// A message written in the room of tournament `id`: the status and the answer.
async fn say(s: &common::Server, jar: &mut Jar, id: &str, text: &str) -> (u16, Value) {
    jar.ask(
        s.addr,
        "POST",
        &format!("/api/tournaments/{id}/chat"),
        Some(json!({"text": text})),
    )
    .await
}

fn arena(name: &str, starts_in_s: u64) -> Value {
    json!({"kind": "arena", "game": "querni", "clock": {"initial_s": 60}, "minutes": 720,
        "starts_in_s": starts_in_s, "name": name})
}

#[tokio::test]
async fn the_chat_filter_reads_through_every_evasion_and_lines_cannot_hide() {
    let s = server().await;
    let mut jars = signed_up(s.addr, &["writer", "maker"]).await;
    let (status, made) = jars[1]
        .ask(
            s.addr,
            "POST",
            "/api/tournaments",
            Some(arena("Chat room", 3600)),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let cases = [
        ("f\u{200b}uck this", "**** this"),
        ("\u{ff46}\u{ff55}\u{ff43}\u{ff4b} this", "**** this"),
        ("fu\u{441}k this", "**** this"),
        ("f.u.c.k this", "******* this"),
        ("you are an idiot", "you are an *****"),
        ("ты дурак", "ты *****"),
        ("\u{202e}won dne", "won dne"),
        ("good game", "good game"),
    ];
    for (text, _) in cases {
        let (status, e) = say(&s, &mut jars[0], &id, text).await;
        assert_eq!(status, 200, "{text:?}: {e}");
    }
    let (_, v) = jars[0]
        .ask(s.addr, "GET", &format!("/api/tournaments/{id}/chat"), None)
        .await;
    let bodies: Vec<&str> = v["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["body"].as_str().unwrap())
        .collect();
    let wanted: Vec<&str> = cases.iter().map(|(_, shown)| *shown).collect();
    assert_eq!(bodies, wanted);
    // a line of nothing visible is refused, and says so
    for blank in ["\u{200b}", "\u{202e}\u{200b}\u{3164}"] {
        let (status, e) = say(&s, &mut jars[0], &id, blank).await;
        assert_eq!(status, 400, "{e}");
        assert!(e["error"].as_str().unwrap().contains("invisible"), "{e}");
    }
}

#[tokio::test]
async fn names_pass_the_policy_and_one_address_cannot_flood_the_lists() {
    let s = server().await;
    let names: Vec<String> = (0..7).map(|i| format!("spammer{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut jars = signed_up(s.addr, &refs).await;
    // an obscene name, one of only invisible characters: refused, naming the field
    for bad in ["Fu\u{441}k Cup", "\u{202e}\u{200b}"] {
        let (status, e) = jars[0]
            .ask(s.addr, "POST", "/api/tournaments", Some(arena(bad, 3600)))
            .await;
        assert_eq!(status, 400, "{bad:?}: {e}");
        assert!(e["error"].as_str().unwrap().starts_with("name:"), "{e}");
    }
    // an account with such a name cannot be made, nor a guest's nickname used
    let mut j = Jar::default();
    let a = j
        .call(
            s.addr,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "fuck_you", "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 400, "{}", a.body);
    let (status, e) = common::http(
        s.addr,
        "POST",
        "/api/games",
        Some(json!({"kind": "querni", "name": "Idiot Supreme"})),
    )
    .await;
    assert_eq!(status, 400, "{e}");
    // seven accounts of one address: three upcoming events each at most, six for the address
    let mut made = 0;
    let mut refusals = Vec::new();
    for jar in jars.iter_mut() {
        for k in 0..3 {
            let (status, e) = jar
                .ask(
                    s.addr,
                    "POST",
                    "/api/tournaments",
                    Some(arena(&format!("Cup {k}"), 3600)),
                )
                .await;
            match status {
                200 => made += 1,
                409 => refusals.push(e["error"].as_str().unwrap().to_string()),
                other => panic!("{other} {e}"),
            }
        }
    }
    assert_eq!(made, 6, "{refusals:?}");
    assert!(
        refusals.iter().all(|r| r.contains("your address")),
        "{refusals:?}"
    );
    let (_, list) = common::http(s.addr, "GET", "/api/tournaments", None).await;
    assert_eq!(list["upcoming"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn a_moderator_renames_cancels_and_hides_a_strangers_events() {
    let s = server().await;
    let mut jars = signed_up(s.addr, &["modder", "stranger", "other"]).await;
    make_admin(&s, "modder").await;
    let mut ids = Vec::new();
    for k in 0..3 {
        let (status, made) = jars[1]
            .ask(
                s.addr,
                "POST",
                "/api/tournaments",
                Some(arena(&format!("Spam {k}"), 3600)),
            )
            .await;
        assert_eq!(status, 200, "{made}");
        ids.push(made["id"].as_str().unwrap().to_string());
    }
    let (_, made) = jars[2]
        .ask(
            s.addr,
            "POST",
            "/api/tournaments",
            Some(arena("Honest cup", 3600)),
        )
        .await;
    let honest = made["id"].as_str().unwrap().to_string();
    let upcoming = |v: &Value| -> Vec<String> {
        v["upcoming"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    // a rename (through the policy), a cancel that hides, then the rest of the account's
    let (status, r) = jars[0]
        .ask(
            s.addr,
            "POST",
            &format!("/api/admin/tournaments/{}/rename", ids[0]),
            Some(json!({"name": "Renamed cup", "reason": "the name misled"})),
        )
        .await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        (r["was"].as_str(), r["name"].as_str()),
        (Some("Spam 0"), Some("Renamed cup"))
    );
    let (status, _) = jars[0]
        .ask(
            s.addr,
            "POST",
            &format!("/api/admin/tournaments/{}/rename", ids[0]),
            Some(json!({"name": "fu\u{441}k", "reason": "x"})),
        )
        .await;
    assert_eq!(status, 400);
    let (status, c) = jars[0]
        .ask(
            s.addr,
            "POST",
            &format!("/api/admin/tournaments/{}/cancel", ids[1]),
            Some(json!({"reason": "spam", "hide": true})),
        )
        .await;
    assert_eq!(status, 200, "{c}");
    let (status, again) = jars[0]
        .ask(
            s.addr,
            "POST",
            &format!("/api/admin/tournaments/{}/cancel", ids[1]),
            Some(json!({"reason": "spam"})),
        )
        .await;
    assert_eq!(status, 409, "{again}");
    let (_, list) = common::http(s.addr, "GET", "/api/tournaments", None).await;
    let mut shown = upcoming(&list);
    shown.sort();
    assert_eq!(shown, ["Honest cup", "Renamed cup", "Spam 2"]);
    let (status, h) = jars[0]
        .ask(
            s.addr,
            "POST",
            "/api/admin/accounts/stranger/tournaments/hide",
            Some(json!({"reason": "spam events"})),
        )
        .await;
    assert_eq!(status, 200, "{h}");
    let (_, list) = common::http(s.addr, "GET", "/api/tournaments", None).await;
    assert_eq!(upcoming(&list), ["Honest cup"]);
    // a player cannot, and every action is in the audit log
    let (status, _) = jars[2]
        .ask(
            s.addr,
            "POST",
            &format!("/api/admin/tournaments/{honest}/cancel"),
            Some(json!({"reason": "mine"})),
        )
        .await;
    assert_eq!(status, 403);
    let (_, o) = jars[0]
        .ask(s.addr, "GET", "/api/admin/overview", None)
        .await;
    let actions: Vec<&str> = o["audit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    for a in [
        "rename_tournament",
        "cancel_hide_tournament",
        "hide_tournaments",
    ] {
        assert!(actions.contains(&a), "{a} in {actions:?}");
    }
    // a ban calls off the banned account's upcoming events
    let (status, e) = jars[0]
        .ask(
            s.addr,
            "POST",
            "/api/admin/sanctions",
            Some(json!({"kind": "ban", "account": "other", "reason": "abuse"})),
        )
        .await;
    assert_eq!(status, 200, "{e}");
    let (_, list) = common::http(s.addr, "GET", "/api/tournaments", None).await;
    assert!(upcoming(&list).is_empty(), "{list}");
    let (_, t) = common::http(s.addr, "GET", &format!("/api/tournaments/{honest}"), None).await;
    assert_eq!(t["status"], "cancelled", "{t}");
}
