//! Moderation (issue #31): the moderators' API is for admins of the site's own pages only; a
//! banned account cannot sign in or play, a banned address cannot sign up, create, join or
//! play games; a muted player cannot write; players' reports reach the queue once; a
//! one-time link sets a password once; a moderator closes a game live (or through the log);
//! and every action has its line in the audit log.

use crate::common;

use common::jar::{Jar, seated_pair, signed_up};
use common::{Client, request, start, start_configured};
use serde_json::{Value, json};
use tabula_server::limits::Limits;
use tabula_server::moderation::actions::{self, Actor};
use tabula_server::store::moderation::{Audit, NewMessage, Role};

/// Makes `name` an admin, as `tabula site admin role NAME admin` does.
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

async fn login(s: &common::Server, from: u8, name: &str, password: &str) -> (Jar, u16, Value) {
    let mut j = Jar::default();
    let a = j
        .call_from(
            s.addr,
            from,
            "POST",
            "/api/auth/login",
            Some(json!({"username": name, "password": password})),
        )
        .await;
    (j, a.status, a.body)
}

/// The audit log's actions, newest first, as the overview lists them.
async fn audit_actions(s: &common::Server, admin: &mut Jar) -> Vec<String> {
    let o = admin.call(s.addr, "GET", "/api/admin/overview", None).await;
    assert_eq!(o.status, 200, "{}", o.body);
    o.body["audit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_moderators_api_is_for_admins_of_the_sites_own_pages() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["mod", "ann"]).await;
    let (mut admin, mut ann) = (jars.remove(0), jars.remove(0));
    make_admin(&s, "mod").await;
    let signed_out = request(s.addr, 1, "GET", "/api/admin/overview", &[], None).await;
    assert_eq!(signed_out.status, 401, "{}", signed_out.body);
    let player = ann.call(s.addr, "GET", "/api/admin/overview", None).await;
    assert_eq!(player.status, 403, "{}", player.body);
    let post = ann
        .call(
            s.addr,
            "POST",
            "/api/admin/sanctions",
            Some(json!({"kind": "ban", "account": "mod", "reason": "coup"})),
        )
        .await;
    assert_eq!(post.status, 403, "{}", post.body);
    let ok = admin.call(s.addr, "GET", "/api/admin/overview", None).await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(ok.body["you"], "mod");
    // the admin's own cookie, sent by another site's page: refused, for reading too
    let cookie = admin.header();
    for extra in [
        vec![
            ("Cookie", cookie.as_str()),
            ("Origin", "https://evil.example"),
        ],
        vec![
            ("Cookie", cookie.as_str()),
            ("Sec-Fetch-Site", "cross-site"),
        ],
    ] {
        let a = request(s.addr, 1, "GET", "/api/admin/overview", &extra, None).await;
        assert_eq!(a.status, 403, "{extra:?}: {}", a.body);
    }
    let me = admin.call(s.addr, "GET", "/api/me", None).await;
    assert_eq!(me.body["admin"], true);
    let me = ann.call(s.addr, "GET", "/api/me", None).await;
    assert_eq!(me.body["admin"], false);
}

#[tokio::test]
async fn a_banned_account_cannot_sign_in_or_play_until_lifted() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["mod", "ann", "bob"]).await;
    let (mut admin, mut ann, mut bob) = (jars.remove(0), jars.remove(0), jars.remove(0));
    make_admin(&s, "mod").await;
    // Ann and Bob are at a game
    let (id, ann_token, bob_token) =
        seated_pair(s.addr, &mut ann, &mut bob, json!({"kind": "quickchess"})).await;
    let mut w = Client::connect(s.addr, &id, Some(&ann_token)).await;
    let mv = w.view["legal"][0]["uci"].as_str().unwrap().to_string();
    w.act(json!({"t": "move", "uci": mv})).await.unwrap();

    let banned = admin
        .call(
            s.addr,
            "POST",
            "/api/admin/sanctions",
            Some(json!({"kind": "ban", "account": "Bob", "reason": "insults", "hours": 24})),
        )
        .await;
    assert_eq!(banned.status, 200, "{}", banned.body);
    // his session is gone, he cannot sign in again, and he is told why and until when
    assert_eq!(bob.call(s.addr, "GET", "/api/me", None).await.status, 401);
    let (_, status, body) = login(&s, 1, "bob", "correct horse").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("banned")),
        "{body}"
    );
    assert!(
        body["error"].as_str().unwrap().contains("insults"),
        "{body}"
    );
    // a wrong password learns nothing of the ban
    let (_, status, _) = login(&s, 1, "bob", "wrong horse").await;
    assert_eq!(status, 401);
    // his seat's token no longer plays
    let mut b = Client::connect(s.addr, &id, Some(&bob_token)).await;
    let mv = b.view["legal"][0]["uci"].as_str().unwrap().to_string();
    let e = b
        .act(json!({"t": "move", "uci": mv.clone()}))
        .await
        .unwrap_err();
    assert!(e.contains("banned"), "{e}");
    // a moderator cannot ban themselves by a slip
    let own = admin
        .call(
            s.addr,
            "POST",
            "/api/admin/sanctions",
            Some(json!({"kind": "ban", "account": "mod", "reason": "oops"})),
        )
        .await;
    assert_eq!(own.status, 422, "{}", own.body);

    // lifted: he signs in and plays on
    let o = admin.call(s.addr, "GET", "/api/admin/overview", None).await;
    let sanction = o.body["sanctions"][0].clone();
    assert_eq!(
        (
            sanction["kind"].as_str(),
            sanction["target"].as_str(),
            sanction["name"].as_str()
        ),
        (Some("ban"), Some("account"), Some("bob")),
        "{sanction}"
    );
    let lift = admin
        .call(
            s.addr,
            "POST",
            &format!("/api/admin/sanctions/{}/lift", sanction["id"]),
            Some(json!({})),
        )
        .await;
    assert_eq!(lift.status, 200, "{}", lift.body);
    let again = admin
        .call(
            s.addr,
            "POST",
            &format!("/api/admin/sanctions/{}/lift", sanction["id"]),
            Some(json!({})),
        )
        .await;
    assert_eq!(again.status, 404, "lifted once: {}", again.body);
    let (_, status, body) = login(&s, 1, "bob", "correct horse").await;
    assert_eq!(status, 200, "{body}");
    b.act(json!({"t": "move", "uci": mv})).await.unwrap();
    assert_eq!(audit_actions(&s, &mut admin).await[..2], ["lift", "ban"]);
}

