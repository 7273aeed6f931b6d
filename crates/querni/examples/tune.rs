//! Evaluation tuning: a series between two engine settings (weights and budget), each start
//! played from both sides, on every core.
//!
//! `cargo run --release -p tabula-querni --example tune -- GAMES NODES_A "gap,broken,part,reach,removed,tempo" NODES_B "..." [DEPTH_A DEPTH_B]`
//!
//! A player of `0` nodes is the greedy baseline.
//!
//! Two analysis modes measure how lopsided random starts are, by the fewest turns each side
//! needs to clear its board alone (a beam of WIDTH lines, opponent frozen):
//! `... --example tune -- solitaire WIDTH "weights" SEED...` and
//! `... --example tune -- distribution WIDTH "weights" STARTS` (a histogram of blue's turns
//! minus red's). `... --example tune -- planscore WIDTH "weights" STARTS` sums the turns over
//! both sides of each start: the planner's quality (fewer is better).
//! `... --example tune -- lost GAMES` (or `lost FROM TO`, games FROM..TO) plays level 5
//! against `greedy` as `tabula engine simulate querni --seed 1 --swap` does and lists the games level 5 lost with both sides' fewest turns alone
//! (a beam of 1,000 lines, or `WD` lines) and the turns each side played.
//! `... --example tune -- margins GAME...` replays those games (by index) and, at each of level
//! 5's turns, tries every legal turn: how it changes the opponent's fewest turns to clear
//! (dO, beam 200) and one's own (dR, beam 300), against a beam of 1,000 before it. Normal
//! progress is dO 0, dR -1 (race margin +1); a turn with a larger margin would be a way to
//! slow the opponent more than it costs.
//!
//! This is a developer's tool: malformed arguments stop it with a panic message.

use tabula_core::rng::mix;
use tabula_querni::eval::Weights;
use tabula_querni::{Budget, Player, Position, Searcher, Side, Status, Turn};

fn weights(text: &str) -> Weights {
    let v: Vec<i32> = text
        .split(',')
        .map(|x| x.trim().parse().expect("weight"))
        .collect();
    Weights {
        gap: v[0],
        broken: v[1],
        part: v[2],
        reach: v[3],
        removed: v[4],
        tempo: v[5],
    }
}

#[derive(Clone, Copy)]
struct Config {
    nodes: u64,
    depth: u8,
    weights: Weights,
}

fn rollout(mut p: Position, seed: u64, s: &mut Searcher) -> (Status, Position) {
    let mut k = 0;
    loop {
        let st = p.status();
        if st.is_over() {
            return (st, p);
        }
        let t = if p.must_pass() {
            Turn::PASS
        } else {
            Player::Greedy.choose(&p, mix(&[seed, k]), s)
        };
        p = p.play_unchecked(t);
        k += 1;
    }
}

fn flat_mc(p: &Position, seed: u64, rollouts: u64, s: &mut Searcher) -> Turn {
    let me = p.turn();
    let mut turns = Vec::new();
    tabula_querni::search::generate_turns(p, &mut turns);
    let mut best = (i32::MIN, Turn::PASS);
    for (i, &(t, child)) in turns.iter().enumerate() {
        let mut total = 0;
        for r in 0..rollouts {
            let (st, end) = rollout(child, mix(&[seed, i as u64, r]), s);
            total += match st {
                Status::Won { winner, .. } if winner == me => 1000,
                Status::Won { .. } => -1000,
                _ => 0,
            } + 10 * (i32::from(end.count(me.other())) - i32::from(end.count(me)));
        }
        if total > best.0 {
            best = (total, t);
        }
    }
    best.1
}

fn opp_best(after: &Position, w: &Weights) -> i32 {
    // The opponent's best standing after one turn (it is to move in `after`).
    let opp = after.turn();
    let mut turns = Vec::new();
    tabula_querni::search::generate_turns(after, &mut turns);
    turns
        .iter()
        .map(|(_, c)| match c.status() {
            Status::Won { winner, .. } if winner == opp => 1_000_000,
            Status::Won { .. } => -1_000_000,
            _ => tabula_querni::eval::standing(c, opp, w),
        })
        .max()
        .unwrap_or(0)
}

