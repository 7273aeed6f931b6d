//! A series between two players on one thread, timing each side: the same games as
//! `tabula engine simulate querni --blue A --red B --games N --seed S --swap` (which uses every core
//! and does not time the sides).
//!
//! `cargo run --release -p tabula-querni --example arena -- A B GAMES SEED [FROM]` (FROM: play
//! only games FROM..GAMES of the series, to split it into runs)
//!
//! A and B are what `Player::parse` reads (`ai:5`, `ai:4`, `greedy`, ...) or `plan:W`, the race
//! planner with a beam of W lines (level 5 is `plan:1000`), `race:W:S` the planner and its
//! look at both races ([`tabula_querni::race`]) with beams of W and S lines (the first try at
//! a level 6 was `race:1000:150`), or
//! `block:W:S`, an earlier form of that look (every turn judged, no check with the full beam),
//! or `exact:W:NODES`, the planner and then the exact race ([`tabula_querni::exact`]) looking
//! for a plan at least one turn shorter than the planner's within NODES positions.
//! One line per game, then the tally with each side's time per game and per turn.
//!
//! `... --example arena -- races WIDTH_A WIDTH_B STARTS SEED` lists, for the starts of a
//! series, each side's fewest turns to clear alone by beams of WIDTH_A and WIDTH_B lines:
//! how often the wider beam finds a shorter race, and how close the races are.
//!
//! `... --example arena -- exact WIDTH STARTS SEED NODES` lists, for the starts of a series,
//! each side's race by a beam of WIDTH lines and the exact race proved within NODES positions
//! (or the turns it proved too few).
//!
//! `... --example arena -- contact A B STARTS SEED [FROM]` plays each start of a series once
//! (A blue, B red) and lists how near the two sides' pieces came: whether the races ever
//! meet on the board.
//!
//! `... --example arena -- deviate STARTS SEED [FROM] [all]` bounds what one different turn can
//! win against level 5 knowing its replies: level 5 plays each start against itself, then every
//! other turn of the losing side that touches the other side (with `all`, every turn with a
//! movement) is tried and the game played on between the two; it lists the tries that win.
//!
//! This is a developer's tool: malformed arguments stop it with a panic message.

use std::time::{Duration, Instant};
use tabula_core::rng::mix;
use tabula_querni::plan::{PLAN_WEIGHTS, plan};
use tabula_querni::players::PLAN_NODES;
use tabula_querni::sim::{Tally, series_game};
use tabula_querni::{Player, Position, Searcher, Side, Status, Turn};

#[derive(Clone, Copy, Debug)]
enum Who {
    Std(Player),
    Plan(usize),
    /// The planner, and when its race is slower than the opponent's, every turn judged by
    /// both races after it (beams of the given width).
    Block(usize, usize),
    /// `race::plan_race` (the first try at a level 6) with a planner beam and a scan beam.
    Race(usize, usize),
    /// The planner (a beam of the width given), then the exact race searched for a plan one
    /// turn shorter or more, within the node budget given (`exact:W:NODES`).
    Exact(usize, u64),
}

impl Who {
    fn parse(text: &str) -> Who {
        if let Some(w) = text.strip_prefix("race:") {
            let (a, b) = w.split_once(':').expect("race:W:WS");
            return Who::Race(a.parse().unwrap(), b.parse().unwrap());
        }
        if let Some(w) = text.strip_prefix("exact:") {
            let (a, b) = w.split_once(':').expect("exact:W:NODES");
            return Who::Exact(a.parse().unwrap(), b.parse().unwrap());
        }
        if let Some(w) = text.strip_prefix("block:") {
            let (a, b) = w.split_once(':').expect("block:W:WB");
            return Who::Block(a.parse().unwrap(), b.parse().unwrap());
        }
        if let Some(w) = text.strip_prefix("plan:") {
            return Who::Plan(w.parse().expect("width"));
        }
        Who::Std(Player::parse(text).expect("player"))
    }

    fn choose(self, p: &Position, seed: u64, s: &mut Searcher) -> Turn {
        match self {
            Who::Std(player) => player.choose(p, seed, s),
            Who::Plan(w) => plan(p, w, w, PLAN_NODES, &PLAN_WEIGHTS, seed, &mut || false).turn,
            Who::Block(w, wb) => block(p, w, wb, seed),
            Who::Race(w, ws) => tabula_querni::race::plan_race(p, w, ws, seed, &mut || false).turn,
            Who::Exact(w, nodes) => {
                let mine = plan(p, w, w, PLAN_NODES, &PLAN_WEIGHTS, seed, &mut || false);
                let Some(t) = mine.turns_to_clear.filter(|&t| t > 1) else {
                    return mine.turn;
                };
                let race = tabula_querni::exact::solve(p, t - 1, nodes);
                STATS.with(|s| {
                    let mut s = s.borrow_mut();
                    s[0] += 1;
                    s[1] += u64::from(race.turn.is_some());
                });
                race.turn.unwrap_or(mine.turn)
            }
        }
    }
}