#[tokio::test]
async fn a_banned_network_cannot_sign_up_create_join_or_play() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["mod", "ann"]).await;
    let (mut admin, mut ann) = (jars.remove(0), jars.remove(0));
    make_admin(&s, "mod").await;
    // a guest's game from 127.0.0.20, before the ban
    let mut guest = Jar::default();
    let created = guest
        .call_from(
            s.addr,
            20,
            "POST",
            "/api/games",
            Some(json!({"kind": "quickchess", "name": "Cy"})),
        )
        .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let joined = ann
        .call(
            s.addr,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({})),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);

    for bad in ["127.0.0.0/1", "ann", ""] {
        let a = admin
            .call(
                s.addr,
                "POST",
                "/api/admin/sanctions",
                Some(json!({"kind": "ban", "address": bad, "reason": "spam"})),
            )
            .await;
        assert_eq!(a.status, 400, "{bad}: {}", a.body);
    }
    let mute_address = admin
        .call(
            s.addr,
            "POST",
            "/api/admin/sanctions",
            Some(json!({"kind": "mute", "address": "127.0.0.20", "reason": "spam"})),
        )
        .await;
    assert_eq!(mute_address.status, 400, "{}", mute_address.body);
    let ban = admin
        .call(
            s.addr,
            "POST",
            "/api/admin/sanctions",
            Some(json!({"kind": "ban", "address": "127.0.0.16/29", "reason": "bot farm"})),
        )
        .await;
    assert_eq!(ban.status, 200, "{}", ban.body);
    assert_eq!(ban.body["sanctioned"], "address 127.0.0.16/29");

    let refused = |a: &common::Answer| {
        assert_eq!(
            (a.status, a.body["code"].as_str()),
            (403, Some("banned")),
            "{}",
            a.body
        );
    };
    let mut other = Jar::default();
    refused(
        &other
            .call_from(
                s.addr,
                21,
                "POST",
                "/api/games",
                Some(json!({"kind": "querni", "name": "Cy"})),
            )
            .await,
    );
    refused(
        &other
            .call_from(
                s.addr,
                22,
                "POST",
                "/api/auth/signup",
                Some(json!({"username": "cyril", "password": "correct horse"})),
            )
            .await,
    );
    // the lobby gives a guest its id first
    other.call_from(s.addr, 23, "GET", "/api/lobby", None).await;
    refused(
        &other
            .call_from(
                s.addr,
                23,
                "POST",
                "/api/lobby/seeks",
                Some(json!({"kind": "querni", "name": "Cy"})),
            )
            .await,
    );
    // the guest's move from the banned network is refused; from outside it, it is not
    let token = created.body["token"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/act");
    let act = |from: u8| {
        let body = json!({"token": token, "action": {"t": "resign"}});
        request(s.addr, from, "POST", &path, &[], Some(body))
    };
    refused(&act(20).await);
    let outside = act(40).await;
    assert_eq!(outside.status, 200, "{}", outside.body);
    // a game from just outside the network
    let fine = other
        .call_from(
            s.addr,
            24,
            "POST",
            "/api/games",
            Some(json!({"kind": "querni", "name": "Cy"})),
        )
        .await;
    assert_eq!(fine.status, 200, "{}", fine.body);
    assert_eq!(audit_actions(&s, &mut admin).await[0], "ban");
}

