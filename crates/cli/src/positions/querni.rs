//! The Querni commands: `tabula rules querni new|moves|play|best` and `tabula engine simulate querni`.

use crate::cli::output::Answer;
use serde_json::json;
use std::fmt::Write as _;
use std::time::{Duration, Instant};
use tabula_querni::plan::{PLAN_WEIGHTS, plan};
use tabula_querni::players::{Choice, best_turn, proved_win};
use tabula_querni::sim::{Tally, play_game, series_game};
use tabula_querni::{MAX_LEVEL, Player, Position, Searcher, Side, Status, Turn};

fn position(text: &str) -> anyhow::Result<Position> {
    Ok(Position::parse(text)?)
}

/// The board as text: files across, rank 7 at the top, blue pieces `B5`, red `R12`;
/// coloured with ANSI escapes when `colour` is set.
pub fn board_text(p: &Position, colour: bool) -> String {
    let mut out = String::from("    ");
    for f in 0..10u8 {
        let _ = write!(out, "  {} ", (b'a' + f) as char);
    }
    out.push('\n');
    for rank in (0..7u8).rev() {
        let _ = write!(out, " {}  ", rank + 1);
        for file in 0..10u8 {
            let id = p.cell(rank * 10 + file);
            if id == 0 {
                out.push_str("  . ");
                continue;
            }
            let (side, n) = tabula_querni::position::piece_of(id);
            let label = format!("{}{n}", if side == Side::Blue { 'B' } else { 'R' });
            let cell = format!("{label:>3} ");
            if colour {
                let code = if side == Side::Blue { "1;34" } else { "1;31" };
                let _ = write!(out, "\x1b[{code}m{cell}\x1b[0m");
            } else {
                out.push_str(&cell);
            }
        }
        let _ = writeln!(out, " {}", rank + 1);
    }
    let _ = writeln!(
        out,
        "{} to move; {} turn(s) since the last removal (a draw at 30)",
        p.turn(),
        p.quiet()
    );
    out
}

fn status_json(s: Status) -> serde_json::Value {
    json!({ "result": s.result(), "reason": s.to_string() })
}

/// `tabula rules querni new`.
pub fn new(seed: u64) -> Answer {
    let p = Position::start(seed);
    let text = format!("{p}\n\n{}", board_text(&p, false));
    Answer {
        text,
        json: json!({ "position": p.to_string(), "seed": seed }),
    }
}

/// Every movement (one per destination, with a shortest jump path) and every removal the
/// side to move has now, in notation.
pub fn turn_texts(p: &Position) -> (Vec<String>, Vec<String>) {
    let (mut movements, mut removals) = (Vec::new(), Vec::new());
    p.movements(&mut movements);
    p.removals(p.turn(), &mut removals);
    let movement = |m| Turn {
        movement: Some(m),
        removal: None,
    };
    (
        movements
            .iter()
            .map(|&m| p.describe(movement(m)).to_string())
            .collect(),
        removals.iter().map(ToString::to_string).collect(),
    )
}

/// `tabula rules querni moves`.
pub fn moves(pos: &str) -> anyhow::Result<Answer> {
    let p = position(pos)?;
    let status = p.status();
    let (movement_text, removal_text) = if status.is_over() {
        (Vec::new(), Vec::new())
    } else {
        turn_texts(&p)
    };
    let mut text = format!("{p}\nstatus: {status}\n");
    if status.is_over() {
        text.push_str("the game is over: no turns\n");
    } else {
        let _ = writeln!(text, "{} movement(s):", movement_text.len());
        for chunk in movement_text.chunks(8) {
            let _ = writeln!(text, "  {}", chunk.join("  "));
        }
        if removal_text.is_empty() {
            text.push_str("no removal now\n");
        } else {
            let _ = writeln!(text, "removal(s) now: {}", removal_text.join("  "));
        }
        if p.must_pass() {
            let _ = writeln!(
                text,
                "{} has nothing to do and passes automatically",
                p.turn()
            );
        }
    }
    Ok(Answer {
        text,
        json: json!({
            "position": p.to_string(),
            "status": status_json(status),
            "movements": movement_text,
            "removals": removal_text,
        }),
    })
}

/// `tabula rules querni play`: one turn, then any automatic passes.
pub fn play(pos: &str, turn: &str) -> anyhow::Result<Answer> {
    let p = position(pos)?;
    let (_, mut after) = p.play(turn)?;
    let mut passes = Vec::new();
    while !after.status().is_over() && after.must_pass() {
        passes.push(after.turn());
        after = after.play_unchecked(Turn::PASS);
    }
    let status = after.status();
    let mut text = format!("{after}\n{}\n", status.result());
    if status.is_over() {
        let _ = writeln!(text, "{status}");
    }
    for side in &passes {
        let _ = writeln!(
            text,
            "{side} had no movement and no removal and passed automatically"
        );
    }
    Ok(Answer {
        text,
        json: json!({
            "position": after.to_string(),
            "result": status.result(),
            "reason": status.to_string(),
            "automatic_passes": passes.iter().map(|s| s.name()).collect::<Vec<_>>(),
        }),
    })
}