fn beam(p: &Position, width: usize, w: &Weights) -> Turn {
    let me = p.turn();
    let mut states: Vec<(Position, Turn)> = vec![(*p, Turn::PASS)];
    let mut best_first = None;
    let hinder = std::env::var("HINDER").is_ok();
    for depth in 0..12 {
        let mut next: Vec<(i32, Position, Turn)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut finishing: Vec<Turn> = Vec::new();
        for (state, first) in &states {
            let mut turns = Vec::new();
            tabula_querni::search::generate_turns(state, &mut turns);
            for (t, child) in turns {
                let f = if depth == 0 { t } else { *first };
                if child.count(me) == 0 {
                    if !finishing.contains(&f) {
                        finishing.push(f);
                    }
                    continue;
                }
                if let Status::Won { .. } = child.status() {
                    continue;
                }
                let back = child.play_unchecked(Turn::PASS);
                if !seen.insert(back.hash()) {
                    continue;
                }
                next.push((tabula_querni::eval::standing(&back, me, w), back, f));
            }
        }
        if !finishing.is_empty() {
            if !hinder || depth == 0 {
                return finishing[0];
            }
            return *finishing
                .iter()
                .min_by_key(|&&f| opp_best(&p.play_unchecked(f), w))
                .unwrap();
        }
        if next.is_empty() {
            break;
        }
        next.sort_by_key(|x| std::cmp::Reverse(x.0));
        next.truncate(width);
        best_first = Some(next[0].2);
        states = next.into_iter().map(|(_, p, f)| (p, f)).collect();
    }
    best_first.unwrap_or(Turn::PASS)
}

fn race(p: &Position, width: usize, w: &Weights) -> Turn {
    let me = p.turn();
    let mut turns = Vec::new();
    tabula_querni::search::generate_turns(p, &mut turns);
    let mut best = (i32::MIN, Turn::PASS);
    for (t, child) in turns {
        let score = match child.status() {
            Status::Won { winner, .. } if winner == me => i32::MAX,
            Status::Won { .. } => i32::MIN + 1,
            _ => {
                let t_opp = solitaire_turns(&child, width, w).unwrap_or(15) as i32;
                let t_me = solitaire_turns(&child.play_unchecked(Turn::PASS), width, w)
                    .unwrap_or(15) as i32;
                (t_opp - t_me) * 100_000 + tabula_querni::eval::standing(&child, me, w)
                    - tabula_querni::eval::standing(&child, me.other(), w)
            }
        };
        if score > best.0 {
            best = (score, t);
        }
    }
    best.1
}