#[tokio::test]
async fn reports_reach_the_queue_once_and_are_closed_with_an_outcome() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["mod", "ann", "bob"]).await;
    let (mut admin, mut ann) = (jars.remove(0), jars.remove(0));
    make_admin(&s, "mod").await;
    let report = json!({"player": "bob", "reason": "abuse", "detail": "<b>rude</b> in chat"});
    let guest = request(s.addr, 1, "POST", "/api/reports", &[], Some(report.clone())).await;
    assert_eq!(guest.status, 401, "{}", guest.body);
    for (body, status) in [
        (json!({"player": "ann", "reason": "spam"}), 422),
        (json!({"player": "nobody", "reason": "spam"}), 404),
        (json!({"player": "bob", "reason": "other"}), 400),
        (json!({"player": "bob", "reason": "treason"}), 400),
        (
            json!({"player": "bob", "reason": "spam", "game": "nosuchgame"}),
            404,
        ),
        (
            json!({"player": "bob", "reason": "spam", "message": 99}),
            404,
        ),
        (
            json!({"player": "bob", "reason": "spam", "detail": "x".repeat(1001)}),
            400,
        ),
    ] {
        let a = ann
            .call(s.addr, "POST", "/api/reports", Some(body.clone()))
            .await;
        assert_eq!(a.status, status, "{body}: {}", a.body);
    }
    let filed = ann
        .call(s.addr, "POST", "/api/reports", Some(report.clone()))
        .await;
    assert_eq!(filed.status, 200, "{}", filed.body);
    let twice = ann
        .call(s.addr, "POST", "/api/reports", Some(report.clone()))
        .await;
    assert_eq!(twice.status, 409, "{}", twice.body);
    // a chat message of Bob's, reported by its number
    let bob_id = s
        .hub
        .store
        .account_by_name("bob")
        .await
        .unwrap()
        .unwrap()
        .id;
    let message = s
        .hub
        .store
        .put_message(&NewMessage {
            room: "game:x".into(),
            account: Some(bob_id),
            name: "bob".into(),
            body: "<script>alert(1)</script>".into(),
            at: 5,
        })
        .await
        .unwrap();
    let about_message = ann
        .call(
            s.addr,
            "POST",
            "/api/reports",
            Some(json!({"player": "bob", "reason": "spam", "message": message})),
        )
        .await;
    assert_eq!(about_message.status, 200, "{}", about_message.body);

    let o = admin.call(s.addr, "GET", "/api/admin/overview", None).await;
    let open = o.body["reports"].as_array().unwrap();
    assert_eq!(open.len(), 2, "{}", o.body);
    assert_eq!(open[1]["detail"], "<b>rude</b> in chat", "kept as typed");
    assert_eq!(
        (open[1]["reporter"].as_str(), open[1]["subject"].as_str()),
        (Some("ann"), Some("bob"))
    );
    assert_eq!(open[0]["message"], message);
    let id = open[1]["id"].as_i64().unwrap();
    let empty = admin
        .call(
            s.addr,
            "POST",
            &format!("/api/admin/reports/{id}/close"),
            Some(json!({"outcome": " "})),
        )
        .await;
    assert_eq!(empty.status, 400, "{}", empty.body);
    let closed = admin
        .call(
            s.addr,
            "POST",
            &format!("/api/admin/reports/{id}/close"),
            Some(json!({"outcome": "warned"})),
        )
        .await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    // the message deleted: kept for the record, gone from its room
    let deleted = admin
        .call(
            s.addr,
            "POST",
            &format!("/api/admin/messages/{message}/delete"),
            Some(json!({})),
        )
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert!(s.hub.store.messages("game:x", 10).await.unwrap().is_empty());
    let kept = s.hub.store.message(message).await.unwrap().unwrap();
    assert_eq!(kept.deleted_by.as_deref(), Some("admin:mod"));
    let o = admin.call(s.addr, "GET", "/api/admin/overview", None).await;
    assert_eq!(o.body["reports"].as_array().unwrap().len(), 1);
    // closed, Ann may report Bob again for a new reason
    let anew = ann.call(s.addr, "POST", "/api/reports", Some(report)).await;
    assert_eq!(anew.status, 200, "{}", anew.body);
    assert_eq!(
        audit_actions(&s, &mut admin).await[..2],
        ["delete_message", "close_report"]
    );
}

