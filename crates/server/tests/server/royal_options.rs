//! The Royal Study match options a creator may set: the hourglass and the seed's optional time
//! limit on an execution (what the match does with them is tested in tabula-puzzles).

use serde_json::{Value, json};
use tabula_puzzles::royal::matchplay::{HOURGLASS_MS, MatchConfig};
use tabula_server::games::Kind;
use tabula_server::json::RawJson;
use tabula_server::services::Services;

/// Options as a creator sends them, read and configured for `kind`.
fn configured(kind: Kind, services: &Services, options: Value) -> Result<RawJson, String> {
    kind.options(Some(&RawJson::of(&options)))
        .and_then(|o| kind.configure(&o, 2, services))
        .map_err(|e| e.to_string())
}

fn configure(services: &Services, options: Value) -> Result<MatchConfig, String> {
    let raw = configured(Kind::RoyalMatch, services, options)?;
    Ok(raw.parse().unwrap())
}

#[test]
fn the_hourglass_and_the_execution_limit_are_options_of_a_match() {
    let services = Services::new();
    let c = configure(&services, json!({"level": 2})).unwrap();
    assert_eq!(c.hourglass_ms, HOURGLASS_MS, "60 s unless asked");
    assert_eq!(c.execution_limit_ms, None, "no limit unless asked");
    let c = configure(
        &services,
        json!({"level": 2, "hourglass_ms": 30_000, "execution_limit_ms": 45_000}),
    )
    .unwrap();
    assert_eq!(
        (c.hourglass_ms, c.execution_limit_ms),
        (30_000, Some(45_000))
    );
    let c = configure(&services, json!({"execution_limit_ms": null})).unwrap();
    assert_eq!(c.execution_limit_ms, None);
    for (key, bad) in [
        ("hourglass_ms", json!(1_000)),
        ("execution_limit_ms", json!(600_001)),
    ] {
        let e = configure(&services, json!({ key: bad })).unwrap_err();
        assert_eq!(
            e,
            format!("options: {key} must be 5000 to 600000 ms"),
            "{bad}"
        );
    }
    for bad in [
        json!({"hourglass_ms": "60"}),
        json!({"execution_limit_ms": -5}),
    ] {
        let e = configure(&services, bad.clone()).unwrap_err();
        assert!(e.starts_with("options: invalid"), "{bad}: {e}");
    }
    // a solo has no hourglass
    let e = configured(Kind::RoyalSolo, &services, json!({"hourglass_ms": 30_000})).unwrap_err();
    assert!(e.contains("unknown field `hourglass_ms`"), "{e}");
}
