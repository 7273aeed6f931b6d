//! The puzzle commands: solve, verify, deck and stats for Check Mates and The Royal Study.
//!
//! Each command takes typed arguments and returns an [`Answer`] (text and JSON), or an error
//! naming the bad argument and what is wrong with it.

pub mod batch;
pub mod print;
pub mod simulate;

use crate::cli::output::Answer;
use crate::cli::parse::{board as parse_board, task as parse_task};
use anyhow::Context as _;
use serde_json::{Value, json};
use std::fmt::Write as _;
use tabula_puzzles::checkmates::{self, CheckMatesSolver, Side, Solution};
use tabula_puzzles::royal::verify::Executor;
use tabula_puzzles::royal::{self, Layout, Level, RoyalPlan, RoyalSolver, Step};

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn rotation_words(degrees: Option<u16>) -> &'static str {
    match degrees {
        Some(0) => "as shown",
        Some(90) => "rotated 90° clockwise",
        Some(180) => "rotated 180°",
        Some(270) => "rotated 90° anticlockwise",
        _ => "not met",
    }
}

/// The JSON answer for a Check Mates query (shared with `--batch`).
pub fn checkmates_json(solution: Option<&Solution>) -> Value {
    match solution {
        Some(s) => json!({
            "moves": s.moves.len(),
            "solution": s.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "rotation": s.rotation.degrees_clockwise(),
            "final_board": s.end.to_string(),
        }),
        None => json!({ "moves": null, "unsolvable": true }),
    }
}

/// `tabula exact solve checkmates`.
pub fn solve_checkmates(side: Side, board: &str, task: &str) -> anyhow::Result<Answer> {
    let board = parse_board(side, board)?;
    let task = parse_task(side, task)?;
    let solver = CheckMatesSolver::new(side);
    let solution = solver.solve(&board, &task);
    let mut text = format!("Check Mates, {side} side\nboard: {board}\ntask:  {task}\n");
    if !solver.in_play(&board) {
        text.push_str("note: this board cannot arise in play (a knight never reaches b2)\n");
    }
    match &solution {
        Some(s) => {
            let list = tabula_puzzles::moves::format_moves(&s.moves);
            let _ = write!(
                text,
                "minimum: {} move{}\nsolution: {}\nfinal board: {} meets the task {}\n",
                s.moves.len(),
                if s.moves.len() == 1 { "" } else { "s" },
                if list.is_empty() {
                    "(none: the board already meets the task)"
                } else {
                    &list
                },
                s.end,
                s.rotation.describe()
            );
        }
        None => text.push_str(
            "unsolvable: no board reachable from this one meets the task in any rotation\n",
        ),
    }
    Ok(Answer {
        text,
        json: checkmates_json(solution.as_ref()),
    })
}

/// The JSON answer for a Royal Study query (shared with `--batch`).
pub fn royal_json(plan: Option<&RoyalPlan>, two_cards: bool) -> Value {
    match plan {
        Some(p) => {
            let actions = p
                .steps
                .iter()
                .filter(|s| matches!(s, Step::Action { .. }))
                .count();
            let mut v = json!({
                "moves": p.count,
                "solution": p.steps.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "piece_moves": p.steps.len() - actions,
                "card_actions": actions,
            });
            if two_cards {
                v["first"] = json!(p.order[0]);
            }
            v
        }
        None => json!({ "moves": null, "unsolvable": true }),
    }
}