/// `tabula rules querni best`.
pub fn best(pos: &str, level: u8, movetime: Option<u64>, seed: u64) -> anyhow::Result<Answer> {
    let p = position(pos)?;
    let status = p.status();
    if status.is_over() {
        anyhow::bail!("the game is over ({status})");
    }
    let started = Instant::now();
    let mut searcher = Searcher::default();
    let limit = movetime.map(Duration::from_millis);
    let choice = match limit {
        // A time limit replaces the level's budget: the search deepens (levels 1-4) or the
        // planner widens (level 5, after looking for a proved win) until the time is up.
        Some(limit) => {
            let mut stop = || started.elapsed() >= limit;
            if level == MAX_LEVEL {
                proved_win(&p, &mut stop).unwrap_or_else(|| {
                    Choice::Planned(plan(
                        &p,
                        50,
                        1 << 20,
                        u64::MAX,
                        &PLAN_WEIGHTS,
                        seed,
                        &mut stop,
                    ))
                })
            } else {
                let budget = tabula_querni::Budget {
                    depth: 30,
                    nodes: u64::MAX,
                };
                Choice::Searched(searcher.search(&p, budget, 0, seed, &mut stop))
            }
        }
        None => best_turn(&p, level, seed, &mut searcher, &mut || false),
    };
    let ms = started.elapsed().as_millis() as u64;
    let turn = p.describe(choice.turn()).to_string();
    let (how, extra) = match choice {
        Choice::Searched(r) => (
            format!("depth {}, score {}", r.depth, r.score),
            json!({"depth": r.depth, "score": r.score}),
        ),
        Choice::Proved { turns, .. } => (
            format!(
                "a win proved in {turns} turn{} whatever the other side does",
                if turns == 1 { "" } else { "s" }
            ),
            json!({"proved_turns": turns}),
        ),
        Choice::Planned(pl) => (
            match pl.turns_to_clear {
                Some(t) => format!("plans to clear the board in {t} turn(s), beam {}", pl.width),
                None => format!(
                    "no plan clears the board within {} turns, beam {}",
                    tabula_querni::plan::HORIZON,
                    pl.width
                ),
            },
            json!({"turns_to_clear": pl.turns_to_clear, "beam": pl.width}),
        ),
    };
    let text = format!(
        "{turn}\n(level {level}, {how}, {} positions, {ms} ms)\n",
        choice.nodes()
    );
    let mut json = json!({ "turn": turn, "level": level, "nodes": choice.nodes(), "ms": ms });
    if let (Some(o), Some(e)) = (json.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    Ok(Answer { text, json })
}

/// `tabula engine simulate querni`: a series between two players, on both cores.
pub fn simulate(a: Player, b: Player, games: u32, seed: u64, swap: bool) -> Answer {
    let (first, second) = (a.to_string(), b.to_string());
    let started = Instant::now();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8) as u32;
    let tally = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut searcher = Searcher::default();
                    let mut tally = Tally::default();
                    let mut turns = 0usize;
                    for index in (t..games).step_by(threads as usize) {
                        let (blue, red, game_seed) = series_game(a, b, seed, index, swap);
                        let record = play_game(blue, red, game_seed, &mut searcher);
                        turns += record.turns.len();
                        tally.add(index, swap, record.status);
                    }
                    (tally, turns)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .fold((Tally::default(), 0), |(t, n), (u, m)| (t.merge(u), n + m))
    });
    let (tally, turns) = tally;
    let secs = started.elapsed().as_secs_f64();
    let pct = |n: u32| 100.0 * f64::from(n) / f64::from(tally.games.max(1));
    let mut text = format!(
        "Querni: {first} vs {second}, {games} games from seed {seed}{}\n",
        if swap {
            ", alternating colours (each start played from both sides)"
        } else {
            ", first player blue"
        }
    );
    let _ = writeln!(
        text,
        "{first:>10} wins  {:>5}  ({:.1}%)",
        tally.first_wins,
        pct(tally.first_wins)
    );
    let _ = writeln!(
        text,
        "{second:>10} wins  {:>5}  ({:.1}%)",
        tally.second_wins,
        pct(tally.second_wins)
    );
    let _ = writeln!(
        text,
        "{:>10}       {:>5}  ({:.1}%)",
        "draws",
        tally.draws,
        pct(tally.draws)
    );
    let _ = writeln!(
        text,
        "{:.1} turns a game, {secs:.1} s",
        turns as f64 / f64::from(tally.games.max(1))
    );
    let json = json!({
        "games": tally.games,
        "first_wins": tally.first_wins,
        "second_wins": tally.second_wins,
        "draws": tally.draws,
    });
    let _ = writeln!(text, "{json}");
    Answer { text, json }
}
