//! `tabula engine simulate`: bots against bots, with a table of results by level.

use crate::cli::output::Answer;
use crate::cli::parse::DeckArg;
use serde_json::json;
use std::fmt::Write as _;
use tabula_puzzles::checkmates::party::CardSpec;
use tabula_puzzles::checkmates::{CheckMatesSolver, Side, deck};
use tabula_puzzles::royal::{self, Level, RoyalSolver};
use tabula_puzzles::sim::SimReport;

/// The default deck's cards for one side.
pub fn default_cards(
    side: Side,
    sliding: &CheckMatesSolver,
    chess: &CheckMatesSolver,
) -> Vec<CardSpec> {
    deck::generate(sliding, chess, deck::DEFAULT_SEED)
        .cards
        .iter()
        .map(|c| CardSpec {
            task: c.side(side).task.clone(),
            stars: c.side(side).stars,
        })
        .collect()
}

fn table(title: String, r: &SimReport, unit: &str) -> Answer {
    let mut text =
        format!("{title}\n\nlevel  games  wins  win rate  mean score  {unit:>11}  mistakes\n");
    for (&level, &played) in &r.played_by_level {
        let _ = writeln!(
            text,
            "{level:>5}  {played:>5}  {:>4}  {:>7.1}%  {:>10.2}  {:>11}  {:>8}",
            r.wins_by_level.get(&level).copied().unwrap_or(0),
            100.0 * r.win_rate(level),
            r.mean_score(level),
            r.attempts_by_level.get(&level).copied().unwrap_or(0),
            r.mistakes_by_level.get(&level).copied().unwrap_or(0),
        );
    }
    let json = json!({
        "games": r.games,
        "wins_by_level": r.wins_by_level,
        "mistakes_by_level": r.mistakes_by_level,
    });
    let _ = writeln!(text, "{json}");
    Answer { text, json }
}

/// `tabula engine simulate checkmates`.
pub fn checkmates(
    side: Side,
    seats: u8,
    games: u32,
    seed: u64,
    deck_choice: DeckArg,
) -> anyhow::Result<Answer> {
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let cards = default_cards(side, &sliding, &chess);
    let solver = if side == Side::Sliding {
        &sliding
    } else {
        &chess
    };
    let r = tabula_puzzles::sim::simulate_checkmates(
        solver,
        &cards,
        deck_choice.into(),
        seats,
        games,
        seed,
    )?;
    let levels: Vec<String> = tabula_puzzles::bots::spread_levels(seats)
        .iter()
        .map(u8::to_string)
        .collect();
    Ok(table(
        format!(
            "Check Mates: {games} games, {side} side, {} deck, {seats} bots (levels {}), seed {seed}",
            deck_choice.name(),
            levels.join(", ")
        ),
        &r,
        "proofs",
    ))
}

/// `tabula engine simulate royal`.
pub fn royal(games: u32, seed: u64, level: Level, bonus: bool) -> anyhow::Result<Answer> {
    let solver = RoyalSolver::new();
    let cards = royal::deck::generate(&solver, royal::deck::DEFAULT_SEED).cards;
    let r = tabula_puzzles::sim::simulate_royal(&solver, &cards, level, bonus, games, seed)?;
    Ok(table(
        format!(
            "The Royal Study: {games} matches to 6 points at level {}{}, every pair of bot levels in turn, seed {seed}",
            level.number(),
            if bonus {
                " with the bonus challenge"
            } else {
                ""
            }
        ),
        &r,
        "executions",
    ))
}