/// `tabula exact solve royal`: `cards` holds one card, or two for the bonus challenge.
pub fn solve_royal(level: Level, board: Layout, cards: &[Layout]) -> Answer {
    let (card, card2) = (cards[0], cards.get(1).copied());
    let solver = RoyalSolver::new();
    let plan = solver.solve(level, &board, &card, card2.as_ref());
    let mut text = format!(
        "The Royal Study, level {}\nboard: {board}\ncard:  {card}\n",
        level.number()
    );
    if let Some(c2) = &card2 {
        let _ = writeln!(text, "card2: {c2}");
    }
    match &plan {
        Some(p) => {
            let actions = p
                .steps
                .iter()
                .filter(|s| matches!(s, Step::Action { .. }))
                .count();
            let steps: Vec<String> = p.steps.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                text,
                "minimum: {} ({} + {})",
                p.count,
                plural(p.steps.len() - actions, "piece move"),
                plural(actions, "card action")
            );
            let _ = writeln!(
                text,
                "plan: {}",
                if steps.is_empty() {
                    "(none: already complete)".into()
                } else {
                    steps.join(" ")
                }
            );
            if card2.is_some() {
                let _ = writeln!(
                    text,
                    "card {} is completed first ({}), then card {} ({})",
                    p.order[0],
                    p.orientations[0].describe(),
                    p.order[1],
                    p.orientations[1].describe()
                );
            } else if p.orientations[0] != tabula_core::Symmetry::Identity {
                let _ = writeln!(
                    text,
                    "the card is completed {}",
                    p.orientations[0].describe()
                );
            }
        }
        None => text.push_str("unsolvable: the card cannot be reached\n"),
    }
    Answer {
        text,
        json: royal_json(plan.as_ref(), card2.is_some()),
    }
}

/// `tabula exact verify checkmates`.
pub fn verify_checkmates(
    side: Side,
    board: &str,
    task: &str,
    bid: u32,
    moves: &str,
) -> anyhow::Result<Answer> {
    use checkmates::verify::{parse_proof, referee};
    let board = parse_board(side, board)?;
    let task = parse_task(side, task)?;
    let proof = parse_proof(moves).context("moves")?;
    let r = referee(&board, &task, bid, &proof);
    let mut text = String::new();
    if let Some(ill) = &r.illegal {
        let _ = writeln!(text, "{ill}");
        let _ = writeln!(
            text,
            "the proof stops there, after {}",
            plural(r.moves_used as usize, "legal move")
        );
    }
    let _ = writeln!(text, "moves used: {} (announced {})", r.moves_used, r.bid);
    let _ = writeln!(text, "final board: {}", r.final_board);
    let _ = writeln!(
        text,
        "task met: {}",
        match r.task_met_rotation {
            Some(d) => format!("yes, {}", rotation_words(Some(d))),
            None => "no".into(),
        }
    );
    let why = if r.success {
        "success: the card goes face up to the prover"
    } else if r.illegal.is_some() {
        "failure: an illegal move is a mistake (penalty card)"
    } else if r.task_met_rotation.is_none() {
        "failure: the final board does not meet the task (penalty card)"
    } else {
        "failure: more moves than announced (penalty card)"
    };
    let _ = writeln!(text, "verdict: {why}");
    let mut json = serde_json::to_value(&r)?;
    json["verdict"] = json!(if r.success { "success" } else { "failure" });
    Ok(Answer { text, json })
}

