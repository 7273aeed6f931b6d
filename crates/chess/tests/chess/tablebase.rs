//! Endgame tables against independent computations: every entry against the forward move
//! generator (the consistency check), sampled positions against a brute-force mate search
//! written here from the rules, and the engine playing the tables' moves.
//!
//! `cargo test` builds the three- and four-piece tables it needs and checks samples;
//! `cargo test --release -p tabula-chess --test chess tablebase:: -- --ignored` checks every
//! table of up to four pieces under both promotion rules, in full, and thousands of positions
//! against the mate search (results in BENCHMARKS.md).

use std::collections::HashMap;
use std::sync::Arc;
use tabula_chess::engine::{Engine, Limits, Score, Unlimited};
use tabula_chess::tablebase::{Material, Rules, Tablebases, Value};
use tabula_chess::{Mini, Position};
use tabula_core::rng::{Rng, seeded};

fn build(rules: Rules, names: &[&str]) -> Tablebases {
    let mut tb = Tablebases::new(rules);
    for n in names {
        tb.generate(Material::parse(n).unwrap(), &mut |_| {})
            .unwrap();
    }
    tb
}

/// Brute force from the rules alone: can the side to move force checkmate within `plies`
/// plies (its own mating move included)? Memoised by position and depth.
struct MateSearch {
    memo: HashMap<(u64, u8, bool), bool>,
}

impl MateSearch {
    fn new() -> MateSearch {
        MateSearch {
            memo: HashMap::new(),
        }
    }

    fn wins_within(&mut self, p: &Position<Mini>, plies: u8) -> bool {
        if plies == 0 || p.insufficient_material() {
            return false;
        }
        if let Some(&v) = self.memo.get(&(p.hash(), plies, true)) {
            return v;
        }
        let result = p.legal_moves().iter().any(|m| {
            let child = p.play_unchecked(*m);
            self.loses_within(&child, plies - 1)
        });
        self.memo.insert((p.hash(), plies, true), result);
        result
    }

    /// Is the side to move checkmated within `plies` plies whatever it does?
    fn loses_within(&mut self, p: &Position<Mini>, plies: u8) -> bool {
        let moves = p.legal_moves();
        if moves.is_empty() {
            return p.is_check();
        }
        if plies == 0 || p.insufficient_material() {
            return false;
        }
        if let Some(&v) = self.memo.get(&(p.hash(), plies, false)) {
            return v;
        }
        let result = moves.iter().all(|m| {
            let child = p.play_unchecked(*m);
            self.wins_within(&child, plies - 1)
        });
        self.memo.insert((p.hash(), plies, false), result);
        result
    }

    /// The exact value if the mate (either way) is at most `horizon` plies away, or "no mate
    /// within the horizon" as a draw.
    fn value_within(&mut self, p: &Position<Mini>, horizon: u8) -> Value {
        for n in 0..=horizon {
            if n % 2 == 1 && self.wins_within(p, n) {
                return Value::Win(u16::from(n));
            }
            if n % 2 == 0 && self.loses_within(p, n) {
                return Value::Loss(u16::from(n));
            }
        }
        Value::Draw
    }
}

/// `count` random legal positions of `material`, seeded.
fn samples(tb: &Tablebases, material: &str, count: usize, seed: u64) -> Vec<Position<Mini>> {
    let m = Material::parse(material).unwrap();
    let table = tb.table(&m).unwrap();
    let layout = table.layout();
    let mut rng = seeded(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let idx = rng.random_range(0..layout.len());
        if let Some(p) = layout.position(idx, tb.rules().variant()) {
            out.push(p);
        }
    }
    out
}

/// Each sampled position's table value equals the mate search's wherever the mate is within
/// `horizon` plies, and the search finds no mate within it where the table says draw or a
/// longer mate. Returns how many positions had a mate within the horizon.
fn agree_with_search(tb: &Tablebases, material: &str, count: usize, horizon: u8) -> usize {
    let mut search = MateSearch::new();
    let mut decided = 0;
    for p in samples(tb, material, count, 7 + count as u64) {
        let table = tb.value(&p).unwrap();
        let searched = search.value_within(&p, horizon);
        let expected = match table {
            Value::Win(n) | Value::Loss(n) if n <= u16::from(horizon) => {
                decided += 1;
                table
            }
            _ => Value::Draw,
        };
        assert_eq!(searched, expected, "{material} {}: table {table}", p.fen());
    }
    decided
}