fn choose(c: Config, p: &Position, seed: u64, s: &mut Searcher) -> Turn {
    if (20_000..30_000).contains(&c.nodes) {
        return race(p, c.nodes as usize - 20_000, &c.weights);
    }
    if (100..10_000).contains(&c.nodes) {
        return beam(p, c.nodes as usize - 100 + 1, &c.weights);
    }
    if c.nodes == 0 {
        return Player::Greedy.choose(p, seed, s);
    }
    if c.nodes < 100 {
        return flat_mc(p, seed, c.nodes, s);
    }
    s.weights = c.weights;
    s.search(
        p,
        Budget {
            depth: c.depth,
            nodes: c.nodes,
        },
        0,
        seed,
        &mut || false,
    )
    .turn
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a[0] == "distribution" {
        let w = weights(&a[2]);
        let n: u64 = a[3].parse().unwrap();
        let width: usize = a[1].parse().unwrap();
        let mut hist = std::collections::BTreeMap::new();
        for pair in 0..n {
            let seed = mix(&[7, pair]);
            let p = Position::start(seed);
            let b = solitaire_turns(&p, width, &w).unwrap_or(15) as i32;
            let r = solitaire_turns(&p.play_unchecked(Turn::PASS), width, &w).unwrap_or(15) as i32;
            *hist.entry(b - r).or_insert(0) += 1;
        }
        println!("blue turns - red turns: {hist:?}");
        return;
    }
    if a[0] == "planscore" {
        let w = weights(&a[2]);
        let n: u64 = a[3].parse().unwrap();
        let width: usize = a[1].parse().unwrap();
        let mut total = 0;
        for pair in 0..n {
            let p = Position::start(mix(&[7, pair]));
            total += solitaire_turns(&p, width, &w).unwrap_or(15);
            total += solitaire_turns(&p.play_unchecked(Turn::PASS), width, &w).unwrap_or(15);
        }
        println!(
            "width {width} weights {}: {total} turns over {} sides",
            a[2],
            2 * n
        );
        return;
    }
    if a[0] == "lost" {
        // `lost GAMES` or `lost FROM TO` (game indices FROM..TO, to split a long run).
        let (from, to): (u32, u32) = match a.get(2) {
            Some(to) => (a[1].parse().unwrap(), to.parse().unwrap()),
            None => (0, a[1].parse().unwrap()),
        };
        let mut s = Searcher::default();
        for g in from..to {
            let (rec, ai) = against_greedy(g, &mut s);
            let ai_blue = ai == Side::Blue;
            let ai_won = matches!(rec.status, Status::Won { winner, .. } if (winner == Side::Blue) == ai_blue);
            if ai_won {
                continue;
            }
            let p = Position::start(rec.start_seed);
            let q = p.play_unchecked(Turn::PASS);
            let wd: usize = std::env::var("WD")
                .map(|v| v.parse().unwrap())
                .unwrap_or(1000);
            let (bt, rt) = (planner_turns(&p, wd), planner_turns(&q, wd));
            let moves = |side_blue: bool| {
                rec.turns
                    .iter()
                    .enumerate()
                    .filter(|(i, t)| (i % 2 == 0) == side_blue && **t != Turn::PASS)
                    .count()
            };
            println!(
                "game {g} ai {} est blue {bt:?} red {rt:?}  played blue {} red {}",
                if ai_blue { "blue" } else { "red" },
                moves(true),
                moves(false)
            );
        }
        return;
    }
    if a[0] == "margins" {
        margins(&a[1..]);
        return;
    }
    if a[0] == "solitaire" {
        let w = weights(&a[2]);
        for seed in a[3..].iter() {
            let p = Position::start(seed.parse().unwrap());
            let q = p.play_unchecked(Turn::PASS);
            println!(
                "start {seed}: blue {:?} red {:?}",
                solitaire_turns(&p, a[1].parse().unwrap(), &w),
                solitaire_turns(&q, a[1].parse().unwrap(), &w)
            );
        }
        return;
    }
    let games: u32 = a[0].parse().unwrap();
    let ca = Config {
        nodes: a[1].parse().unwrap(),
        weights: weights(&a[2]),
        depth: a.get(5).map_or(30, |d| d.parse().unwrap()),
    };
    let cb = Config {
        nodes: a[3].parse().unwrap(),
        weights: weights(&a[4]),
        depth: a.get(6).map_or(30, |d| d.parse().unwrap()),
    };
    let threads = 2u32;
    let results: Vec<(u32, u32, u32, usize)> = std::thread::scope(|scope| {
        (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let (mut aw, mut bw, mut dr, mut turns) = (0, 0, 0, 0);
                    let mut s = Searcher::default();
                    for g in (t..games).step_by(threads as usize) {
                        let pair = g / 2;
                        let a_blue = g % 2 == 0;
                        let seed = mix(&[7, u64::from(pair)]);
                        let mut p = Position::start(seed);
                        let mut n = 0u64;
                        let status = loop {
                            let st = p.status();
                            if st.is_over() {
                                break st;
                            }
                            let a_moves = (p.turn() == Side::Blue) == a_blue;
                            let t = if p.must_pass() {
                                Turn::PASS
                            } else {
                                choose(if a_moves { ca } else { cb }, &p, mix(&[seed, n]), &mut s)
                            };
                            if std::env::var("TRACE").ok() == Some(g.to_string()) {
                                println!(
                                    "{} {:>6} {:<22} work {}/{} count {}/{}",
                                    p,
                                    if a_moves { "A" } else { "B" },
                                    p.describe(t).to_string(),
                                    tabula_querni::eval::work(&p, Side::Blue),
                                    tabula_querni::eval::work(&p, Side::Red),
                                    p.count(Side::Blue),
                                    p.count(Side::Red)
                                );
                            }
                            p = p.play_unchecked(t);
                            n += 1;
                        };
                        turns += n as usize;
                        match status {
                            Status::Won { winner, .. } if (winner == Side::Blue) == a_blue => {
                                aw += 1
                            }
                            Status::Won { .. } => {
                                bw += 1;
                                if std::env::var("SHOW").is_ok() {
                                    println!(
                                        "lost game {g}: A {} start {seed} turns {n} A left {}",
                                        if a_blue { "blue" } else { "red" },
                                        p.count(if a_blue { Side::Blue } else { Side::Red })
                                    );
                                }
                            }
                            _ => dr += 1,
                        }
                    }
                    (aw, bw, dr, turns)
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect()
    });
    let (aw, bw, dr, turns) = results.iter().fold((0, 0, 0, 0), |x, y| {
        (x.0 + y.0, x.1 + y.1, x.2 + y.2, x.3 + y.3)
    });
    println!(
        "A {aw}  B {bw}  draws {dr}  ({:.1}% for A, {:.1} turns/game)",
        100.0 * (f64::from(aw) + 0.5 * f64::from(dr)) / f64::from(games),
        turns as f64 / f64::from(games)
    );
}

/// Solitaire: the least turns the side to move needs with the opponent frozen (beam search).
#[allow(dead_code)]
pub fn solitaire_turns(p: &Position, width: usize, w: &Weights) -> Option<usize> {
    let me = p.turn();
    let mut states = vec![*p];
    for depth in 0..14 {
        let mut next: Vec<(i32, Position)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for state in &states {
            let mut turns = Vec::new();
            tabula_querni::search::generate_turns(state, &mut turns);
            for (_, child) in turns {
                if child.count(me) == 0 {
                    return Some(depth + 1);
                }
                if let Status::Won { .. } = child.status() {
                    continue;
                }
                let back = child.play_unchecked(Turn::PASS);
                if seen.insert(back.hash()) {
                    next.push((tabula_querni::eval::standing(&back, me, w), back));
                }
            }
        }
        next.sort_by_key(|x| std::cmp::Reverse(x.0));
        next.truncate(width);
        states = next.into_iter().map(|x| x.1).collect();
    }
    None
}

/// For each game index, at each of level 5's turns: the played turn's and the best turn's
/// change of the race margin (see the module comment).
fn margins(games: &[String]) {
    // Beyond the planner's horizon counts as one turn more than it.
    let turns_to_clear = |p: &Position, width: usize| {
        planner_turns(p, width).map_or(tabula_querni::plan::HORIZON as i32 + 1, |t| t as i32)
    };
    let mut s = Searcher::default();
    for g in games.iter().map(|g| g.parse::<u32>().unwrap()) {
        let (rec, ai) = against_greedy(g, &mut s);
        let mut p = Position::start(rec.start_seed);
        for (k, &played) in rec.turns.iter().enumerate() {
            if p.turn() == ai && !p.must_pass() {
                let mut roots = Vec::new();
                tabula_querni::search::generate_turns(&p, &mut roots);
                let own = turns_to_clear(&p, 1000);
                let theirs = turns_to_clear(&p.play_unchecked(Turn::PASS), 1000);
                let mut best = (i32::MIN, 0, 0);
                let mut chosen = (0, 0);
                for (turn, child) in &roots {
                    if child.status().is_over() {
                        continue;
                    }
                    let d_o = turns_to_clear(child, 200) - theirs;
                    let d_r = turns_to_clear(&child.play_unchecked(Turn::PASS), 300) - own;
                    if d_o - d_r > best.0 {
                        best = (d_o - d_r, d_o, d_r);
                    }
                    if *turn == played {
                        chosen = (d_o, d_r);
                    }
                }
                println!(
                    "game {g} ply {k}: own {own} opponent {theirs}; played dO {} dR {}; best margin {} (dO {}, dR {})",
                    chosen.0, chosen.1, best.0, best.1, best.2
                );
            }
            p = p.play_unchecked(played);
        }
    }
}

/// Game `index` of level 5 against `greedy` as `tabula engine simulate querni --seed 1 --swap` plays
/// it, and level 5's colour.
fn against_greedy(index: u32, s: &mut Searcher) -> (tabula_querni::sim::GameRecord, Side) {
    let (blue, red, seed) =
        tabula_querni::sim::series_game(Player::Ai(5), Player::Greedy, 1, index, true);
    let ai = if blue == Player::Ai(5) {
        Side::Blue
    } else {
        Side::Red
    };
    (tabula_querni::sim::play_game(blue, red, seed, s), ai)
}

/// The side to move's fewest turns to clear as level 5's own planner counts them (its
/// weights, one beam of `width` lines, the opponent frozen).
fn planner_turns(p: &Position, width: usize) -> Option<usize> {
    let weights = &tabula_querni::plan::PLAN_WEIGHTS;
    tabula_querni::plan::plan(p, width, width, u64::MAX, weights, 1, &mut || false)
        .turns_to_clear
        .map(usize::from)
}