fn block(p: &Position, w: usize, wb: usize, seed: u64) -> Turn {
    let mine = plan(p, w, w, PLAN_NODES, &PLAN_WEIGHTS, seed, &mut || false);
    let t_m = mine.turns_to_clear.map_or(99, i32::from);
    let t_o = i32::from(turns_alone(&p.play_unchecked(Turn::PASS), w));
    if t_m <= t_o || t_m >= 99 {
        return mine.turn;
    }
    STATS.with(|s| s.borrow_mut()[0] += 1);
    let mut roots = Vec::new();
    tabula_querni::search::generate_turns(p, &mut roots);
    // Margin with the opponent to move: positive wins the race.
    let mut best = (t_o - (t_m - 1), mine.turn);
    for (turn, child) in &roots {
        if child.status().is_over() {
            continue;
        }
        let o = i32::from(turns_alone(child, wb));
        if o - (t_m - 1) <= best.0 {
            continue;
        }
        let m = i32::from(turns_alone(&child.play_unchecked(Turn::PASS), wb));
        if o - m > best.0 {
            best = (o - m, *turn);
        }
    }
    if best.1 != mine.turn {
        STATS.with(|s| s.borrow_mut()[1] += 1);
    }
    best.1
}

thread_local! {
    static STATS: std::cell::RefCell<[u64; 2]> = const { std::cell::RefCell::new([0; 2]) };
}

fn turns_alone(p: &Position, width: usize) -> u8 {
    plan(p, width, width, PLAN_NODES, &PLAN_WEIGHTS, 1, &mut || false)
        .turns_to_clear
        .unwrap_or(99)
}

fn races(a: &[String]) {
    let (wa, wb): (usize, usize) = (a[0].parse().unwrap(), a[1].parse().unwrap());
    let (starts, seed): (u64, u64) = (a[2].parse().unwrap(), a[3].parse().unwrap());
    let mut better = 0;
    for pair in 0..starts {
        let start_seed = mix(&[mix(&[seed, pair]), 0x51A7]);
        let p = Position::start(start_seed);
        let q = p.play_unchecked(Turn::PASS);
        let (ba, bb) = (turns_alone(&p, wa), turns_alone(&p, wb));
        let (ra, rb) = (turns_alone(&q, wa), turns_alone(&q, wb));
        better += u32::from(bb < ba) + u32::from(rb < ra);
        println!("start {pair}: blue {ba} {bb}  red {ra} {rb}");
    }
    println!(
        "the wider beam is shorter on {better} of {} sides",
        2 * starts
    );
}