#[test]
fn tables_agree_with_a_brute_force_mate_search() {
    let tb = build(Rules::Rescue, &["KQvK", "KRvK", "KPvK", "KRvKN"]);
    for (material, count) in [("KQvK", 150), ("KRvK", 150), ("KPvK", 150), ("KRvKN", 60)] {
        let decided = agree_with_search(&tb, material, count, 7);
        assert!(decided > 0, "{material}: some samples must be mates");
    }
}

#[test]
fn a_four_piece_table_is_consistent_entry_by_entry() {
    // a sample of KRvKN's entries (the full check of every table is the ignored test)
    let tb = build(Rules::Rescue, &["KRvKN"]);
    let m = Material::parse("KRvKN").unwrap();
    let len = tb.table(&m).unwrap().layout().len();
    let check = tb.verify(&m, len / 2..len / 2 + 200_000).unwrap();
    assert!(check.positions > 10_000);
    assert_eq!(check.error_count, 0, "{:?}", check.errors);
}

#[test]
fn a_corrupted_entry_is_caught() {
    let tb = build(Rules::Rescue, &["KRvK"]);
    let m = Material::parse("KRvK").unwrap();
    let table = tb.table(&m).unwrap();
    let p = samples(&tb, "KRvK", 500, 3)
        .into_iter()
        .find(|p| matches!(tb.value(p), Some(Value::Win(_))))
        .unwrap();
    let idx = table.layout().index_of(&p);
    for wrong in [Value::Draw, Value::Win(99), Value::Loss(4)] {
        let mut broken = tb.clone();
        broken.insert(table.with_entry(idx, wrong)).unwrap();
        let check = broken.verify(&m, 0..usize::MAX).unwrap();
        assert!(
            check.errors.iter().any(|(i, _)| *i == idx),
            "{wrong}: {:?}",
            check.errors
        );
    }
    assert_eq!(tb.verify(&m, 0..usize::MAX).unwrap().error_count, 0);
}

#[test]
fn the_engine_plays_the_tables_moves() {
    let tb = Arc::new(build(Rules::Rescue, &["KRvK", "KQvK"]));
    let mut rng = seeded(11);
    let mut won = 0;
    for p in samples(&tb, "KRvK", 400, 5) {
        let Some(Value::Win(n)) = tb.value(&p) else {
            continue;
        };
        if rng.random_range(0..4) != 0 {
            continue;
        }
        won += 1;
        let mut engine = Engine::new(4);
        engine.set_tablebases(vec![Arc::clone(&tb)]);
        let r = engine.search(
            &p,
            &[],
            Limits {
                depth: Some(3),
                nodes: None,
            },
            &mut Unlimited,
        );
        let best = r.best.unwrap();
        // the move keeps the shortest mate, and the score says how far it is
        assert_eq!(
            tb.value(&p.play_unchecked(best)),
            Some(Value::Loss(n - 1)),
            "{}: {}",
            p.fen(),
            p.uci(&best)
        );
        assert_eq!(r.report.score, Score::Mate(i32::from(n).div_euclid(2) + 1));
    }
    assert!(won > 10);
}

#[test]
#[ignore = "every table of up to four pieces under both rules, and thousands of positions against the mate search: cargo test --release -p tabula-chess --test chess tablebase:: -- --ignored"]
fn every_table_of_up_to_four_pieces_in_full() {
    for rules in Rules::ALL {
        let mut tb = Tablebases::new(rules);
        for m in Material::all_up_to(4) {
            tb.generate(m, &mut |_| {}).unwrap();
        }
        let mut positions = 0;
        for t in tb.tables() {
            let check = tb.verify(&t.material(), 0..usize::MAX).unwrap();
            assert_eq!(check.error_count, 0, "{}: {:?}", t.material(), check.errors);
            positions += check.positions;
        }
        let mut decided = 0;
        let mut sampled = 0;
        for t in tb.tables() {
            let name = t.material().to_string();
            decided += agree_with_search(&tb, &name, 100, 9);
            sampled += 100;
        }
        println!(
            "{} rule: {} tables, {positions} positions consistent; {sampled} samples agree with the mate search ({decided} mates within 9 plies)",
            rules.name(),
            tb.tables().len()
        );
    }
}