/// `tabula exact verify royal`: `cards` holds one card, or two for the bonus challenge.
pub fn verify_royal(
    level: Level,
    board: Layout,
    cards: &[Layout],
    bid: u32,
    moves: &str,
    challenger: bool,
) -> anyhow::Result<Answer> {
    use royal::verify::{parse_execution, referee};
    let steps = parse_execution(moves, cards.len() as u8).context("moves")?;
    let executor = if challenger {
        Executor::Challenger
    } else {
        Executor::Announcer
    };
    let r = referee(level, &board, cards, bid, executor, &steps);
    let mut text = String::new();
    if let Some(ill) = &r.illegal {
        let _ = writeln!(text, "{ill}");
    }
    for c in &r.completed {
        let _ = writeln!(
            text,
            "card {} completed after {} ({})",
            c.card, c.after, c.orientation
        );
    }
    if r.unused_steps > 0 {
        let _ = writeln!(
            text,
            "every card was complete after step {}; {} written after that {} not counted",
            r.count,
            plural(r.unused_steps, "step"),
            if r.unused_steps == 1 { "is" } else { "are" }
        );
    }
    let _ = writeln!(
        text,
        "count: {} ({} + {}), announced {}",
        r.count,
        plural(r.moves as usize, "piece move"),
        plural(r.actions as usize, "card action"),
        r.bid
    );
    let _ = writeln!(text, "final layout: {}", r.final_layout);
    let (winner, loser) = match executor {
        Executor::Announcer => ("the announcer", "the opponent"),
        Executor::Challenger => ("the challenger", "the announcer"),
    };
    let why = if r.success {
        format!("success: the point goes to {winner}")
    } else if r.illegal.is_some() {
        format!("failure (illegal step): the point goes to {loser}")
    } else if !r.all_completed {
        format!("failure (not completed): the point goes to {loser}")
    } else if challenger {
        format!("failure (not fewer than announced): the point goes to {loser}")
    } else {
        format!("failure (more than announced): the point goes to {loser}")
    };
    let _ = writeln!(text, "verdict: {why}");
    let mut json = serde_json::to_value(&r)?;
    json["verdict"] = json!(if r.success { "success" } else { "failure" });
    Ok(Answer { text, json })
}

/// `tabula exact deck checkmates`.
pub fn deck_checkmates(seed: Option<u64>) -> anyhow::Result<Answer> {
    let seed = seed.unwrap_or(checkmates::deck::DEFAULT_SEED);
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let deck = checkmates::deck::generate(&sliding, &chess, seed);
    let mut text = format!(
        "Check Mates deck, seed {seed}: {} double-sided cards\n\
         difficulty = optimal moves over every legal setup (5,040 sliding, 40,320 chess): mean / max\n\n\
         card  sliding task  stars  mean  max   chess task   stars  mean  max\n",
        deck.cards.len()
    );
    for c in &deck.cards {
        let _ = writeln!(
            text,
            "{:>4}  {}   {:>5}  {:>4.2}  {:>3}   {}  {:>5}  {:>4.2}  {:>3}",
            c.number,
            c.sliding.task,
            "*".repeat(c.sliding.stars as usize),
            c.sliding.difficulty.mean,
            c.sliding.difficulty.max,
            c.chess.task,
            "*".repeat(c.chess.stars as usize),
            c.chess.difficulty.mean,
            c.chess.difficulty.max
        );
    }
    let json = serde_json::to_value(&deck)?;
    Ok(Answer { text, json })
}

/// `tabula exact deck royal`.
pub fn deck_royal(seed: Option<u64>) -> anyhow::Result<Answer> {
    let seed = seed.unwrap_or(royal::deck::DEFAULT_SEED);
    let solver = RoyalSolver::new();
    let deck = royal::deck::generate(&solver, seed);
    let mut text = format!(
        "The Royal Study deck, seed {seed}: {} cards\n\
         optimal count from the previous card at levels 1 / 2 / 3\n\n\
         card  layout        L1  L2  L3\n",
        deck.cards.len()
    );
    for (i, card) in deck.cards.iter().enumerate() {
        match i.checked_sub(1).and_then(|j| deck.transitions.get(j)) {
            Some(t) => {
                let _ = writeln!(
                    text,
                    "{:>4}  {card}   {:>3} {:>3} {:>3}",
                    i + 1,
                    t.optimal[0],
                    t.optimal[1],
                    t.optimal[2]
                );
            }
            None => {
                let _ = writeln!(text, "{:>4}  {card}   (starting position)", i + 1);
            }
        }
    }
    let json = serde_json::to_value(&deck)?;
    Ok(Answer { text, json })
}