#[tokio::test]
async fn reports_are_rate_limited_per_address() {
    let s = start_configured(
        common::fresh_store().await,
        Limits::default(),
        Default::default(),
    )
    .await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd", "dee", "eve", "fay", "gus"]).await;
    let mut ann = jars.remove(0);
    let mut statuses = Vec::new();
    for name in ["bob", "cyd", "dee", "eve", "fay", "gus"] {
        let a = ann
            .call(
                s.addr,
                "POST",
                "/api/reports",
                Some(json!({"player": name, "reason": "spam"})),
            )
            .await;
        statuses.push(a.status);
    }
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429]);
}

/// A POST by a client without a session (a reset link's page).
async fn anonymous_post(addr: std::net::SocketAddr, path: &str, body: Value) -> common::Answer {
    request(addr, 1, "POST", path, &[], Some(body)).await
}

#[tokio::test]
async fn a_one_time_link_sets_the_password_once_and_signs_out_everywhere() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["mod", "ann"]).await;
    let (mut admin, mut ann) = (jars.remove(0), jars.remove(0));
    make_admin(&s, "mod").await;
    let made = admin
        .call(
            s.addr,
            "POST",
            "/api/admin/accounts/Ann/reset-link",
            Some(json!({})),
        )
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let link = made.body["link"].as_str().unwrap();
    let (base, token) = link.split_once("/reset#").unwrap();
    assert_eq!(base, format!("http://{}", s.addr));
    let check = anonymous_post(s.addr, "/api/auth/reset/check", json!({"token": token})).await;
    assert_eq!(
        (check.status, check.body["name"].as_str()),
        (200, Some("ann")),
        "{}",
        check.body
    );
    let weak = anonymous_post(
        s.addr,
        "/api/auth/reset",
        json!({"token": token, "password": "short"}),
    )
    .await;
    assert_eq!(weak.status, 400, "{}", weak.body);
    let set = anonymous_post(
        s.addr,
        "/api/auth/reset",
        json!({"token": token, "password": "battery staple"}),
    )
    .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(
        ann.call(s.addr, "GET", "/api/me", None).await.status,
        401,
        "signed out"
    );
    assert_eq!(login(&s, 1, "ann", "correct horse").await.1, 401);
    assert_eq!(login(&s, 1, "ann", "battery staple").await.1, 200);
    let again = anonymous_post(
        s.addr,
        "/api/auth/reset",
        json!({"token": token, "password": "another one"}),
    )
    .await;
    assert_eq!(again.status, 404, "used once: {}", again.body);
    let wrong = anonymous_post(
        s.addr,
        "/api/auth/reset/check",
        json!({"token": "0".repeat(64)}),
    )
    .await;
    assert_eq!(wrong.status, 404, "{}", wrong.body);
    // the link's token is in no stored line: only its hash is kept
    let audit = s.hub.store.audit_log(10).await.unwrap();
    assert_eq!(audit[0].action, "password_reset");
    assert_eq!(audit[1].action, "reset_link");
    assert!(audit.iter().all(|a| !a.detail.contains(token)));
}

