//! Tables of up to four pieces built, checked entry by entry, and compared with known facts.

use super::*;
use crate::variant::Variant;

fn built(rules: Rules, names: &[&str]) -> Tablebases {
    let mut tb = Tablebases::new(rules);
    for n in names {
        tb.generate(Material::parse(n).unwrap(), &mut |_| {})
            .unwrap();
    }
    tb
}

fn pos(fen: &str) -> Position<Mini> {
    Position::from_fen(Variant::QUICKCHESS, fen).unwrap()
}

#[test]
fn three_piece_tables_are_consistent_and_know_the_basic_mates() {
    let tb = built(Rules::Rescue, &["KQvK", "KRvK", "KBvK", "KNvK", "KPvK"]);
    for t in tb.tables() {
        let check = tb.verify(&t.material(), 0..usize::MAX).unwrap();
        assert_eq!(check.error_count, 0, "{}: {:?}", t.material(), check.errors);
    }
    let krk = tb.table(&Material::parse("KRvK").unwrap()).unwrap();
    assert!(krk.summary.wins > 0 && krk.summary.longest > 0);
    // a bishop or a knight alone cannot mate
    let kbk = tb.table(&Material::parse("KBvK").unwrap()).unwrap();
    assert_eq!(kbk.summary.wins + kbk.summary.losses, 0);
    // issue #21: the search said "White mates in 7" here, but Kb2 mates in 6
    let p = pos("5/5/2R2/5/K3k/5 w - - 0 1");
    let probe = tb.probe(&p).unwrap();
    assert_eq!(probe.value, Value::Win(11));
    assert_eq!(probe.value.dtm(), Some(6));
    // the same position seen from the other colour (stored once, flipped)
    let q = pos("5/k3K/5/2r2/5/5 b - - 0 1");
    assert_eq!(tb.value(&q), Some(Value::Win(11)));
}

#[test]
fn tables_survive_bytes_and_notice_damage() {
    let tb = built(Rules::Rescue, &["KRvK"]);
    let t = tb.table(&Material::parse("KRvK").unwrap()).unwrap();
    let bytes = t.to_bytes();
    let back = Table::from_bytes(&bytes).unwrap();
    assert_eq!(back.values, t.values);
    assert_eq!(back.summary, t.summary);
    let mut damaged = bytes.clone();
    let last = damaged.len() - 2;
    damaged[last] ^= 1;
    assert!(Table::from_bytes(&damaged).is_err());
    assert!(Table::from_bytes(b"not a table").is_err());
}