/// `tabula exact stats royal`.
pub fn stats_royal() -> anyhow::Result<Answer> {
    let solver = RoyalSolver::new();
    let s = royal::stats::compute(&solver);
    let mut text = format!(
        "The Royal Study state space\n\
         layouts: {} (each piece once, bishop on a dark square, knight off b2)\n\
         up to turns and mirrors: {}\n\
         connected: {}\n\
         diameter: {} moves (level 1), e.g. {} -> {}\n\
         mean distance: {:.3} moves over all ordered pairs of distinct layouts\n\n\
         distance  ordered pairs\n",
        s.layouts,
        s.symmetry_classes,
        if s.components == 1 {
            "yes, every layout reaches every other".to_string()
        } else {
            format!("no, {} parts", s.components)
        },
        s.diameter,
        s.diameter_example[0],
        s.diameter_example[1],
        s.mean_distance
    );
    for (d, n) in s.distribution.iter().enumerate().skip(1) {
        let _ = writeln!(text, "{d:>8}  {n:>13}");
    }
    let json = serde_json::to_value(&s)?;
    Ok(Answer { text, json })
}

/// `tabula exact stats checkmates`.
pub fn stats_checkmates(side: Side) -> anyhow::Result<Answer> {
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let solver = if side == Side::Sliding {
        &sliding
    } else {
        &chess
    };
    let seed = checkmates::deck::DEFAULT_SEED;
    let deck = checkmates::deck::generate(&sliding, &chess, seed);
    let boards = solver.reachable_from_setups();
    let by_mean = deck
        .cards
        .iter()
        .max_by(|a, b| {
            a.side(side)
                .difficulty
                .mean
                .total_cmp(&b.side(side).difficulty.mean)
        })
        .context("empty deck")?;
    let by_max = deck
        .cards
        .iter()
        .max_by(|a, b| {
            let (x, y) = (&a.side(side).difficulty, &b.side(side).difficulty);
            x.max.cmp(&y.max).then(x.mean.total_cmp(&y.mean))
        })
        .context("empty deck")?;
    let describe = |card: &checkmates::deck::Card| -> anyhow::Result<Value> {
        let ct = card.side(side);
        let task = parse_task(side, &ct.task)?;
        let worst = parse_board(side, &ct.difficulty.worst_setup)?;
        let sol = solver
            .solve(&worst, &task)
            .context("a deck task is unsolvable")?;
        Ok(json!({
            "card": card.number,
            "task": ct.task,
            "stars": ct.stars,
            "mean": ct.difficulty.mean,
            "max": ct.difficulty.max,
            "worst_setup": ct.difficulty.worst_setup,
            "solution": sol.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
        }))
    };
    let hardest = describe(by_mean)?;
    let longest = describe(by_max)?;
    let mut text = format!(
        "Check Mates, {side} side\n\
         arrangements of the tokens: {}\n\
         legal setups (b2 and one other square empty): {}\n\
         boards reachable from a legal setup: {boards}\n",
        solver.board_count(),
        solver.setups().len()
    );
    if boards < solver.board_count() {
        let _ = writeln!(
            text,
            "  the other {} have a knight on b2, which no knight can ever reach or leave",
            solver.board_count() - boards
        );
    }
    let mut shown = vec![("hardest card on average", &hardest)];
    if longest["card"] == hardest["card"] {
        shown[0].0 = "hardest card (on average and in the worst case)";
    } else {
        shown.push(("longest worst case", &longest));
    }
    for (label, v) in shown {
        let _ = writeln!(
            text,
            "default deck (seed {seed}), {label}: card {} task {} ({} star{}): mean {:.2}, max {}\n  worst setup {} -> {}",
            v["card"],
            v["task"].as_str().unwrap_or_default(),
            v["stars"],
            if v["stars"] == 1 { "" } else { "s" },
            v["mean"].as_f64().unwrap_or_default(),
            v["max"],
            v["worst_setup"].as_str().unwrap_or_default(),
            v["solution"]
                .as_array()
                .map(|a| a
                    .iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .join(" "))
                .unwrap_or_default()
        );
    }
    let json = json!({
        "side": side,
        "arrangements": solver.board_count(),
        "setups": solver.setups().len(),
        "boards": boards,
        "deck_seed": seed,
        "hardest_card": hardest,
        "longest_worst_case": longest,
    });
    Ok(Answer { text, json })
}