#[tokio::test]
async fn a_moderator_closes_a_game_live_and_the_command_line_through_its_log() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["mod", "ann", "bob"]).await;
    let (mut admin, mut ann, mut bob) = (jars.remove(0), jars.remove(0), jars.remove(0));
    make_admin(&s, "mod").await;
    let mut games = Vec::new();
    for _ in 0..2 {
        let (id, token, _) =
            seated_pair(s.addr, &mut ann, &mut bob, json!({"kind": "quickchess"})).await;
        games.push((id, token));
    }
    // live, through the room: the players see it at once
    let (id, token) = &games[0];
    let mut w = Client::connect(s.addr, id, Some(token)).await;
    let closed = admin
        .call(
            s.addr,
            "POST",
            &format!("/api/admin/games/{id}/close"),
            Some(json!({"outcome": "both players were one person"})),
        )
        .await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    w.until("closed by a moderator", |v| {
        v["table"]["closed"] == "moderator"
    })
    .await;
    let e = w.act(json!({"t": "rematch"})).await.unwrap_err();
    assert!(e.contains("moderator"), "{e}");
    let twice = admin
        .call(
            s.addr,
            "POST",
            &format!("/api/admin/games/{id}/close"),
            Some(json!({"outcome": "x"})),
        )
        .await;
    assert_eq!(twice.status, 409, "{}", twice.body);
    assert_eq!(
        s.hub.store.game(id).await.unwrap().unwrap().status,
        tabula_server::model::Status::Finished
    );
    // through the log (tabula site admin close-game): the room hosting it steps down at its next
    // write and reloads the game closed
    let (id, token) = &games[1];
    let w = Client::connect(s.addr, id, Some(token)).await;
    actions::close_stored_game(s.hub.store.as_ref(), &Actor::cli(), id, "cheating ring")
        .await
        .unwrap();
    let mv = w.view["legal"][0]["uci"].as_str().unwrap().to_string();
    let stale = request(
        s.addr,
        1,
        "POST",
        &format!("/api/games/{id}/act"),
        &[],
        Some(json!({"token": token, "action": {"t": "move", "uci": mv.clone()}})),
    )
    .await;
    assert_eq!(stale.status, 503, "the room steps down: {}", stale.body);
    drop(w);
    let mut again = Client::connect(s.addr, id, Some(token)).await;
    assert_eq!(again.view["table"]["closed"], "moderator", "{}", again.view);
    assert!(again.act(json!({"t": "move", "uci": mv})).await.is_err());
    let audit = s.hub.store.audit_log(5).await.unwrap();
    assert_eq!(
        (audit[0].action.as_str(), audit[0].subject.as_str()),
        ("close_game", format!("game:{id}").as_str())
    );
    assert!(audit[0].actor.starts_with("cli:"));
    assert_eq!(audit[1].actor, "admin:mod");
}

#[tokio::test]
async fn a_mute_stops_writing_and_sanctions_lapse_on_time() {
    let s = start().await;
    let jars = signed_up(s.addr, &["ann"]).await;
    drop(jars);
    let store = s.hub.store.as_ref();
    let ann = store.account_by_name("ann").await.unwrap().unwrap();
    let cli = Actor::cli();
    actions::sanction_account(
        store,
        &cli,
        tabula_server::store::moderation::SanctionKind::Mute,
        &ann,
        "flooding the chat",
        Some(1),
    )
    .await
    .unwrap();
    s.hub.sanctions.refresh().await.unwrap();
    let e = s.hub.sanctions.may_write(ann.id).unwrap_err();
    assert_eq!(e.code(), "banned");
    assert!(e.to_string().contains("flooding the chat"), "{e}");
    // a mute is not a ban: Ann still signs in and plays
    s.hub.sanctions.may_play(None, Some(ann.id)).unwrap();
    assert_eq!(login(&s, 1, "ann", "correct horse").await.1, 200);
    // a sanction whose end has passed is not in force, refreshed or not
    let audit = cli.audit("ban", "account:ann".into(), "test".into());
    store
        .add_sanction(
            &tabula_server::store::moderation::NewSanction {
                kind: tabula_server::store::moderation::SanctionKind::Ban,
                target: tabula_server::store::moderation::Target::Account(ann.id),
                reason: "over".into(),
                actor: cli.0.clone(),
                at: 1,
                until: Some(2),
            },
            &audit,
        )
        .await
        .unwrap();
    assert!(
        store
            .sanctions_in_force(tabula_server::ids::now_ms())
            .await
            .unwrap()
            .iter()
            .all(|s| s.kind.name() == "mute")
    );
    s.hub.sanctions.refresh().await.unwrap();
    s.hub.sanctions.may_sign_in(ann.id).unwrap();
    assert_eq!(
        actions::lift_all(
            store,
            &cli,
            tabula_server::store::moderation::SanctionKind::Mute,
            &tabula_server::store::moderation::Target::Account(ann.id)
        )
        .await
        .unwrap(),
        1
    );
    s.hub.sanctions.refresh().await.unwrap();
    s.hub.sanctions.may_write(ann.id).unwrap();
}
