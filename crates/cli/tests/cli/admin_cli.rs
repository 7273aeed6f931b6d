//! `tabula site admin` on a running site's database: a ban made at the command line takes effect on
//! the running server within its refresh, a role is given, a printed link sets
//! a password once, every action is in the audit log, and `tabula site migrate` carries the
//! moderation records to PostgreSQL.

use crate::node;

use node::{fresh_postgres_url, http, kill, post, serve_with};
use serde_json::json;
use std::process::Command;
use std::time::{Duration, Instant};

/// Runs `tabula site admin --db DB ARGS`: (success, stdout, stderr).
fn admin(db: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["site", "admin", "--db", db])
        .args(args)
        .env("USER", "operator")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn login_status(addr: &str, name: &str, password: &str) -> u16 {
    http(
        addr,
        "POST",
        "/api/auth/login",
        Some(json!({"username": name, "password": password})),
    )
    .0
}

/// Waits (up to 10 s) until `f` holds: the nodes read the sanctions again every 3 s.
fn within_refresh(what: &str, f: impl Fn() -> bool) {
    let start = Instant::now();
    while !f() {
        assert!(start.elapsed() < Duration::from_secs(10), "never: {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn the_operator_moderates_a_running_site_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("tabula-admin-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db_path = dir.join("site.db");
    let db = db_path.display().to_string();
    // no rate limits: the test asks to sign in again and again until the ban is seen
    let (server, addr) = serve_with(&db, &["--rate-limits", "off"]);
    for name in ["ann", "bob"] {
        post(
            &addr,
            "/api/auth/signup",
            json!({"username": name, "password": "correct horse"}),
        );
    }

    let (ok, out, _) = admin(&db, &["accounts"]);
    assert!(ok && out.contains("ann") && out.contains("bob"), "{out}");
    // refused with the reason, and nothing written
    let (ok, _, err) = admin(&db, &["ban", "account", "nobody", "--reason", "x"]);
    assert!(!ok && err.contains("no account `nobody`"), "{err}");
    let (ok, _, err) = admin(&db, &["ban", "account", "bob"]);
    assert!(!ok && err.contains("--reason"), "{err}");
    let (ok, _, err) = admin(&db, &["ban", "address", "10.0.0.0/4", "--reason", "x"]);
    assert!(!ok && err.contains("too wide"), "{err}");

    // a ban at the command line reaches the running server
    let (ok, out, err) = admin(
        &db,
        &[
            "ban", "account", "Bob", "--reason", "cheating", "--hours", "48",
        ],
    );
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "account bob banned");
    within_refresh("Bob is refused", || {
        login_status(&addr, "bob", "correct horse") == 403
    });
    let (ok, out, _) = admin(&db, &["sanctions"]);
    assert!(
        ok && out.contains("ban account bob") && out.contains("(in force): cheating"),
        "{out}"
    );
    let (ok, _, err) = admin(&db, &["unban", "account", "bob"]);
    assert!(ok, "{err}");
    within_refresh("Bob is back", || {
        login_status(&addr, "bob", "correct horse") == 200
    });
    let (ok, _, err) = admin(&db, &["unban", "account", "bob"]);
    assert!(!ok && err.contains("no ban in force"), "{err}");

    // a role opens the moderators' API
    let (ok, out, _) = admin(&db, &["role", "ann", "admin"]);
    assert!(ok && out.contains("ann is now admin"), "{out}");
    let (ok, out, _) = admin(&db, &["accounts", "--search", "AN"]);
    assert!(ok && out.contains("ann") && out.contains("admin"), "{out}");
    assert!(!out.contains("bob"), "{out}");

    // a printed link sets Bob's password once
    let (ok, out, err) = admin(
        &db,
        &[
            "reset-password",
            "bob",
            "--site",
            "https://play.example.org/",
        ],
    );
    assert!(ok, "{err}");
    let link = out.lines().next().unwrap();
    let token = link
        .strip_prefix("https://play.example.org/reset#")
        .unwrap_or_else(|| panic!("{out}"));
    let set = json!({"token": token, "password": "battery staple"});
    assert_eq!(
        http(&addr, "POST", "/api/auth/reset", Some(set.clone())).0,
        200
    );
    assert_eq!(http(&addr, "POST", "/api/auth/reset", Some(set)).0, 404);
    assert_eq!(login_status(&addr, "bob", "battery staple"), 200);

    // a game closed through its log
    let (game, _) = node::game(&addr, json!({"kind": "quickchess", "name": "Cy"}));
    let (ok, out, err) = admin(
        &db,
        &["close-game", &game, "--reason", "abandoned tournament"],
    );
    assert!(ok && out.contains("closed"), "{out}{err}");
    let (ok, _, err) = admin(&db, &["close-game", &game, "--reason", "again"]);
    assert!(!ok && err.contains("over already"), "{err}");

    let (ok, out, _) = admin(&db, &["audit"]);
    let actions: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    assert!(ok, "{out}");
    assert_eq!(
        actions,
        [
            "close_game",
            "password_reset",
            "reset_link",
            "role",
            "lift",
            "ban"
        ],
        "{out}"
    );
    assert!(out.contains("cli:operator ban account:bob"), "{out}");
    assert!(!out.contains(token), "the link's token is never stored");
    kill(server);

    // the moderation records go over to PostgreSQL with everything else
    let url = fresh_postgres_url("admin");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["site", "migrate", "--from", &db, "--to", &url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (ok, copied, _) = admin(&url, &["audit"]);
    let (_, original, _) = admin(&db, &["audit"]);
    assert!(ok);
    assert_eq!(copied, original);
    // and the numbering goes on after the copied lines
    let (ok, _, err) = admin(&url, &["mute", "bob", "--reason", "spam", "--hours", "1"]);
    assert!(ok, "{err}");
    let (server, addr) = serve_with(&url, &[]);
    assert_eq!(
        login_status(&addr, "bob", "battery staple"),
        200,
        "muted, not banned"
    );
    let (ok, out, _) = admin(&url, &["sanctions"]);
    assert!(ok && out.starts_with("#2 mute account bob"), "{out}");
    kill(server);
    let _ = std::fs::remove_dir_all(&dir);
}