/// Each side's race at the starts of a series: the beam's count and the exact one.
fn exact(a: &[String]) {
    let width: usize = a[0].parse().unwrap();
    let (starts, seed, nodes): (u64, u64, u64) = (
        a[1].parse().unwrap(),
        a[2].parse().unwrap(),
        a[3].parse().unwrap(),
    );
    let (mut shorter, mut proved) = (0, 0);
    for pair in 0..starts {
        let start_seed = mix(&[mix(&[seed, pair]), 0x51A7]);
        let p = Position::start(start_seed);
        for (name, q) in [("blue", p), ("red", p.play_unchecked(Turn::PASS))] {
            let beam = turns_alone(&q, width);
            let t0 = Instant::now();
            let r = tabula_querni::exact::solve(&q, beam.min(12), nodes);
            let lb = tabula_querni::exact::lower_bound(&q, q.turn());
            proved += u32::from(r.turns.is_some());
            shorter += u32::from(r.turns.is_some_and(|t| t < beam));
            println!(
                "start {pair} {name}: beam {beam} exact {:?} (at least {}, bound {lb}) {} nodes {:.1} s",
                r.turns,
                r.at_least,
                r.nodes,
                t0.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "proved {proved} of {} sides; shorter than the beam on {shorter}",
        2 * starts
    );
}

/// How near the two sides' pieces come in games between two players: for each start of a
/// series (played once, `A` blue, `B` red), the nearest a blue piece and a red piece stood
/// (king-move distance) after each turn, and the first turns they stood two apart and side by
/// side. Only a piece next to the other side's pieces can stand on a square their plan lands
/// on, or leave one it jumps over.
fn contact(a: &[String]) {
    let (blue, red) = (Who::parse(&a[0]), Who::parse(&a[1]));
    let (starts, seed): (u32, u64) = (a[2].parse().unwrap(), a[3].parse().unwrap());
    let from: u32 = a.get(4).map_or(0, |f| f.parse().unwrap());
    let mut s = Searcher::default();
    // Games by the nearest the sides came: touching (1), two apart, farther.
    let mut nearest = [0u32; 3];
    let mut touching_before_last_two = 0;
    for pair in from..starts {
        let game_seed = mix(&[seed, u64::from(pair)]);
        let start = Position::start(mix(&[game_seed, 0x51A7]));
        let (status, line) = play_out(start, 0, game_seed, [blue, red], &mut s);
        let k = line.len() - 1;
        let apart: Vec<u8> = line[1..].iter().map(nearest_pieces).collect();
        let min = apart.iter().copied().min().unwrap_or(u8::MAX);
        // turns are counted from one: the first turn after which the sides stood so near
        let first_near = apart.iter().position(|&d| d <= 2).map(|i| i + 1);
        let first_touch = apart.iter().position(|&d| d <= 1).map(|i| i + 1);
        nearest[usize::from(min.clamp(1, 3) - 1)] += 1;
        touching_before_last_two += u32::from(first_touch.is_some_and(|t| t + 2 < k));
        let winner = match status {
            Status::Won { winner, .. } => format!("{winner:?}"),
            _ => "draw".into(),
        };
        println!(
            "start {pair}: {winner} in {k} turns; nearest {min}, two apart from turn {first_near:?}, touching from {first_touch:?}"
        );
    }
    println!(
        "games {}: the sides touched in {}, came two apart at nearest in {}, stayed farther in {}; touched before the last two turns in {touching_before_last_two}",
        starts - from,
        nearest[0],
        nearest[1],
        nearest[2]
    );
}

/// The game from `p` on between `who[0]` (blue) and `who[1]` (red), `k` turns having been
/// played in a game seeded `game_seed`: its final status and every position from `p` to the
/// end.
fn play_out(
    mut p: Position,
    mut k: u64,
    game_seed: u64,
    who: [Who; 2],
    s: &mut Searcher,
) -> (Status, Vec<Position>) {
    let mut line = vec![p];
    loop {
        let st = p.status();
        if st.is_over() {
            return (st, line);
        }
        let player = who[usize::from(p.turn() == Side::Red)];
        let t = if p.must_pass() {
            Turn::PASS
        } else {
            player.choose(&p, mix(&[game_seed, k]), s)
        };
        p = p.play_unchecked(t);
        line.push(p);
        k += 1;
    }
}

/// An upper bound on holding up the other side with one turn, knowing the opponent: for each
/// start, level 5 against itself; then at every turn of the side that lost, every other turn
/// that could touch the other side's plan at once (its movement ends next to an opposing piece
/// or leaves a square next to one; with `all`, every other turn with a movement) is tried, the
/// game going on between the two level-5 players, and the tries that win for the loser are
/// counted.
fn deviate(a: &[String]) {
    let (starts, seed): (u32, u64) = (a[0].parse().unwrap(), a[1].parse().unwrap());
    let from: u32 = a.get(2).map_or(0, |f| f.parse().unwrap());
    // `all`: every other turn is tried, not only those that touch the other side
    let every = a.get(3).is_some_and(|w| w == "all");
    let level5 = Who::parse("ai:5");
    let who = [level5, level5];
    let mut s = Searcher::default();
    let (mut flipped, mut tried_all) = (0, 0);
    for pair in from..starts {
        let game_seed = mix(&[seed, u64::from(pair)]);
        let start = Position::start(mix(&[game_seed, 0x51A7]));
        let (status, line) = play_out(start, 0, game_seed, who, &mut s);
        let Status::Won { winner, .. } = status else {
            println!("start {pair}: drawn");
            continue;
        };
        let loser = winner.other();
        let (mut tried, mut wins, mut first_win) = (0u32, 0u32, None);
        for (k, p) in line.iter().enumerate() {
            if p.status().is_over() || p.turn() != loser || p.must_pass() {
                continue;
            }
            let theirs = p.squares_of(winner);
            let near = |sq: u8| {
                (0..128u8).any(|o| theirs >> o & 1 == 1 && tabula_querni::position::adjacent(sq, o))
            };
            let mut roots = Vec::new();
            tabula_querni::search::generate_turns(p, &mut roots);
            let played = line.get(k + 1).copied();
            for (turn, child) in roots {
                if Some(child) == played {
                    continue; // the game's own turn
                }
                let Some(m) = turn.movement else { continue };
                if !(every || near(m.to) || near(m.from)) {
                    continue;
                }
                tried += 1;
                let (st, _) = play_out(child, k as u64 + 1, game_seed, who, &mut s);
                if matches!(st, Status::Won { winner: w, .. } if w == loser) {
                    wins += 1;
                    first_win.get_or_insert(k);
                }
            }
        }
        tried_all += tried;
        flipped += u32::from(wins > 0);
        println!(
            "start {pair}: {winner:?} won in {} turns; {tried} tries for {loser:?}, {wins} win (first at turn {first_win:?})",
            line.len() - 1
        );
    }
    println!(
        "starts {}: the loser had a winning other turn in {flipped} ({tried_all} tries)",
        starts - from
    );
}

/// The king-move distance between the nearest blue and red pieces (`u8::MAX` if a side has
/// none left).
fn nearest_pieces(p: &Position) -> u8 {
    let squares = |side: Side| {
        let bits = p.squares_of(side);
        (0..128u8).filter(move |&sq| bits >> sq & 1 == 1)
    };
    squares(Side::Blue)
        .flat_map(|b| squares(Side::Red).map(move |r| tabula_querni::position::distance(b, r)))
        .min()
        .unwrap_or(u8::MAX)
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let tool: Option<fn(&[String])> = match a[0].as_str() {
        "contact" => Some(contact),
        "deviate" => Some(deviate),
        "exact" => Some(exact),
        "races" => Some(races),
        _ => None,
    };
    if let Some(tool) = tool {
        tool(&a[1..]);
        return;
    }
    let (first, second) = (Who::parse(&a[0]), Who::parse(&a[1]));
    let games: u32 = a[2].parse().unwrap();
    let seed: u64 = a[3].parse().unwrap();
    // Optionally only games FROM..GAMES, to split a long series into runs.
    let from: u32 = a.get(4).map_or(0, |f| f.parse().unwrap());
    let mut s = Searcher::default();
    let mut tally = Tally::default();
    // Time and turns of the first and the second player.
    let mut time = [Duration::ZERO; 2];
    let mut moves = [0u32; 2];
    for index in from..games {
        // Which of the two is blue in this game (series_game swaps odd games).
        let (_, _, game_seed) = series_game(Player::Random, Player::Greedy, seed, index, true);
        let first_blue = index % 2 == 0;
        let mut p = Position::start(mix(&[game_seed, 0x51A7]));
        let mut k = 0u64;
        let status = loop {
            let st = p.status();
            if st.is_over() {
                break st;
            }
            let who = usize::from((p.turn() == Side::Blue) != first_blue);
            let t = if p.must_pass() {
                Turn::PASS
            } else {
                let player = if who == 0 { first } else { second };
                let t0 = Instant::now();
                let t = player.choose(&p, mix(&[game_seed, k]), &mut s);
                time[who] += t0.elapsed();
                moves[who] += 1;
                t
            };
            p = p.play_unchecked(t);
            k += 1;
        };
        tally.add(index, true, status);
        let result = match status {
            Status::Won { winner, .. } if (winner == Side::Blue) == first_blue => "first",
            Status::Won { .. } => "second",
            _ => "draw",
        };
        println!(
            "game {index}: first {} {result} ({k} turns) running {:.1}%",
            if first_blue { "blue" } else { "red" },
            100.0 * (f64::from(tally.first_wins) + 0.5 * f64::from(tally.draws))
                / f64::from(tally.games)
        );
    }
    let g = f64::from((games - from).max(1));
    STATS.with(|s| println!("looked {} changed {}", s.borrow()[0], s.borrow()[1]));
    println!(
        "{} vs {}: games {from}..{games}, first wins {} second wins {} draws {}: score {:.1}%",
        a[0],
        a[1],
        tally.first_wins,
        tally.second_wins,
        tally.draws,
        100.0 * (f64::from(tally.first_wins) + 0.5 * f64::from(tally.draws)) / g
    );
    for (i, name) in [&a[0], &a[1]].iter().enumerate() {
        println!(
            "{name}: {:.2} s a game, {:.0} ms a turn ({} turns)",
            time[i].as_secs_f64() / g,
            1000.0 * time[i].as_secs_f64() / f64::from(moves[i].max(1)),
            moves[i]
        );
    }
}
